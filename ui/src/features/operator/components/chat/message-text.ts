import type { ChatMessage, Conversation } from '../../api/types';

type T = (k: string, o?: Record<string, unknown>) => string;

/** messageText is a message as one line of text (a media message by its name). */
export function messageText(m: Pick<ChatMessage, 'message'>, t: T): string {
  const p = m.message.payload ?? {};
  switch (m.message.message_type) {
    case 'media':
      return t('chat.mediaPreview', { name: p.name ?? '' });
    case 'postback':
      return t('chat.postback', { title: p.title || p.payload || '' });
    case 'quick_replies':
      return `${p.message ?? ''}  [${(p.quick_replies ?? []).map((b) => b.title).join(' | ')}]`;
    case 'buttons':
      return `${p.message ?? ''}  [${(p.buttons ?? []).map((b) => b.title).join(' | ')}]`;
    case 'generic':
      return (p.cards ?? []).map((c) => c.title).join(' · ');
    default:
      return p.message ?? '';
  }
}

export function customerName(c: Conversation, t: T): string {
  return c.memberId ? [c.name, c.phone].filter(Boolean).join(' ') || c.memberId : `${t('chat.guest')} ${c.guestId ?? ''}`;
}

/** waitedMinutes is how long a customer has waited, in whole minutes (0 when not waiting). */
export function waitedMinutes(c: Conversation, now: Date = new Date()): number {
  if (!c.waitingSince) return 0;
  return Math.max(0, Math.floor((now.getTime() - new Date(c.waitingSince).getTime()) / 60_000));
}
