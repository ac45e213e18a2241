import { expect, test } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { otpFor, resetCodeFor, uniquePhone } from '../lib/server';

// The account flows share one member, in order: register, log in, profile,
// bank name, password, log out.
test.describe.configure({ mode: 'serial' });

const phone = uniquePhone();
const accountNo = phone.slice(0, 10);
let password = 'first-pass-123';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('register with OTP in four steps', async ({ page }) => {
  await page.goto('/register?code=PRnotamember');
  await shot(page, 'register-phone');
  // The 10-digit rule is checked before anything is sent.
  await page.getByLabel('Phone number').fill('081234');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The phone number must support 10 digits')).toBeVisible();

  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/Reference: [A-Z]{4}/)).toBeVisible();
  await shot(page, 'register-otp');
  await page.getByLabel('OTP code').fill(await otpFor(phone));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Inviter code')).toHaveValue('PRnotamember');
  await page.getByLabel('Name', { exact: true }).fill('Somchai E2E');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('How did you hear about us?').selectOption('FACEBOOK');
  await shot(page, 'register-profile');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByLabel('Bank', { exact: true })).toBeVisible();
  await page.getByLabel('Bank', { exact: true }).selectOption('KTB');
  await page.getByLabel('Bank account number').fill(accountNo);
  await page.getByLabel('Account first name').fill('สมชาย');
  await page.getByLabel('Account last name').fill('ใจดี');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Bank account name must be in English only').first()).toBeVisible();
  await page.getByLabel('Account first name').fill('somchai');
  await expect(page.getByLabel('Account first name')).toHaveValue('SOMCHAI');
  await page.getByLabel('Account last name').fill('jaidee');
  await shot(page, 'register-bank');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Registration complete. Please log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
});

test('log in without remember keeps the token for the session only', async ({ page }) => {
  await login(page, phone, password);
  expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await acceptAgreement(page);
  await shot(page, 'home');
});

test('a wrong password shows the translated error, which clears on typing', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const error = page.getByRole('alert').filter({ hasText: /incorrect|phone number|password/i });
  await expect(error).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('wrong-password2');
  await expect(error).toBeHidden();
});

test('profile, bank name and password', async ({ page }) => {
  await login(page, phone, password, true);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
  await acceptAgreement(page);
  await page
    .getByRole('link', { name: 'Profile' })
    .or(page.getByRole('button', { name: 'Profile' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await acceptAgreement(page);
  await expect(page.getByText('Somchai E2E').first()).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(phone);
  await expect(page.getByText('ธนาคารกรุงไทย')).toBeVisible();
  await expect(page.getByText(`${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}`)).toBeVisible();
  await expect(page.getByText('SOMCHAI JAIDEE')).toBeVisible();
  await shot(page, 'profile');

  await page.getByRole('button', { name: 'Edit account holder name' }).click();
  const nameField = page.getByRole('dialog').getByRole('textbox', { name: 'Account holder' });
  await nameField.fill('somchai new');
  await expect(nameField).toHaveValue('SOMCHAI NEW');
  await shot(page, 'profile-edit-bank-name');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The account holder name has been saved')).toBeVisible();
  await expect(page.getByText('SOMCHAI NEW', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByLabel('New password', { exact: true }).fill('second-pass-456');
  await dialog.getByLabel('Confirm new password').fill('second-pass-999');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The new passwords are not the same')).toBeVisible();
  await dialog.getByLabel('Confirm new password').fill('second-pass-456');
  await shot(page, 'profile-change-password');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  password = 'second-pass-456';
});

test('log out clears the token; the new password logs in', async ({ page }) => {
  await login(page, phone, password, true);
  await acceptAgreement(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await page.goto('/user/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a forgotten password is reset by SMS code; every session ends', async ({ page, browser }) => {
  // A session on another device, which the reset must end.
  const other = await browser.newPage();
  await useEnglish(other);
  await login(other, phone, password, true);

  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset password' });
  await expect(dialog.getByLabel('Phone number')).toHaveValue(phone);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(/a code is on its way \(ref [A-Z]{4}\)/)).toBeVisible();
  await expect(dialog.getByText('The password needs at least 8 characters')).toBeVisible();
  await dialog.getByLabel('Code from the SMS').fill(await resetCodeFor(phone));
  await dialog.getByLabel('New password', { exact: true }).fill('third-pass-789');
  await dialog.getByLabel('Confirm new password').fill('third-pass-789');
  await shot(page, 'login-reset-password');
  await dialog.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/Your password was changed/)).toBeVisible();
  await expect(dialog).toBeHidden();
  password = 'third-pass-789';

  await other.goto('/user/home');
  await expect(other).toHaveURL(/\/login$/);
  await other.close();
  await login(page, phone, password);
});
