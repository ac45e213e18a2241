import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { type RoundQuery, useSeamlessRound } from '../api/get-seamless-round';
import type { SeamlessRound } from '../api/types';
import { ResolveRound } from '../components/rounds/resolve-round';
import { Badge, Card, DataTable, ErrorLine, KeyValue, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

/** roundState is what the console says of a round: resolved by an operator, stuck, or open. */
export function roundState(r: SeamlessRound): 'refund' | 'lost' | 'stuck' | 'open' {
  return r.resolved ?? (r.stuck ? 'stuck' : 'open');
}

/** A seamless round found by its id or a transaction's, with its callbacks; a stuck one may be resolved. */
export default function RoundsPage() {
  const { t } = useOpT();
  const role = useMe().data?.role;
  const [provider, setProvider] = useState('');
  const [by, setBy] = useState<RoundQuery['by']>('round');
  const [id, setId] = useState('');
  const [query, setQuery] = useState<RoundQuery | null>(null);
  const found = useSeamlessRound(query);
  const round = found.data;
  const search = () => {
    if (provider.trim() && id.trim()) setQuery({ provider: provider.trim(), by, id: id.trim() });
  };
  const state = round ? roundState(round) : 'open';
  return (
    <>
      <PageTitle>{t('pages.rounds')}</PageTitle>
      <AppText variant="caption">{t('rounds.help')}</AppText>
      <Card>
        <Row style={styles.form}>
          <View style={styles.field}>
            <TextField label={t('rounds.provider')} value={provider} onChangeText={setProvider} autoCapitalize="none" />
          </View>
          <View style={styles.field}>
            <Select
              label={t('rounds.by')}
              value={by}
              onChange={(v) => setBy(v === 'tx' ? 'tx' : 'round')}
              options={[
                { value: 'round', label: t('rounds.byRound') },
                { value: 'tx', label: t('rounds.byTx') },
              ]}
            />
          </View>
          <View style={styles.field}>
            <TextField label={t('rounds.id')} value={id} onChangeText={setId} autoCapitalize="none" onSubmitEditing={search} />
          </View>
          <Button title={t('rounds.search')} onPress={search} loading={found.isFetching} />
        </Row>
      </Card>
      <ErrorLine error={found.error} />
      {round ? (
        <>
          <Card title={t('rounds.round', { round: round.round || '—' })}>
            <Row style={styles.facts}>
              <KeyValue label={t('rounds.provider')} value={round.provider} />
              <KeyValue label={t('withdrawals.member')} value={round.memberId} />
              <KeyValue label={t('rounds.stake')} value={money(round.stake)} />
              <KeyValue
                label={t('members.status')}
                value={
                  <Badge label={t(`rounds.states.${state}`)} tone={state === 'stuck' ? 'bad' : state === 'open' ? 'neutral' : 'good'} />
                }
              />
              {round.stuckSince ? <KeyValue label={t('rounds.stuckSince')} value={when(round.stuckSince)} /> : null}
            </Row>
          </Card>
          <DataTable
            label={t('rounds.transactions')}
            csvName={`round-${round.provider}-${round.round}`}
            rows={round.transactions}
            rowKey={(tx) => tx.txId}
            minWidth={1100}
            columns={[
              { key: 'createdAt', label: t('member.time'), text: (tx) => when(tx.createdAt), flex: 1.2 },
              { key: 'tx', label: t('rounds.tx'), text: (tx) => tx.txId, flex: 1.4 },
              { key: 'kind', label: t('rounds.kind'), text: (tx) => t(`rounds.kinds.${tx.kind}`, { defaultValue: tx.kind }), flex: 0.7 },
              { key: 'state', label: t('rounds.state'), text: (tx) => t(`rounds.txStates.${tx.state}`, { defaultValue: tx.state }) },
              { key: 'amount', label: t('common.amount'), text: (tx) => money(tx.amount), align: 'right', flex: 0.8 },
              { key: 'balance', label: t('rounds.balance'), text: (tx) => money(tx.balance), align: 'right', flex: 0.8 },
              { key: 'game', label: t('reconciliation.game'), text: (tx) => tx.game, flex: 0.8 },
              { key: 'journal', label: t('rounds.journal'), text: (tx) => tx.journalId ?? '—', flex: 1.2 },
              { key: 'manual', label: t('rounds.manual'), text: (tx) => (tx.manual ? t('rounds.byOperator') : ''), flex: 0.7 },
            ]}
          />
          {can(role, actionRoles.resolveRound) && (round.stuck || round.resolved) ? (
            <ResolveRound round={round} isOwner={role === 'owner'} />
          ) : null}
        </>
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  form: { alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { minWidth: 180 },
  facts: { flexWrap: 'wrap' },
});
