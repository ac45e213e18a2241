// The native player (Android and iOS): expo-video's player in the modal with the system's controls,
// named in the member's language, the bundled video's poster until the member presses it, and a
// message when the video cannot be played. (expo-video is the fake of testing/expo-video.tsx.)
import { act, fireEvent, screen } from '@testing-library/react-native';
import { Image } from 'react-native';

import i18n from '@/i18n';
import { players } from '@/testing/expo-video';
import { renderWithProviders } from '@/testing/render';

import { VideoPlayer } from './video-player';

const failed = 'The video could not be played. Check your connection and try again.';
const lastPlayer = () => players.at(-1)!;

describe('VideoPlayer on Android and iOS', () => {
  beforeEach(() => {
    players.length = 0;
  });

  it.each([
    ['en', 'How-to video: Wallet tour', 'Play the video: Wallet tour'],
    ['th', 'วิดีโอวิธีใช้งาน: Wallet tour', 'เล่นวิดีโอ: Wallet tour'],
    ['la', 'ວິດີໂອວິທີໃຊ້ງານ: Wallet tour', 'ຫຼິ້ນວິດີໂອ: Wallet tour'],
  ])('plays the server file in the modal with native controls, named in %s', async (lang, label, play) => {
    await act(() => i18n.changeLanguage(lang));
    renderWithProviders(<VideoPlayer url="/media/howto/th/wallet.mp4" title="Wallet tour" />);
    const player = lastPlayer();
    expect(player.source).toMatch(/\/media\/howto\/th\/wallet\.mp4$/);
    const view = screen.getByTestId('video-view');
    expect(view.props).toMatchObject({ player, nativeControls: true, accessibilityLabel: label });

    // The poster covers the video until the member presses it, which starts the video.
    const poster = screen.getByRole('button', { name: play });
    expect(screen.UNSAFE_getByType(Image).props.source.uri).toMatch(/\/media\/howto\/th\/wallet\.webp$/);
    expect(player.play).not.toHaveBeenCalled();
    fireEvent.press(poster);
    expect(player.play).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: play })).toBeNull();
  });

  it("shows no poster for an operator's own link: the native controls start it", async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<VideoPlayer url="https://cdn.example/w.mp4" title="Wallet tour" />);
    expect(lastPlayer().source).toBe('https://cdn.example/w.mp4');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByLabelText('How-to video: Wallet tour')).toBeTruthy();
  });

  it('says so when the video cannot be played, and not once it loads', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<VideoPlayer url="https://cdn.example/w.mp4" title="Wallet tour" />);
    const player = lastPlayer();
    act(() => player.emit('statusChange', { status: 'error', error: { message: 'offline' } }));
    expect(await screen.findByText(failed)).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => player.emit('statusChange', { status: 'readyToPlay' }));
    expect(screen.queryByText(failed)).toBeNull();
  });
});
