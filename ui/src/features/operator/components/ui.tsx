// Console building blocks: cards, a data table with CSV export, badges and the error line.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollView, StyleSheet, View, type StyleProp, type ViewStyle } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing, typeScale } from '@/components/ui/theme';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';

import { consoleNs, useOpT } from '../i18n';
import { downloadCsv, toCsv } from './csv';

export const money = (v: number | null | undefined) => formatNumber(v ?? 0);
export const when = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

export function PageTitle({ children, right }: { children: string; right?: React.ReactNode }) {
  return (
    <View style={styles.titleRow}>
      <AppText variant="title" role="heading" aria-level={1} style={styles.flex}>
        {children}
      </AppText>
      {right}
    </View>
  );
}

export function Card({ title, children, style }: { title?: string; children: React.ReactNode; style?: StyleProp<ViewStyle> }) {
  return (
    <View style={[styles.card, style]}>
      {title ? (
        <AppText variant="heading" role="heading" aria-level={2}>
          {title}
        </AppText>
      ) : null}
      {children}
    </View>
  );
}

export function Row({ children, style }: { children: React.ReactNode; style?: StyleProp<ViewStyle> }) {
  return <View style={[styles.row, style]}>{children}</View>;
}

/** KeyValue is one labelled value of a detail card. */
export function KeyValue({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <View style={styles.kv}>
      <AppText variant="label" style={styles.kvLabel}>
        {label}
      </AppText>
      {typeof value === 'string' || typeof value === 'number' ? <AppText selectable>{value}</AppText> : value}
    </View>
  );
}

type Tone = 'neutral' | 'good' | 'warn' | 'bad';

export function Badge({ label, tone = 'neutral', style }: { label: string; tone?: Tone; style?: StyleProp<ViewStyle> }) {
  return (
    <View style={[styles.badge, badgeTones[tone], style]}>
      <AppText variant="caption" bold style={{ color: badgeText[tone] }}>
        {label}
      </AppText>
    </View>
  );
}

type I18nLike = { t: (key: string, options?: { count: number }) => string; exists: (key: string) => boolean };

/**
 * consoleError translates an API error: through the console's own `errors` table where the
 * member wording would mislead an operator (a username, not a phone number), else errorMsg.
 */
export function consoleError(error: unknown, i18n: I18nLike): string {
  const key = error instanceof ApiError ? `${consoleNs}:errors.${error.code}` : '';
  return key && i18n.exists(key) ? i18n.t(key) : errorMessage(error, i18n);
}

/** ErrorLine shows an API error as translated text, with the field the server named (a refused form's). */
export function ErrorLine({ error }: { error: unknown }) {
  const { i18n } = useTranslation();
  if (!error) return null;
  const field = error instanceof ApiError && error.field ? ` (${error.field})` : '';
  return (
    <AppText variant="error" role="alert">
      {consoleError(error, i18n) + field}
    </AppText>
  );
}

export type Column<T> = {
  key: string;
  label: string;
  /** text is the cell's value, also written to CSV. */
  text: (row: T) => string | number | null | undefined;
  /** render replaces the on-screen cell (buttons, badges). */
  render?: (row: T) => React.ReactNode;
  flex?: number;
  align?: 'left' | 'right';
};

export type TableProps<T> = {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** csvName names the exported file; every table can be exported. */
  csvName: string;
  loading?: boolean;
  error?: unknown;
  minWidth?: number;
};

/** DataTable is a table (ARIA roles on the web) that scrolls sideways when narrow. */
export function DataTable<T>({ label, columns, rows, rowKey, csvName, loading, error, minWidth = 720 }: TableProps<T>) {
  const { t } = useOpT();
  // A horizontal scroller gives its content unlimited width, so the table gets the width of the
  // page (or minWidth when the page is narrower) and its cells wrap inside it.
  const [available, setAvailable] = useState(0);
  const width = Math.max(minWidth, available);
  const exportCsv = () =>
    downloadCsv(
      `${csvName}.csv`,
      toCsv(
        columns.map((c) => c.label),
        rows.map((r) => columns.map((c) => c.text(r))),
      ),
    );
  return (
    <View style={styles.tableWrap} onLayout={(e) => setAvailable(Math.floor(e.nativeEvent.layout.width))}>
      <Row style={styles.tableBar}>
        <AppText variant="caption" style={styles.flex}>
          {loading ? t('common.loading') : t('common.rows', { count: rows.length })}
        </AppText>
        <Button
          variant="secondary"
          title={t('common.exportCsv')}
          accessibilityLabel={`${t('common.exportCsv')} ${label}`}
          onPress={exportCsv}
          disabled={!rows.length}
        />
      </Row>
      <ErrorLine error={error} />
      {/* Focusable: a table wider than the page scrolls by keyboard too (WCAG 2.1.1). */}
      <ScrollView horizontal focusable>
        <View role="table" aria-label={label} style={[styles.table, { width }]}>
          <View role="row" style={[styles.tr, styles.th]}>
            {columns.map((c) => (
              <View key={c.key} role="columnheader" style={[styles.cell, { flex: c.flex ?? 1 }]}>
                <AppText variant="label" bold style={c.align === 'right' ? styles.right : null}>
                  {c.label}
                </AppText>
              </View>
            ))}
          </View>
          {rows.map((r) => (
            <View key={rowKey(r)} role="row" style={styles.tr}>
              {columns.map((c) => (
                <View key={c.key} role="cell" style={[styles.cell, { flex: c.flex ?? 1 }]}>
                  {c.render ? (
                    c.render(r)
                  ) : (
                    <AppText selectable style={c.align === 'right' ? styles.right : null}>
                      {String(c.text(r) ?? '')}
                    </AppText>
                  )}
                </View>
              ))}
            </View>
          ))}
          {!loading && !rows.length ? (
            <View style={styles.empty}>
              <AppText variant="caption">{t('common.empty')}</AppText>
            </View>
          ) : null}
        </View>
      </ScrollView>
    </View>
  );
}

const styles = StyleSheet.create({
  flex: { flex: 1 },
  titleRow: { flexDirection: 'row', alignItems: 'center', gap: spacing.md, marginBottom: spacing.md, flexWrap: 'wrap' },
  card: {
    backgroundColor: colors.surface,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.border,
    padding: spacing.lg,
    gap: spacing.md,
  },
  row: { flexDirection: 'row', alignItems: 'center', gap: spacing.md, flexWrap: 'wrap' },
  kv: { minWidth: 180, gap: 2 },
  kvLabel: { fontSize: typeScale.small.fontSize },
  badge: { paddingHorizontal: spacing.sm, paddingVertical: 2, borderRadius: radius.sm, alignSelf: 'flex-start' },
  tableWrap: { gap: spacing.sm },
  tableBar: { justifyContent: 'space-between' },
  table: { borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm, backgroundColor: colors.surface },
  tr: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: colors.border, alignItems: 'center' },
  th: { backgroundColor: colors.background },
  cell: { paddingHorizontal: spacing.sm, paddingVertical: spacing.sm, minWidth: 60, overflow: 'hidden' },
  right: { textAlign: 'right' },
  empty: { padding: spacing.lg, alignItems: 'center' },
});

const badgeTones = StyleSheet.create({
  neutral: { backgroundColor: colors.neutralSoft },
  good: { backgroundColor: colors.successSoft },
  warn: { backgroundColor: colors.warningSoft },
  bad: { backgroundColor: colors.dangerSoft },
});

const badgeText: Record<Tone, string> = {
  neutral: colors.muted,
  good: colors.success,
  warn: colors.warning,
  bad: colors.danger,
};
