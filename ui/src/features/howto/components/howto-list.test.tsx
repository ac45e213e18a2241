import { act, fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { mockApi, renderWithProviders } from '@/testing/render';

import { HowtoList } from './howto-list';

const videos = { wallet: 'https://v.example/wallet.mp4', play: null, balance: null, bonus: null, bonusCancel: null };
const info = (titles: Record<string, string>) => ({ body: { name: 'Ngern', website: '', howtoVideos: videos, howtoTitles: titles } });

describe('HowtoList', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it("lists the operator's titles in the member's language and asks again after a switch", async () => {
    const calls = mockApi({
      'GET /api/lookup/info?lang=en': info({
        wallet: 'Wallet tour',
        play: 'Play a game',
        balance: 'Balance',
        bonus: 'Bonus',
        bonusCancel: 'Cancel',
      }),
      'GET /api/lookup/info?lang=la': info({ wallet: 'ກະເປົາ', play: 'ຫຼິ້ນ', balance: 'ຍອດ', bonus: 'ໂບນັດ', bonusCancel: 'ຍົກເລີກ' }),
    });
    renderWithProviders(<HowtoList />);
    fireEvent.press(await screen.findByRole('button', { name: 'Play a game' }));
    expect(await screen.findByText('This video is not available yet.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/lookup/info?lang=en');
    await act(() => i18n.changeLanguage('la'));
    expect(await screen.findByRole('button', { name: 'ກະເປົາ' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/lookup/info?lang=la');
  });
});
