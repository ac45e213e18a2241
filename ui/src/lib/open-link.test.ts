import * as WebBrowser from 'expo-web-browser';
import { Linking } from 'react-native';

import { openLink, openLinkFrom } from './open-link';

jest.mock('expo-web-browser', () => ({ openBrowserAsync: jest.fn(async () => ({ type: 'dismiss' })) }));
// A phone build knows its server's address (config.ts); the tests' build has none.
jest.mock('./config', () => ({
  serverUrl: (link: string) => (link.startsWith('/') ? `https://ngern.example${link}` : link),
}));

describe('openLink on Android and iOS', () => {
  let openURL: jest.SpyInstance;
  beforeEach(() => {
    (WebBrowser.openBrowserAsync as jest.Mock).mockClear();
    openURL = jest.spyOn(Linking, 'openURL').mockResolvedValue(true);
  });
  afterEach(() => openURL.mockRestore());

  it.each([
    ['a game page', 'https://games.example/play?token=t'],
    ['an http page', 'http://games.example/'],
  ])('opens %s in the in-app browser', async (_name, url) => {
    await openLink(url);
    expect(WebBrowser.openBrowserAsync).toHaveBeenCalledWith(url);
    expect(openURL).not.toHaveBeenCalled();
  });

  it('opens a path of the server as a page of the server, in the in-app browser', async () => {
    await openLink('/sim/aggregator/play/x');
    expect(WebBrowser.openBrowserAsync).toHaveBeenCalledWith('https://ngern.example/sim/aggregator/play/x');
  });

  it.each([
    ['a phone number', 'tel:+6621234567'],
    ['a LINE link', 'line://ti/p/@ngern'],
  ])('hands %s to the app that handles it', async (_name, url) => {
    await openLink(url);
    expect(openURL).toHaveBeenCalledWith(url);
    expect(WebBrowser.openBrowserAsync).not.toHaveBeenCalled();
  });

  it('opens a fetched link once it arrives', async () => {
    await openLinkFrom(async () => 'https://games.example/launch');
    expect(WebBrowser.openBrowserAsync).toHaveBeenCalledWith('https://games.example/launch');
  });
});
