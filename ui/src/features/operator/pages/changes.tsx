import { useState } from 'react';
import { StyleSheet } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';

import { useDecideChange } from '../api/decide-change';
import { usePendingChanges } from '../api/get-changes';
import type { Credentials } from '../api/types';
import { Card, DataTable, ErrorLine, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { useMe } from '../session';

/**
 * Pending changes: what one owner proposed of the four-eyes settings (the withdrawal approval
 * threshold, the receiving accounts, QR providers' secrets, aggregators' secrets, allow-lists and
 * switching on, operator accounts) waits here until a different owner approves it (applied then)
 * or an owner rejects it. An owner cannot approve their own proposal (the server answers
 * OWN_CHANGE); the credentials of an operator created or reset are shown once, to the approving
 * owner. Secrets are never shown: the summary says only that one is set (and its fingerprint).
 */
export default function ChangesPage() {
  const { t } = useOpT();
  const me = useMe();
  const q = usePendingChanges();
  const [shown, setShown] = useState<Credentials | null>(null);
  const approve = useDecideChange('approve', (answer) => answer.credentials && setShown(answer.credentials));
  const reject = useDecideChange('reject');
  return (
    <>
      <PageTitle>{t('pages.changes')}</PageTitle>
      <AppText>{t('changes.intro')}</AppText>
      {shown ? (
        <Card title={t('operators.credentialsTitle', { username: shown.username ?? '' })} style={styles.secret}>
          <AppText bold>{t('operators.onceWarning')}</AppText>
          <AppText variant="label">{t('signIn.password')}</AppText>
          <AppText selectable testID="new-password" style={styles.mono}>
            {shown.password}
          </AppText>
          <AppText variant="label">{t('signIn.secret')}</AppText>
          <AppText selectable testID="new-totp-secret" style={styles.mono}>
            {shown.totpSecret}
          </AppText>
          <AppText variant="label">{t('operators.uri')}</AppText>
          <AppText selectable style={styles.mono}>
            {shown.totpUri}
          </AppText>
          <Row>
            <Button title={t('operators.done')} onPress={() => setShown(null)} />
          </Row>
        </Card>
      ) : null}
      <ErrorLine error={approve.error ?? reject.error} />
      <DataTable
        label={t('pages.changes')}
        csvName="pending-changes"
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.changes ?? []}
        rowKey={(c) => c.id}
        minWidth={960}
        columns={[
          { key: 'what', label: t('changes.what'), text: (c) => t(`changes.kinds.${c.kind}`, { target: c.target }), flex: 1.5 },
          { key: 'summary', label: t('changes.value'), text: (c) => JSON.stringify(c.summary), flex: 2 },
          { key: 'proposedBy', label: t('changes.proposedBy'), text: (c) => c.proposedBy },
          { key: 'proposedAt', label: t('changes.proposedAt'), text: (c) => when(c.proposedAt) },
          {
            key: 'actions',
            label: t('common.actions'),
            text: () => '',
            flex: 1.8,
            render: (c) => (
              <Row style={styles.actions}>
                {c.proposedBy === me.data?.username ? (
                  <AppText variant="caption">{t('changes.yours')}</AppText>
                ) : (
                  <Button
                    title={t('changes.approve')}
                    accessibilityLabel={`${t('changes.approve')} ${c.id}`}
                    loading={approve.isPending && approve.variables === c.id}
                    onPress={() => approve.mutate(c.id)}
                  />
                )}
                <Button
                  variant="secondary"
                  title={t('changes.reject')}
                  accessibilityLabel={`${t('changes.reject')} ${c.id}`}
                  loading={reject.isPending && reject.variables === c.id}
                  onPress={() => reject.mutate(c.id)}
                />
              </Row>
            ),
          },
        ]}
      />
    </>
  );
}

const styles = StyleSheet.create({
  actions: { gap: spacing.xs },
  mono: { fontFamily: 'monospace' },
  secret: { borderColor: colors.warning, borderWidth: 2, borderRadius: radius.md },
});
