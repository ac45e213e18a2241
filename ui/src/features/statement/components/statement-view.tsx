import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Look } from '@/components/looks';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';

import { useStatement } from '../api/get-statement';

import { SlipStatusModal } from './slip-status-modal';
import { RoundRow } from './round-item';
import { StatementRow } from './statement-item';
import { useStatementT } from '../i18n';

type Props = { accountName: (code: string) => string };

/**
 * StatementView is the paged statement (10 a page) with the upload-status button. Pages are read
 * by keyset (docs/api.md): page n is the page after the cursor that page n - 1 answered, so the
 * pages offered are those already reached and the next one, each costing the same at any depth.
 * A failed load is swallowed (spec part 8): the list is then empty.
 */
export function StatementView({ accountName }: Props) {
  const { t } = useStatementT();
  const [page, setPage] = useState(1);
  // cursors[n - 1] is where page n starts ('' the newest).
  const [cursors, setCursors] = useState<string[]>(['']);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const statement = useStatement(cursors[page - 1] ?? '');
  const items = statement.isError ? [] : (statement.data?.statements ?? []);
  const next = statement.isPlaceholderData || statement.isError ? null : statement.data?.next;
  useEffect(() => {
    if (next) setCursors((c) => (c.length === page ? [...c, next] : c));
  }, [next, page]);

  return (
    <View style={styles.wrap}>
      <View style={styles.toolbar}>
        <View style={styles.flex} />
        <Button title={t('statement.uploadStatus')} variant="secondary" onPress={() => setSlipsOpen(true)} />
      </View>
      {statement.isLoading ? (
        <Look kind="skeleton" testID="statement-skeleton" blocks={rowsSkeleton} />
      ) : items.length === 0 ? (
        <View style={styles.empty}>
          <AppText>{t('statement.empty')}</AppText>
        </View>
      ) : (
        <View role="list" style={[styles.list, statement.isPlaceholderData && styles.stale]}>
          {items.map((item) =>
            item.round ? (
              <RoundRow key={item._id} item={{ ...item, round: item.round }} />
            ) : (
              <StatementRow key={item._id} item={item} accountName={accountName} />
            ),
          )}
        </View>
      )}
      <Pagination page={page} pages={cursors.length} onChange={setPage} />
      <SlipStatusModal visible={slipsOpen} onClose={() => setSlipsOpen(false)} />
    </View>
  );
}

/** rowsSkeleton is the statement while its page loads: five rows. */
const rowsSkeleton = Array.from({ length: 5 }, () => ({ height: 64 }));

const styles = StyleSheet.create({
  wrap: { gap: spacing.md },
  toolbar: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  flex: { flex: 1 },
  empty: { backgroundColor: colors.surface, borderRadius: radius.md, padding: spacing.xl, alignItems: 'center' },
  list: { gap: spacing.sm },
  stale: { opacity: 0.6 },
});
