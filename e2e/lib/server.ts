import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { remember, rememberFields } from './secrets';

/** The operator token the e2e server is started with. */
export const OPERATOR_TOKEN = 'e2e-operator-token-0123456789abcdef';

/**
 * stateFile tells the tests where the server of this run is. Named after the test runner's process
 * (global setup and teardown run in it; its workers inherit NGERN_E2E_STATE, which global setup
 * sets), so that two runs on one machine, from two checkouts, neither read nor stop each other's.
 */
export const stateFile = process.env.NGERN_E2E_STATE ?? path.join(os.tmpdir(), `ngern-e2e-state-${process.pid}.json`);

type State = { baseURL: string; logFile: string; dataDir: string };

function state(): State {
  return JSON.parse(fs.readFileSync(stateFile, 'utf8'));
}

/** otpFor waits for the console SMS line of phone and returns its newest code. */
export async function otpFor(phone: string, timeoutMs = 10_000, what = 'code'): Promise<string> {
  const re = new RegExp(`phone=${phone} message="Ngern: your ${what} is (\\d{6})`, 'g');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matches = [...fs.readFileSync(state().logFile, 'utf8').matchAll(re)];
    if (matches.length > 0) {
      const code = matches[matches.length - 1][1];
      remember('OTP code', code);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no OTP logged for ${phone}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** resetCodeFor reads the last password reset code the console SMS adapter logged for phone. */
export function resetCodeFor(phone: string): Promise<string> {
  return otpFor(phone, 10_000, 'password reset code');
}

// answer remembers the secrets of a call's body and answer (lib/secrets.ts) and parses the answer.
function answer(body: unknown, text: string): any {
  rememberFields(body);
  const parsed = text ? JSON.parse(text) : null;
  rememberFields(parsed);
  return parsed;
}

/** operator calls the operator API of the e2e server. */
export async function operator(method: string, apiPath: string, body?: unknown): Promise<any> {
  const res = await fetch(state().baseURL + apiPath, {
    method,
    headers: { Authorization: `Bearer ${OPERATOR_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return answer(body, text);
}

/** uniquePhone returns a 10-digit Thai mobile number not used before in this run. */
export function uniquePhone(): string {
  const n = (Date.now() % 100_000_000).toString().padStart(8, '0');
  return `09${n}`;
}

/** shot saves a full-page screenshot under e2e/artifacts/screens. */
export function screenPath(name: string): string {
  return path.resolve(__dirname, '..', 'artifacts', 'screens', `${name}.png`);
}

/** ngern runs the built binary on the e2e server's database and returns its output. */
export function ngern(...args: string[]): string {
  const root = path.resolve(__dirname, '..', '..');
  return execFileSync(path.join(root, 'bin', 'ngern'), args, {
    cwd: root,
    env: { ...process.env, NGERN_MODE: 'demo', NGERN_DATA_DIR: state().dataDir, NGERN_DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

/** checkLedger runs `ngern check` on the e2e server's database and returns its output. */
export function checkLedger(): string {
  return ngern('check');
}

/** serverURL is the base address of the e2e server. */
export function serverURL(): string {
  return state().baseURL;
}

/** api calls the server as a member (token) or anonymously; a non-2xx answer throws with its body. */
export async function api(method: string, apiPath: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(serverURL() + apiPath, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return answer(body, text);
}
