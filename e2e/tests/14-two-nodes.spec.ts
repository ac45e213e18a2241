import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { expect, test, type BrowserContext, type Page } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { addOperator, signIn } from '../lib/console';
import { keepLog, remember, rememberFields } from '../lib/secrets';
import { freePort } from '../lib/server';

// The two-node deployment of docker-compose.yml's profile scale with local processes: two
// `ngern serve` nodes on a fresh PostgreSQL schema (sharing the secret key and a data directory),
// `ngern simprovider` as the game provider both nodes call, and Debian's Caddy in front with the
// repository's deploy/caddy/Caddyfile (its addresses from the environment). Chromium goes through
// the balancer only: the demo member signs in on one node and acts on both, the home is exact
// whatever node serves it, a member and an operator chat with their sockets on different nodes,
// and a logout in one tab is refused to another tab on every node within a second. Each node's
// /metrics (on its own address) shows which node served what. Skipped when PostgreSQL or Caddy is
// missing, except under CI=true, where that fails.
test.describe.configure({ mode: 'serial' });

const root = path.resolve(__dirname, '..', '..');
const bin = path.join(root, 'bin', 'ngern');
const pgURL = process.env.NGERN_E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable';
const caddy = process.env.NGERN_E2E_CADDY ?? '/usr/bin/caddy';
const schema = `e2e_two_nodes_${process.pid}`;
const logs = path.resolve(__dirname, '..', 'artifacts', 'two-nodes');

const phone = '0812345678';
const password = 'demo-pass-1234';

function psql(sql: string): string | null {
  try {
    execFileSync('psql', [pgURL, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err).trim();
  }
}

type Proc = { name: string; child: ChildProcess };
const procs: Proc[] = [];
let env: Record<string, string> = {};
let dir = '';
const nodes: { base: string; metrics: string }[] = [];
let lb = '';

function start(name: string, extra: Record<string, string>, cmd: string, ...args: string[]): ChildProcess {
  const file = path.join(logs, `${name}.log`);
  keepLog(file);
  const out = fs.openSync(file, 'w');
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env, ...extra }, stdio: ['ignore', out, out] });
  procs.push({ name, child });
  return child;
}

