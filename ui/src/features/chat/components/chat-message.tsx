import { useChatT } from '../i18n';
import { Image, Pressable, StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing, typeScale } from '@/components/ui/theme';
import { formatDateTime } from '@/lib/format';
import { openLink } from '@/lib/open-link';

import type { Identity } from '../api/chat-api';
import type { ChatButton, ChatItem } from '../lib/chat-rules';
import { MediaView } from './media-view';

type Props = {
  item: ChatItem & { file?: { previewUri?: string } };
  identity: Identity | null;
  onPostback: (title: string, payload: string) => void;
  onText: (text: string) => void;
  onResend: () => void;
  onRemove: () => void;
};

/** ChatMessage is one bubble of the history, with its delivery state for the caller's own. */
export function ChatMessage({ item, identity, onPostback, onText, onResend, onRemove }: Props) {
  const { t } = useChatT();
  const mine = item.sender === 'customer';
  const p = item.message.payload ?? {};
  const press = (b: ChatButton) => {
    if (b.type === 'web' && b.payload) openLink(b.payload).catch(() => undefined);
    else if (b.type === 'call' && b.payload) openLink(`tel:${b.payload.replace(/[^0-9+]/g, '')}`).catch(() => undefined);
    else if (b.type === 'postback') onPostback(b.title, b.payload ?? '');
    else onText(b.title);
  };
  const buttons = (list?: ChatButton[]) =>
    list?.length ? (
      <View style={styles.buttons}>
        {list.map((b, i) => (
          <Pressable key={`${b.title}-${i}`} accessibilityRole="button" onPress={() => press(b)} style={styles.button}>
            <AppText style={styles.buttonText}>{b.title}</AppText>
          </Pressable>
        ))}
      </View>
    ) : null;

  let body: React.ReactNode;
  switch (item.message.message_type) {
    case 'text':
      body = <AppText selectable>{p.message}</AppText>;
      break;
    case 'media':
      body = <MediaView path={p.filePath} previewUri={item.file?.previewUri} fileType={p.fileType} name={p.name} identity={identity} />;
      break;
    case 'buttons':
    case 'quick_replies':
      body = (
        <>
          <AppText selectable>{p.message}</AppText>
          {buttons(item.message.message_type === 'buttons' ? p.buttons : p.quick_replies)}
        </>
      );
      break;
    case 'generic':
      body = (
        <View style={styles.cards}>
          {(p.cards ?? []).map((c, i) => (
            <View key={i} style={styles.card}>
              {c.image_url?.startsWith('/api/chat/media/') ? (
                <MediaView path={c.image_url} fileType="image" name={c.title} identity={identity} />
              ) : c.image_url?.startsWith('https://') ? (
                <Image source={{ uri: c.image_url }} style={styles.cardImage} accessibilityLabel={c.title} />
              ) : null}
              <AppText bold>{c.title}</AppText>
              {c.subtitle ? <AppText variant="caption">{c.subtitle}</AppText> : null}
              {buttons(c.buttons)}
            </View>
          ))}
        </View>
      );
      break;
    case 'postback':
      body = <AppText>{p.title || p.payload}</AppText>;
      break;
    default:
      body = <AppText variant="caption">{t('chat.unknownMessage')}</AppText>;
  }

  return (
    <View style={[styles.row, mine ? styles.rowMine : null]}>
      <View style={[styles.bubble, mine ? styles.mine : item.sender === 'system' ? styles.system : styles.theirs]}>
        {body}
        <AppText variant="caption" style={styles.meta}>
          {item.state && item.state !== 'succeed' ? t(`chat.state.${item.state}`) : formatDateTime(item.createdAt)}
        </AppText>
        {item.state === 'failed' ? (
          <View style={styles.actions}>
            <Pressable accessibilityRole="button" onPress={onResend}>
              <AppText style={styles.action}>{t('chat.resend')}</AppText>
            </Pressable>
            <Pressable accessibilityRole="button" onPress={onRemove}>
              <AppText style={styles.action}>{t('chat.remove')}</AppText>
            </Pressable>
          </View>
        ) : null}
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', justifyContent: 'flex-start', marginVertical: spacing.xs },
  rowMine: { justifyContent: 'flex-end' },
  bubble: { maxWidth: '85%', borderRadius: radius.md, padding: spacing.sm, gap: spacing.xs },
  mine: { backgroundColor: colors.bubbleMine },
  theirs: { backgroundColor: colors.surface, borderWidth: 1, borderColor: colors.border },
  system: { backgroundColor: colors.bubbleSystem },
  meta: typeScale.micro,
  buttons: { gap: spacing.xs },
  button: {
    borderWidth: 1,
    borderColor: colors.primary,
    borderRadius: radius.sm,
    paddingVertical: spacing.xs,
    paddingHorizontal: spacing.sm,
  },
  buttonText: { color: colors.primary, textAlign: 'center' },
  cards: { gap: spacing.sm },
  cardImage: { width: '100%', aspectRatio: 16 / 9, borderRadius: radius.sm },
  card: { borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm, padding: spacing.sm, gap: spacing.xs },
  actions: { flexDirection: 'row', gap: spacing.md },
  action: { color: colors.danger, textDecorationLine: 'underline' },
});
