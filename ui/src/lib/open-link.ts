// Opening game links on Android and iOS (the web build uses open-link.web.ts).
import { Linking } from 'react-native';

import { serverUrl } from './config';

/** openLink opens a URL in the browser or the app that handles it. */
export async function openLink(url: string): Promise<void> {
  await Linking.openURL(serverUrl(url));
}

/** openLinkFrom asks for a link (e.g. an auto-login link), then opens it. */
export async function openLinkFrom(getLink: () => Promise<string>): Promise<void> {
  await openLink(await getLink());
}
