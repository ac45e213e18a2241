import { gameCredit, totalBalance, validateTransfer, validateWithdraw } from './validation';

describe('totalBalance', () => {
  it('adds the wallet and every game amount', () => {
    expect(totalBalance({ wallet: { amount: 1000 }, slots: [] })).toBe(1000);
    const slots = [{ amount: 250.5 }, { amount: 0.1 }, { amount: 0.2 }] as never;
    expect(totalBalance({ wallet: { amount: 1000 }, slots })).toBe(1250.8);
  });
});

describe('gameCredit', () => {
  it('multiplies the balance by ftWalletSlot', () => {
    expect(gameCredit({ amount: 250.5, ftWalletSlot: 1 })).toBe(250.5);
    expect(gameCredit({ amount: 250.5, ftWalletSlot: 0.5 })).toBe(125.25);
    expect(gameCredit({ amount: 10, ftWalletSlot: 1000 })).toBe(10000);
  });
});

describe('validateTransfer', () => {
  it('needs both accounts', () => {
    expect(validateTransfer({ from: '', to: 'WALLET', amount: 10 })).toEqual({ key: 'transfer.selectAccount' });
    expect(validateTransfer({ from: 'WALLET', to: '', amount: 10 })).toEqual({ key: 'transfer.selectAccount' });
  });
  it('needs different accounts', () => {
    expect(validateTransfer({ from: 'WALLET', to: 'WALLET', amount: 10 })).toEqual({ key: 'transfer.sameAccount' });
  });
  it("needs at least the server's minimum", () => {
    expect(validateTransfer({ from: 'WALLET', to: 'SIAMSLOT', amount: 0.99 }, 1)).toEqual({
      key: 'transfer.minimum',
      values: { min: 1 },
    });
    expect(validateTransfer({ from: 'WALLET', to: 'SIAMSLOT', amount: Number.NaN }, 1)?.key).toBe('transfer.minimum');
    expect(validateTransfer({ from: 'WALLET', to: 'SIAMSLOT', amount: 1 }, 1)).toBeNull();
    expect(validateTransfer({ from: 'WALLET', to: 'SIAMSLOT', amount: 4.99 }, 5)?.values).toEqual({ min: 5 });
  });
  it('leaves the minimum to the server while it is not known', () => {
    expect(validateTransfer({ from: 'WALLET', to: 'SIAMSLOT', amount: 0.01 })).toBeNull();
    expect(validateTransfer({ from: 'WALLET', to: 'SIAMSLOT', amount: 0 })?.key).toBe('transfer.minimum');
  });
});

describe('validateWithdraw', () => {
  const limits = { withdrawMin: 100, withdrawMax: 50000 };
  it('checks the bounds and names them', () => {
    expect(validateWithdraw(99.99, limits)).toEqual({ key: 'withdraw.minimum', values: { min: 100 } });
    expect(validateWithdraw(50000.01, limits)).toEqual({ key: 'withdraw.maximum', values: { max: 50000 } });
    expect(validateWithdraw(100, limits)).toBeNull();
    expect(validateWithdraw(50000, limits)).toBeNull();
  });
  it('needs an amount, and leaves the bounds to the server when they are unknown', () => {
    expect(validateWithdraw(Number.NaN, limits)?.key).toBe('withdraw.enterAmount');
    expect(validateWithdraw(5)).toBeNull();
  });
});
