import { expect, test, type Page } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { checkLedger, operator } from '../lib/server';

// The seeded demo member (ngern demo: 1,000.00 baht) moves money between the
// wallet and a game, plays, withdraws, and an operator pays the withdrawal.
test.describe.configure({ mode: 'serial' });

const phone = '0812345678';
const password = 'demo-pass-1234';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

async function home(page: Page) {
  await login(page, phone, password);
  await acceptAgreement(page);
}

async function closeAlert(page: Page) {
  const ok = page.getByRole('button', { name: 'OK', exact: true });
  if (await ok.isVisible()) await ok.click();
}

test('home shows the balance and the game carousels', async ({ page }) => {
  await home(page);
  await expect(page.getByText('1,000.00').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open account Siam Slot' })).toBeVisible();
  await shot(page, 'wallet-home');
});

test('open a game account, transfer in and out', async ({ page }) => {
  await home(page);
  await page.getByRole('button', { name: 'Open account Siam Slot' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Transfer in', exact: true })).toBeDisabled();
  await shot(page, 'wallet-game-dialog');

  await dialog.getByLabel('Amount', { exact: true }).fill('300');
  await dialog.getByRole('button', { name: 'Transfer in', exact: true }).click();
  await expect(page.getByText('Transfer done. The amount will refresh shortly.')).toBeVisible();
  await closeAlert(page);

  await page.goto('/user/home');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Game account Siam Slot' }).click();
  await page.getByRole('dialog').getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('dialog').getByRole('button', { name: 'Transfer out', exact: true }).click();
  await expect(page.getByText('Transfer done. The amount will refresh shortly.')).toBeVisible();
  await closeAlert(page);

  // 1,000 − 300 + 100 in the wallet and 200 in the game: the total stays 1,000.
  await page.goto('/user/home');
  await acceptAgreement(page);
  await expect(page.getByText('1,000.00').first()).toBeVisible();
  await expect(page.getByText('200.00').first()).toBeVisible();
});

test('the transfer modal checks its rules', async ({ page }) => {
  await home(page);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('From', { exact: true }).selectOption('WALLET');
  await dialog.getByLabel('To', { exact: true }).selectOption('WALLET');
  await dialog.getByLabel('Amount', { exact: true }).fill('50');
  await dialog.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('dialog'))
      .filter({ hasText: /cannot|same|differ/i })
      .first(),
  ).toBeVisible();
  await shot(page, 'wallet-transfer-modal');
});

test('play the demo game; the refreshed balance follows the provider', async ({ page, context }) => {
  await home(page);
  await page.getByRole('button', { name: 'Game account Siam Slot' }).click();
  const popup = context.waitForEvent('page', { timeout: 10_000 }).catch(() => null);
  await page.getByRole('dialog').getByRole('button', { name: 'Play', exact: true }).click();
  const game = (await popup) ?? page;
  await expect(game).toHaveURL(/\/sim\/play\//);
  const balance = game.locator('#balance');
  await expect(balance).toHaveText(/200\.00/);
  for (let i = 0; i < 5; i++) {
    await game.getByRole('button', { name: /SPIN/ }).click();
    await expect(game.locator('#spin')).toBeEnabled();
  }
  await shot(game, 'wallet-demo-game');
  const after = (await balance.textContent())?.trim() ?? '';
  if (game !== page) await game.close();

  await page.goto('/user/home');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(page.getByText(after).first()).toBeVisible();
});

test('withdraw; the operator approves; the statement shows it', async ({ page }) => {
  await home(page);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount', { exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText(/at least|minimum/i).first()).toBeVisible();
  await dialog.getByLabel('Amount', { exact: true }).fill('150');
  await shot(page, 'wallet-withdraw-modal');
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('Your withdrawal has been submitted. Please wait for the transfer to your bank account.')).toBeVisible();
  await closeAlert(page);

  const { withdrawals } = await operator('GET', '/api/operator/withdrawals');
  const mine = withdrawals.find((w: { phone: string }) => w.phone === phone);
  expect(mine.amount).toBe(150);
  await operator('POST', `/api/operator/withdrawals/${mine._id}/approve`);

  await page
    .getByRole('link', { name: 'History' })
    .or(page.getByRole('button', { name: 'History' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/statement$/);
  await expect(page.getByText('150.00').first()).toBeVisible();
  await shot(page, 'wallet-statement');
});

test('the ledger invariants hold after the flows', async () => {
  expect(checkLedger()).toMatch(/^ledger ok:/);
});
