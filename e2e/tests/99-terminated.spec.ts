import { expect, test } from '@playwright/test';

import { shot, useEnglish } from '../lib/app';
import { operator } from '../lib/server';

// Runs last: it shuts the service down and opens it again.
test('a terminated service sends /login to /terminated', async ({ page }) => {
  await useEnglish(page);
  await operator('PUT', '/api/operator/settings/active', { terminated: true });
  try {
    await page.waitForTimeout(2_500); // the server caches the status for 2 s
    await page.goto('/login');
    await expect(page).toHaveURL(/\/terminated$/);
    await expect(page.getByText('Service closed')).toBeVisible();
    await shot(page, 'terminated');
  } finally {
    await operator('PUT', '/api/operator/settings/active', { terminated: false });
  }
});
