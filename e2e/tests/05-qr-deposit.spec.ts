import { expect, test, type Page } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { addOperator, signIn } from '../lib/console';
import { api, checkLedger, operator, otpFor, serverURL, uniquePhone } from '../lib/server';

// QR deposits: a member makes a QR in the deposit modal and pays it — a gateway QR through the
// simulated gateway, a PromptPay QR through the simulated bank — and is credited once; a QR paid
// after it expired is never credited by the machine: the payment waits in the review queue, where a
// finance operator refunds it outside Ngern. The QR providers are configured in the console.
test.describe.configure({ mode: 'serial' });

const password = 'qr-pass-1234';
let phone = '';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

async function memberToken(): Promise<string> {
  return (await api('POST', '/api/login', { username: phone, password })).token;
}

async function wallet(): Promise<number> {
  const w = await api('GET', '/api/wallet', undefined, await memberToken());
  return Number(w.wallet.amount);
}

/** openQR answers the member's open QR of a provider (as the app shows it). */
async function openQR(bankCode: string): Promise<{ qrcodeId: string; payload: string; amount: number; hasQrcode: boolean }> {
  return api('GET', `/api/qrcode/${bankCode}`, undefined, await memberToken());
}

/** promptPayTarget reads the PromptPay target (tag 29, sub-tag 01) of a bank QR's EMVCo payload. */
function promptPayTarget(payload: string): string {
  const fields = (s: string) => {
    const out = new Map<string, string>();
    for (let i = 0; i + 4 <= s.length;) {
      const n = Number(s.slice(i + 2, i + 4));
      out.set(s.slice(i, i + 2), s.slice(i + 4, i + 4 + n));
      i += 4 + n;
    }
    return out;
  };
  const mobile = fields(fields(payload).get('29') ?? '').get('01') ?? '';
  expect(mobile).toMatch(/^0066\d{9}$/);
  return `0${mobile.slice(4)}`;
}

