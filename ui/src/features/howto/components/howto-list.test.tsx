import { act, fireEvent, screen, waitFor } from '@testing-library/react-native';

import i18n from '@/i18n';
import { players } from '@/testing/expo-video';
import { mockApi, renderWithProviders } from '@/testing/render';

import { HowtoList } from './howto-list';

const videos = { wallet: '/media/howto/en/wallet.mp4', play: null, balance: null, bonus: null, bonusCancel: null };
const info = (titles: Record<string, string>) => ({ body: { name: 'Ngern', website: '', howtoVideos: videos, howtoTitles: titles } });
const enTitles = { wallet: 'Wallet tour', play: 'Play a game', balance: 'Balance', bonus: 'Bonus', bonusCancel: 'Cancel' };

describe('HowtoList', () => {
  beforeEach(() => {
    players.length = 0;
    return i18n.changeLanguage('en');
  });

  it("lists the operator's titles in the member's language and asks again after a switch", async () => {
    const calls = mockApi({
      'GET /api/lookup/info?lang=en': info(enTitles),
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

  it.each([
    ['en', 'Play the video: Wallet tour'],
    ['th', 'เล่นวิดีโอ: Wallet tour'],
    ['la', 'ຫຼິ້ນວິດີໂອ: Wallet tour'],
  ])('plays a video in the modal from its poster, named in %s', async (lang, label) => {
    mockApi({ [`GET /api/lookup/info?lang=${lang}`]: info(enTitles) });
    await act(() => i18n.changeLanguage(lang));
    renderWithProviders(<HowtoList />);
    fireEvent.press(await screen.findByRole('button', { name: 'Wallet tour' }));
    fireEvent.press(await screen.findByRole('button', { name: label }));
    const player = players.at(-1)!;
    expect(player.source).toMatch(/\/media\/howto\/en\/wallet\.mp4$/);
    await waitFor(() => expect(player.play).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
