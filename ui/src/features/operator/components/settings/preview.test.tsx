// The preview of the info setting shows the videos members get: the operator's link, or for a
// video left null or empty the server's bundled one in that language, said to be the bundled one.
import { act, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { renderWithProviders } from '@/testing/render';

import { Preview } from './preview';

const titles = { wallet: 'Wallet tour', play: 'Play a game', balance: 'Balance', bonus: 'Bonus', bonusCancel: 'Cancel' };
const info = {
  name: 'Ngern',
  website: '',
  howtoTitles: titles,
  howtoVideos: {
    wallet: null,
    play: '',
    balance: 'https://cdn.example/balance.mp4',
    bonus: '/media/howto/en/bonus.mp4',
    bonusCancel: null,
  },
};

describe('Preview of the info setting', () => {
  it.each([
    ['en', 'la', 'the video bundled with the server'],
    ['th', 'th', 'วิดีโอที่มากับเซิร์ฟเวอร์'],
    ['la', 'en', 'ວິດີໂອທີ່ມາກັບເຊີບເວີ'],
  ])('in a %s console, names the bundled %s video members get for a null or empty link', async (consoleLng, lng, bundled) => {
    await act(() => i18n.changeLanguage(consoleLng));
    renderWithProviders(<Preview name="info" value={info} lng={lng} />);
    expect(screen.getByText(`Wallet tour: /media/howto/${lng}/wallet.mp4 (${bundled})`)).toBeTruthy();
    expect(screen.getByText(`Play a game: /media/howto/${lng}/play.mp4 (${bundled})`)).toBeTruthy();
    expect(screen.getByText(`Cancel: /media/howto/${lng}/bonusCancel.mp4 (${bundled})`)).toBeTruthy();
    // The operator's own links are shown as they are.
    expect(screen.getByText('Balance: https://cdn.example/balance.mp4')).toBeTruthy();
    expect(screen.getByText('Bonus: /media/howto/en/bonus.mp4')).toBeTruthy();
    // Members never see "not available" for a video the server bundles.
    expect(screen.queryByText(/not available|ยังไม่พร้อม|ຍັງບໍ່ພ້ອມ/)).toBeNull();
  });
});
