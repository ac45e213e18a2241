// The composer's message shapes: quick replies, buttons and cards as the chat sends them.
import type { ChatButton, ChatCard, ChatMessage } from '../../api/types';

/** quickReplies turns "Yes, No" into a quick-replies message whose taps come back as postbacks. */
export function quickReplies(message: string, options: string): ChatMessage['message'] {
  const titles = options
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 10);
  return {
    message_type: 'quick_replies',
    payload: { message, quick_replies: titles.map((title) => ({ title, type: 'postback', payload: title })) },
  };
}

/** cleanButtons drops rows without a title and the payload of a plain button. */
export function cleanButtons(list: ChatButton[]): ChatButton[] {
  return list
    .map((b) => ({ title: b.title.trim(), type: b.type || undefined, payload: b.payload?.trim() || undefined }))
    .filter((b) => b.title)
    .map((b) => (b.type ? b : { title: b.title }));
}

/** buttonsMessage is a text with buttons (each web, call, postback or plain). */
export function buttonsMessage(message: string, buttons: ChatButton[]): ChatMessage['message'] {
  return { message_type: 'buttons', payload: { message: message.trim(), buttons: cleanButtons(buttons) } };
}

/** cardsMessage is a generic message: cards with an optional image, subtitle and buttons. */
export function cardsMessage(cards: ChatCard[]): ChatMessage['message'] {
  return {
    message_type: 'generic',
    payload: {
      cards: cards
        .filter((c) => c.title.trim())
        .map((c) => {
          const card: ChatCard = { title: c.title.trim() };
          if (c.subtitle?.trim()) card.subtitle = c.subtitle.trim();
          if (c.image_url?.trim()) card.image_url = c.image_url.trim();
          const buttons = cleanButtons(c.buttons ?? []);
          if (buttons.length) card.buttons = buttons;
          return card;
        }),
    },
  };
}
