import { Button } from '@/components/ui/button';

import { useCollection } from '../../api/get-collection';
import { useGameResults } from '../../api/get-game-results';
import { useRunCollection } from '../../api/run-collection';
import { useOpT } from '../../i18n';
import { Badge, Card, DataTable, ErrorLine, money, Row, when } from '../ui';

type Props = { member: string; canEdit: boolean; onNotice: (text: string) => void };

/** CollectionCard shows where the collection of game results stands and the latest results. */
export function CollectionCard({ member, canEdit, onNotice }: Props) {
  const { t } = useOpT();
  const collection = useCollection();
  const results = useGameResults(member);
  const collect = useRunCollection((bets) => onNotice(t('rewards.collected', { count: bets })));
  return (
    <Card title={t('rewards.collection')}>
      {canEdit ? (
        <Row>
          <Button variant="secondary" title={t('rewards.collectNow')} loading={collect.isPending} onPress={() => collect.mutate()} />
        </Row>
      ) : null}
      <ErrorLine error={collect.error} />
      <DataTable
        label={t('rewards.collection')}
        csvName="collection"
        loading={collection.isLoading}
        error={collection.error}
        rows={collection.data ?? []}
        rowKey={(c) => c.game}
        minWidth={900}
        columns={[
          { key: 'game', label: t('rewards.game'), text: (c) => c.game },
          { key: 'cursor', label: t('rewards.cursor'), text: (c) => c.cursor },
          { key: 'bets', label: t('rewards.bets'), text: (c) => c.bets, align: 'right' },
          { key: 'lag', label: t('rewards.lag'), text: (c) => (c.lag < 0 ? '—' : t('rewards.seconds', { count: c.lag })), align: 'right' },
          { key: 'ok', label: t('rewards.lastOk'), text: (c) => when(c.lastOkAt) },
          {
            key: 'error',
            label: t('rewards.lastError'),
            text: (c) => (c.lastError ? `${when(c.lastErrorAt)} ${c.lastError}` : ''),
            render: (c) => (c.lastError ? <Badge label={`${when(c.lastErrorAt)} ${c.lastError}`} tone="bad" /> : null),
            flex: 2,
          },
        ]}
      />
      <DataTable
        label={t('rewards.results')}
        csvName="game-results"
        loading={results.isLoading}
        error={results.error}
        rows={results.data ?? []}
        rowKey={(r) => `${r.memberId}-${r.game}-${r.day}`}
        minWidth={900}
        columns={[
          { key: 'day', label: t('rewards.day'), text: (r) => r.day },
          { key: 'member', label: t('rewards.memberId'), text: (r) => r.memberId, flex: 1.6 },
          { key: 'game', label: t('rewards.game'), text: (r) => r.game },
          { key: 'bets', label: t('rewards.bets'), text: (r) => r.bets, align: 'right', flex: 0.6 },
          { key: 'stake', label: t('rewards.stake'), text: (r) => money(r.stake), align: 'right' },
          { key: 'payout', label: t('rewards.payout'), text: (r) => money(r.payout), align: 'right' },
          { key: 'net', label: t('rewards.net'), text: (r) => money(r.net), align: 'right' },
        ]}
      />
    </Card>
  );
}
