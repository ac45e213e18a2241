import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useChatWidgetEnabled } from '@/lib/lookups';

/**
 * ChatWidget is the floating chat button, shown only when the server enables it. Live chat
 * arrives in a later release: until then the panel says so honestly.
 */
export function ChatWidget() {
  const { t } = useTranslation();
  const enabled = useChatWidgetEnabled();
  const [open, setOpen] = useState(false);
  if (!enabled.data?.enableChatWidget) return null;
  return (
    <View style={styles.anchor} pointerEvents="box-none">
      {open ? (
        <View style={styles.panel} role="dialog" aria-label={t('contact.chatWidget')}>
          <AppText bold>{t('contact.chatWidget')}</AppText>
          <AppText variant="caption">{t('contact.chatComingSoon')}</AppText>
        </View>
      ) : null}
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={t('contact.chatWidget')}
        accessibilityState={{ expanded: open }}
        onPress={() => setOpen((v) => !v)}
        style={[styles.fab, open && styles.fabOpen]}
      >
        <AppText style={styles.fabText} aria-hidden>
          {open ? '×' : '…'}
        </AppText>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  anchor: { position: 'absolute', right: spacing.lg, bottom: spacing.lg, alignItems: 'flex-end', gap: spacing.sm },
  panel: { width: 260, backgroundColor: colors.surface, borderRadius: radius.lg, padding: spacing.lg, gap: spacing.sm, elevation: 4, shadowColor: '#000', shadowOpacity: 0.2, shadowRadius: 8 },
  fab: { width: 56, height: 56, borderRadius: 28, backgroundColor: colors.primary, alignItems: 'center', justifyContent: 'center', elevation: 4 },
  fabOpen: { transform: [{ rotate: '90deg' }] },
  fabText: { color: '#fff', fontSize: 24, lineHeight: 28 },
});
