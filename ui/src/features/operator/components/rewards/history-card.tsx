import { StyleSheet, View } from 'react-native';

import { TextField } from '@/components/ui/text-field';

import { useRewardItems, type Item } from '../../api/get-reward-items';
import type { Program } from '../../api/get-reward-settings';
import { useOpT } from '../../i18n';
import { PagedTable } from '../paged-table';
import { Card, money, when } from '../ui';

type Props = { program: Program; member: string; onMember: (member: string) => void; page: number; setPage: (page: number) => void };

/** HistoryCard lists a program's rewards, of one member when a member id is typed. */
export function HistoryCard({ program, member, onMember, page, setPage }: Props) {
  const { t } = useOpT();
  const items = useRewardItems(program, member, page);
  return (
    <Card title={t('rewards.history')}>
      <View style={styles.field}>
        <TextField label={t('rewards.memberId')} value={member} onChangeText={onMember} autoCapitalize="none" />
      </View>
      <PagedTable
        label={t('rewards.history')}
        csvName={`${program}-history`}
        loading={items.isLoading}
        error={items.error}
        rows={items.data?.items ?? []}
        rowKey={(r) => r.id}
        minWidth={900}
        columns={[
          { key: 'member', label: t('rewards.member'), text: (r) => `${r.name} ${r.phone}`, flex: 1.4 },
          ...(program === 'invite' ? [{ key: 'from', label: t('rewards.from'), text: (r: Item) => r.fromName ?? '' }] : []),
          { key: 'period', label: t('rewards.period'), text: (r) => r.period, flex: 1.4 },
          { key: 'net', label: t('rewards.netLoss'), text: (r) => money(r.stake - r.payout), align: 'right' },
          { key: 'amount', label: t('common.amount'), text: (r) => money(r.amount), align: 'right' },
          { key: 'status', label: t('rewards.status'), text: (r) => t(`rewards.statuses.${r.status}`) },
          { key: 'created', label: t('rewards.createdAt'), text: (r) => when(r.createdAt) },
        ]}
        page={page}
        total={items.data?.total ?? 0}
        onPage={setPage}
      />
    </Card>
  );
}

const styles = StyleSheet.create({
  field: { flexGrow: 1, flexBasis: 200 },
});
