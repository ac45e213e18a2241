import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { useEnglish } from '../lib/app';

// Two `ngern serve` nodes on one PostgreSQL database (a schema of its own): a guest whose page
// and socket are on node A sees, live, an operator's reply posted through node B. Skipped when
// no PostgreSQL answers (NGERN_E2E_POSTGRES_URL, default the local "test" database).
const root = path.resolve(__dirname, '..', '..');
const pgURL = process.env.NGERN_E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable';
const token = 'e2e-two-nodes-operator-token-0123456789';
const schema = `e2e_chat_${process.pid}`;

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

function psql(sql: string): boolean {
  try {
    execFileSync('psql', [pgURL, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const nodes: { child: ChildProcess; url: string; dir: string }[] = [];

async function startNode(): Promise<string> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ngern-e2e-node-'));
  const url = new URL(pgURL);
  url.searchParams.set('search_path', schema);
  const log = fs.openSync(path.join(dir, 'server.log'), 'w');
  const child = spawn(path.join(root, 'bin', 'ngern'), ['serve'], {
    cwd: root,
    env: {
      ...process.env,
      NGERN_MODE: 'demo',
      NGERN_ADDR: `127.0.0.1:${port}`,
      NGERN_DATA_DIR: dir,
      NGERN_DATABASE_URL: url.toString(),
      NGERN_WEB_DIR: path.join(root, 'ui', 'dist'),
      NGERN_OPERATOR_TOKEN: token,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  nodes.push({ child, url: base, dir });
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`node exited: see ${dir}/server.log`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return base;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('node did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function asOperator(base: string, method: string, apiPath: string, body?: unknown) {
  const res = await fetch(base + apiPath, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
  return res.json();
}

let nodeA = '';
let nodeB = '';

test.beforeAll(async () => {
  test.skip(!psql(`CREATE SCHEMA ${schema}`), 'PostgreSQL is not reachable');
  nodeA = await startNode(); // migrates the schema
  nodeB = await startNode();
  await asOperator(nodeB, 'PUT', '/api/operator/settings/enableChatWidget', { enableChatWidget: true });
});

test.afterAll(async () => {
  for (const n of nodes) {
    n.child.kill('SIGTERM');
    await new Promise((r) => (n.child.exitCode !== null ? r(null) : n.child.once('exit', r)));
    fs.rmSync(n.dir, { recursive: true, force: true });
  }
  psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
});

test("a guest on node A sees an operator's reply posted through node B, live", async ({ page }) => {
  await useEnglish(page);
  await page.goto(`${nodeA}/contact`);
  await page.getByRole('button', { name: 'Open the chat' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const box = page.getByLabel('Type a message');
  await box.fill('Hello from node A');
  await box.press('Enter');
  await expect(page.getByText('Sending…')).toHaveCount(0);
  const room = await page.evaluate(() => 'ngern-' + JSON.parse(window.localStorage.getItem('guest-id') ?? '{}').guestId);

  const started = Date.now();
  await asOperator(nodeB, 'POST', `/api/operator/chat/${room}/messages`, {
    message: { message_type: 'text', payload: { message: 'Answered through node B' } },
  });
  await expect(page.getByText('Answered through node B')).toBeVisible({ timeout: 5_000 });
  console.log(`reply seen on node A ${Date.now() - started} ms after it was posted to node B`);
});
