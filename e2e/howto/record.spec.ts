import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { operator, otpFor, serverURL, uniquePhone } from '../lib/server';

// The five how-to videos, recorded from the app itself: a demo server (global setup), the demo
// member and a new member with the demo's welcome bonus, each flow walked at a phone's size in
// each language, its screencast converted to H.264 MP4 (ffmpeg) under adapters/howtovideos/media/<lang>/,
// which the server embeds and serves (docs/ui.md, "How-to videos"). Run it with
// `make howto-videos` (after `make build`; it then takes each video's poster, e2e/howto/posters.sh);
// HOWTO_LANGS=th records one language.

const root = path.resolve(__dirname, '..', '..');
const outDir = path.join(root, 'adapters', 'howtovideos', 'media');
const langs = (process.env.HOWTO_LANGS ?? 'th,la,en').split(',').filter(Boolean);
const size = { width: 390, height: 844 };
const demoPhone = '0812345678';
const demoPassword = 'demo-pass-1234';
const bonusPassword = 'howto-pass-123';
// The pause that lets a viewer read a screen before the next tap.
const beat = 1400;

test.describe.configure({ mode: 'serial' });

/** Texts: every English text of the app with its translation, found by the same key (the app's locales). */
function texts(lang: string): Map<string, string> {
  const ui = path.join(root, 'ui', 'src');
  const pairs: [string, string][] = [[path.join(ui, 'i18n', 'locales', 'en.json'), path.join(ui, 'i18n', 'locales', `${lang}.json`)]];
  for (const feature of fs.readdirSync(path.join(ui, 'features'))) {
    const dir = path.join(ui, 'features', feature, 'i18n');
    if (feature === 'operator' || !fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('en.json')))
      pairs.push([path.join(dir, f), path.join(dir, f.replace(/en\.json$/, `${lang}.json`))]);
  }
  const out = new Map<string, string>();
  const walk = (en: unknown, other: unknown) => {
    if (typeof en === 'string' && typeof other === 'string') {
      if (!out.has(en)) out.set(en, other);
      return;
    }
    if (en && typeof en === 'object' && other && typeof other === 'object') {
      for (const [k, v] of Object.entries(en)) walk(v, (other as Record<string, unknown>)[k]);
    }
  };
  for (const [en, other] of pairs) walk(JSON.parse(fs.readFileSync(en, 'utf8')), JSON.parse(fs.readFileSync(other, 'utf8')));
  return out;
}

