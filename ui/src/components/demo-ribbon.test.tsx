import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react-native';

import { DemoRibbon } from '@/components/demo-ribbon';
import i18n from '@/i18n';
import { setFetch } from '@/lib/api';
import { fontFamily } from '@/lib/fonts';

function answer(body: unknown) {
  setFetch((async () => ({ ok: true, status: 200, text: async () => JSON.stringify(body) }) as Response) as typeof fetch);
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DemoRibbon />
    </QueryClientProvider>,
  );
  return client;
}

describe('DemoRibbon', () => {
  afterAll(() => act(() => i18n.changeLanguage('th')));

  test.each([
    ['th', 'เดโม — ธนาคารและเกมจำลอง'],
    ['la', 'ເດໂມ — ທະນາຄານ ແລະ ເກມຈຳລອງ'],
    ['en', 'Demo — simulated bank and games'],
  ])('shows in demo mode, translated (%s)', async (lng, text) => {
    await i18n.changeLanguage(lng);
    answer({ terminated: false, demo: true });
    const client = show();
    // In the language's bundled bold font: a system font may have no Thai or Lao glyphs.
    expect(await screen.findByText(text)).toHaveStyle({ fontFamily: fontFamily(lng, true) });
    screen.unmount();
    client.clear();
  });

  test('hides in production', async () => {
    answer({ terminated: false, demo: false });
    const client = show();
    await waitFor(() => expect(client.getQueryState(['lookup', 'active'])?.status).toBe('success'));
    expect(screen.queryByTestId('demo-ribbon')).toBeNull();
    client.clear();
  });
});
