import { StyleSheet } from 'react-native';

import { AppText } from '@/components/ui/text';

import { useDashboard } from '../api/get-dashboard';
import { Card, ErrorLine, money, PageTitle, Row } from '../components/ui';
import { useOpT } from '../i18n';

export default function DashboardPage() {
  const { t } = useOpT();
  const q = useDashboard();
  const d = q.data;
  const tiles: { key: string; value: string; sub?: string }[] = d
    ? [
        { key: 'deposits', value: money(d.deposits.amount), sub: t('dashboard.count', { count: d.deposits.count }) },
        { key: 'withdrawals', value: money(d.withdrawals.amount), sub: t('dashboard.count', { count: d.withdrawals.count }) },
        { key: 'adjustments', value: money(d.adjustments.amount), sub: t('dashboard.count', { count: d.adjustments.count }) },
        {
          key: 'pendingWithdrawals',
          value: money(d.pendingWithdrawals.amount),
          sub: t('dashboard.count', { count: d.pendingWithdrawals.count }),
        },
        { key: 'openTransfers', value: String(d.openTransfers.count) },
        {
          key: 'membersRegistered',
          value: String(d.membersRegistered.today),
          sub: t('dashboard.membersTotal', { total: d.membersRegistered.total }),
        },
      ]
    : [];
  return (
    <>
      <PageTitle>{d ? t('dashboard.titleDay', { day: d.day }) : t('pages.dashboard')}</PageTitle>
      <ErrorLine error={q.error} />
      {q.isLoading ? <AppText>{t('common.loading')}</AppText> : null}
      <Row style={styles.tiles}>
        {tiles.map((tile) => (
          <Card key={tile.key} style={styles.tile}>
            <AppText variant="label">{t(`dashboard.${tile.key}`)}</AppText>
            <AppText variant="title" testID={`dashboard-${tile.key}`}>
              {tile.value}
            </AppText>
            {tile.sub ? <AppText variant="caption">{tile.sub}</AppText> : null}
          </Card>
        ))}
      </Row>
    </>
  );
}

const styles = StyleSheet.create({
  tiles: { alignItems: 'stretch' },
  tile: { minWidth: 200, flexGrow: 1, flexBasis: 200 },
});
