import { posterFor } from './howto-media';

describe('posterFor', () => {
  it.each([
    ['a bundled video', '/media/howto/th/wallet.mp4', '/media/howto/th/wallet.webp'],
    ['a bundled video in Lao', '/media/howto/la/bonusCancel.mp4', '/media/howto/la/bonusCancel.webp'],
    ["an operator's link", 'https://cdn.example/howto/wallet.mp4', undefined],
    ['another path of the server', '/media/other/wallet.mp4', undefined],
    ['not an MP4', '/media/howto/th/wallet.webm', undefined],
  ])('%s', (_name, url, want) => {
    expect(posterFor(url)).toBe(want);
  });
});
