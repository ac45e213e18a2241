import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, View } from 'react-native';

import { pageWindow } from '@/lib/pagination';

import { AppText } from './ui/text';
import { colors, radius, spacing } from './ui/theme';

type Props = { page: number; pages: number; onChange: (page: number) => void };

/** Pagination shows previous and next, and the pages from 3 before to 1 after the current one. */
export function Pagination({ page, pages, onChange }: Props) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <View role="navigation" aria-label={t('pagination.label')} style={styles.bar}>
      <PageButton label={t('pagination.previous')} text="‹" disabled={page <= 1} onPress={() => onChange(page - 1)} />
      {pageWindow(page, pages).map((p) => (
        <PageButton key={p} label={t('pagination.page', { page: p })} text={String(p)} current={p === page} onPress={() => onChange(p)} />
      ))}
      <PageButton label={t('pagination.next')} text="›" disabled={page >= pages} onPress={() => onChange(page + 1)} />
    </View>
  );
}

type ButtonProps = { label: string; text: string; onPress: () => void; disabled?: boolean; current?: boolean };

function PageButton({ label, text, onPress, disabled, current }: ButtonProps) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityState={{ disabled: !!disabled, selected: !!current }}
      aria-current={current ? 'page' : undefined}
      disabled={disabled || current}
      onPress={onPress}
      style={[styles.button, current && styles.current, disabled && styles.disabled]}
    >
      <AppText bold style={current ? styles.currentText : styles.text}>
        {text}
      </AppText>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  bar: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center', gap: spacing.xs },
  button: {
    minWidth: 44,
    height: 44,
    paddingHorizontal: spacing.sm,
    borderRadius: radius.sm,
    borderWidth: 1,
    borderColor: colors.border,
    backgroundColor: colors.surface,
    alignItems: 'center',
    justifyContent: 'center',
  },
  current: { backgroundColor: colors.primary, borderColor: colors.primary },
  disabled: { opacity: 0.4 },
  text: { color: colors.primary },
  currentText: { color: colors.onPrimary },
});
