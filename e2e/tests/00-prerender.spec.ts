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

  test('the public pages open with the hero, drawn without JavaScript', async ({ page }) => {
    for (const path of ['/login', '/register', '/howto', '/contact']) {
      await page.goto(path);
      // The lock-up is named by the app's name; both pictures are plain images with their size.
      const lockup = page.getByRole('img', { name: 'เงิน' });
      await expect(lockup, path).toBeVisible();
      await expect(page.getByText('เงินและเกมของคุณ ในกระเป๋าเดียว'), path).toBeVisible();
      const picture = page.getByTestId('hero').locator('img[alt=""]');
      await expect(picture, path).toHaveAttribute('alt', '');
      for (const img of [lockup, picture]) {
        await expect(img, path).toHaveAttribute('width', /^\d+$/);
        await expect(img, path).toHaveAttribute('height', /^\d+$/);
        // Loaded and drawn: the SVG file was served (a broken image has no natural width).
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { message: path })
          .toBeGreaterThan(0);
      }
    }
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
