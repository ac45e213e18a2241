import { expect, test } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { addOperator, signIn } from '../lib/console';
import { api, checkLedger, operator, otpFor, uniquePhone } from '../lib/server';

// Auto-approval (issue 28): `ngern demo` switches the owners' rules on, so a member who deposited
// withdraws 500 and it is approved with no operator action and paid by the simulated payout bank;
// the statement shows it paid and the console shows why. An owner sees the rules on the
// Auto-approval page.
test.describe.configure({ mode: 'serial' });

const password = 's3cret-pass';
const phone = uniquePhone();

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('a member who deposited withdraws 500 and it is approved with no operator action', async ({ page }) => {
  // A fresh member deposits 500 with a TrueMoney gift link of the simulated wallet.
  const sent = await api('POST', '/api/otp/send', { phoneNumber: phone });
  await api('POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: await otpFor(phone) });
  await api('POST', '/api/account', {
    name: 'Auto Withdraw',
    username: phone,
    password,
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'AUTO WITHDRAW',
    bankAccountNo: phone.replace(/^0/, '6'),
    currency: 'BAHT',
    otpToken: sent.otpToken,
  });
  const { token } = await api('POST', '/api/login', { username: phone, password });
  const voucher = await api('POST', '/sim/truemoney/vouchers', { amount: 500 });
  await api('POST', '/api/wallet/truelink', { link: voucher.link }, token);

  await login(page, phone, password);
  await acceptAgreement(page);
  await expect(page.getByText('500.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount', { exact: true }).fill('500');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText(/Your withdrawal has been submitted/)).toBeVisible();

  // No operator acted: it is not in the queue, and the history says the rules approved it.
  const queue = await operator('GET', '/api/operator/withdrawals');
  expect(queue.withdrawals.find((w: { phone: string }) => w.phone === phone)).toBeUndefined();
  const done = await operator('GET', '/api/operator/withdrawals?status=APPROVED');
  const mine = done.withdrawals.find((w: { phone: string }) => w.phone === phone);
  expect(mine).toMatchObject({ amount: 500, status: 'APPROVED', decidedBy: 'system:auto', auto: { approved: true, rule: 'ALL_PASSED' } });

  // The demo pays approved withdrawals through the simulated payout bank (NGERN_PAYOUTS=sim): the
  // payout worker sends it and the statement shows the withdrawal paid, with no operator action.
  await expect
    .poll(async () => (await api('POST', '/api/statement', {}, token)).statements[0], { timeout: 30_000 })
    .toMatchObject({ statementType: 'withdraw', status: 'SUCCESS', withdrawalStatus: 'APPROVED', amount: 500 });
  const paid = await operator('GET', '/api/operator/payouts?status=PAID');
  expect(paid.payouts.find((p: { withdrawalId: string }) => p.withdrawalId === mine.id)).toMatchObject({ amount: 500, status: 'PAID' });
  await page.goto('/user/statement');
  await expect(page.getByText('500.00').first()).toBeVisible();
  await shot(page, 'auto-withdraw-statement');
  expect(checkLedger()).toMatch(/^ledger ok/);
});

test('the console shows the decision and the owners edit the rules', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = addOperator('owner-auto-e2e', 'owner');
  await signIn(page, owner, { firstTime: true });
  await page.getByRole('link', { name: 'Withdrawals', exact: true }).click();
  await page.getByRole('button', { name: 'Processed withdrawals', exact: true }).click();
  await expect(page.getByText('Auto-approved: all rules passed').first()).toBeVisible();
  await shot(page, 'console-withdrawals-auto');

  await page.getByRole('link', { name: 'Auto-approval', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Auto-approval of withdrawals' })).toBeVisible();
  await expect(page.getByLabel('Largest withdrawal (baht)')).toHaveValue('1000');
  await page.getByLabel('Largest withdrawal (baht)').fill('20000.01');
  await expect(page.getByText(/Must not be above the total per day|Must not be above the four-eyes threshold/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the rules' })).toBeDisabled();
  await shot(page, 'console-auto-withdraw');
});
