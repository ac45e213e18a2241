import { useState } from 'react';

import { useMemberStatement } from '../../api/get-member-statement';
import { useOpT } from '../../i18n';
import { PagedTable } from '../paged-table';
import { Card, money, when } from '../ui';

import { statementDescription, statementType } from './statement-text';

/** Statement is a member's statement, a page at a time. */
export function Statement({ id }: { id: string }) {
  const { t } = useOpT();
  const [page, setPage] = useState(1);
  const q = useMemberStatement(id, page);
  return (
    <Card title={t('member.statement')}>
      <PagedTable
        label={t('member.statement')}
        csvName={`member-${id}-statement-${page}`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.statements ?? []}
        rowKey={(s) => s._id}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (s) => when(s.createdAt), flex: 1.3 },
          { key: 'type', label: t('member.type'), text: (s) => statementType(s, t) },
          { key: 'from', label: t('member.from'), text: (s) => s.from },
          { key: 'to', label: t('member.to'), text: (s) => s.to },
          { key: 'amount', label: t('common.amount'), text: (s) => money(s.amount), align: 'right' },
          { key: 'status', label: t('members.status'), text: (s) => s.status },
          { key: 'description', label: t('member.description'), text: (s) => statementDescription(s, t), flex: 1.5 },
        ]}
        page={page}
        total={q.data?.total ?? 0}
        onPage={setPage}
      />
    </Card>
  );
}
