// Opening game links on the web. Browsers only allow a new tab during the click itself, so a
// link that still has to be fetched gets an empty tab at once, pointed at the link when it
// arrives; when the tab is refused (popup blocker) the link opens in this tab.

/** isWebLink accepts http(s) URLs and paths of this origin, never script or data URLs. */
export function isWebLink(url: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/i.test(url.trim());
}

function go(win: Window | null, url: string): void {
  if (!isWebLink(url)) throw new Error('UNSAFE_LINK');
  if (win && !win.closed) {
    win.opener = null;
    win.location.href = url;
  } else {
    window.location.assign(url);
  }
}

/** openLink opens a URL in a new tab. */
export async function openLink(url: string): Promise<void> {
  if (!isWebLink(url)) throw new Error('UNSAFE_LINK');
  go(window.open('', '_blank'), url);
}

/** openLinkFrom opens a tab now, asks for the link, then sends the tab there. */
export async function openLinkFrom(getLink: () => Promise<string>): Promise<void> {
  const win = window.open('', '_blank');
  try {
    go(win, await getLink());
  } catch (err) {
    win?.close();
    throw err;
  }
}
