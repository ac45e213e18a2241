import { useCallback, useEffect, useRef, useState } from 'react';
import { useChatT } from '../i18n';
import {
  ActivityIndicator,
  Platform,
  Pressable,
  ScrollView,
  StyleSheet,
  TextInput,
  View,
  type NativeScrollEvent,
  type NativeSyntheticEvent,
} from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { toastDurationMs } from '@/lib/config';
import { fontFamily } from '@/lib/fonts';

import { useChat, type PickedFile } from '../hooks/use-chat';
import { canSend, chatLimits, checkAttachment, hasIncoming, isScrolledUp, isSendKey } from '../lib/chat-rules';
import type { NativeFile } from '../lib/native-file';
import { pickNativeMedia } from '../lib/pick-media';
import { ChatMessage } from './chat-message';

type Props = { onClose: () => void };

/** pickWebFile opens the browser's file picker for the accepted types. */
function pickWebFile(onPick: (f: File) => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/png,image/jpeg,image/gif,video/mp4,video/quicktime,.png,.jpg,.jpeg,.gif,.mp4,.mov';
  input.onchange = () => {
    const f = input.files?.[0];
    if (f) onPick(f);
  };
  input.click();
}

/**
 * ChatPanel is the open chat: header with refresh, history (older pages on scroll to top,
 * a banner for new messages while scrolled up), and the composer. It is loaded lazily.
 */
