// Wallet rules (spec part 5). Each check returns a translation key with its values, or null.
import { sumBaht } from '@/lib/amount';

import type { Slot, WalletResponse } from './api/get-wallet';

export type Problem = { key: string; values?: Record<string, string | number> };

/** totalBalance is the wallet amount plus every game amount (spec part 1). */
export function totalBalance(data: Pick<WalletResponse, 'wallet' | 'slots'>): number {
  return sumBaht([data.wallet.amount, ...data.slots.map((s) => s.amount)]);
}

/** gameCredit is a game balance shown in the game's units: amount × ftWalletSlot. */
export function gameCredit(slot: Pick<Slot, 'amount' | 'ftWalletSlot'>): number {
  const factor = Number.isFinite(slot.ftWalletSlot) ? slot.ftWalletSlot : 1;
  return Math.round(slot.amount * factor * 100) / 100;
}

/**
 * validateTransfer: both sides chosen (select-account), different (cannot-transfer), and a
 * positive amount of at least min, the server's transferMin (minimum). While min is not known
 * yet, any positive amount passes and the server checks it.
 */
export function validateTransfer(input: { from: string; to: string; amount: number }, min?: number): Problem | null {
  if (!input.from || !input.to) return { key: 'transfer.selectAccount' };
  if (input.from === input.to) return { key: 'transfer.sameAccount' };
  if (!Number.isFinite(input.amount) || input.amount <= 0 || (min !== undefined && input.amount < min)) {
    return { key: 'transfer.minimum', values: { min: min ?? 0 } };
  }
  return null;
}

/** validateWithdraw: the amount within withdrawMin and withdrawMax (when they are known). */
export function validateWithdraw(amount: number, limits?: { withdrawMin: number; withdrawMax: number }): Problem | null {
  if (!Number.isFinite(amount) || amount <= 0) return { key: 'withdraw.enterAmount' };
  if (limits && amount < limits.withdrawMin) return { key: 'withdraw.minimum', values: { min: limits.withdrawMin } };
  if (limits && amount > limits.withdrawMax) return { key: 'withdraw.maximum', values: { max: limits.withdrawMax } };
  return null;
}
