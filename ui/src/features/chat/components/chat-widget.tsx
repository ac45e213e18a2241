import { useEffect, useRef, useState } from 'react';
import { useChatT } from '../i18n';
import { Animated, Easing, Pressable, StyleSheet, View } from 'react-native';

import { lazyWithRetry } from '@/components/lazy-boundary';
import { LazyFallback } from '@/components/lazy-fallback';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useChatWidgetEnabled } from '@/lib/lookups';

import { loadChatPanel } from './load-chat-panel';

const ChatPanel = lazyWithRetry(loadChatPanel, { fallback: <LazyFallback /> });

/**
 * ChatWidget is the floating chat button (spec part 2, chat widget): it rotates as it opens
 * and closes the panel, and shows an invite bubble until the panel is first opened. It is
 * shown only when the enableChatWidget lookup is on.
 */
export function ChatWidget() {
  const { t } = useChatT();
  const enabled = useChatWidgetEnabled();
  const [open, setOpen] = useState(false);
  const [invite, setInvite] = useState(true);
  const turn = useRef(new Animated.Value(0)).current;
  const on = !!enabled.data?.enableChatWidget;

  useEffect(() => {
    if (!on) return undefined;
    const timer = setTimeout(() => void loadChatPanel().catch(() => undefined), 0);
    return () => clearTimeout(timer);
  }, [on]);

  useEffect(() => {
    Animated.timing(turn, { toValue: open ? 1 : 0, duration: 250, easing: Easing.out(Easing.quad), useNativeDriver: false }).start();
  }, [open, turn]);

  if (!on) return null;
  const rotate = turn.interpolate({ inputRange: [0, 1], outputRange: ['0deg', '135deg'] });
  return (
    <View style={styles.anchor} pointerEvents="box-none">
      {open ? (
        <ChatPanel onClose={() => setOpen(false)} />
      ) : invite ? (
        <View style={styles.invite}>
          <AppText style={styles.inviteText}>{t('chat.invite')}</AppText>
          <Pressable accessibilityRole="button" accessibilityLabel={t('common.close')} onPress={() => setInvite(false)} hitSlop={8}>
            <AppText style={styles.inviteClose}>×</AppText>
          </Pressable>
        </View>
      ) : null}
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={open ? t('chat.closeChat') : t('chat.openChat')}
        accessibilityState={{ expanded: open }}
        onPress={() => {
          setInvite(false);
          setOpen((v) => !v);
        }}
        style={styles.fab}
      >
        <Animated.View style={{ transform: [{ rotate }] }} aria-hidden>
          {open ? (
            <AppText style={styles.fabText}>+</AppText>
          ) : (
            // A speech bubble drawn with views: no icon font or emoji needed.
            <View style={styles.bubble}>
              <View style={styles.bubbleTail} />
            </View>
          )}
        </Animated.View>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  anchor: { position: 'absolute', right: spacing.lg, bottom: spacing.lg, alignItems: 'flex-end', gap: spacing.sm, zIndex: 10 },
  invite: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: spacing.sm,
    maxWidth: 240,
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.sm,
    elevation: 3,
    shadowColor: colors.shadow,
    shadowOpacity: 0.15,
    shadowRadius: 6,
  },
  inviteText: { flexShrink: 1 },
  inviteClose: { color: colors.muted, fontSize: 18, lineHeight: 20 },
  fab: {
    width: 56,
    height: 56,
    borderRadius: 28,
    backgroundColor: colors.primary,
    alignItems: 'center',
    justifyContent: 'center',
    elevation: 4,
  },
  fabText: { color: colors.onPrimary, fontSize: 30, lineHeight: 34 },
  bubble: { width: 26, height: 20, borderRadius: 6, backgroundColor: colors.onPrimary },
  bubbleTail: {
    position: 'absolute',
    left: 5,
    bottom: -4,
    width: 8,
    height: 8,
    backgroundColor: colors.onPrimary,
    transform: [{ rotate: '45deg' }],
  },
});
