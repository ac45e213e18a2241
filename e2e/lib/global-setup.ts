import crypto from 'node:crypto';
import fs from 'node:fs';

import { forgetAll, keepLog, remember } from './secrets';
import { OPERATOR_TOKEN, startServer, stateFile } from './server';

// The demo member's password (`ngern demo`).
const DEMO_PASSWORD = 'demo-pass-1234';

/**
 * Starts the run's server (lib/server.ts startServer: `ngern demo`, then `ngern serve` on SQLite in
 * a fresh data dir), with its log in a file the tests read OTP codes from. The teardown stops it.
 */
export default async function globalSetup() {
  // The run's secrets and logs, for the teardown's check (lib/secrets.ts).
  forgetAll();
  // The bank feed's webhook and SMS forwarder are on, so that their secrets are in the check.
  const bankFeedSecret = `e2e-feed-${crypto.randomBytes(12).toString('hex')}`;
  const bankFeedToken = `e2e-sms-${crypto.randomBytes(12).toString('hex')}`;
  remember('operator token', OPERATOR_TOKEN);
  remember('password', DEMO_PASSWORD);
  remember('webhook secret', bankFeedSecret);
  remember('webhook secret', bankFeedToken);
  const server = await startServer('main', {
    NGERN_REGISTER_OTP: 'true',
    NGERN_OPERATOR_TOKEN: OPERATOR_TOKEN,
    NGERN_BANKFEED_SECRET: bankFeedSecret,
    NGERN_BANKFEED_SMS_TOKEN: bankFeedToken,
  });
  keepLog(server.logFile);
  process.env.NGERN_E2E_BASE_URL = server.url;
  process.env.NGERN_E2E_STATE = stateFile;
  fs.writeFileSync(stateFile, JSON.stringify({ pid: server.pid, baseURL: server.url, logFile: server.logFile, dataDir: server.dataDir }));
}