export default function ChatPanel({ onClose }: Props) {
  const { t, i18n } = useChatT();
  const chat = useChat(true);
  const [text, setText] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [banner, setBanner] = useState(false);
  const scroll = useRef<ScrollView>(null);
  const metrics = useRef({ offsetY: 0, contentHeight: 0, viewHeight: 0 });
  const lastCount = useRef(0);
  const prependFrom = useRef<number | null>(null);

  useEffect(() => {
    if (!alert) return undefined;
    const timer = setTimeout(() => setAlert(null), toastDurationMs);
    return () => clearTimeout(timer);
  }, [alert]);

  // A new message: follow it when at the end, else show the banner; incoming ones are read.
  const { items, markReadSoon } = chat;
  useEffect(() => {
    const grew = items.length > lastCount.current;
    lastCount.current = items.length;
    if (!grew || prependFrom.current !== null) return;
    if (isScrolledUp(metrics.current)) setBanner(true);
    else requestAnimationFrame(() => scroll.current?.scrollToEnd({ animated: true }));
    if (hasIncoming(items)) markReadSoon();
  }, [items, markReadSoon]);

  const onScroll = useCallback(
    (e: NativeSyntheticEvent<NativeScrollEvent>) => {
      const { contentOffset, contentSize, layoutMeasurement } = e.nativeEvent;
      metrics.current = { offsetY: contentOffset.y, contentHeight: contentSize.height, viewHeight: layoutMeasurement.height };
      if (!isScrolledUp(metrics.current)) setBanner(false);
      if (contentOffset.y <= 0 && chat.hasMore && !chat.loadingOlder && chat.items.length > 0) {
        prependFrom.current = contentSize.height;
        void chat.loadOlder();
      }
    },
    [chat],
  );

  const onContentSizeChange = useCallback((_w: number, h: number) => {
    // Keep the reader's place when an older page is added above.
    if (prependFrom.current !== null) {
      const delta = h - prependFrom.current;
      prependFrom.current = null;
      if (delta > 0) scroll.current?.scrollTo({ y: delta, animated: false });
    }
    metrics.current.contentHeight = h;
  }, []);

  const send = () => {
    if (!canSend(text)) return;
    chat.sendText(text);
    setText('');
  };

  const checked = (name: string, size: number) => {
    const check = checkAttachment(name, size);
    if (!check.ok) setAlert(check.error === 'fileTooLarge' ? t('chat.fileTooLarge', { n: check.limitMb }) : t('chat.fileNotSupported'));
    return check.ok ? check.kind : null;
  };

  const attachFile = (f: File) => {
    const kind = checked(f.name, f.size);
    if (!kind) return;
    const picked: PickedFile = { name: f.name, size: f.size, kind, blob: f };
    if (kind === 'image' && typeof URL !== 'undefined' && URL.createObjectURL) picked.previewUri = URL.createObjectURL(f);
    chat.attach(picked);
  };

  // The native apps pick from the photo library; the same rules apply before the upload.
  const attachNative = (f: NativeFile) => {
    const kind = checked(f.name, f.size);
    if (!kind) return;
    chat.attach({
      name: f.name,
      size: f.size,
      kind,
      blob: { uri: f.uri, name: f.name, type: f.type },
      previewUri: kind === 'image' ? f.uri : undefined,
    });
  };

  const pick = () => {
    if (Platform.OS === 'web') {
      pickWebFile(attachFile);
      return;
    }
    pickNativeMedia()
      .then((f) => f && attachNative(f))
      .catch(() => setAlert(t('chat.pickFailed')));
  };

  return (
    <View style={styles.panel} role="dialog" aria-label={t('chat.title')}>
      <View style={styles.header}>
        <View style={styles.headerText}>
          <AppText bold style={styles.headerTitle}>
            {t('chat.title')}
          </AppText>
          <AppText variant="caption" style={styles.headerStatus}>
            {chat.connection === 'joined' ? t('chat.online') : t('chat.connecting')}
          </AppText>
        </View>
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={t('chat.refresh')}
          onPress={() => void chat.refresh()}
          style={styles.headerButton}
        >
          <AppText style={styles.headerIcon}>↻</AppText>
        </Pressable>
        <Pressable accessibilityRole="button" accessibilityLabel={t('common.close')} onPress={onClose} style={styles.headerButton}>
          <AppText style={styles.headerIcon}>×</AppText>
        </Pressable>
      </View>

      {chat.failed ? (
        <View style={styles.alert} role="alert">
          <AppText variant="error">{t('chat.cannotStart')}</AppText>
        </View>
      ) : null}
      {alert ? (
        <View style={styles.alert} role="alert">
          <AppText variant="error">{alert}</AppText>
        </View>
      ) : null}

      <View style={styles.historyWrap}>
        <ScrollView
          ref={scroll}
          style={styles.history}
          contentContainerStyle={styles.historyContent}
          onScroll={onScroll}
          scrollEventThrottle={100}
          onContentSizeChange={onContentSizeChange}
          onLayout={(e) => {
            metrics.current.viewHeight = e.nativeEvent.layout.height;
          }}
          accessibilityLabel={t('chat.history')}
        >
          {chat.loadingOlder ? <ActivityIndicator color={colors.primary} /> : null}
          {chat.items.length === 0 && chat.connection === 'joined' ? (
            <AppText variant="caption" style={styles.empty}>
              {t('chat.empty')}
            </AppText>
          ) : null}
          {chat.items.map((item) => (
            <ChatMessage
              key={item._id ?? item.localId}
              item={item}
              identity={chat.mediaIdentity()}
              onPostback={chat.sendPostback}
              onText={chat.sendText}
              onResend={() => item.localId && chat.resend(item.localId)}
              onRemove={() => item.localId && chat.remove(item.localId)}
            />
          ))}
        </ScrollView>
        {banner ? (
          <Pressable
            accessibilityRole="button"
            style={styles.banner}
            onPress={() => {
              setBanner(false);
              scroll.current?.scrollToEnd({ animated: true });
            }}
          >
            <AppText style={styles.bannerText}>{t('chat.newMessage')}</AppText>
          </Pressable>
        ) : null}
      </View>

      <View style={styles.composer}>
        <Pressable accessibilityRole="button" accessibilityLabel={t('chat.attach')} onPress={pick} style={styles.clip}>
          <AppText style={styles.clipIcon} aria-hidden>
            +
          </AppText>
        </Pressable>
        <TextInput
          value={text}
          onChangeText={setText}
          placeholder={t('chat.placeholder')}
          accessibilityLabel={t('chat.placeholder')}
          multiline
          maxLength={chatLimits.maxText}
          style={[styles.input, { fontFamily: fontFamily(i18n.language, false) }]}
          onKeyPress={(e) => {
            const ev = e.nativeEvent as unknown as {
              key: string;
              shiftKey?: boolean;
              ctrlKey?: boolean;
              altKey?: boolean;
              metaKey?: boolean;
            };
            if (isSendKey(ev)) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={t('chat.send')}
          accessibilityState={{ disabled: !canSend(text) }}
          disabled={!canSend(text)}
          onPress={send}
          style={[styles.send, !canSend(text) && styles.sendDisabled]}
        >
          <AppText style={styles.sendText}>{t('chat.send')}</AppText>
        </Pressable>
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  panel: {
    width: 340,
    maxWidth: '92%',
    height: 480,
    backgroundColor: colors.background,
    borderRadius: radius.lg,
    overflow: 'hidden',
    elevation: 6,
    shadowColor: colors.shadow,
    shadowOpacity: 0.25,
    shadowRadius: 12,
  },
  header: {
    flexDirection: 'row',
    alignItems: 'center',
    backgroundColor: colors.primary,
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.sm,
  },
  headerText: { flex: 1 },
  headerTitle: { color: colors.onPrimary },
  headerStatus: { color: colors.onPrimaryMuted },
  headerButton: { padding: spacing.xs, marginLeft: spacing.xs },
  headerIcon: { color: colors.onPrimary, fontSize: 20, lineHeight: 24 },
  alert: { backgroundColor: colors.dangerSoft, paddingHorizontal: spacing.md, paddingVertical: spacing.xs },
  historyWrap: { flex: 1 },
  history: { flex: 1 },
  historyContent: { padding: spacing.sm },
  empty: { textAlign: 'center', marginTop: spacing.xl },
  banner: {
    position: 'absolute',
    bottom: spacing.sm,
    alignSelf: 'center',
    backgroundColor: colors.primary,
    borderRadius: radius.lg,
    paddingHorizontal: spacing.md,
    paddingVertical: spacing.xs,
  },
  bannerText: { color: colors.onPrimary },
  composer: {
    flexDirection: 'row',
    alignItems: 'flex-end',
    gap: spacing.xs,
    padding: spacing.sm,
    borderTopWidth: 1,
    borderTopColor: colors.border,
    backgroundColor: colors.surface,
  },
  clip: { padding: spacing.xs },
  clipIcon: { fontSize: 26, lineHeight: 30, color: colors.primary },
  input: {
    flex: 1,
    minHeight: 36,
    maxHeight: 110,
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: radius.sm,
    paddingHorizontal: spacing.sm,
    paddingVertical: spacing.xs,
    color: colors.text,
  },
  send: { backgroundColor: colors.primary, borderRadius: radius.sm, paddingHorizontal: spacing.md, paddingVertical: spacing.sm },
  sendDisabled: { opacity: 0.5 },
  sendText: { color: colors.onPrimary },
});
