import { ScrollView, StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';

import type { ChatMessage, Conversation } from '../../api/types';
import { useOpT } from '../../i18n';
import { when } from '../ui';
import { MediaPreview } from './media-preview';
import { messageText } from './message-text';

type Props = { shown: ChatMessage[]; current: Conversation | undefined; more: boolean; loadingOlder: boolean; onOlder: () => void };

/** MessageList shows a conversation's messages, oldest first, with "older" while there are more. */
export function MessageList({ shown, current, more, loadingOlder, onOlder }: Props) {
  const { t } = useOpT();
  return (
    <ScrollView style={styles.messages} accessibilityLabel={t('chat.messages')}>
      {more ? (
        <Button
          variant="secondary"
          title={loadingOlder ? t('chat.loadingOlder') : t('chat.older')}
          disabled={loadingOlder}
          onPress={onOlder}
        />
      ) : null}
      {shown.map((m) => (
        <View key={m._id} style={[styles.bubble, m.sender === 'customer' ? styles.customer : styles.agent]}>
          {m.message.message_type === 'media' ? (
            <MediaPreview path={m.message.payload.filePath} fileType={m.message.payload.fileType} name={m.message.payload.name} />
          ) : (
            <AppText selectable>{messageText(m, t)}</AppText>
          )}
          <AppText variant="caption">
            {m.sender === 'customer' ? t('chat.customer') : m.sender === 'system' ? t('chat.system') : m.operator || t('chat.agent')} ·{' '}
            {when(m.createdAt)}
            {m.sender === 'customer' && m.session_id ? ` · ${t('chat.session', { id: m.session_id })}` : ''}
            {m.sender !== 'customer' && current?.customerReadAt && current.customerReadAt >= m.createdAt ? ` · ${t('chat.seen')}` : ''}
          </AppText>
        </View>
      ))}
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  messages: { maxHeight: 420, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm, padding: spacing.sm },
  bubble: { maxWidth: '80%', padding: spacing.sm, borderRadius: radius.md, marginVertical: spacing.xs, gap: 2 },
  customer: { alignSelf: 'flex-start', backgroundColor: colors.surface, borderWidth: 1, borderColor: colors.border },
  agent: { alignSelf: 'flex-end', backgroundColor: colors.bubbleMine },
});
