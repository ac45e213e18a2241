import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { remember, rememberFields } from './secrets';

const root = path.resolve(__dirname, '..', '..');

/** freePort is a loopback port free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Server is a running demo install: its address, SQLite data dir, log and process. */
export type Server = { url: string; dataDir: string; logFile: string; pid: number; stop: () => Promise<void> };

/**
 * startServer is the one way the browser tests start a server: it seeds a demo install (`ngern
 * demo`, built by `make build`: the demo member 0812345678 / demo-pass-1234, games, promotions)
 * on SQLite in a fresh data dir, serves it with the web build (ui/dist) on a free port and waits for
 * /readyz. env goes on top of the demo environment: the run's own server (global-setup.ts) adds its
 * secrets, a spec's second install (the Lao one of 11-languages) its NGERN_LAOS. Its log is
 * e2e/artifacts/server-NAME.log (server.log for the run's own, which the tests read OTP codes from).
 * `ngern demo` failing fails the caller, with its output in the error. stop ends it and removes
 * its data.
 */
export async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const bin = path.join(root, 'bin', 'ngern');
  const web = path.join(root, 'ui', 'dist');
  for (const p of [bin, path.join(web, 'index.html')]) {
    if (!fs.existsSync(p)) throw new Error(`${p} is missing: run "make build" first`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ngern-e2e-${name}-`));
  const artifacts = path.resolve(__dirname, '..', 'artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, name === 'main' ? 'server.log' : `server-${name}.log`);
  const fullEnv = {
    ...process.env,
    // The browser tests pay with the simulated bank, TrueMoney and gateways.
    NGERN_MODE: 'demo',
    NGERN_ADDR: `127.0.0.1:${port}`,
    NGERN_DATA_DIR: dataDir,
    NGERN_DATABASE_URL: '',
    NGERN_WEB_DIR: web,
    NGERN_SMS: 'console',
    // Every browser test signs in and registers from 127.0.0.1, and many sign the demo member in:
    // lift the sign-in and look-up limits (their own tests are in app/abuse_api_test.go and
    // app/account_api_test.go).
    NGERN_LIMIT_LOGIN_PER_PHONE: '100000',
    NGERN_LIMIT_LOGIN_PER_IP: '100000',
    NGERN_LIMIT_LOOKUP_PER_IP: '100000',
    NGERN_LIMIT_OTP_PER_IP: '100000',
    ...env,
  };
  try {
    execFileSync(bin, ['demo'], { cwd: root, env: fullEnv, encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const log = fs.openSync(logFile, 'w');
  const child = spawn(bin, ['serve'], { cwd: root, env: fullEnv, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`ngern exited: see ${logFile}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, dataDir, logFile, pid: child.pid as number, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`ngern did not become ready: see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

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
