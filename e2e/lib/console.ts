import { expect, type Page } from '@playwright/test';

import { remember, rememberFields } from './secrets';
import { ngern, operator, serverURL } from './server';
import { freshTotp } from './totp';

export type Role = 'owner' | 'finance' | 'support';
export type OperatorAccount = { username: string; role: Role; password: string; secret: string };

/**
 * addOperator runs `ngern operator add` (on the e2e server's database, or with run on another)
 * and reads the printed password and TOTP secret.
 */
export function addOperator(username: string, role: Role, run: (...args: string[]) => string = ngern): OperatorAccount {
  const out = run('operator', 'add', '-username', username, '-role', role);
  const password = out.match(/^password:\s*(\S+)\s*$/m)?.[1];
  const secret = out.match(/^totp-secret:\s*([A-Z2-7]+=*)\s*$/m)?.[1];
  if (!password || !secret) throw new Error(`unexpected output of ngern operator add:\n${out.replace(/password:.*$/m, 'password: …')}`);
  expect(out).toMatch(/otpauth:\/\/totp\//);
  remember('password', password);
  remember('TOTP secret', secret);
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
      remember('TOTP code', code);
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
  await page.getByLabel('Password', { exact: true }).fill(op.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (opts.firstTime) {
    await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
    await expect(page.getByTestId('totp-secret')).toHaveText(op.secret);
    await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  }
  await page.getByLabel('Authenticator code').fill(await codeFor(op));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText(op.username);
  remember('operator token', await page.evaluate(() => window.sessionStorage.getItem('operator-token')));
}

/** operatorToken reads the console's token from session storage (for direct API checks). */
export async function operatorToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('operator-token'));
  if (!token) throw new Error('no operator token in session storage');
  return token;
}

// The second owner of the run: the four-eyes changes (docs/operations.md) proposed with the
// configured token (one owner) apply when another owner approves them.
let secondOwner: Promise<string> | null = null;

function secondOwnerToken(): Promise<string> {
  secondOwner ??= (async () => {
    const op = addOperator(`own2-e2e-${Date.now() % 100_000}`, 'owner');
    const res = await fetch(`${serverURL()}/api/operator/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: op.username, password: op.password, totp: await codeFor(op) }),
    });
    const body = await res.json();
    if (!res.ok || !body.token) throw new Error(`second owner sign-in: ${res.status}`);
    remember('operator token', body.token);
    return body.token as string;
  })();
  return secondOwner;
}

/** approveAsSecondOwner approves a pending change by its id and returns the answer (credentials for a new operator). */
export async function approveAsSecondOwner(changeId: string): Promise<any> {
  const res = await fetch(`${serverURL()}/api/operator/changes/${changeId}/approve`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await secondOwnerToken()}` },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`approve ${changeId}: ${res.status} ${text}`);
  const approved = JSON.parse(text);
  rememberFields(approved); // a new operator's credentials
  return approved;
}

/** confirmed makes a four-eyes change with the configured token and has a second owner approve it. */
export async function confirmed(method: string, apiPath: string, body?: unknown): Promise<any> {
  const proposal = await operator(method, apiPath, body);
  if (proposal?.message !== 'SECOND_APPROVAL_REQUIRED') return proposal;
  return approveAsSecondOwner(proposal.change.id);
}
