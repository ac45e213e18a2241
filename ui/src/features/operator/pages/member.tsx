import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';
import { limits } from '@/lib/limits.generated';

import { useAddMemberNote, useLockMember, useRevokeSessions } from '../api/change-member';
import { useMember } from '../api/get-member';
import type { MemberDetail } from '../api/types';
import { Statement } from '../components/member/statement-card';
import { Badge, Card, DataTable, ErrorLine, KeyValue, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

export default function MemberPage() {
  const { t } = useOpT();
  const { id } = useLocalSearchParams<{ id: string }>();
  const me = useMe();
  const detail = useMember(id);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const lock = useLockMember(id, () => setReason(''));
  const revoke = useRevokeSessions(id);
  const addNote = useAddMemberNote(id, () => setNote(''));

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
  const bankName = d.bankAccount?.bank
    ? `${d.bankAccount.bank.nameEN ?? ''} ${d.bankAccount.bank.nameTH ? `(${d.bankAccount.bank.nameTH})` : ''}`
    : '';
  return (
    <>
      <PageTitle
        right={<Badge label={t(`members.statuses.${d.member.status}`, { defaultValue: d.member.status })} tone={locked ? 'bad' : 'good'} />}
      >
        {`${d.member.name || d.member.phone}`}
      </PageTitle>
      <Row style={styles.top}>
        <Card title={t('member.profile')} style={styles.card}>
          <Row>
            <KeyValue label={t('members.phone')} value={d.member.phone} />
            <KeyValue label={t('members.name')} value={d.member.name} />
            <KeyValue label={t('members.code')} value={d.member.memberCode} />
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
          <TextField label={t('member.reason')} value={reason} onChangeText={setReason} maxLength={limits.reason} />
          <Row>
            {locked ? (
              <Button
                title={t('member.unlock')}
                onPress={() => lock.mutate({ action: 'unlock', reason: reason.trim() })}
                loading={lock.isPending}
              />
            ) : (
              <Button
                variant="danger"
                title={t('member.lock')}
                onPress={() => lock.mutate({ action: 'lock', reason: reason.trim() })}
                loading={lock.isPending}
              />
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
                    label: t('common.actions'),
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
        <TextField label={t('member.newNote')} value={note} onChangeText={setNote} multiline maxLength={limits.note} />
        <Row>
          <Button
            title={t('member.addNote')}
            onPress={() => addNote.mutate(note.trim())}
            disabled={!note.trim()}
            loading={addNote.isPending}
          />
        </Row>
        <ErrorLine error={addNote.error} />
      </Card>
    </>
  );
}

const styles = StyleSheet.create({
  top: { alignItems: 'stretch' },
  card: { flexGrow: 1, flexBasis: 320 },
  note: { gap: 2, paddingBottom: spacing.sm },
});
