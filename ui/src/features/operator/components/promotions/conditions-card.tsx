import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { useEndCondition } from '../../api/end-condition';
import { useConditions, type OpCondition } from '../../api/get-conditions';
import { useOpT } from '../../i18n';
import { InlineConfirm } from '../inline-confirm';
import { Card, DataTable, money, Row, when } from '../ui';
import { progressShare } from './forms';

/** ConditionsCard lists the running turnover conditions; an editor may release one or forfeit its bonus. */
export function ConditionsCard({ canEdit, onNotice }: { canEdit: boolean; onNotice: (text: string) => void }) {
  const { t } = useOpT();
  const conditions = useConditions();
  const [ending, setEnding] = useState<{ condition: OpCondition; forfeit: boolean } | null>(null);
  const end = useEndCondition(() => {
    onNotice(t('promotions.ended', { name: ending?.condition.name || ending?.condition.phone }));
    setEnding(null);
  });
  return (
    <Card title={t('promotions.conditions')}>
      <DataTable
        label={t('promotions.conditions')}
        csvName="conditions"
        loading={conditions.isLoading}
        error={conditions.error}
        rows={conditions.data?.conditions ?? []}
        rowKey={(c) => c._id}
        minWidth={900}
        columns={[
          { key: 'member', label: t('promotions.member'), text: (c) => `${c.name} ${c.phone}`, flex: 1.4 },
          { key: 'code', label: t('promotions.code'), text: (c) => `${c.code} (${c.type})` },
          { key: 'amount', label: t('common.amount'), text: (c) => money(c.amount), align: 'right' },
          { key: 'progress', label: t('promotions.progress'), text: (c) => money(c.progress), align: 'right' },
          { key: 'bounds', label: t('promotions.bounds'), text: (c) => `${money(c.minimum)} – ${money(c.target)}`, flex: 1.4 },
          { key: 'share', label: '%', text: (c) => progressShare(c), flex: 0.5, align: 'right' },
          { key: 'since', label: t('promotions.since'), text: (c) => when(c.createdAt) },
          {
            key: 'end',
            label: t('common.actions'),
            text: () => '',
            flex: 1.4,
            render: (c) =>
              canEdit ? (
                <Row>
                  <Button
                    variant="link"
                    title={t('promotions.release')}
                    accessibilityLabel={t('promotions.releaseNamed', { name: c.name || c.phone })}
                    onPress={() => {
                      end.reset();
                      setEnding({ condition: c, forfeit: false });
                    }}
                  />
                  <Button
                    variant="link"
                    title={t('promotions.forfeit')}
                    accessibilityLabel={t('promotions.forfeitNamed', { name: c.name || c.phone })}
                    onPress={() => {
                      end.reset();
                      setEnding({ condition: c, forfeit: true });
                    }}
                  />
                </Row>
              ) : null,
          },
        ]}
      />
      {ending ? (
        <InlineConfirm
          text={t(ending.forfeit ? 'promotions.confirmForfeit' : 'promotions.confirmRelease', {
            name: ending.condition.name || ending.condition.phone,
            code: ending.condition.code,
          })}
          confirm={t('promotions.confirm')}
          loading={end.isPending}
          error={end.error}
          onConfirm={() => end.mutate({ id: ending.condition._id, forfeit: ending.forfeit })}
          onCancel={() => setEnding(null)}
        />
      ) : null}
    </Card>
  );
}