async function openDeposit(page: Page, tab: string) {
  await page.goto('/user/home');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

async function setProvider(code: string, patch: Record<string, unknown>) {
  const { providers } = await operator('GET', '/api/operator/qr/providers');
  const p = providers.find((x: { code: string }) => x.code === code);
  await operator('PUT', `/api/operator/qr/providers/${code}`, {
    enabled: p.enabled,
    min: p.min,
    quickAmounts: p.quickAmounts,
    lifetimeSeconds: p.lifetimeSeconds,
    ...patch,
  });
}

test.beforeAll(async () => {
  phone = uniquePhone();
  const sent = await api('POST', '/api/otp/send', { phoneNumber: phone });
  await api('POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: await otpFor(phone) });
  await api('POST', '/api/account', {
    name: 'Somchai QR',
    username: phone,
    password,
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI QR',
    bankAccountNo: phone.replace(/^0/, '7'),
    currency: 'BAHT',
    otpToken: sent.otpToken,
  });
});

test('a gateway QR made in the deposit modal is paid at the simulated gateway and credited once', async ({ page }) => {
  await login(page, phone, password);
  const before = await wallet();
  const dialog = await openDeposit(page, 'QR WW');
  // The spec's WW minimum: create stays disabled below 100 baht.
  await expect(dialog.getByText('At least 100.00 baht.')).toBeVisible();
  await dialog.getByLabel('Amount (baht)').fill('99');
  await expect(dialog.getByRole('button', { name: 'Create QR code' })).toBeDisabled();
  await dialog.getByRole('button', { name: '200.00', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create QR code' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code to pay' })).toBeVisible();
  await expect(dialog.getByText('Pay 200.00 baht')).toBeVisible();
  await expect(dialog.getByRole('timer')).toHaveText(/Expires in (10:00|09:[0-5]\d)/);
  await shot(page, 'qr-deposit-gateway');

  const qr = await openQR('WW');
  expect(qr.hasQrcode).toBe(true);
  await api('POST', '/sim/gateway/WW/pay', { qrcodeId: qr.qrcodeId });

  // The modal sees the QR paid (it polls), closes and tells the member.
  await expect(page.getByText('Payment received: 200.00 baht has been added to your wallet.')).toBeVisible();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await wallet()).toBeCloseTo(before + 200, 2);
  // Paying the same QR again is refused by the gateway; no second credit arrives later.
  const again = await fetch(`${serverURL()}/sim/gateway/WW/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ qrcodeId: qr.qrcodeId }),
  });
  expect(again.status).toBe(409);
  await page.waitForTimeout(3_000);
  expect(await wallet()).toBeCloseTo(before + 200, 2);
  expect((await openQR('WW')).hasQrcode).toBe(false);
  expect(checkLedger()).toMatch(/^ledger ok/);
});

test('a PromptPay QR is paid through the simulated bank with its exact amount', async ({ page }) => {
  await login(page, phone, password);
  const before = await wallet();
  const dialog = await openDeposit(page, 'QR PromptPay QR');
  await dialog.getByLabel('Amount (baht)').fill('150');
  await dialog.getByRole('button', { name: 'Create QR code' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code to pay' })).toBeVisible();

  const qr = await openQR('kbank');
  // The amount of its own: 150 baht plus 0.01–0.99, shown to the member and paid exactly.
  expect(qr.amount).toBeGreaterThan(150);
  expect(qr.amount).toBeLessThan(151);
  await expect(dialog.getByText(`Pay ${qr.amount.toFixed(2)} baht`)).toBeVisible();
  await api('POST', '/sim/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: phone.replace(/^0/, '7'),
    fromName: 'SOMCHAI QR',
    toBankCode: 'KBANK',
    toAccountNo: promptPayTarget(qr.payload),
    toName: 'NGERN',
    amount: qr.amount,
  });
  await expect(page.getByText(`Payment received: ${qr.amount.toFixed(2)} baht has been added to your wallet.`)).toBeVisible();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await wallet()).toBeCloseTo(before + qr.amount, 2);
  expect(checkLedger()).toMatch(/^ledger ok/);
});

test('an expired QR is not credited: its payment waits in review and finance refunds it outside', async ({ page }) => {
  // A short life for the bank QR (an operator setting), put back in the console below.
  await setProvider('kbank', { lifetimeSeconds: 10 });
  try {
    await login(page, phone, password);
    const before = await wallet();
    const dialog = await openDeposit(page, 'QR PromptPay QR');
    await dialog.getByLabel('Amount (baht)').fill('80');
    await dialog.getByRole('button', { name: 'Create QR code' }).click();
    await expect(dialog.getByRole('timer')).toHaveText(/Expires in 00:(09|10)/);
    const qr = await openQR('kbank');
    // At 00:00 the QR is gone from the modal, back to the amount.
    await expect(dialog.getByRole('button', { name: 'Create QR code' })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('img', { name: 'QR code to pay' })).toHaveCount(0);
    expect((await openQR('kbank')).hasQrcode).toBe(false);

    // The member pays anyway, the exact amount: nothing is credited.
    const receipt = await api('POST', '/sim/bank/transfers', {
      fromBankCode: 'KBANK',
      fromAccountNo: phone.replace(/^0/, '7'),
      fromName: 'SOMCHAI QR',
      toBankCode: 'KBANK',
      toAccountNo: promptPayTarget(qr.payload),
      toName: 'NGERN',
      amount: qr.amount,
    });
    await page.waitForTimeout(2_000);
    expect(await wallet()).toBeCloseTo(before, 2);
    const { unmatchedQRPayments } = await operator('GET', '/api/operator/deposits');
    const waiting = unmatchedQRPayments.find((p: { qrcodeId: string }) => p.qrcodeId === qr.qrcodeId);
    expect(waiting).toMatchObject({ provider: 'kbank', note: 'QR_NOT_OPEN', status: 'REVIEW', amount: qr.amount });
    expect(receipt).toBeTruthy();

    // Finance refunds it outside Ngern in the console, and puts the QR life back.
    await page.setViewportSize({ width: 1280, height: 900 });
    const fin = addOperator('fin-qr', 'finance');
    await signIn(page, fin, { firstTime: true });
    await page.goto('/operator/deposits');
    await page.getByRole('button', { name: `Refund outside Ngern: ${waiting.ref}` }).click();
    await page.getByLabel('Refund note').fill('Sent back by KBank transfer, ref e2e-1');
    await page.getByRole('button', { name: 'Mark as refunded' }).click();
    await expect(page.getByRole('button', { name: `Refund outside Ngern: ${waiting.ref}` })).toHaveCount(0);
    await expect(page.getByText('Sent back by KBank transfer, ref e2e-1')).toBeVisible();
    await expect(page.getByText('Refunded outside Ngern').first()).toBeVisible();
    await shot(page, 'console-qr-refunded');
    expect(await wallet()).toBeCloseTo(before, 2);

    await page.goto('/operator/settings');
    const kbank = page.getByRole('listitem', { name: 'PromptPay QR (kbank)' });
    await expect(kbank.getByLabel('QR valid for (seconds)')).toHaveValue('10');
    await kbank.getByLabel('QR valid for (seconds)').fill('600');
    await kbank.getByRole('button', { name: 'Save kbank' }).click();
    await expect(kbank.getByText('kbank saved. Members see it now.')).toBeVisible();
    await shot(page, 'console-qr-providers');
    const audit = await operator('GET', '/api/operator/audit?action=qrpayment.refund');
    expect(JSON.stringify(audit)).toContain(waiting.ref);
  } finally {
    await setProvider('kbank', { lifetimeSeconds: 600 });
  }
  const { providers } = await operator('GET', '/api/operator/qr/providers');
  expect(providers.find((p: { code: string }) => p.code === 'kbank').lifetimeSeconds).toBe(600);
  expect(checkLedger()).toMatch(/^ledger ok/);
});

test('a console change of a minimum reaches the deposit modal', async ({ page }) => {
  await setProvider('FP', { min: 25, quickAmounts: [25, 50] });
  try {
    await login(page, phone, password);
    const dialog = await openDeposit(page, 'QR FP');
    await expect(dialog.getByText('At least 25.00 baht.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '25.00', exact: true })).toBeVisible();
    await dialog.getByLabel('Amount (baht)').fill('24.99');
    await expect(dialog.getByRole('button', { name: 'Create QR code' })).toBeDisabled();
    // The server refuses it too.
    const res = await fetch(`${serverURL()}/api/qrcode/FP`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await memberToken()}` },
      body: JSON.stringify({ amount: 24.99 }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('QR_MINIMUM');
  } finally {
    await setProvider('FP', { min: 10, quickAmounts: [10, 50, 100, 500, 1000] });
  }
});
