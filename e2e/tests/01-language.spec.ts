import { expect, test } from '@playwright/test';

import { shot, useEnglish } from '../lib/app';

test.describe('language and routing', () => {
  test('Thai by default, then Lao and English, remembered in the i18next cookie', async ({ page, context }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true })).toBeVisible();
    await shot(page, 'login-th');

    await page.getByRole('button', { name: /ລາວ/ }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
    await shot(page, 'login-la');

    await page
      .getByRole('button', { name: /English/ })
      .first()
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await shot(page, 'login-en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
    expect(cookie?.value).toBe('EN');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an unknown path shows Page Not Found', async ({ page }) => {
    await useEnglish(page);
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found').first()).toBeVisible();
    await shot(page, 'not-found');
  });

  test('a member route without a token goes to /login', async ({ page }) => {
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('how-to and contact pages', async ({ page }) => {
    await useEnglish(page);
    await page.goto('/howto');
    await expect(page.getByText('How to play').first()).toBeVisible();
    await shot(page, 'howto');
    await page.goto('/contact');
    await expect(page.getByText('Version 1.1.14')).toBeVisible();
    await shot(page, 'contact');
  });
});
