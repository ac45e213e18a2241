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

// The public pages are pre-rendered in every language; the server answers the visitor's (the
// app's i18next cookie, else Accept-Language), so the first paint is in it before any script.
test.describe('pre-rendered in the visitor language', () => {
  test('the HTML itself is in the language the cookie or Accept-Language names', async ({ request }) => {
    const cases: [Record<string, string>, string, string][] = [
      [{ Cookie: 'i18next=EN' }, 'en', 'Log in'],
      [{ 'Accept-Language': 'lo-LA,lo;q=0.9' }, 'lo', 'ເຂົ້າສູ່ລະບົບ'],
      [{ Cookie: 'i18next=TH', 'Accept-Language': 'en' }, 'th', 'เข้าสู่ระบบ'],
      [{ 'Accept-Language': 'fr-FR' }, 'th', 'เข้าสู่ระบบ'],
    ];
    for (const [headers, lang, text] of cases) {
      const response = await request.get('/login', { headers });
      expect(response.status(), JSON.stringify(headers)).toBe(200);
      expect(response.headers()['vary']).toContain('Cookie');
      const html = await response.text();
      expect(html, JSON.stringify(headers)).toMatch(new RegExp(`<html\\s+lang="${lang}"`));
      expect(html, JSON.stringify(headers)).toContain(text);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('an English visitor (cookie) sees the English login form', async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'i18next', value: 'EN', url: baseURL! }]);
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByText('Log in').first()).toBeVisible();
      await page.goto('/no/such/page');
      await expect(page.getByText('Page Not Found').first()).toBeVisible();
    });

    test.describe('a Lao browser', () => {
      test.use({ locale: 'lo-LA' });
      test('sees the Lao login form', async ({ page }) => {
        await page.goto('/login');
        await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
        await expect(page.getByText('ເຂົ້າສູ່ລະບົບ').first()).toBeVisible();
      });
    });
  });

  test('an English page hydrates in English without an error, and the language can still change', async ({ page, context, baseURL }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await context.addCookies([{ name: 'i18next', value: 'EN', url: baseURL! }]);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Hydrated: the language buttons work.
    await page.getByRole('button', { name: /ລາວ/ }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
    await expect(page.getByRole('button', { name: 'ເຂົ້າສູ່ລະບົບ', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
