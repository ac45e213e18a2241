import { expect, test } from '@playwright/test';

import { useEnglish } from '../lib/app';
import { serverURL } from '../lib/server';

// A guest opens the how-to page and a video: out of the box it is the walkthrough the server bundles
// (recorded from the app, make howto-videos), served by this server in the guest's language, and
// the browser's player reads it (its duration is known), a range at a time; its poster shows first.
test('a bundled how-to video plays from our server', async ({ page }) => {
  await useEnglish(page);
  const ranges: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/media/howto/') && r.url().endsWith('.mp4')) ranges.push(r.headers()['range'] ?? '');
  });
  await page.goto('/howto');
  await page.getByRole('button', { name: 'How to use the wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to use the wallet' });
  const video = dialog.getByLabel('How-to video: How to use the wallet');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(5);
  const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
  expect(src).toBe(`${serverURL()}/media/howto/en/wallet.mp4`);
  expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
  // Chromium asks for the file by ranges (bytes=0-): the server answers 206 (http.ServeContent).
  expect(ranges.some((r) => r.startsWith('bytes='))).toBe(true);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  // Its poster sits next to it on the server, a WebP the browser shows until the video plays.
  const poster = await video.evaluate((v: HTMLVideoElement) => v.poster);
  expect(poster).toBe(`${serverURL()}/media/howto/en/wallet.webp`);
  const res = await page.request.get(poster);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
});
