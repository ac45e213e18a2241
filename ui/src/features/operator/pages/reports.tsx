import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useDailyReport } from '../api/get-reports';
import { DataTable, money, PageTitle, Row } from '../components/ui';
import { useOpT } from '../i18n';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** bangkokDay is the calendar day in Asia/Bangkok (UTC+7, no daylight saving), days ago. */
export function bangkokDay(daysAgo = 0, now = new Date()): string {
  return new Date(now.getTime() + 7 * 3600_000 - daysAgo * 86400_000).toISOString().slice(0, 10);
}

export default function ReportsPage() {
  const { t } = useOpT();
  const [from, setFrom] = useState(bangkokDay(6));
  const [to, setTo] = useState(bangkokDay(0));
  const [range, setRange] = useState({ from, to });
  const valid = dayPattern.test(from) && dayPattern.test(to) && from <= to;
  const q = useDailyReport(range);
  return (
    <>
      <PageTitle>{t('pages.reports')}</PageTitle>
      <AppText variant="caption">{t('reports.help')}</AppText>
      <Row style={styles.bar}>
        <View style={styles.field}>
          <TextField label={t('reports.from')} value={from} onChangeText={setFrom} placeholder="YYYY-MM-DD" />
        </View>
        <View style={styles.field}>
          <TextField label={t('reports.to')} value={to} onChangeText={setTo} placeholder="YYYY-MM-DD" />
        </View>
        <Button title={t('reports.show')} disabled={!valid} onPress={() => setRange({ from, to })} />
      </Row>
      {!valid ? (
        <AppText variant="error" role="alert">
          {t('reports.invalid')}
        </AppText>
      ) : null}
      <DataTable
        label={t('pages.reports')}
        csvName={`daily-${range.from}-${range.to}`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.days ?? []}
        rowKey={(d) => d.day}
        minWidth={1250}
        columns={[
          { key: 'day', label: t('reports.day'), text: (d) => d.day },
          {
            key: 'depositsCount',
            label: t('reports.count', { what: t('dashboard.deposits') }),
            text: (d) => d.deposits.count,
            align: 'right',
          },
          { key: 'deposits', label: t('dashboard.deposits'), text: (d) => money(d.deposits.amount), align: 'right' },
          {
            key: 'withdrawalsCount',
            label: t('reports.count', { what: t('dashboard.withdrawals') }),
            text: (d) => d.withdrawals.count,
            align: 'right',
          },
          { key: 'withdrawals', label: t('dashboard.withdrawals'), text: (d) => money(d.withdrawals.amount), align: 'right' },
          {
            key: 'adjustmentsCount',
            label: t('reports.count', { what: t('dashboard.adjustments') }),
            text: (d) => d.adjustments.count,
            align: 'right',
          },
          { key: 'adjustments', label: t('dashboard.adjustments'), text: (d) => money(d.adjustments.amount), align: 'right' },
          { key: 'promotionExpense', label: t('reports.promotionExpense'), text: (d) => money(d.promotionExpense), align: 'right' },
          { key: 'gameNet', label: t('reports.gameNet'), text: (d) => money(d.gameNet), align: 'right' },
          { key: 'members', label: t('reports.members'), text: (d) => d.members, align: 'right' },
        ]}
      />
    </>
  );
}

const styles = StyleSheet.create({
  bar: { alignItems: 'flex-end' },
  field: { flexBasis: 180 },
});
