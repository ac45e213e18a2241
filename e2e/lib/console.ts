import { expect, type Page } from '@playwright/test';

import { ngern } from './server';
import { freshTotp } from './totp';

export type Role = 'owner' | 'finance' | 'support';
export type OperatorAccount = { username: string; role: Role; password: string; secret: string };

/** addOperator runs `ngern operator add` and reads the printed password and TOTP secret. */
export function addOperator(username: string, role: Role): OperatorAccount {
  const out = ngern('operator', 'add', '-username', username, '-role', role);
  const password = out.match(/^password:\s*(\S+)\s*$/m)?.[1];
  const secret = out.match(/^totp-secret:\s*([A-Z2-7]+=*)\s*$/m)?.[1];
  if (!password || !secret) throw new Error(`unexpected output of ngern operator add:\n${out.replace(/password:.*$/m, 'password: …')}`);
  expect(out).toMatch(/otpauth:\/\/totp\//);
  return { username, role, password, secret };
}

// A code is accepted once per operator: a second sign-in waits for the next 30 s step.
const lastStep = new Map<string, number>();

async function codeFor(op: OperatorAccount): Promise<string> {
  for (;;) {
    const code = await freshTotp(op.secret);
    const step = Math.floor(Date.now() / 30_000);
    if (lastStep.get(op.username) !== step) {
      lastStep.set(op.username, step);
      return code;
    }
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  }
}

/**
 * signIn signs an operator in through the console. A first sign-in shows the enrolment (QR and
 * secret) after the password; the secret shown must be the one the CLI printed.
 */
export async function signIn(page: Page, op: OperatorAccount, opts: { firstTime: boolean }) {
  await page.goto('/operator');
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill(op.username);
  await page.getByLabel('Password').fill(op.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (opts.firstTime) {
    await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
    await expect(page.getByTestId('totp-secret')).toHaveText(op.secret);
    await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  }
  await page.getByLabel('Authenticator code').fill(await codeFor(op));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText(op.username);
}

/** operatorToken reads the console's token from session storage (for direct API checks). */
export async function operatorToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('operator-token'));
  if (!token) throw new Error('no operator token in session storage');
  return token;
}
