import { expect, type Page } from '@playwright/test';

import { remember as rememberSecret } from './secrets';
import { screenPath } from './server';

/** useEnglish makes the app start in English (the stored locale). */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
  });
}

/** acceptAgreement closes the terms modal if it opens (1.5 s after a member page loads). */
export async function acceptAgreement(page: Page) {
  // Accepted on this device already: the app opens no agreement (it compares the stored version).
  if (await page.evaluate(() => window.localStorage.getItem('remember-agreement'))) return;
  // Otherwise the agreement opens 1.5 s after the page has its data: wait for it however slow
  // the machine is, rather than guess, or a late modal covers what the test clicks next.
  const accept = page.getByRole('button', { name: 'I accept' });
  await accept.waitFor({ state: 'visible', timeout: 20_000 });
  // The dialog is named by its title (screen readers and Lighthouse's "dialog has a name").
  await expect(page.getByRole('dialog', { name: 'Terms of service' })).toBeVisible();
  await accept.click();
  await expect(accept).toBeHidden();
}

/** shot saves a full-page screenshot of the current screen at 360 px. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: screenPath(name), fullPage: true });
}

/** login fills the login form and waits for the home page. */
export async function login(page: Page, phone: string, password: string, remember = false) {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  rememberSecret('password', password);
  rememberSecret(
    'session token',
    await page.evaluate(() => window.sessionStorage.getItem('token') ?? window.localStorage.getItem('token')),
  );
}
