import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';

import { useAddOperator, useResetOperator, useUpdateOperator } from '../api/change-operator';
import { useOperators } from '../api/get-operators';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PendingNotice } from '../components/pending-changes';
import { Badge, Card, DataTable, ErrorLine, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { isRole, roles, type Role } from '../roles';
import { useMe } from '../session';

const usernamePattern = /^[a-z0-9][a-z0-9._-]{2,31}$/;

export default function OperatorsPage() {
  const { t } = useOpT();
  const me = useMe();
  const q = useOperators();
  const [proposed, setProposed] = useState(false);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('support');
  // Resetting or disabling locks a person out: both ask first.
  const [confirming, setConfirming] = useState<{ kind: 'reset' | 'disable'; name: string } | null>(null);

  const add = useAddOperator((wasProposed) => {
    setUsername('');
    setProposed(wasProposed);
  });
  const update = useUpdateOperator(setProposed);
  const reset = useResetOperator(setProposed);
  const nameOk = usernamePattern.test(username.trim());
  const roleOptions = roles.map((r) => ({ value: r, label: t(`roles.${r}`) }));

  return (
    <>
      <PageTitle>{t('pages.operators')}</PageTitle>
      {proposed ? <AppText role="status">{t('changes.proposed')}</AppText> : null}
      <PendingNotice kinds={['operator.create', 'operator.update', 'operator.reset']} />
      <Card title={t('operators.add')}>
        <Row style={styles.form}>
          <View style={styles.field}>
            <TextField
              label={t('signIn.username')}
              value={username}
              onChangeText={(v) => setUsername(v.toLowerCase())}
              autoCapitalize="none"
              error={username && !nameOk ? t('operators.usernameRule') : null}
            />
          </View>
          <View style={styles.field}>
            <Select label={t('operators.role')} value={role} options={roleOptions} onChange={(v) => isRole(v) && setRole(v)} />
          </View>
          <Button
            title={t('operators.addButton')}
            disabled={!nameOk}
            loading={add.isPending}
            onPress={() => add.mutate({ username: username.trim(), role })}
          />
        </Row>
        <ErrorLine error={add.error} />
      </Card>
      <ErrorLine error={update.error ?? reset.error} />
      <DataTable
        label={t('pages.operators')}
        csvName="operators"
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.operators ?? []}
        rowKey={(o) => o.username}
        minWidth={960}
        columns={[
          { key: 'username', label: t('signIn.username'), text: (o) => o.username },
          {
            key: 'role',
            label: t('operators.role'),
            text: (o) => o.role,
            flex: 1.3,
            render: (o) =>
              o.username === me.data?.username ? (
                <Badge label={t(`roles.${o.role}`)} />
              ) : (
                <Select
                  label={t('operators.roleOf', { username: o.username })}
                  value={o.role}
                  options={roleOptions}
                  onChange={(v) => isRole(v) && v !== o.role && update.mutate({ name: o.username, change: { role: v } })}
                />
              ),
          },
          {
            key: 'status',
            label: t('members.status'),
            text: (o) => (o.disabled ? 'disabled' : 'active'),
            render: (o) => (
              <Badge label={o.disabled ? t('operators.disabled') : t('operators.active')} tone={o.disabled ? 'bad' : 'good'} />
            ),
          },
          {
            key: 'enrolled',
            label: t('operators.enrolled'),
            text: (o) => (o.enrolled ? 'yes' : 'no'),
            render: (o) => (
              <Badge label={o.enrolled ? t('operators.enrolledYes') : t('operators.enrolledNo')} tone={o.enrolled ? 'good' : 'warn'} />
            ),
          },
          { key: 'createdAt', label: t('members.createdAt'), text: (o) => when(o.createdAt) },
          { key: 'lastLoginAt', label: t('operators.lastLogin'), text: (o) => when(o.lastLoginAt) },
          {
            key: 'actions',
            label: '',
            text: () => '',
            flex: 1.8,
            render: (o) =>
              o.username === me.data?.username ? (
                <AppText variant="caption">{t('operators.you')}</AppText>
              ) : (
                <Row style={styles.actions}>
                  <Button
                    variant="secondary"
                    title={o.disabled ? t('operators.enable') : t('operators.disable')}
                    accessibilityLabel={`${o.disabled ? t('operators.enable') : t('operators.disable')} ${o.username}`}
                    onPress={() =>
                      o.disabled
                        ? update.mutate({ name: o.username, change: { disabled: false } })
                        : setConfirming({ kind: 'disable', name: o.username })
                    }
                  />
                  <Button
                    variant="danger"
                    title={t('operators.reset')}
                    accessibilityLabel={`${t('operators.reset')} ${o.username}`}
                    onPress={() => setConfirming({ kind: 'reset', name: o.username })}
                  />
                </Row>
              ),
          },
        ]}
      />
      <ConfirmDialog
        visible={!!confirming}
        title={
          confirming?.kind === 'reset'
            ? t('operators.confirmResetTitle', { username: confirming?.name })
            : t('operators.confirmDisableTitle', { username: confirming?.name ?? '' })
        }
        text={confirming?.kind === 'reset' ? t('operators.confirmResetText') : t('operators.confirmDisableText')}
        confirm={confirming?.kind === 'reset' ? t('operators.confirmReset') : t('operators.confirmDisable')}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          if (confirming.kind === 'reset') reset.mutate(confirming.name);
          else update.mutate({ name: confirming.name, change: { disabled: true } });
          setConfirming(null);
        }}
      />
    </>
  );
}

const styles = StyleSheet.create({
  form: { alignItems: 'flex-end' },
  field: { flexGrow: 1, flexBasis: 220 },
  actions: { gap: spacing.xs },
});
