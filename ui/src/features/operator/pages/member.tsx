import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';
import { pageCount } from '@/lib/pagination';

import { opApi, qs } from '../api/client';
import type { MemberDetail, StatementLine } from '../api/types';
import { Badge, Card, DataTable, ErrorLine, KeyValue, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

const statementLimit = 20;

export default function MemberPage() {
  const { t } = useOpT();
  const { id } = useLocalSearchParams<{ id: string }>();
  const me = useMe();
  const client = useQueryClient();
  const key = ['operator', 'member', id];
  const detail = useQuery({
    queryKey: key,
    queryFn: () => opApi.get<MemberDetail>(`/api/operator/members/${encodeURIComponent(id)}`),
    enabled: !!id,
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');

  const lock = useMutation({
    mutationFn: (action: 'lock' | 'unlock') =>
      opApi.post(`/api/operator/members/${encodeURIComponent(id)}/${action}`, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: () => {
      setReason('');
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (sessionId?: string) =>
      opApi.delete(`/api/operator/members/${encodeURIComponent(id)}/sessions${sessionId ? `/${encodeURIComponent(sessionId)}` : ''}`),
    onSuccess: refresh,
  });
  const addNote = useMutation({
    mutationFn: () => opApi.post(`/api/operator/members/${encodeURIComponent(id)}/notes`, { text: note.trim() }),
    onSuccess: () => {
      setNote('');
      refresh();
    },
  });

  const role = me.data?.role;
  const d = detail.data;
  if (!d) {
    return (
      <>
        <PageTitle>{t('member.title')}</PageTitle>
        {detail.isLoading ? <AppText>{t('common.loading')}</AppText> : <ErrorLine error={detail.error} />}
      </>
    );
  }
  const locked = d.member.status === 'locked';
  const bankName = d.bankAccount?.bank ? `${d.bankAccount.bank.nameEN ?? ''} ${d.bankAccount.bank.nameTH ? `(${d.bankAccount.bank.nameTH})` : ''}` : '';
  return (
    <>
      <PageTitle right={<Badge label={t(`members.statuses.${d.member.status}`, { defaultValue: d.member.status })} tone={locked ? 'bad' : 'good'} />}>
        {`${d.member.name || d.member.phone}`}
      </PageTitle>
      <Row style={styles.top}>
        <Card title={t('member.profile')} style={styles.card}>
          <Row>
            <KeyValue label={t('members.phone')} value={d.member.phone} />
            <KeyValue label={t('members.name')} value={d.member.name} />
            <KeyValue label={t('member.id')} value={d.member._id} />
            <KeyValue label={t('members.createdAt')} value={when(d.member.createdAt)} />
            <KeyValue label={t('member.lastSeen')} value={when(d.member.lastSeenAt)} />
          </Row>
        </Card>
        <Card title={t('member.bank')} style={styles.card}>
          {d.bankAccount ? (
            <Row>
              <KeyValue label={t('members.bank')} value={`${d.bankAccount.bankCode} ${bankName}`.trim()} />
              <KeyValue label={t('member.accountNo')} value={d.bankAccount.bankAccountNo} />
              <KeyValue label={t('member.accountName')} value={d.bankAccount.bankAccountName} />
            </Row>
          ) : (
            <AppText variant="caption">{t('common.empty')}</AppText>
          )}
        </Card>
        <Card title={t('member.balances')} style={styles.card}>
          <Row>
            <KeyValue label={t('member.wallet')} value={money(d.wallet.amount)} />
            {d.games.map((g) => (
              <KeyValue key={g.code} label={g.name} value={money(g.amount)} />
            ))}
          </Row>
        </Card>
      </Row>

      {can(role, actionRoles.lockMember) ? (
        <Card title={locked ? t('member.unlockTitle') : t('member.lockTitle')}>
          <TextField label={t('member.reason')} value={reason} onChangeText={setReason} maxLength={500} />
          <Row>
            {locked ? (
              <Button title={t('member.unlock')} onPress={() => lock.mutate('unlock')} loading={lock.isPending} />
            ) : (
              <Button variant="danger" title={t('member.lock')} onPress={() => lock.mutate('lock')} loading={lock.isPending} />
            )}
          </Row>
          <ErrorLine error={lock.error} />
        </Card>
      ) : null}

      <Card title={t('member.sessions')}>
        <ErrorLine error={revoke.error} />
        <DataTable
          label={t('member.sessions')}
          csvName={`member-${d.member._id}-sessions`}
          rows={d.sessions}
          rowKey={(s) => s.id}
          columns={[
            { key: 'createdAt', label: t('member.sessionStarted'), text: (s) => when(s.createdAt) },
            { key: 'lastSeenAt', label: t('member.lastSeen'), text: (s) => when(s.lastSeenAt) },
            { key: 'ip', label: t('member.ip'), text: (s) => s.ip ?? '' },
            { key: 'ua', label: t('member.userAgent'), text: (s) => s.userAgent ?? '', flex: 2 },
            ...(can(role, actionRoles.revokeSessions)
              ? [
                  {
                    key: 'revoke',
                    label: '',
                    text: () => '',
                    render: (s: MemberDetail['sessions'][number]) => (
                      <Button variant="link" title={t('member.revoke')} onPress={() => revoke.mutate(s.id)} />
                    ),
                  },
                ]
              : []),
          ]}
        />
        {can(role, actionRoles.revokeSessions) && d.sessions.length ? (
          <Row>
            <Button variant="secondary" title={t('member.revokeAll')} onPress={() => revoke.mutate(undefined)} loading={revoke.isPending} />
          </Row>
        ) : null}
      </Card>

      <Statement id={d.member._id} />

      <Card title={t('member.notes')}>
        {d.notes.map((n, i) => (
          <View key={`${n.at}-${i}`} style={styles.note}>
            <AppText variant="caption">{`${when(n.at)} · ${n.operator}`}</AppText>
            <AppText>{n.text}</AppText>
          </View>
        ))}
        <TextField label={t('member.newNote')} value={note} onChangeText={setNote} multiline maxLength={2000} />
        <Row>
          <Button title={t('member.addNote')} onPress={() => addNote.mutate()} disabled={!note.trim()} loading={addNote.isPending} />
        </Row>
        <ErrorLine error={addNote.error} />
      </Card>
    </>
  );
}

function Statement({ id }: { id: string }) {
  const { t } = useOpT();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['operator', 'member', id, 'statement', page],
    queryFn: () =>
      opApi.get<{ statements: StatementLine[]; total: number }>(
        `/api/operator/members/${encodeURIComponent(id)}/statement${qs({ page, limit: statementLimit })}`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={t('member.statement')}>
      <DataTable
        label={t('member.statement')}
        csvName={`member-${id}-statement-${page}`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.statements ?? []}
        rowKey={(s) => s._id}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (s) => when(s.createdAt), flex: 1.3 },
          { key: 'type', label: t('member.type'), text: (s) => s.statementType },
          { key: 'from', label: t('member.from'), text: (s) => s.from },
          { key: 'to', label: t('member.to'), text: (s) => s.to },
          { key: 'amount', label: t('common.amount'), text: (s) => money(s.amount), align: 'right' },
          { key: 'status', label: t('members.status'), text: (s) => s.status },
          { key: 'description', label: t('member.description'), text: (s) => s.description ?? '', flex: 1.5 },
        ]}
      />
      <Pagination page={page} pages={pageCount(q.data?.total ?? 0, statementLimit)} onChange={setPage} />
    </Card>
  );
}

const styles = StyleSheet.create({
  top: { alignItems: 'stretch' },
  card: { flexGrow: 1, flexBasis: 320 },
  note: { gap: 2, paddingBottom: spacing.sm },
});