async function ready(url: string, child: ChildProcess, name: string) {
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: see ${logs}/${name}.log`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not become ready: see ${logs}/${name}.log`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function listening(port: number, child: ChildProcess, name: string) {
  const connects = () =>
    new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => {
        c.end();
        resolve(true);
      });
      c.on('error', () => resolve(false));
    });
  for (const deadline = Date.now() + 30_000; !(await connects());) {
    if (child.exitCode !== null) throw new Error(`${name} exited: see ${logs}/${name}.log`);
    if (Date.now() > deadline) throw new Error(`${name} does not listen: see ${logs}/${name}.log`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** tool runs an ngern command on the two nodes' database. */
function tool(...args: string[]): string {
  const file = path.join(logs, 'tools.log');
  keepLog(file);
  const log = fs.openSync(file, 'a');
  try {
    return execFileSync(bin, args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', log] });
  } finally {
    fs.closeSync(log);
  }
}

/** counts reads a node's request counters: "GET /api/wallet 200" → requests answered. */
async function counts(i: number): Promise<Map<string, number>> {
  const text = await (await fetch(`${nodes[i].metrics}/metrics`)).text();
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^ngern_http_request_duration_seconds_count\{route="([^"]+)",status="(\d+)"\} (\d+)/gm)) {
    out.set(`${m[1]} ${m[2]}`, Number(m[3]));
  }
  return out;
}

/** served answers how many requests of route a node answered with status since before. */
function served(after: Map<string, number>, before: Map<string, number>, key: string): number {
  return (after.get(key) ?? 0) - (before.get(key) ?? 0);
}

/** memberRequests sums a node's member calls (the /api/ routes outside the operator's). */
function memberRequests(c: Map<string, number>): number {
  let n = 0;
  for (const [k, v] of c) if (/^[A-Z]+ \/api\/(?!operator)/.test(k)) n += v;
  return n;
}

async function socketsOpen(i: number): Promise<number> {
  const text = await (await fetch(`${nodes[i].metrics}/metrics`)).text();
  return Number(text.match(/^ngern_sockets_open (\d+)/m)?.[1] ?? 'NaN');
}

/** direct calls one node, not the balancer, as the member. */
async function direct(i: number, method: string, apiPath: string, token: string): Promise<{ status: number; body: any }> {
  const res = await fetch(nodes[i].base + apiPath, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'X-Ngern-Client': 'wallet-user' },
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  rememberFields(body); // the game accounts' passwords
  return { status: res.status, body };
}

async function asOperator(method: string, apiPath: string, body?: unknown) {
  const res = await fetch(lb + apiPath, {
    method,
    headers: { Authorization: `Bearer ${env.NGERN_OPERATOR_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
  return res.json();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const missing: string[] = [];
  if (!fs.existsSync(caddy)) missing.push(`no ${caddy} (Debian: apt-get install caddy)`);
  const pgErr = psql(`CREATE SCHEMA ${schema}`);
  if (pgErr !== null) missing.push(`PostgreSQL is not reachable at ${pgURL}: ${pgErr}`);
  if (missing.length > 0 && process.env.CI) throw new Error(`required under CI: ${missing.join('; ')}`);
  test.skip(missing.length > 0, missing.join('; '));

  fs.rmSync(logs, { recursive: true, force: true });
  fs.mkdirSync(logs, { recursive: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngern-e2e-two-nodes-'));
  const db = new URL(pgURL);
  db.searchParams.set('search_path', schema);
  const [simPort, aPort, bPort, aMetrics, bMetrics, lbPort] = await Promise.all(Array.from({ length: 6 }, freePort));
  const secretKey = crypto.randomBytes(32).toString('base64');
  const operatorToken = `e2e-two-nodes-${crypto.randomBytes(16).toString('hex')}`;
  const agentKey = `e2e-agent-${crypto.randomBytes(8).toString('hex')}`;
  remember('secret key', secretKey);
  remember('operator token', operatorToken);
  remember('password', password);
  env = {
    NGERN_MODE: 'demo',
    NGERN_DATABASE_URL: db.toString(),
    NGERN_DATA_DIR: path.join(dir, 'data'), // shared: one machine, one folder of objects
    NGERN_WEB_DIR: path.join(root, 'ui', 'dist'),
    NGERN_SECRET_KEY: secretKey,
    NGERN_OPERATOR_TOKEN: operatorToken,
    NGERN_SMS: 'console',
    NGERN_TRUST_PROXY: 'true',
    NGERN_TRUSTED_PROXIES: '127.0.0.1/32',
    NGERN_DRAIN_DELAY: '2s',
    NGERN_PROVIDER_URL: `http://127.0.0.1:${simPort}`,
    NGERN_PROVIDER_KEY: agentKey,
    NGERN_SIMPROVIDER_ADDR: `127.0.0.1:${simPort}`,
    NGERN_SIMPROVIDER_AGENT_KEY: agentKey,
    NGERN_SIMPROVIDER_STATE: path.join(dir, 'sim.jsonl'),
    NGERN_LIMIT_LOGIN_PER_PHONE: '100000',
    NGERN_LIMIT_LOGIN_PER_IP: '100000',
    NGERN_LIMIT_LOOKUP_PER_IP: '100000',
  };
  const sim = start('simprovider', {}, bin, 'simprovider');
  await listening(simPort, sim, 'simprovider');
  tool('demo'); // migrates the schema; the demo member (1,000.00 baht) and games
  nodes.push({ base: `http://127.0.0.1:${aPort}`, metrics: `http://127.0.0.1:${aMetrics}` });
  nodes.push({ base: `http://127.0.0.1:${bPort}`, metrics: `http://127.0.0.1:${bMetrics}` });
  const a = start('node-a', { NGERN_ADDR: `127.0.0.1:${aPort}`, NGERN_METRICS_ADDR: `127.0.0.1:${aMetrics}` }, bin, 'serve');
  await ready(`${nodes[0].base}/readyz`, a, 'node-a');
  // The simulated TrueMoney lives in a node's memory: node B redeems gift links at node A's, as
  // an install redeems them at TrueMoney, so a link made at A is good whatever node takes it.
  const b = start(
    'node-b',
    {
      NGERN_ADDR: `127.0.0.1:${bPort}`,
      NGERN_METRICS_ADDR: `127.0.0.1:${bMetrics}`,
      NGERN_TRUEMONEY: 'api',
      NGERN_TRUEMONEY_URL: `${nodes[0].base}/sim/truemoney`,
    },
    bin,
    'serve',
  );
  await ready(`${nodes[1].base}/readyz`, b, 'node-b');
  const home = path.join(dir, 'caddy');
  const balancer = start(
    'caddy',
    {
      NGERN_LB_PORT: String(lbPort),
      NGERN_NODES: `127.0.0.1:${aPort} 127.0.0.1:${bPort}`,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
    },
    caddy,
    'run',
    '--config',
    path.join(root, 'deploy', 'caddy', 'Caddyfile'),
    '--adapter',
    'caddyfile',
  );
  lb = `http://127.0.0.1:${lbPort}`;
  await ready(`${lb}/readyz`, balancer, 'caddy');
  await asOperator('PUT', '/api/operator/settings/enableChatWidget', { enableChatWidget: true });
});

test.afterAll(async () => {
  for (const p of procs.reverse()) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await new Promise((r) => p.child.once('exit', r));
    }
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
});

let member: BrowserContext;
let page: Page;
let token = '';
let wallet = ''; // the member's wallet after the first test, as the home shows it

test('the member signs in through the balancer and acts on both nodes; the home is exact whatever node serves it', async ({ browser }) => {
  test.setTimeout(180_000); // a sign-in, a deposit, transfers and up to 20 home loads on two cores
  member = await browser.newContext({ baseURL: lb, viewport: { width: 360, height: 740 } });
  page = await member.newPage();
  await useEnglish(page);
  const before = [await counts(0), await counts(1)];
  await login(page, phone, password, true); // remembered: every tab of the browser shares the token
  await acceptAgreement(page);
  token = (await page.evaluate(() => window.localStorage.getItem('token'))) ?? '';
  expect(token).not.toBe('');
  await expect(page.getByText('1,000.00').first()).toBeVisible();
  const signedIn = [await counts(0), await counts(1)];
  const loginNode = [0, 1].find((i) => served(signedIn[i], before[i], 'POST /api/login 200') === 1);
  expect(loginNode, 'one node answered the sign-in').toBeDefined();

  // A transfer into the game (the provider is one process both nodes call).
  await page.getByRole('button', { name: 'Open account Siam Slot' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount', { exact: true }).fill('300');
  await dialog.getByRole('button', { name: 'Transfer in', exact: true }).click();
  await expect(page.getByText('Transfer done. The amount will refresh shortly.')).toBeVisible();

  // A deposit with a gift link of the simulated TrueMoney.
  const voucher = await (
    await fetch(`${nodes[0].base}/sim/truemoney/vouchers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 120 }),
    })
  ).json();
  await page.goto('/user/home');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await dialog.getByRole('tab', { name: 'TrueMoney gift link' }).click();
  await dialog.getByLabel('TrueMoney gift link').fill(voucher.link);
  await dialog.getByRole('button', { name: 'Send gift link' }).click();
  await expect(page.getByText('The gift link was received: 120.00 baht has been added to your wallet.')).toBeVisible();
  await page.getByRole('button', { name: 'OK', exact: true }).click();

  // Money calls until each node has answered one (the balancer picks either when both are idle):
  // 10 back from the game each time.
  let want = 1000 - 300 + 120;
  const moneyCalls = (i: number, c: Map<string, number>) =>
    served(c, before[i], 'POST /api/wallet/transfer 200') + served(c, before[i], 'POST /api/wallet/truelink 200');
  for (let n = 0; n < 10; n++) {
    const now = [await counts(0), await counts(1)];
    if ([0, 1].every((i) => moneyCalls(i, now[i]) > 0)) break;
    await page.goto('/user/home');
    await acceptAgreement(page);
    await page.getByRole('button', { name: 'Game account Siam Slot' }).click();
    await dialog.getByLabel('Amount', { exact: true }).fill('10');
    await dialog.getByRole('button', { name: 'Transfer out', exact: true }).click();
    await expect(page.getByText('Transfer done. The amount will refresh shortly.')).toBeVisible();
    want += 10;
  }
  const moved = [await counts(0), await counts(1)];
  expect(moneyCalls(0, moved[0]), 'money calls on node A').toBeGreaterThan(0);
  expect(moneyCalls(1, moved[1]), 'money calls on node B').toBeGreaterThan(0);
  wallet = want.toFixed(2);

  // Every node answers the new wallet at once (each has its own home cache).
  for (const i of [0, 1]) {
    const w = await direct(i, 'GET', '/api/wallet', token);
    expect(w.status).toBe(200);
    expect(Number(w.body.wallet.amount), `the wallet on node ${'AB'[i]}`).toBe(want);
  }
  // And through the balancer: home loads until both nodes have served one, each exact.
  const homes = [await counts(0), await counts(1)];
  for (let n = 0; n < 20; n++) {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/wallet' && r.request().method() === 'GET');
    await page.goto('/user/home');
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(Number((await res.json()).wallet.amount)).toBe(want);
    await expect(page.getByText(wallet).first()).toBeVisible();
    const now = [await counts(0), await counts(1)];
    if ([0, 1].every((i) => served(now[i], homes[i], 'GET /api/wallet 200') > 0)) break;
  }
  await shot(page, 'two-nodes-home');
  const after = [await counts(0), await counts(1)];
  for (const i of [0, 1]) {
    expect(served(after[i], homes[i], 'GET /api/wallet 200'), `home reads on node ${'AB'[i]}`).toBeGreaterThan(0);
    expect(memberRequests(after[i]) - memberRequests(before[i]), `member calls on node ${'AB'[i]}`).toBeGreaterThan(0);
  }
  // Signed in on one node, acting on the other too.
  const other = 1 - (loginNode as number);
  expect(memberRequests(after[other]) - memberRequests(signedIn[other])).toBeGreaterThan(0);
  console.log(
    `sign-in on node ${'AB'[loginNode as number]}; money calls answered by A: ${moneyCalls(0, after[0])}, B: ${moneyCalls(1, after[1])}`,
  );
});

test('a member and an operator chat with their sockets on different nodes', async ({ browser }) => {
  await page.goto('/user/contact');
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Open the chat' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with support' })).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const memberNode = (await socketsOpen(0)) === 1 ? 0 : 1;
  expect(await socketsOpen(memberNode)).toBe(1);
  expect(await socketsOpen(1 - memberNode)).toBe(0);
  const box = page.getByLabel('Type a message');
  await box.fill(`Hello from node ${'AB'[memberNode]}`);
  await box.press('Enter');
  await expect(page.getByText('Sending…')).toHaveCount(0);

  const opContext = await browser.newContext({ baseURL: lb, viewport: { width: 1280, height: 800 } });
  const inbox = await opContext.newPage();
  await useEnglish(inbox);
  const support = addOperator(`chat-2n-${Date.now() % 100_000}`, 'support', tool);
  await signIn(inbox, support, { firstTime: true });
  await inbox.getByRole('link', { name: 'Support chat', exact: true }).click();
  await expect(inbox.getByText('Live', { exact: true })).toBeVisible();
  // The balancer sends a new connection to the node with fewer open: the operator's socket
  // lands on the other node. Proved by each node's count of open sockets.
  await expect.poll(() => socketsOpen(1 - memberNode)).toBe(1);
  expect(await socketsOpen(memberNode)).toBe(1);

  await inbox.getByRole('button', { name: new RegExp(phone) }).click();
  const thread = inbox.getByLabel('Messages', { exact: true });
  await expect(thread.getByText(`Hello from node ${'AB'[memberNode]}`)).toBeVisible();
  await inbox.getByRole('button', { name: 'Assign to me' }).click();
  const reply = `Answered from node ${'AB'[1 - memberNode]}`;
  await inbox.getByLabel('Reply', { exact: true }).fill(reply);
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  // Live on the member's screen, through the other node's socket and the bus.
  await expect(page.getByText(reply)).toBeVisible({ timeout: 5_000 });
  await box.fill('Thanks across nodes');
  await box.press('Enter');
  await expect(thread.getByText('Thanks across nodes', { exact: true })).toBeVisible({ timeout: 5_000 });
  await shot(inbox, 'two-nodes-console-chat');
  await opContext.close();
});

test('a logout in one tab is refused to another tab within a second, on every node', async () => {
  const tab = await member.newPage();
  await tab.goto('/user/home');
  await expect(tab.getByText(wallet).first()).toBeVisible();
  // Both nodes hold the session in their cache (read within the last 30 s).
  for (const i of [0, 1]) expect((await direct(i, 'GET', '/api/wallet', token)).status).toBe(200);

  await page.goto('/user/home');
  await acceptAgreement(page);
  const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout');
  await page.getByRole('button', { name: 'Log out' }).click();
  expect((await loggedOut).status()).toBe(200);
  const at = Date.now();
  await expect(page).toHaveURL(/\/login$/);

  // The other tab still holds the token: its calls through the balancer, and each node's, are
  // refused within a second of the logout.
  const refusedIn = async (call: () => Promise<number>) => {
    for (;;) {
      const status = await call();
      if (status === 401) return Date.now() - at;
      if (Date.now() - at > 1_000) return Infinity;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const viaTab = await refusedIn(() =>
    tab.evaluate(
      async (t) => (await fetch('/api/wallet', { headers: { Authorization: `Bearer ${t}`, 'X-Ngern-Client': 'wallet-user' } })).status,
      token,
    ),
  );
  const viaNodes = await Promise.all([0, 1].map((i) => refusedIn(async () => (await direct(i, 'GET', '/api/wallet', token)).status)));
  console.log(`refused after ${viaTab} ms through the balancer, ${viaNodes[0]} ms on A, ${viaNodes[1]} ms on B`);
  expect(viaTab).toBeLessThanOrEqual(1_000);
  expect(viaNodes[0]).toBeLessThanOrEqual(1_000);
  expect(viaNodes[1]).toBeLessThanOrEqual(1_000);
  await tab.goto('/user/home');
  await expect(tab).toHaveURL(/\/login$/);
  await member.close();
});

test('the ledger of the two nodes checks out', async () => {
  expect(tool('check')).toMatch(/^ledger ok/);
});
