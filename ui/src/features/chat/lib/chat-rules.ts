// The widget's rules (spec parts 4, 5 and 9, chat), kept pure so that they are tested alone.

import { limits } from '@/lib/limits.generated';

/** chatLimits are the widget's constants; the sizes come from the server's limits (core/limits). */
export const chatLimits = {
  maxText: limits.chatText,
  imageMb: limits.chatImageMB,
  videoMb: limits.chatVideoMB,
  historyPage: limits.chatHistoryPage,
  rejoinEveryMs: 5000,
  readDebounceMs: 1000,
  sendDelayMs: 500,
  bottomThresholdPx: 60,
} as const;

export type Payload = {
  message?: string;
  buttons?: ChatButton[];
  quick_replies?: ChatButton[];
  cards?: { image_url?: string; title: string; subtitle?: string; buttons?: ChatButton[] }[];
  url?: string;
  fileType?: 'image' | 'video' | 'file';
  filePath?: string;
  name?: string;
  title?: string;
  payload?: string;
};

export type ChatButton = { title: string; type?: string; payload?: string };

export type ChatContent = { message_type: string; payload: Payload };

/** DeliveryState is an outgoing message's state (spec part 3). */
export type DeliveryState = 'uploading_file' | 'sending' | 'failed' | 'succeed';

/** ChatItem is a conversation item; local ones carry localId and state until the server confirms them. */
export type ChatItem = {
  _id?: string;
  localId?: string;
  room?: string;
  sender: string;
  message: ChatContent;
  createdAt: string;
  userId?: string;
  guestId?: string;
  state?: DeliveryState;
};

type KeyEventLike = { key: string; shiftKey?: boolean; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean };

/** isSendKey: Enter sends; Shift, Ctrl, Alt or Meta with Enter does not. */
export function isSendKey(e: KeyEventLike): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey;
}

/** canSend: a text is sent only if it is not blank. */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

/** capText caps a text at chatLimits.maxText characters (code points). */
export function capText(text: string): string {
  const chars = Array.from(text);
  return chars.length > chatLimits.maxText ? chars.slice(0, chatLimits.maxText).join('') : text;
}

export type AttachmentCheck =
  { ok: true; kind: 'image' | 'video' } | { ok: false; error: 'fileNotSupported' } | { ok: false; error: 'fileTooLarge'; limitMb: number };

const imageExt = ['png', 'jpeg', 'jpg', 'gif'];
const videoExt = ['mp4', 'mov', 'quicktime'];

/**
 * checkAttachment: the file needs an extension of an accepted type (mp4, quicktime, png, jpeg,
 * jpg, gif) and at most chatLimits.imageMb for an image, chatLimits.videoMb for a video. The server sniffs the content
 * again; this only spares a useless upload.
 */
export function checkAttachment(name: string, size: number): AttachmentCheck {
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return { ok: false, error: 'fileNotSupported' };
  const ext = name.slice(dot + 1).toLowerCase();
  const kind = imageExt.includes(ext) ? 'image' : videoExt.includes(ext) ? 'video' : null;
  if (!kind) return { ok: false, error: 'fileNotSupported' };
  const limitMb = kind === 'image' ? chatLimits.imageMb : chatLimits.videoMb;
  if (size > limitMb * 1024 * 1024) return { ok: false, error: 'fileTooLarge', limitMb };
  return { ok: true, kind };
}

/** distanceFromBottom is how far the history is scrolled up from its end. */
export function distanceFromBottom(m: { offsetY: number; contentHeight: number; viewHeight: number }): number {
  return Math.max(0, m.contentHeight - m.viewHeight - m.offsetY);
}

/** isScrolledUp: the new-message banner shows when the reader is more than 60 px above the end. */
export function isScrolledUp(m: { offsetY: number; contentHeight: number; viewHeight: number }): boolean {
  return distanceFromBottom(m) > chatLimits.bottomThresholdPx;
}

function sameContent(a: ChatContent, b: ChatContent): boolean {
  return a.message_type === b.message_type && JSON.stringify(a.payload) === JSON.stringify(b.payload);
}

function byTime(a: ChatItem, b: ChatItem): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/**
 * mergeItems adds server items (a history page or a live event) to the list: an item already
 * there (same _id) is not added twice, and a customer item that answers a local echo still
 * being sent replaces that echo. The list stays in time order.
 */
export function mergeItems(list: ChatItem[], incoming: ChatItem[]): ChatItem[] {
  const out = [...list];
  for (const item of incoming) {
    if (item._id && out.some((x) => x._id === item._id)) continue;
    const echo =
      item.sender === 'customer'
        ? out.findIndex((x) => x.localId && !x._id && x.state === 'sending' && sameContent(x.message, item.message))
        : -1;
    if (echo >= 0) {
      out[echo] = { ...out[echo], _id: item._id, createdAt: item.createdAt, state: 'succeed' };
      continue;
    }
    out.push(item);
  }
  return out.sort(byTime);
}

/** confirmSent records the server's answer to a local item: its id and createdAt. */
export function confirmSent(list: ChatItem[], localId: string, id: string, createdAt: string): ChatItem[] {
  const dup = list.some((x) => x._id === id && x.localId !== localId);
  return list
    .filter((x) => !(dup && x.localId === localId))
    .map((x) => (x.localId === localId ? { ...x, _id: id, createdAt, state: 'succeed' as const } : x))
    .sort(byTime);
}

/** serverCount is how many items came from the server: the skip of the next older page. */
export function serverCount(list: ChatItem[]): number {
  return list.filter((x) => x._id).length;
}

/** unreadFromOthers reports whether the list holds a message of the support side. */
export function hasIncoming(list: ChatItem[]): boolean {
  return list.some((x) => x.sender !== 'customer');
}
