import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { addOperator, signIn } from '../lib/console';
import { api, checkLedger, otpFor, serverURL, uniquePhone } from '../lib/server';

// Deposits: the demo member transfers at the simulated bank, downloads the slip and uploads it;
// the wallet is credited once and the slip shows as Success. Another member's unreadable image
// waits in review until a finance operator approves it in the console.
test.describe.configure({ mode: 'serial' });

const demoPhone = '0812345678';
const demoPassword = 'demo-pass-1234';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

async function walletOf(phone: string, password: string): Promise<number> {
  const { token } = await api('POST', '/api/login', { username: phone, password });
  const w = await api('GET', '/api/wallet', undefined, token);
  return Number(w.wallet.amount);
}

async function upload(page: Page, file: string) {
  const dialog = page.getByRole('dialog');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose slip image' }).click();
  await (await chooser).setFiles(file);
  await expect(dialog.getByLabel('Slip preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload slip' }).click();
}

test('a member transfers at the bank, uploads the slip and is credited once', async ({ page }) => {
  const before = await walletOf(demoPhone, demoPassword);
  const receipt = await api('POST', '/sim/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: '1234567890',
    fromName: 'DEMO PLAYER',
    toBankCode: 'KBANK',
    toAccountNo: '1112223334',
    toName: 'NGERN DEMO CO LTD',
    amount: 500,
    // A bank that tells no feed: only the slip proves the transfer.
    notify: false,
  });
  const slip = await fetch(serverURL() + receipt.slipUrl);
  expect(slip.headers.get('content-type')).toBe('image/png');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ngern-slip-')), 'slip.png');
  fs.writeFileSync(file, Buffer.from(await slip.arrayBuffer()));

  await login(page, demoPhone, demoPassword);
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Bank transfer' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'TrueMoney gift link' })).toBeVisible();
  await expect(dialog.getByText('111-222-3334')).toBeVisible();
  await shot(page, 'deposit-modal');
  await upload(page, file);
  await expect(dialog.getByText('500.00 baht has been added to your wallet.')).toBeVisible();
  await shot(page, 'deposit-credited');
  expect(await walletOf(demoPhone, demoPassword)).toBeCloseTo(before + 500, 2);

  await page.goto('/user/statement');
  await page.getByRole('button', { name: 'Upload status' }).click();
  const slips = page.getByRole('dialog');
  await expect(slips.getByText('Success', { exact: true })).toBeVisible();
  await expect(slips.getByText('500.00')).toBeVisible();
  const popup = page.waitForEvent('popup');
  await slips
    .getByRole('button', { name: /^View the slip received/ })
    .first()
    .click();
  const image = await popup;
  await image.waitForURL(/\/api\/slip-image\//);
  await image.close();
  await shot(page, 'deposit-slip-status');
  expect(checkLedger()).toMatch(/^ledger ok/);
});

test('an unreadable slip waits in review and a finance operator approves it', async ({ page }) => {
  // A second member, registered through the API (one upload a minute per member).
  const phone = uniquePhone();
  const sent = await api('POST', '/api/otp/send', { phoneNumber: phone });
  await api('POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: await otpFor(phone) });
  await api('POST', '/api/account', {
    name: 'Somsri Review',
    username: phone,
    password: 's3cret-pass',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'SCB',
    bankAccountName: 'SOMSRI REVIEW',
    bankAccountNo: phone.replace(/^0/, '5'),
    currency: 'BAHT',
    otpToken: sent.otpToken,
  });

  // A photo with no QR: a screenshot of a blank page.
  await page.setContent('<html><body style="background:#fff"><p>not a slip</p></body></html>');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ngern-blank-')), 'photo.png');
  await page.screenshot({ path: file });

  await login(page, phone, 's3cret-pass');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await upload(page, file);
  await expect(
    page
      .getByRole('dialog')
      .getByText('The slip was received and is being checked by our staff. (The reference number on the slip cannot be read)'),
  ).toBeVisible();
  expect(await walletOf(phone, 's3cret-pass')).toBe(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  const fin = addOperator('fin-deposit', 'finance');
  await signIn(page, fin, { firstTime: true });
  await page.goto('/operator/slips');
  const who = `Somsri Review ${phone}`;
  await expect(page.getByRole('img', { name: `Slip image of ${who}` })).toBeVisible();
  await expect(page.getByText(`SCB ${phone.replace(/^0/, '5')} SOMSRI REVIEW`)).toBeVisible();
  await shot(page, 'console-slips-review');
  await page.getByLabel(`Amount on the slip of ${who}`).fill('75');
  await page.getByRole('button', { name: `Approve and credit the slip of ${who}` }).click();
  await expect(page.getByTestId('slip-notice')).toHaveText(`Slip of ${who} approved: 75.00 credited.`);
  expect(await walletOf(phone, 's3cret-pass')).toBe(75);
  expect(checkLedger()).toMatch(/^ledger ok/);
});

test('a member deposits with a TrueMoney gift link, once', async ({ page }) => {
  const before = await walletOf(demoPhone, demoPassword);
  const voucher = await api('POST', '/sim/truemoney/vouchers', { amount: 120 });
  await login(page, demoPhone, demoPassword);
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'TrueMoney gift link' }).click();
  await expect(dialog.getByText('The gift link must be worth at least 2.00 baht.')).toBeVisible();
  await dialog.getByLabel('TrueMoney gift link').fill(voucher.link);
  await dialog.getByRole('button', { name: 'Send gift link' }).click();
  await expect(page.getByText('The gift link was received: 120.00 baht has been added to your wallet.')).toBeVisible();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await walletOf(demoPhone, demoPassword)).toBeCloseTo(before + 120, 2);

  await page.goto('/user/home');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await dialog.getByRole('tab', { name: 'TrueMoney gift link' }).click();
  await dialog.getByLabel('TrueMoney gift link').fill(voucher.link);
  await dialog.getByRole('button', { name: 'Send gift link' }).click();
  await expect(dialog.getByText('This gift link has already been used').first()).toBeVisible();
  await shot(page, 'deposit-gift-duplicate');
  expect(await walletOf(demoPhone, demoPassword)).toBeCloseTo(before + 120, 2);
  expect(checkLedger()).toMatch(/^ledger ok/);
});
