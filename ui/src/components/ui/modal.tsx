import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal as RNModal, Pressable, ScrollView, StyleSheet, View } from 'react-native';

import { lockBodyScroll } from '@/lib/scroll-lock';

import { AppText } from './text';
import { colors, contentMaxWidth, radius, spacing, touchTarget } from './theme';

type Props = {
  visible: boolean;
  title: string;
  onClose?: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
};

/** dialogName labels the Modal's dialog element on web (not in React Native's Modal types). */
function dialogName(title: string): object {
  return { 'aria-label': title };
}

/** AppModal is a dialog with a title and a close button; it locks body scrolling on web. */
export function AppModal({ visible, title, onClose, children, footer }: Props) {
  const { t } = useTranslation();
  useEffect(() => (visible ? lockBodyScroll() : undefined), [visible]);
  return (
    // On web the Modal's own element has role="dialog": the title names it (react-native-web
    // passes the label on; native ignores it and reads the card's label).
    <RNModal visible={visible} transparent animationType="fade" onRequestClose={onClose} {...dialogName(title)}>
      <View style={styles.backdrop}>
        <View style={styles.card} accessibilityViewIsModal aria-label={title}>
          <View style={styles.header}>
            <AppText variant="heading" role="heading" style={styles.title}>
              {title}
            </AppText>
            {onClose ? (
              <Pressable
                accessibilityRole="button"
                accessibilityLabel={t('common.close')}
                onPress={onClose}
                hitSlop={8}
                style={styles.close}
              >
                <AppText variant="heading" aria-hidden>
                  ×
                </AppText>
              </Pressable>
            ) : null}
          </View>
          <ScrollView contentContainerStyle={styles.body}>{children}</ScrollView>
          {footer ? <View style={styles.footer}>{footer}</View> : null}
        </View>
      </View>
    </RNModal>
  );
}

const styles = StyleSheet.create({
  backdrop: {
    flex: 1,
    backgroundColor: colors.overlay,
    alignItems: 'center',
    justifyContent: 'center',
    padding: spacing.lg,
  },
  card: {
    width: '100%',
    maxWidth: contentMaxWidth,
    maxHeight: '90%',
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    overflow: 'hidden',
  },
  header: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingHorizontal: spacing.lg,
    paddingVertical: spacing.md,
    borderBottomWidth: 1,
    borderBottomColor: colors.border,
  },
  title: { flex: 1 },
  close: { width: touchTarget, height: touchTarget, alignItems: 'center', justifyContent: 'center' },
  body: { padding: spacing.lg, gap: spacing.md },
  footer: { padding: spacing.lg, paddingTop: 0, gap: spacing.sm },
});
