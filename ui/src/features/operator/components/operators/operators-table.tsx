import { useState } from 'react';
import { StyleSheet } from 'react-native';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';

import { useResetOperator, useUpdateOperator } from '../../api/change-operator';
import { useOperators } from '../../api/get-operators';
import { useOpT } from '../../i18n';
import { isRole, roles } from '../../roles';
import { useMe } from '../../session';
import { ConfirmDialog } from '../confirm-dialog';
import { Badge, DataTable, ErrorLine, Row, when } from '../ui';

/**
 * OperatorsTable lists the operators with their role, status and enrolment; another operator's
 * role, enabling, disabling and password reset are changed here (onProposed: whether the change
 * waits for a second owner).
 */
export function OperatorsTable({ onProposed }: { onProposed: (proposed: boolean) => void }) {
  const { t } = useOpT();
  const me = useMe();
  const q = useOperators();
  // Resetting or disabling locks a person out: both ask first.
  const [confirming, setConfirming] = useState<{ kind: 'reset' | 'disable'; name: string } | null>(null);
  const update = useUpdateOperator(onProposed);
  const reset = useResetOperator(onProposed);
  const roleOptions = roles.map((r) => ({ value: r, label: t(`roles.${r}`) }));

  return (
    <>
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
            label: t('common.actions'),
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
  actions: { gap: spacing.xs },
});
