import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { forgetAll, keepLog, remember } from './secrets';
import { OPERATOR_TOKEN, stateFile } from './server';

// The demo member's password (`ngern demo`).
const DEMO_PASSWORD = 'demo-pass-1234';

const root = path.resolve(__dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts `ngern serve` (built by `make build`) on SQLite in a fresh data dir,
 * with its log in a file the tests read OTP codes from.
 */
export default async function globalSetup() {
  const bin = path.join(root, 'bin', 'ngern');
  const web = path.join(root, 'ui', 'dist');
  for (const p of [bin, path.join(web, 'index.html')]) {
    if (!fs.existsSync(p)) throw new Error(`${p} is missing: run "make build" first`);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngern-e2e-'));
  const artifacts = path.resolve(__dirname, '..', 'artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, 'server.log');
  // The run's secrets and logs, for the teardown's check (lib/secrets.ts).
  forgetAll();
  keepLog(logFile);
  // The bank feed's webhook and SMS forwarder are on, so that their secrets are in the check.
  const bankFeedSecret = `e2e-feed-${crypto.randomBytes(12).toString('hex')}`;
  const bankFeedToken = `e2e-sms-${crypto.randomBytes(12).toString('hex')}`;
  remember('operator token', OPERATOR_TOKEN);
  remember('password', DEMO_PASSWORD);
  remember('webhook secret', bankFeedSecret);
  remember('webhook secret', bankFeedToken);
  const env = {
    ...process.env,
    // The browser tests pay with the simulated bank, TrueMoney and gateways.
    NGERN_MODE: 'demo',
    NGERN_ADDR: `127.0.0.1:${port}`,
    NGERN_DATA_DIR: dataDir,
    NGERN_DATABASE_URL: '',
    NGERN_WEB_DIR: web,
    NGERN_REGISTER_OTP: 'true',
    NGERN_SMS: 'console',
    NGERN_OPERATOR_TOKEN: OPERATOR_TOKEN,
    NGERN_BANKFEED_SECRET: bankFeedSecret,
    NGERN_BANKFEED_SMS_TOKEN: bankFeedToken,
    // Every browser test signs in and registers from 127.0.0.1, and many sign the demo member in:
    // lift the sign-in and look-up limits (their own tests are in app/abuse_api_test.go and
    // app/account_api_test.go).
    NGERN_LIMIT_LOGIN_PER_PHONE: '100000',
    NGERN_LIMIT_LOGIN_PER_IP: '100000',
    NGERN_LIMIT_LOOKUP_PER_IP: '100000',
    NGERN_LIMIT_OTP_PER_IP: '100000',
  };
  // The demo member (0812345678 / demo-pass-1234, 1,000.00 baht) and games.
  execFileSync(bin, ['demo'], { cwd: root, env, stdio: 'ignore' });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(bin, ['serve'], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
    detached: false,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`ngern exited: see ${logFile}`);
    try {
      const res = await fetch(`${baseURL}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`ngern did not become ready: see ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  process.env.NGERN_E2E_BASE_URL = baseURL;
  process.env.NGERN_E2E_STATE = stateFile;
  fs.writeFileSync(stateFile, JSON.stringify({ pid: child.pid, baseURL, logFile, dataDir }));
}
