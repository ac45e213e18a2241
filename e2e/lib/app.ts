import { expect, type Page } from '@playwright/test';

import { screenPath } from './server';

/** useEnglish makes the app start in English (the stored locale). */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
  });
}

/** acceptAgreement closes the terms modal if it opens (1.5 s after a member page loads). */
export async function acceptAgreement(page: Page) {
  const accept = page.getByRole('button', { name: 'I accept' });
  try {
    await accept.waitFor({ state: 'visible', timeout: 3_000 });
    await accept.click();
    await expect(accept).toBeHidden();
  } catch {
    // Already accepted on this device.
  }
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
}
