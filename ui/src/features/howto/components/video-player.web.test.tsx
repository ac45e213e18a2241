// The web player (video-player.web.tsx; jest resolves the native one by default): the browser's own
// video element with controls, named in the member's language, and a message when it cannot play.
import { act, fireEvent, screen } from '@testing-library/react-native';

import i18n from '@/i18n';
import { renderWithProviders } from '@/testing/render';

// The explicit file: jest would resolve video-player.tsx.
const { VideoPlayer } = jest.requireActual<typeof import('./video-player.web')>('./video-player.web.tsx');

describe('VideoPlayer on the web', () => {
  it.each([
    ['en', 'How-to video: Wallet tour'],
    ['th', 'วิดีโอวิธีใช้งาน: Wallet tour'],
    ['la', 'ວິດີໂອວິທີໃຊ້ງານ: Wallet tour'],
  ])('plays the server file inline with controls, named in %s', async (lang, label) => {
    await act(() => i18n.changeLanguage(lang));
    renderWithProviders(<VideoPlayer url="/media/howto/th/wallet.mp4" title="Wallet tour" />);
    const video = screen.UNSAFE_getByType('video' as never);
    expect(video.props).toMatchObject({
      src: '/media/howto/th/wallet.mp4',
      poster: '/media/howto/th/wallet.webp',
      controls: true,
      playsInline: true,
      preload: 'metadata',
      'aria-label': label,
    });
  });

  it('says so when the video cannot be played, and not once it loads', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<VideoPlayer url="https://cdn.example/w.mp4" title="Wallet tour" />);
    const video = screen.UNSAFE_getByType('video' as never);
    expect(video.props.poster).toBeUndefined();
    fireEvent(video, 'error');
    expect(await screen.findByText('The video could not be played. Check your connection and try again.')).toBeTruthy();
    fireEvent(video, 'loadedMetadata');
    expect(screen.queryByText('The video could not be played. Check your connection and try again.')).toBeNull();
  });
});
