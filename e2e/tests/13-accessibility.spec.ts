import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { addOperator, signIn } from '../lib/console';
import { operator } from '../lib/server';

// Accessibility (docs/ui.md#accessibility): every public page, every member page with its main
// modals open, and every console page pass axe-core's WCAG 2 A and AA rules (plus "label in
// name", WCAG 2.5.3) without a serious or critical violation, and what is pressed is at least
// 44 px (touchTarget in ui/src/components/ui/theme.ts). Each test gathers every finding of its
// pages and fails once, naming rule, element and page, so one run lists all there is to fix.
test.describe.configure({ mode: 'serial' });

const phone = '0812345678';
const password = 'demo-pass-1234';

type Finding = string;

// An open modal is audited alone: the page behind it was audited on its own.
const dialogScope = '[role="dialog"], [role="alertdialog"]';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/** settle lets a modal's opening animation end: contrast read mid-fade is not the colour shown. */
async function settle(page: Page) {
  // Pages that poll never go idle for long: wait a while for it, then go on.
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  await page.waitForTimeout(600);
}

// Rules axe leaves out of the WCAG tags, run and failed on whatever their impact: label in name
// (WCAG 2.5.3, level A; experimental in axe) and a table header without text (a best practice).
const named = ['label-content-name-mismatch', 'empty-table-header'];

/** audit runs axe over the page (or one dialog) and records its serious and critical violations
 * and those of the named rules. */
async function audit(page: Page, where: string, findings: Finding[], scope?: string) {
  let builder = new AxeBuilder({ page })
    // options() replaces what withTags() set: it comes first.
    .options({ rules: Object.fromEntries(named.map((id) => [id, { enabled: true }])) })
    .withTags(['wcag2a', 'wcag2aa']);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical' && !named.includes(v.id)) continue;
    for (const node of v.nodes) {
      const why = node.failureSummary?.split('\n').slice(1).join(' ').trim();
      findings.push(`${where}: ${v.id} (${v.impact}) at ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${why}`);
    }
  }
  await tapTargets(page, where, findings, scope);
}

/**
 * tapTargets records every visible control (button, tab, checkbox, radio, switch, select, a link
 * that is not a word inside a sentence) smaller than 44 × 44 px.
 */
async function tapTargets(page: Page, where: string, findings: Finding[], scope?: string) {
  const small = await page.evaluate((root) => {
    const within = root ? document.querySelector(root) : document.body;
    if (!within) return [];
    const controls = within.querySelectorAll<HTMLElement>(
      'button, select, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="link"]',
    );
    const out: string[] = [];
    for (const el of controls) {
      // A control inside another is measured as the outer one (the pressable row of a checkbox).
      if (
        el.parentElement?.closest(
          'button, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="link"]',
        )
      )
        continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      // A link in running text is sized by its sentence (WCAG 2.5.8's inline exception).
      if ((el.tagName === 'A' || el.getAttribute('role') === 'link') && style.display.startsWith('inline')) continue;
      if (r.height < 43.5 || r.width < 43.5) {
        const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.tagName;
        out.push(`"${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return out;
  }, scope ?? null);
  for (const s of small) findings.push(`${where}: tap target under 44 px: ${s}`);
}

function report(findings: Finding[]) {
  expect(findings, `accessibility findings:\n${findings.join('\n')}`).toEqual([]);
}

test('public pages', async ({ page }) => {
  const findings: Finding[] = [];
  for (const path of ['/login', '/register', '/contact', '/howto', '/terminated', '/no-such-page']) {
    await page.goto(path);
    await settle(page);
    await audit(page, path, findings);
  }
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  await audit(page, '/login, password reset', findings, dialogScope);
  report(findings);
});

test('member pages and their modals', async ({ page }) => {
  test.setTimeout(180_000);
  const findings: Finding[] = [];
  await login(page, phone, password);
  await acceptAgreement(page);
  await settle(page);
  await audit(page, '/user/home', findings);
  await shot(page, 'a11y-home');

  // The money modals of the home page, each opened from the page and closed again.
  for (const [opener, name] of [
    ['Deposit', 'deposit'],
    ['Withdraw', 'withdraw'],
    ['Transfer', 'transfer'],
  ] as const) {
    await page.getByRole('button', { name: opener, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await settle(page);
    await audit(page, `/user/home, ${name} modal`, findings, dialogScope);
    if (name === 'deposit') {
      // The other payment tabs (the first is audited above).
      const tabs = dialog.getByRole('tab');
      for (let i = 1; i < (await tabs.count()); i++) {
        const label = (await tabs.nth(i).textContent())?.trim();
        await tabs.nth(i).click();
        await settle(page);
        await audit(page, `/user/home, deposit modal, ${label} tab`, findings, dialogScope);
      }
    }
    if (name === 'withdraw') {
      // A withdrawal waiting for approval puts a status chip on the statement.
      await dialog.getByLabel('Amount', { exact: true }).fill('150');
      await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await expect(page.getByText(/withdrawal has been submitted/)).toBeVisible();
      await settle(page);
      await audit(page, '/user/home, withdrawal submitted', findings, dialogScope);
      await page.goto('/user/home');
      continue;
    }
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  }

  for (const path of ['/user/games', '/user/spin', '/user/profile', '/user/contact']) {
    await page.goto(path);
    await settle(page);
    await audit(page, path, findings);
    if (path === '/user/spin') await shot(page, 'a11y-spin');
  }

  await page.goto('/user/bonus');
  await settle(page);
  await audit(page, '/user/bonus', findings);
  await shot(page, 'a11y-bonus');
  const bonus = page.getByRole('button', { name: /^Bonus / }).first();
  if (await bonus.isVisible()) {
    await bonus.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await audit(page, '/user/bonus, bonus modal', findings, dialogScope);
  } else {
    findings.push('/user/bonus: no bonus to open (the demo seeds the welcome bonus)');
  }

  await page.goto('/user/statement');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await settle(page);
  await audit(page, '/user/statement', findings);
  await page.getByRole('button', { name: 'Upload status' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  await audit(page, '/user/statement, slip status modal', findings, dialogScope);
  report(findings);
});

test.describe('console', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('console pages', async ({ page }) => {
    // Two dozen pages, each audited: longer than one flow of the other specs.
    test.setTimeout(300_000);
    const findings: Finding[] = [];
    await page.goto('/operator');
    await settle(page);
    await audit(page, '/operator (sign-in)', findings);

    const owner = addOperator(`axe-${Date.now() % 100_000}`, 'owner');
    await signIn(page, owner, { firstTime: true });
    const { members } = await operator('GET', '/api/operator/members');
    const pages = [
      'dashboard',
      'members',
      `members/${members[0]._id}`,
      'chat',
      'withdrawals',
      'payouts',
      'slips',
      'deposits',
      'adjustments',
      'settings',
      'auto-withdraw',
      'games',
      'reconciliation',
      'aggregators',
      'rounds',
      'catalogue',
      'reports',
      'promotions',
      'rewards',
      'spin',
      'audit',
      'operators',
      'changes',
    ];
    for (const p of pages) {
      await page.goto(`/operator/${p}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settle(page);
      await audit(page, `/operator/${p}`, findings);
      if (p === 'dashboard') await shot(page, 'a11y-console');
    }
    report(findings);
  });
});
