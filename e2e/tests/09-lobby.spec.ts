import { expect, test, type Response } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { checkLedger, operator, otpFor, serverURL, uniquePhone } from '../lib/server';

// A member opens a demo game from the lobby (the in-process simulated aggregator, a seamless
// wallet), plays a few rounds on its page, comes back, and the home balance has moved by the
// rounds' payouts less their stakes, once each.
test.describe.configure({ mode: 'serial' });

const phone = uniquePhone();
const password = 'lobby-pass-123';

async function call(method: string, path: string, token = '', body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(serverURL() + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const baht = (satang: number) => (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

let token = '';

test.beforeAll(async () => {
  const sent = await call('POST', '/api/otp/send', '', { phoneNumber: phone });
  expect(sent.status).toBe(200);
  const verified = await call('POST', '/api/otp/verify', '', { otpToken: sent.body.otpToken, otpCode: await otpFor(phone) });
  expect(verified.status).toBe(200);
  const reg = await call('POST', '/api/account', '', {
    name: 'Lobby Player',
    username: phone,
    password,
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'lobby player',
    bankAccountNo: phone,
    currency: 'BAHT',
    otpToken: sent.body.otpToken,
  });
  expect(reg.status).toBe(201);
  await operator('POST', '/api/operator/adjustments', { phone, amount: 500, reason: 'e2e lobby player' });
  token = (await call('POST', '/api/login', '', { username: phone, password })).body.token;
});

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('a demo game from the lobby moves the wallet by its rounds, once', async ({ page, context }) => {
  const lobby = await call('GET', '/api/games/lobby', token);
  expect(lobby.status).toBe(200);
  const game = lobby.body.games.find((g: any) => g.mode === 'seamless' && g.provider === 'sim' && g.category === 'slot');
  expect(game).toBeTruthy();

  await login(page, phone, password);
  await acceptAgreement(page);
  await expect(page.getByText('500.00').first()).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/games$/);
  await page.getByRole('tab', { name: 'Slot' }).click();
  await page.getByLabel('Search games').fill(game.name);
  await shot(page, 'lobby');

  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: `Play ${game.name}` }).click()]);
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(/\/sim\/aggregator\/play\//);

  // Three rounds at the page's first stake, each read from the page's own call.
  let moved = 0;
  for (let i = 0; i < 3; i++) {
    const [res] = await Promise.all([
      popup.waitForResponse((r: Response) => r.url().endsWith('/bet') && r.request().method() === 'POST'),
      popup.locator('#play').click(),
    ]);
    const round = await res.json();
    expect(round.status).toBe('OK');
    moved += round.payout - round.stake;
    await expect(popup.locator('#play')).toBeEnabled();
  }
  await shot(popup, 'lobby-demo-game');
  await popup.close();

  // Back in the app: the lobby remembers the game, and the home shows the wallet moved once.
  await expect(page.getByText('Recently played')).toBeVisible();
  const want = 500_00 + moved;
  const wallet = await call('GET', '/api/wallet', token);
  expect(Math.round(Number(wallet.body.wallet.amount) * 100)).toBe(want);
  await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByText(baht(want)).first()).toBeVisible();

  // The statement shows each round once, named by the lobby's catalogue.
  const statement = (await call('POST', '/api/statement', token, { page: 1, limit: 50 })).body.statements as any[];
  const rounds = statement.filter((s) => s.statementType === 'game_round');
  expect(rounds).toHaveLength(3);
  expect(rounds.every((r) => r.round.gameName === game.name)).toBe(true);
  await page.goto('/user/statement');
  await expect(page.getByText(game.name).first()).toBeVisible();

  expect(checkLedger()).toMatch(/^ledger ok/);
});
