import { Pressable, ScrollView, StyleSheet } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';

import type { Conversation } from '../../api/types';
import { useOpT } from '../../i18n';
import { Badge, Row, when } from '../ui';
import { customerName, messageText, waitedMinutes } from './message-text';

/** InboxList lists the conversations, waiting longest first, with unread counts and who has them. */
export function InboxList({ list, room, onPick }: { list: Conversation[]; room: string | null; onPick: (room: string) => void }) {
  const { t } = useOpT();
  return (
    <ScrollView style={styles.inbox} accessibilityLabel={t('chat.inbox')}>
      {list.length === 0 ? <AppText variant="caption">{t('chat.empty')}</AppText> : null}
      {list.map((c) => (
        <Pressable
          key={c.room}
          // Named by what it shows (the customer, the badges, the last message, the time), in its
          // order: a label of the name alone would leave the rest of the visible text out of it.
          accessibilityRole="button"
          onPress={() => onPick(c.room)}
          style={[styles.entry, c.room === room && styles.entrySelected]}
        >
          <AppText bold numberOfLines={1}>
            {customerName(c, t)}
          </AppText>
          <Row>
            {c.unread ? <Badge label={t('chat.unread', { count: c.unread })} tone="bad" /> : null}
            {c.waitingSince ? <Badge label={t('chat.waiting', { minutes: waitedMinutes(c) })} tone="warn" /> : null}
            {c.assignedTo ? <Badge label={c.assignedTo} /> : null}
          </Row>
          {c.last ? (
            <AppText variant="caption" numberOfLines={1}>
              {messageText({ message: c.last }, t)}
            </AppText>
          ) : null}
          <AppText variant="caption">{when(c.lastMessageAt)}</AppText>
        </Pressable>
      ))}
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  inbox: { flexBasis: 280, flexGrow: 0, maxHeight: 640 },
  entry: {
    padding: spacing.sm,
    borderRadius: radius.sm,
    borderWidth: 1,
    borderColor: colors.border,
    marginBottom: spacing.xs,
    gap: spacing.xs,
  },
  entrySelected: { borderColor: colors.primary, backgroundColor: colors.primarySoft },
});
