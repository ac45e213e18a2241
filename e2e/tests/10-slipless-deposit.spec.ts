import { expect, test } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { api, otpFor, uniquePhone } from '../lib/server';

// Slipless deposits: a member "transfers" at the simulated bank from the registered account to the
// demo's receiving account, and the home balance rises without any slip (the bank's notification,
// masked and truncated, singles the member out).

test('a member transfers from the registered account and the balance rises with no slip', async ({ page }) => {
  await useEnglish(page);
  const phone = uniquePhone();
  const accountNo = phone.replace(/^0/, '7');
  const sent = await api('POST', '/api/otp/send', { phoneNumber: phone });
  await api('POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: await otpFor(phone) });
  await api('POST', '/api/account', {
    name: 'Somchai Slipless',
    username: phone,
    password: 's3cret-pass',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI SLIPLESS',
    bankAccountNo: accountNo,
    currency: 'BAHT',
    otpToken: sent.otpToken,
  });
  const receiving = (await api('GET', '/api/lookup/deposit')).banks.find((b: { mode?: string }) => b.mode !== 'qr');

  await login(page, phone, 's3cret-pass');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/no slip needed/)).toBeVisible();
  await shot(page, 'deposit-slipless-modal');
  await page.keyboard.press('Escape');

  await api('POST', '/sim/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: accountNo,
    toBankCode: receiving.bankCode,
    toAccountNo: receiving.bankAccountNo,
    amount: 700,
  });
  await page.goto('/user/home');
  await expect(page.getByText('700.00').first()).toBeVisible();
  await shot(page, 'deposit-slipless-credited');

  const { token } = await api('POST', '/api/login', { username: phone, password: 's3cret-pass' });
  expect(Number((await api('GET', '/api/wallet', undefined, token)).wallet.amount)).toBeCloseTo(700, 2);
  const uploads = await api('POST', '/api/statement', { page: 1, limit: 10 }, token);
  expect(uploads.statements[0].source).toBe('deposit');
});