async function call(method: string, apiPath: string, token = '', body?: unknown): Promise<any> {
  const res = await fetch(serverURL() + apiPath, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status}`);
  return text ? JSON.parse(text) : null;
}

/** newMember registers a member (as a player does, with the logged OTP) with 100.00 in the wallet. */
async function newMember(): Promise<string> {
  const phone = uniquePhone();
  const sent = await call('POST', '/api/otp/send', '', { phoneNumber: phone });
  await call('POST', '/api/otp/verify', '', { otpToken: sent.otpToken, otpCode: await otpFor(phone) });
  await call('POST', '/api/account', '', {
    name: 'Somchai Jaidee',
    username: phone,
    password: bonusPassword,
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'somchai jaidee',
    bankAccountNo: phone,
    currency: 'BAHT',
    otpToken: sent.otpToken,
  });
  await operator('POST', '/api/operator/adjustments', { phone, amount: 100, reason: 'how-to video' });
  return phone;
}

/**
 * record walks a flow in a fresh browser context signed in as the member (token, language and the
 * accepted agreement in storage, so the video starts on the app, not on the login form), then
 * converts the recording from the moment the first screen was ready.
 */
type Flow = (page: Page, t: (en: string, vars?: Record<string, string>) => string, start: () => void) => Promise<void>;

async function record(browser: Browser, lang: string, name: string, token: string, flow: Flow) {
  const dict = texts(lang);
  const t = (en: string, vars: Record<string, string> = {}) => {
    const tr = dict.get(en);
    if (tr === undefined) throw new Error(`no translation of "${en}"`);
    return tr.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
  };
  const agreement = (await call('GET', `/api/lookup/agreements?lang=${lang}`)).version as string;
  const context = await browser.newContext({
    baseURL: serverURL(),
    viewport: size,
    deviceScaleFactor: 1,
    locale: lang === 'en' ? 'en-US' : `${lang}-${lang.toUpperCase()}`,
    timezoneId: 'Asia/Bangkok',
    // The demo game's page (the simulator's, not the app's) gets the app's Thai and Lao fonts
    // (scriptFonts): its CSP would refuse the style.
    bypassCSP: true,
  });
  // The videos play on every install: without the demo ribbon (the active lookup says demo).
  await context.route('**/api/lookup/active*', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), demo: false } });
  });
  await context.addCookies([{ name: 'i18next', value: lang.toUpperCase(), url: serverURL() }]);
  await context.addInitScript(
    ([token, lang, agreement]) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('locale', lang);
      window.localStorage.setItem('remember-agreement', agreement);
      // A game opens in this tab (as when a popup blocker refuses the new one), so one video holds it.
      window.open = () => null;
      // Each tap shows as a fading ring where the finger would be.
      window.addEventListener(
        'pointerdown',
        (e) => {
          const ring = document.createElement('div');
          ring.style.cssText =
            `position:fixed;left:${e.clientX - 22}px;top:${e.clientY - 22}px;width:44px;height:44px;border-radius:50%;` +
            'border:4px solid rgba(255,196,0,.95);background:rgba(255,196,0,.35);pointer-events:none;z-index:2147483647;transition:opacity .6s .5s';
          document.body.appendChild(ring);
          requestAnimationFrame(() => (ring.style.opacity = '0'));
          setTimeout(() => ring.remove(), 1300);
        },
        true,
      );
    },
    [token, lang, agreement],
  );
  const page = await context.newPage();
  // Chromium's screencast (DevTools protocol) sends a JPEG whenever the screen changes, with its
  // time; ffmpeg makes a video of them, each frame held until the next. (Playwright's own
  // recordVideo needs a separate ffmpeg download; this needs only the system's.)
  const cdp = await context.newCDPSession(page);
  const frames: { jpeg: Buffer; at: number }[] = [];
  cdp.on('Page.screencastFrame', (f) => {
    frames.push({ jpeg: Buffer.from(f.data, 'base64'), at: f.metadata.timestamp ?? Date.now() / 1000 });
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth: size.width, maxHeight: size.height });
  let ready = 0;
  await flow(page, t, () => {
    ready = Date.now() / 1000;
  });
  if (!ready) throw new Error(`${lang}/${name}: the flow never said its first screen was ready`);
  await page.waitForTimeout(beat);
  const end = Date.now() / 1000;
  await cdp.send('Page.stopScreencast');
  await context.close();

  // The video starts on the first ready screen: the last frame before it, then the rest.
  let first = 0;
  frames.forEach((f, i) => {
    if (f.at <= ready) first = i;
  });
  const kept = frames.slice(first);
  if (kept.length === 0) throw new Error(`${lang}/${name}: no frames`);
  const tmp = fs.mkdtempSync(path.join(root, 'e2e', 'test-results', `howto-${lang}-${name}-`));
  const list: string[] = ['ffconcat version 1.0'];
  kept.forEach((f, i) => {
    const file = path.join(tmp, `${String(i).padStart(5, '0')}.jpg`);
    fs.writeFileSync(file, f.jpeg);
    const until = i + 1 < kept.length ? kept[i + 1].at : end;
    list.push(`file '${file}'`, `duration ${Math.max(0.01, until - Math.max(f.at, ready)).toFixed(3)}`);
  });
  // The concat demuxer takes the last frame's duration only when the file is named once more.
  list.push(`file '${path.join(tmp, `${String(kept.length - 1).padStart(5, '0')}.jpg`)}'`);
  fs.writeFileSync(path.join(tmp, 'frames.txt'), list.join('\n') + '\n');
  const dir = path.join(outDir, lang);
  fs.mkdirSync(dir, { recursive: true });
  // H.264 main profile, yuv420p (every browser and phone plays it), 12 frames a second and CRF 28:
  // screens that mostly stand still compress to tens of kB a second; faststart puts the index first
  // so the player starts before the whole file is in.
  execFileSync('ffmpeg', [
    '-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', path.join(tmp, 'frames.txt'),
    '-vf', `fps=12,scale=${size.width}:${size.height}:force_original_aspect_ratio=decrease,pad=${size.width}:${size.height}:(ow-iw)/2:0:white,format=yuv420p`,
    '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '28', '-profile:v', 'main',
    '-movflags', '+faststart', '-an', path.join(dir, `${name}.mp4`),
  ]); // prettier-ignore
  fs.rmSync(tmp, { recursive: true, force: true });
}

/**
 * scriptFonts is a style that draws Thai and Lao in the app's own fonts (ui/assets/fonts): the
 * demo game's page names no font and a machine without Thai or Lao fonts would draw boxes.
 */
function scriptFonts(): string {
  const fonts = path.join(root, 'ui', 'assets', 'fonts');
  const face = (weight: number, file: string, range: string) =>
    `@font-face{font-family:howto-script;font-weight:${weight};unicode-range:${range};` +
    `src:url(data:font/woff2;base64,${fs.readFileSync(path.join(fonts, file)).toString('base64')}) format('woff2')}`;
  return [
    face(400, 'NotoSansThai_400Regular.woff2', 'U+0E00-0E7F'),
    face(700, 'NotoSansThai_700Bold.woff2', 'U+0E00-0E7F'),
    face(400, 'NotoSansLao_400Regular.woff2', 'U+0E80-0EFF'),
    face(700, 'NotoSansLao_700Bold.woff2', 'U+0E80-0EFF'),
    'html body, html body *{font-family:howto-script,system-ui,sans-serif !important}',
  ].join('\n');
}

/** home opens the member's home and waits for its balance: the video starts there. */
async function home(page: Page, t: (en: string) => string, start: () => void) {
  await page.goto('/user/home');
  await expect(page.getByRole('button', { name: t('Refresh balance') })).toBeVisible();
  await page.waitForTimeout(500);
  start();
  await page.waitForTimeout(beat);
}

async function closeAlert(page: Page, t: (en: string) => string) {
  const ok = page.getByRole('button', { name: t('OK'), exact: true });
  await ok.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  if (await ok.isVisible()) {
    await page.waitForTimeout(beat);
    await ok.click();
  }
}

for (const lang of langs) {
  test.describe(lang, () => {
    let demoToken = '';
    let bonusToken = '';

    test.beforeAll(async () => {
      demoToken = (await call('POST', '/api/login', '', { username: demoPhone, password: demoPassword })).token;
      const phone = await newMember();
      bonusToken = (await call('POST', '/api/login', '', { username: phone, password: bonusPassword })).token;
    });

    test('wallet: deposit, then move money into a game', async ({ browser }) => {
      await record(browser, lang, 'wallet', demoToken, async (page, t, start) => {
        await home(page, t, start);
        await page.getByRole('button', { name: t('Deposit'), exact: true }).click();
        const deposit = page.getByRole('dialog');
        await expect(deposit).toBeVisible();
        await page.waitForTimeout(beat * 2);
        await deposit
          .getByRole('button', { name: t('Close') })
          .first()
          .click();
        await expect(deposit).toBeHidden();
        await page.waitForTimeout(beat / 2);
        const card = page
          .getByRole('button', { name: t('Open account {{name}}', { name: 'Siam Slot' }) })
          .or(page.getByRole('button', { name: t('Game account {{name}}', { name: 'Siam Slot' }) }));
        await card.first().click();
        const dialog = page.getByRole('dialog');
        await page.waitForTimeout(beat);
        await dialog.getByLabel(t('Amount'), { exact: true }).pressSequentially('300', { delay: 250 });
        await page.waitForTimeout(beat / 2);
        await dialog.getByRole('button', { name: t('Transfer in'), exact: true }).click();
        await expect(page.getByText(t('Transfer done. The amount will refresh shortly.'))).toBeVisible();
        await closeAlert(page, t);
        await page.waitForTimeout(beat);
      });
    });

    test('play: open a game from the lobby', async ({ browser }) => {
      await record(browser, lang, 'play', demoToken, async (page, t, start) => {
        await home(page, t, start);
        await page
          .getByRole('navigation')
          .getByRole('link', { name: t('Games'), exact: true })
          .click();
        await expect(page).toHaveURL(/\/user\/games$/);
        await page.waitForTimeout(beat);
        await page.getByRole('tab', { name: t('Slot') }).click();
        await page.waitForTimeout(beat);
        const play = page.getByRole('button', { name: new RegExp(`^${t('Play {{name}}', { name: '' }).trim()} `) }).first();
        await play.scrollIntoViewIfNeeded();
        await page.waitForTimeout(beat / 2);
        await play.click();
        await expect(page).toHaveURL(/\/sim\/aggregator\/play\//);
        await page.addStyleTag({ content: scriptFonts() });
        await page.waitForTimeout(beat);
        for (let i = 0; i < 3; i++) {
          await page.locator('#play').click();
          await expect(page.locator('#play')).toBeEnabled();
          await page.waitForTimeout(beat);
        }
      });
    });

    test('balance: the home total, then the statement', async ({ browser }) => {
      await record(browser, lang, 'balance', demoToken, async (page, t, start) => {
        await home(page, t, start);
        await page.getByRole('button', { name: t('Refresh balance') }).click();
        await page.waitForTimeout(beat * 1.5);
        await page
          .getByRole('navigation')
          .getByRole('link', { name: t('History'), exact: true })
          .click();
        await expect(page).toHaveURL(/\/user\/statement$/);
        await page.waitForTimeout(beat * 2);
        await page.mouse.move(195, 600);
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(beat * 1.5);
      });
    });

    test('bonus: receive the welcome bonus', async ({ browser }) => {
      await record(browser, lang, 'bonus', bonusToken, async (page, t, start) => {
        await home(page, t, start);
        await page.getByRole('button', { name: t('Bonus'), exact: true }).click();
        await expect(page).toHaveURL(/\/user\/bonus$/);
        await page.waitForTimeout(beat);
        await page
          .getByRole('button', { name: new RegExp(`^${t('Bonus {{name}}', { name: '' }).trim()} `) })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await page.waitForTimeout(beat * 2);
        await dialog.getByRole('button', { name: t('Receive bonus') }).click();
        await expect(page.getByText(t('The bonus has been added to your wallet'))).toBeVisible();
        await page.waitForTimeout(beat * 2);
      });
    });

    test('bonusCancel: cancel the active bonus', async ({ browser }) => {
      await record(browser, lang, 'bonusCancel', bonusToken, async (page, t, start) => {
        await page.goto('/user/bonus');
        await expect(page.getByRole('button', { name: t('Cancel bonus') })).toBeVisible();
        await page.waitForTimeout(500);
        start();
        await page.waitForTimeout(beat);
        await page.getByRole('button', { name: t('Cancel bonus') }).click();
        await page.waitForTimeout(beat * 2);
        await page.getByRole('button', { name: t('Yes, cancel the bonus') }).click();
        await expect(page.getByRole('button', { name: t('Cancel bonus') })).toBeHidden();
        await page.waitForTimeout(beat * 2);
      });
    });
  });
}
