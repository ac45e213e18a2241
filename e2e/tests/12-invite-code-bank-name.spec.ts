import { expect, test, type Page } from '@playwright/test';

import { acceptAgreement, login, useEnglish } from '../lib/app';
import { confirmed } from '../lib/console';
import { operator, otpFor, serverURL, uniquePhone } from '../lib/server';

// Two promises of the registration and profile pages: a friend who types the inviter's code
// (in capitals or in lower case) is linked exactly as one who follows the link, and a member of
// a bank with the English-only name rule whose stored holder name is not English is asked for
// the English name on the profile page until it is saved (spec part 4, "Bank name prompt").
test.describe.configure({ mode: 'serial' });

const password = 'typed-code-pass-123';
const phoneA = uniquePhone();

async function call(method: string, apiPath: string, body?: unknown, token = ''): Promise<any> {
  const res = await fetch(serverURL() + apiPath, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** registerByAPI registers a member as the app does, OTP read from the server log. */
async function registerByAPI(phone: string, name: string, bankCode: string, bankAccountName: string, inviteCode = '') {
  const sent = await call('POST', '/api/otp/send', { phoneNumber: phone });
  await call('POST', '/api/otp/verify', { otpToken: sent.otpToken, otpCode: await otpFor(phone) });
  await call('POST', '/api/account', {
    name,
    username: phone,
    password,
    sourceCode: 'FRIEND',
    inviteCode,
    bankCode,
    bankAccountName,
    bankAccountNo: phone,
    currency: 'BAHT',
    otpToken: sent.otpToken,
  });
}

const loginToken = async (phone: string) => (await call('POST', '/api/login', { username: phone, password })).token as string;

/** invitees are the names of the friends linked to the member of token. */
async function invitees(token: string): Promise<string[]> {
  const page = await call('POST', '/api/invite', { page: 1, limit: 10 }, token);
  return page.invites.map((i: { from: { name: string } }) => i.from.name).sort();
}

/** registerTyping registers in the browser, typing the inviter code into the profile step. */
async function registerTyping(page: Page, phone: string, name: string, typed: string, shown: string) {
  await page.goto('/register');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('OTP code').fill(await otpFor(phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  const code = page.getByLabel('Inviter code');
  await expect(code).toHaveValue('');
  await expect(code).toBeEditable();
  await code.pressSequentially(typed);
  await expect(code).toHaveValue(shown);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('How did you hear about us?').selectOption('FRIEND');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Bank', { exact: true }).selectOption('KBANK');
  await page.getByLabel('Bank account number').fill(phone);
  await page.getByLabel('Account first name').fill(name.split(' ')[0]);
  await page.getByLabel('Account last name').fill(name.split(' ')[1]);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Registration complete. Please log in.')).toBeVisible();
}

test.describe('a typed inviter code', () => {
  let tokenA = '';
  let code = '';

  test.beforeAll(async () => {
    await registerByAPI(phoneA, 'Inviter Typed', 'KBANK', 'INVITER TYPED');
    tokenA = await loginToken(phoneA);
    code = (await call('POST', '/api/invite', { page: 1, limit: 10 }, tokenA)).code;
    expect(code).toMatch(/^PR[2-9A-HJKMNP-Z]{8}$/);
  });

  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('typed in capitals links the friend', async ({ page }) => {
    await registerTyping(page, `08${phoneA.slice(2, 9)}1`, 'Capital Friend', code, code);
    expect(await invitees(tokenA)).toEqual(['Capital Friend']);
  });

  test('typed in lower case links the friend (the field shows capitals)', async ({ page }) => {
    await registerTyping(page, `08${phoneA.slice(2, 9)}2`, 'Lower Friend', code.toLowerCase(), code);
    expect(await invitees(tokenA)).toEqual(['Capital Friend', 'Lower Friend']);
  });

  test('the server matches a lower-case code with spaces too (another client)', async () => {
    await registerByAPI(`08${phoneA.slice(2, 9)}3`, 'Api Friend', 'KBANK', 'API FRIEND', `  ${code.toLowerCase()} `);
    expect(await invitees(tokenA)).toEqual(['Api Friend', 'Capital Friend', 'Lower Friend']);
  });
});

test.describe('the English-name prompt', () => {
  const phone = `08${phoneA.slice(2, 9)}4`;
  type Bank = { code: string; englishOnly: boolean; active: boolean; sort: number };
  let ktb: Bank;

  test.beforeAll(async () => {
    // A member who registered at KTB with a Thai holder name before the English-only rule was
    // on for the bank: the operator turns the rule off, the member registers, the rule returns.
    ktb = (await operator('GET', '/api/operator/banks')).banks.find((b: Bank) => b.code === 'KTB');
    expect(ktb.englishOnly).toBe(true);
    await confirmed('PUT', '/api/operator/banks/KTB', { englishOnly: false, active: true, sort: ktb.sort });
    try {
      await registerByAPI(phone, 'Somsak Thai', 'KTB', 'สมศักดิ์ ใจดี');
    } finally {
      await confirmed('PUT', '/api/operator/banks/KTB', { englishOnly: true, active: ktb.active, sort: ktb.sort });
    }
  });

  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
  });

  test('opens by itself on the profile page and goes away once an English name is saved', async ({ page }) => {
    await login(page, phone, password, true);
    await acceptAgreement(page);
    // The home stays free of the prompt.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page
      .getByRole('button', { name: 'Profile' })
      .or(page.getByRole('link', { name: 'Profile' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/user\/profile$/);

    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Account holder' }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Please enter the name in English letters only')).toBeVisible();
    await test.info().attach('bank-name-prompt', { body: await page.screenshot(), contentType: 'image/png' });
    // A Thai name is still refused, and nothing changes.
    await dialog.getByRole('textbox', { name: 'Account holder' }).fill('สมศักดิ์ ใจดี');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible();
    const token = await loginToken(phone);
    expect((await call('GET', '/api/account/profile', undefined, token)).bankAccount.bankAccountName).toBe('สมศักดิ์ ใจดี');

    await dialog.getByRole('textbox', { name: 'Account holder' }).fill('somsak jaidee');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The account holder name has been saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('SOMSAK JAIDEE', { exact: true })).toBeVisible();
    expect((await call('GET', '/api/account/profile', undefined, token)).bankAccount.bankAccountName).toBe('SOMSAK JAIDEE');

    // The next visit asks nothing.
    await page.reload();
    await expect(page.getByText('SOMSAK JAIDEE', { exact: true })).toBeVisible();
    // The bank's name is from the banks lookup, which the prompt also waits for.
    await expect(page.getByText('ธนาคารกรุงไทย')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
