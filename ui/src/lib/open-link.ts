// Opening links on Android and iOS (the web build uses open-link.web.ts). Web pages (game pages,
// auto-login links, how-to pages) open in the in-app browser (Custom Tabs on Android,
// SFSafariViewController on iOS), so the member comes back to the app by closing it; other
// schemes (tel:, line:, an app's own scheme) go to the app that handles them.
import * as WebBrowser from 'expo-web-browser';
import { Linking } from 'react-native';

import { serverUrl } from './config';

/** isWebPage tells the http(s) URLs, which the in-app browser shows. */
export function isWebPage(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/** openLink opens a web page in the in-app browser, anything else in the app that handles it. */
export async function openLink(url: string): Promise<void> {
  const target = serverUrl(url);
  if (isWebPage(target)) {
    await WebBrowser.openBrowserAsync(target);
    return;
  }
  await Linking.openURL(target);
}

/** openLinkFrom asks for a link (e.g. an auto-login link or a game's page), then opens it. */
export async function openLinkFrom(getLink: () => Promise<string>): Promise<void> {
  await openLink(await getLink());
}
