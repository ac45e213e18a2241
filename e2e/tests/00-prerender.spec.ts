import { expect, test } from '@playwright/test';

// The public pages are pre-rendered: their first paint needs no JavaScript.
test.describe('pre-rendered pages', () => {
  test.use({ javaScriptEnabled: false });

  test('the Thai login form shows without JavaScript', async ({ page }) => {
    const response = await page.goto('/login');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByText('เบอร์โทรศัพท์').first()).toBeVisible();
    await expect(page.getByText('รหัสผ่าน').first()).toBeVisible();
    await expect(page.getByText('เข้าสู่ระบบ').first()).toBeVisible();
  });

  test('the other public pages and the 404 are pre-rendered too', async ({ page }) => {
    for (const path of ['/register', '/howto', '/contact', '/terminated']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect((await page.locator('body').innerText()).trim().length, path).toBeGreaterThan(20);
    }
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('ไม่พบหน้าที่ต้องการ').first()).toBeVisible();
  });
});
