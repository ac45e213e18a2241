import { expect, test, type Page } from '@playwright/test';

import { acceptAgreement, login, shot, useEnglish } from '../lib/app';
import { addOperator, signIn } from '../lib/console';
import { operator, serverURL } from '../lib/server';

// Support chat: a guest opens the chat widget, sends a text and a picture; a support operator
// answers from the console inbox and the guest sees the answer live; a member's history pages
// back 10 messages at a time.
test.describe.configure({ mode: 'serial' });

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test.beforeAll(async () => {
  await operator('PUT', '/api/operator/settings/enableChatWidget', { enableChatWidget: true });
});

test.afterAll(async () => {
  await operator('PUT', '/api/operator/settings/enableChatWidget', { enableChatWidget: false });
});

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open the chat' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with support' })).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
}

test('a guest chats with text and a picture; a support operator answers from the console; the guest sees it live', async ({ browser }) => {
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const guest = await guestContext.newPage();
  await useEnglish(guest);
  await guest.goto('/contact');
  await expect(guest.getByText('Need help? Chat with us')).toBeVisible();
  await openChat(guest);
  const guestId = await guest.evaluate(() => JSON.parse(window.localStorage.getItem('guest-id') ?? '{}').guestId as string);
  expect(guestId).toMatch(/^g[0-9a-f]{24}$/);

  const box = guest.getByLabel('Type a message');
  await box.fill('Hello, my deposit has not arrived');
  await box.press('Shift+Enter'); // a new line, not a send
  await expect(guest.getByText('Sending…')).toHaveCount(0);
  await box.press('Enter');
  await expect(guest.getByText('Hello, my deposit has not arrived')).toBeVisible();
  await expect(guest.getByText('Sending…')).toHaveCount(0);

  const chooser = guest.waitForEvent('filechooser');
  await guest.getByRole('button', { name: 'Attach a picture or a video' }).click();
  await (await chooser).setFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png });
  await expect(guest.getByRole('img', { name: 'slip.png' })).toBeVisible();
  await expect(guest.getByText('Uploading…')).toHaveCount(0);
  await shot(guest, 'chat-guest');

  const opContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const inbox = await opContext.newPage();
  await useEnglish(inbox);
  const support = addOperator('chat-e2e', 'support');
  await signIn(inbox, support, { firstTime: true });
  await inbox.getByRole('link', { name: 'Support chat', exact: true }).click();
  await expect(inbox).toHaveURL(/\/operator\/chat$/);
  await expect(inbox.getByText('Live', { exact: true })).toBeVisible();
  await inbox.getByRole('button', { name: `Guest ${guestId}` }).click();
  const thread = inbox.getByLabel('Messages', { exact: true });
  await expect(thread.getByText('Hello, my deposit has not arrived')).toBeVisible();
  await expect(thread.getByRole('img', { name: 'slip.png' })).toBeVisible();
  await inbox.getByRole('button', { name: 'Assign to me' }).click();
  await inbox.getByLabel('Reply', { exact: true }).fill('Thank you, we are checking your deposit now.');
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  await shot(inbox, 'console-chat');

  // Live on the guest's screen, without a reload.
  await expect(guest.getByText('Thank you, we are checking your deposit now.')).toBeVisible({ timeout: 5_000 });
  // And the guest's next message reaches the console live.
  await box.fill('Thanks!');
  await box.press('Enter');
  await expect(thread.getByText('Thanks!', { exact: true })).toBeVisible({ timeout: 5_000 });

  // A canned reply (seeded per language, stored on the server) fills the reply box.
  await inbox.getByRole('button', { name: 'Greeting', exact: true }).click();
  await expect(inbox.getByLabel('Reply', { exact: true })).toHaveValue('Hello, how can we help you today?');
  // Buttons composed in the console show in the widget; a tap comes back as a postback.
  await inbox.getByRole('button', { name: 'Buttons', exact: true }).click();
  await inbox.getByLabel('Reply', { exact: true }).fill('How would you like to deposit?');
  await inbox.getByLabel('Button 1: Button title').fill('QR code');
  await inbox.getByLabel('Button 1: What comes back when tapped').fill('DEPOSIT_QR');
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(guest.getByText('How would you like to deposit?')).toBeVisible({ timeout: 5_000 });
  await guest.getByRole('button', { name: 'QR code' }).click();
  await expect(thread.getByText('Tapped: QR code')).toBeVisible({ timeout: 5_000 });

  // Nobody reads the conversation without the guest's token.
  const res = await fetch(`${serverURL()}/api/chat/history`, { method: 'POST', body: JSON.stringify({ guestId, limit: 10 }) });
  expect(res.status).toBe(401);
  await guestContext.close();
  await opContext.close();
});

test("a member's history pages back 10 at a time", async ({ page }) => {
  await useEnglish(page);
  const res = await fetch(`${serverURL()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: '0812345678', password: 'demo-pass-1234' }),
  });
  const { token } = (await res.json()) as { token: string };
  for (let i = 1; i <= 14; i++) {
    const sent = await fetch(`${serverURL()}/api/chat/send-message`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: { message_type: 'text', payload: { message: `history message ${i}` } } }),
    });
    expect(sent.status).toBe(200);
    if (i % 10 === 0) await new Promise((r) => setTimeout(r, 1000)); // stays under 20 a minute
  }
  await login(page, '0812345678', 'demo-pass-1234');
  await acceptAgreement(page);
  await page.goto('/user/contact');
  await openChat(page);
  await expect(page.getByText('history message 14', { exact: true })).toBeVisible();
  await expect(page.getByText('history message 5', { exact: true })).toBeVisible();
  await expect(page.getByText('history message 4', { exact: true })).toHaveCount(0);
  // Scrolling to the top loads the previous 10.
  const history = page.getByLabel('Messages');
  for (let i = 0; i < 5 && (await page.getByText('history message 4', { exact: true }).count()) === 0; i++) {
    await history.evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });
    await page.waitForTimeout(500);
  }
  await expect(page.getByText('history message 1', { exact: true })).toBeAttached();
  await shot(page, 'chat-member');
});
