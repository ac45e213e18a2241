import { expect, test } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { addOperator, approveAsSecondOwner, confirmed, operatorToken, signIn, type OperatorAccount } from '../lib/console';
import { checkLedger, operator, serverURL } from '../lib/server';
import { base32Decode, hotp } from '../lib/totp';

// The operator console: operators made with `ngern operator add` (and by an owner in the
// console) sign in with a password and an authenticator code computed here; two finance
// operators pay a withdrawal above the four-eyes threshold; support is kept out of money pages.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 } });

const memberPhone = '0812345678';
const memberPassword = 'demo-pass-1234';
const threshold = 500;
const amount = 800;

let owner: OperatorAccount;
let support: OperatorAccount;

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test.afterAll(async () => {
  await confirmed('PUT', '/api/operator/settings/withdrawApprovalThreshold', { amount: 20000 });
});

test('the TOTP helper matches RFC 4226 and RFC 6238', () => {
  const key = Buffer.from('12345678901234567890');
  expect([0, 1, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '520489']);
  const b32 = base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  expect(hotp(b32, Math.floor(1111111109 / 30), 8)).toBe('07081804');
  expect(hotp(b32, Math.floor(2000000000 / 30), 8)).toBe('69279037');
});

test('an owner enrols on first sign-in and adds a support operator from the console', async ({ page }) => {
  owner = addOperator('own-e2e', 'owner');
  await signIn(page, owner, { firstTime: true });
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await expect(page.getByText('Owner', { exact: true })).toBeVisible();
  for (const name of [
    'Dashboard',
    'Members',
    'Withdrawals',
    'Adjustments',
    'Settings',
    'Games',
    'Reconciliation',
    'Reports',
    'Audit log',
    'Operators',
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await shot(page, 'console-dashboard');

  await page.getByRole('link', { name: 'Operators', exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/operators$/);
  await page.getByLabel('Username').fill('sup-e2e');
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Add operator' }).click();
  // A new operator waits for a second owner, who is answered the credentials once.
  await expect(page.getByText('Proposed: a second owner must approve it on the Pending changes page')).toBeVisible();
  await expect(page.getByText('Awaiting a second owner: New operator sup-e2e, proposed by own-e2e')).toBeVisible();
  const { changes } = await operator('GET', '/api/operator/changes');
  const change = changes.find((c: { kind: string; target: string }) => c.kind === 'operator.create' && c.target === 'sup-e2e');
  const { credentials } = await approveAsSecondOwner(change.id);
  const password: string = credentials.password;
  const secret: string = credentials.totpSecret;
  expect(password.length).toBeGreaterThanOrEqual(12);
  expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
  support = { username: 'sup-e2e', role: 'support', password, secret };
  await page.reload();
  await expect(page.getByRole('table', { name: 'Operators' }).getByText('sup-e2e', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('operator-token'))).toBeNull();
});

test('four-eyes: two finance operators pay a withdrawal above the threshold; the statement shows it', async ({ page, browser }) => {
  const finA = addOperator('fin-a-e2e', 'finance');
  const finB = addOperator('fin-b-e2e', 'finance');
  await confirmed('PUT', '/api/operator/settings/withdrawApprovalThreshold', { amount: threshold });
  await operator('POST', '/api/operator/adjustments', {
    phone: memberPhone,
    amount: 1000,
    reason: 'e2e: funds for the four-eyes withdrawal',
  });

  // The member asks for the withdrawal in the app (phone size).
  const member = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  const memberPage = await member.newPage();
  await useEnglish(memberPage);
  await login(memberPage, memberPhone, memberPassword);
  await acceptAgreement(memberPage);
  await memberPage.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await memberPage.getByRole('dialog').getByLabel('Amount', { exact: true }).fill(String(amount));
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(
    memberPage.getByText('Your withdrawal has been submitted. Please wait for the transfer to your bank account.'),
  ).toBeVisible();

  // First finance operator: the approval is recorded and waits for a second one.
  await signIn(page, finA, { firstTime: true });
  await expect(page.getByText('Finance', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operators', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Withdrawals', exact: true }).click();
  await expect(page.getByText(/above 500\.00 need two approvals/)).toBeVisible();
  const approve = page.getByRole('button', { name: /^Approve 800\.00 for / });
  await expect(approve).toBeVisible();
  await approve.click();
  // Approving asks first.
  await page.getByRole('dialog').getByRole('button', { name: 'Approve withdrawal', exact: true }).click();
  await expect(page.getByTestId('withdrawal-notice')).toContainText('First approval recorded');
  await expect(page.getByText('Waiting for a second approval')).toBeVisible();
  await expect(page.getByText(`Approved by ${finA.username}`)).toBeVisible();
  await expect(approve).toBeDisabled();
  await shot(page, 'console-withdrawals-first-approval');
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(page.getByRole('button', { name: /^Reject 800\.00 for / })).toBeInViewport();
  await shot(page, 'console-withdrawals-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The same operator cannot approve twice, even by calling the API.
  const { withdrawals } = await operator('GET', '/api/operator/withdrawals');
  const pending = withdrawals.find((w: { phone: string; amount: number }) => w.phone === memberPhone && w.amount === amount);
  expect(pending.status).toBe('PENDING');
  expect(pending.approvals).toBe(1);
  const id = pending.id ?? pending._id;
  const again = await fetch(`${serverURL()}/api/operator/withdrawals/${id}/approve`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await operatorToken(page)}` },
  });
  expect(again.status).toBe(409);
  expect((await again.json()).message).toBe('SAME_APPROVER');
  await page.getByRole('button', { name: 'Sign out' }).click();

  // A second finance operator pays it.
  await signIn(page, finB, { firstTime: true });
  await page.getByRole('link', { name: 'Withdrawals', exact: true }).click();
  await page.getByRole('button', { name: /^Approve 800\.00 for / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve withdrawal', exact: true }).click();
  // Paid by hand, or (the demo's default, NGERN_PAYOUTS=sim) handed to the payout bank.
  await expect(page.getByTestId('withdrawal-notice')).toContainText(/Approved and paid|payout to the member's bank account is on its way/);
  await expect(page.getByRole('button', { name: /^Approve 800\.00 for / })).toHaveCount(0);
  // The history lists it with who approved it.
  await page.getByRole('button', { name: 'Processed withdrawals', exact: true }).click();
  await expect(page.getByText(finB.username, { exact: false }).first()).toBeVisible();
  await shot(page, 'console-withdrawals-paid');

  // The member's statement shows the withdrawal.
  await memberPage.goto('/user/statement');
  await expect(memberPage.getByText('800.00').first()).toBeVisible();
  await member.close();
  expect(checkLedger()).toMatch(/^ledger ok:/);
});

test('support cannot see the withdrawals page and gets 403 from its API (usable at 768 px)', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await signIn(page, support, { firstTime: true });
  await expect(page.getByText('Support', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Members', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Withdrawals', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Adjustments', exact: true })).toHaveCount(0);

  await page.goto('/operator/withdrawals');
  await expect(page.getByText('This page is not available for your role')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Withdrawals' })).toHaveCount(0);
  await shot(page, 'console-support-768');

  const res = await fetch(`${serverURL()}/api/operator/withdrawals`, { headers: { Authorization: `Bearer ${await operatorToken(page)}` } });
  expect(res.status).toBe(403);
  expect((await res.json()).message).toBe('FORBIDDEN_ROLE');

  // The console speaks Thai (and Lao) too.
  await page.getByRole('button', { name: 'Change language to ไทย' }).click();
  await expect(page.getByRole('link', { name: 'ภาพรวม', exact: true })).toBeVisible();
  await expect(page.getByText('บทบาทของคุณไม่สามารถใช้หน้านี้ได้')).toBeVisible();
  // The console keeps its own language: the member app's saved one (and its cookie) stay as they were.
  expect(await page.evaluate(() => [localStorage.getItem('locale'), localStorage.getItem('operator-locale')])).toEqual(['en', 'th']);
  expect((await page.context().cookies()).find((c) => c.name === 'i18next')?.value).not.toBe('TH');
  await page.getByRole('button', { name: 'เปลี่ยนภาษาเป็น English' }).click();
  await expect(page.getByRole('link', { name: 'Members', exact: true })).toBeVisible();

  // What support may do: find the member.
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await page.getByLabel('Search members').fill(memberPhone);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByText(memberPhone)).toBeVisible();
});

test('the audit log shows both approvals with who made them; every owner page opens cleanly', async ({ page }) => {
  await signIn(page, owner, { firstTime: false });
  const pages: [string, RegExp][] = [
    ['Dashboard', /^Today, \d{4}-\d{2}-\d{2}$/],
    ['Members', /^Members$/],
    ['Withdrawals', /^Withdrawals$/],
    ['Adjustments', /^Adjustments$/],
    ['Settings', /^Settings$/],
    ['Games', /^Games$/],
    ['Reconciliation', /^Reconciliation$/],
    ['Reports', /^Reports$/],
    ['Operators', /^Operators$/],
  ];
  for (const [link, heading] of pages) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('table').or(page.getByTestId('dashboard-deposits')).or(page.getByRole('tab')).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, `console-page-${link.toLowerCase()}`);
  }
  // The member page: profile, balances, statement and notes of the member that withdrew.
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await page.getByLabel('Search members').fill(memberPhone);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('button', { name: /^Open member / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Statement' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Statement' }).getByText('800.00').first()).toBeVisible();
  await page.getByLabel('New note').fill('Called the member about the 800.00 withdrawal.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Called the member about the 800.00 withdrawal.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shot(page, 'console-member');

  await page.getByRole('link', { name: 'Audit log', exact: true }).click();
  await page.getByLabel('Action', { exact: true }).selectOption('withdrawal.approve');
  for (const who of ['fin-a-e2e', 'fin-b-e2e']) {
    await page.getByLabel('Operator', { exact: true }).fill(who);
    await page.getByRole('button', { name: 'Filter' }).click();
    const rows = page.getByRole('table', { name: 'Audit log' }).getByRole('row');
    await expect(rows.filter({ hasText: 'withdrawal.approve' }).filter({ hasText: who })).toHaveCount(1);
    await expect(rows).toHaveCount(2); // the header and that one approval
  }
  await shot(page, 'console-audit');
});
