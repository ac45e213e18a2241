// Lighthouse (mobile, default throttling, cold cache) against a running `ngern serve`:
//   node scripts/lighthouse.mjs http://127.0.0.1:8080 [phone password]
// It audits /login as a new visitor; with a member's phone and password it also audits
// /user/home as that member: it logs in through the API, puts the token where the web app keeps
// it (localStorage), and runs Lighthouse without clearing storage (the HTTP cache is still
// empty: only /favicon.ico was fetched to reach the origin). Reports go to ./lighthouse/.
// CHROME_PATH picks the browser (default /usr/bin/chromium). playwright-core (which seeds the
// token) is the e2e workspace's, hoisted to the root node_modules.
import fs from 'node:fs';
import path from 'node:path';

import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const [base = 'http://127.0.0.1:8080', phone, password] = process.argv.slice(2);
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const port = 9300 + Math.floor(Math.random() * 500);
const out = path.resolve('lighthouse');
fs.mkdirSync(out, { recursive: true });

async function audit(name, url, token) {
  const profile = fs.mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'lh-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chrome,
    args: ['--headless', '--no-sandbox', `--remote-debugging-port=${port}`],
  });
  try {
    if (token) {
      const page = await browser.newPage();
      await page.goto(`${base}/favicon.ico`);
      await page.evaluate((t) => window.localStorage.setItem('token', t), token);
      await page.close();
    }
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', disableStorageReset: !!token });
    fs.writeFileSync(path.join(out, `${name}.json`), result.report);
    const lhr = result.lhr;
    const scores = Object.values(lhr.categories).map((c) => `${c.id} ${Math.round(c.score * 100)}`);
    const metric = (id) => lhr.audits[id].displayValue;
    const js = lhr.audits['network-requests'].details.items
      .filter((i) => i.resourceType === 'Script')
      .reduce((n, i) => n + i.transferSize, 0);
    const opportunities = Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 1)
      .sort(
        (a, b) =>
          (b.details.overallSavingsMs ?? 0) - (a.details.overallSavingsMs ?? 0) ||
          (b.details.overallSavingsBytes ?? 0) - (a.details.overallSavingsBytes ?? 0),
      )
      .slice(0, 3)
      .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    console.log(`${name} ${url}\n  ${scores.join(', ')}`);
    console.log(
      `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, SI ${metric('speed-index')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    console.log(`  JavaScript transferred ${(js / 1024).toFixed(1)} KiB; final URL ${lhr.finalDisplayedUrl}`);
    console.log(`  opportunities: ${opportunities.join('; ') || 'none'}`);
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await audit('login', `${base}/login`);
if (phone && password) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: phone, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  await audit('home', `${base}/user/home`, token);
}
