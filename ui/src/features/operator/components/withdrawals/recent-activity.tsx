import { Button } from '@/components/ui/button';

import { useRecentStatement } from '../../api/get-member-statement';
import type { Withdrawal } from '../../api/types';
import { useOpT } from '../../i18n';
import { Card, DataTable, money, Row, when } from '../ui';
import { statementDescription, statementType } from '../member/statement-text';

/** RecentActivity shows the latest statement lines of the member who asks for a withdrawal. */
export function RecentActivity({ w, onClose }: { w: Withdrawal; onClose: () => void }) {
  const { t } = useOpT();
  const q = useRecentStatement(w.memberId);
  return (
    <Card title={t('withdrawals.activityOf', { name: w.name || w.phone })}>
      <DataTable
        label={t('withdrawals.activityOf', { name: w.name || w.phone })}
        csvName={`member-${w.memberId}-recent`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.statements ?? []}
        rowKey={(s) => s._id}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (s) => when(s.createdAt) },
          { key: 'type', label: t('member.type'), text: (s) => statementType(s, t) },
          { key: 'amount', label: t('common.amount'), text: (s) => money(s.amount), align: 'right' },
          { key: 'status', label: t('members.status'), text: (s) => s.status },
          { key: 'description', label: t('member.description'), text: (s) => statementDescription(s, t) },
        ]}
      />
      <Row>
        <Button variant="secondary" title={t('common.close')} onPress={onClose} />
      </Row>
    </Card>
  );
}
