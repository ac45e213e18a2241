import { useState } from 'react';
import { ActivityIndicator, StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';
import { openLinkFrom } from '@/lib/open-link';
import { pageCount } from '@/lib/pagination';

import { slipImageUrl, slipPageSize, useSlips, type Slip } from '../api/get-slips';
import { useStatementT } from '../i18n';

/** slipStatusKey maps a slip status to its label: SUCCESS, FAILED, otherwise processing. */
export function slipStatusKey(status: string): 'success' | 'failed' | 'processing' {
  return status === 'SUCCESS' ? 'success' : status === 'FAILED' ? 'failed' : 'processing';
}

/**
 * SlipStatusModal lists the member's uploaded slips, 10 a page, with a refresh: received time,
 * amount, status with the translated reason, and a link to the image. A failed load is
 * swallowed (spec part 8): the list is then empty.
 */
export function SlipStatusModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, i18n } = useStatementT();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const slips = useSlips(page, visible);
  const items = slips.isError ? [] : (slips.data?.slips ?? []);
  const pages = slips.isError ? 1 : pageCount(slips.data?.total ?? 0, slipPageSize);

  const view = (slip: Slip) => openLinkFrom(() => slipImageUrl(slip.reference)).catch((err) => toast(errorMessage(err, i18n), 'error'));

  const reason = (slip: Slip) => (slip.note && i18n.exists(`slipReason.${slip.note}`) ? t(`slipReason.${slip.note}`) : (slip.note ?? ''));

  return (
    <AppModal
      visible={visible}
      title={t('statement.slipTitle')}
      onClose={onClose}
      footer={<Button title={t('common.close')} variant="secondary" onPress={onClose} />}
    >
      <View style={styles.toolbar}>
        <Button title={t('statement.refresh')} variant="secondary" loading={slips.isFetching} onPress={() => slips.refetch()} />
      </View>
      {slips.isLoading ? (
        <View style={styles.center} accessibilityLabel={t('common.loading')}>
          <ActivityIndicator color={colors.primary} />
        </View>
      ) : items.length === 0 ? (
        <AppText>{t('statement.noSlips')}</AppText>
      ) : (
        <View role="table" style={[styles.table, slips.isPlaceholderData && styles.stale]}>
          <View role="row" style={[styles.row, styles.head]}>
            <AppText role="columnheader" variant="label" style={styles.time}>
              {t('statement.slipReceived')}
            </AppText>
            <AppText role="columnheader" variant="label" style={styles.amount}>
              {t('statement.slipAmount')}
            </AppText>
            <AppText role="columnheader" variant="label" style={styles.status}>
              {t('statement.slipStatus')}
            </AppText>
            <AppText role="columnheader" variant="label" style={styles.image}>
              {t('statement.slipImage')}
            </AppText>
          </View>
          {items.map((slip) => {
            const key = slipStatusKey(slip.status);
            return (
              <View role="row" key={slip.reference} style={styles.row}>
                <AppText role="cell" style={styles.time}>
                  {formatDateTime(slip.createdAt)}
                </AppText>
                <AppText role="cell" style={styles.amount}>
                  {formatNumber(slip.amount)}
                </AppText>
                <View role="cell" style={styles.status}>
                  <AppText bold style={key === 'success' ? styles.ok : key === 'failed' ? styles.bad : undefined}>
                    {t(`slipStatus.${key}`)}
                  </AppText>
                  {reason(slip) ? <AppText variant="caption">{reason(slip)}</AppText> : null}
                </View>
                <View role="cell" style={styles.image}>
                  <Button
                    title={t('statement.viewSlip')}
                    variant="secondary"
                    accessibilityLabel={t('statement.viewSlipOf', { time: formatDateTime(slip.createdAt) })}
                    onPress={() => view(slip)}
                  />
                </View>
              </View>
            );
          })}
        </View>
      )}
      <Pagination page={page} pages={pages} onChange={setPage} />
    </AppModal>
  );
}

const styles = StyleSheet.create({
  toolbar: { flexDirection: 'row', justifyContent: 'flex-end' },
  center: { padding: spacing.xl, alignItems: 'center' },
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
  time: { flex: 3 },
  amount: { flex: 2, textAlign: 'right' },
  status: { flex: 3 },
  image: { flex: 2, alignItems: 'flex-end' },
  ok: { color: colors.success },
  bad: { color: colors.danger },
});
