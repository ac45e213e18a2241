import { StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { formatDateTime, formatNumber } from '@/lib/format';
import { pageCount } from '@/lib/pagination';

import { pageSize } from '../api/rewards';

export type Row = { key: string; first?: string; amount: number; createdAt: string };

type Props = {
  columns: { first?: string; amount: string; createdAt: string };
  rows: Row[];
  total: number;
  page: number;
  empty: string;
  stale?: boolean;
  onPage: (page: number) => void;
};

/** RewardTable is the invite and refund tables: 10 rows a page with the spec's pagination. */
export function RewardTable({ columns, rows, total, page, empty, stale, onPage }: Props) {
  if (rows.length === 0) return <AppText>{empty}</AppText>;
  return (
    <View style={styles.wrap}>
      <View role="table" style={[styles.table, stale && styles.stale]}>
        <View role="row" style={[styles.row, styles.head]}>
          {columns.first ? (
            <AppText role="columnheader" variant="label" style={styles.first}>
              {columns.first}
            </AppText>
          ) : null}
          <AppText role="columnheader" variant="label" style={styles.amount}>
            {columns.amount}
          </AppText>
          <AppText role="columnheader" variant="label" style={styles.time}>
            {columns.createdAt}
          </AppText>
        </View>
        {rows.map((r) => (
          <View role="row" key={r.key} style={styles.row}>
            {columns.first ? (
              <AppText role="cell" style={styles.first} numberOfLines={1}>
                {r.first}
              </AppText>
            ) : null}
            <AppText role="cell" style={styles.amount}>
              {formatNumber(r.amount)}
            </AppText>
            <AppText role="cell" style={styles.time}>
              {formatDateTime(r.createdAt)}
            </AppText>
          </View>
        ))}
      </View>
      <Pagination page={page} pages={pageCount(total, pageSize)} onChange={onPage} />
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.sm },
  table: { gap: 2 },
  stale: { opacity: 0.6 },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: spacing.sm,
    paddingVertical: spacing.xs,
    borderBottomWidth: 1,
    borderColor: colors.border,
  },
  head: { backgroundColor: colors.surface, borderRadius: radius.sm },
  first: { flex: 3 },
  amount: { flex: 2, textAlign: 'right' },
  time: { flex: 3, textAlign: 'right' },
});
