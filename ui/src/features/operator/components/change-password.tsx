import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useChangePassword } from '../api/change-password';
import { useOpT } from '../i18n';
import { ErrorLine } from './ui';

export const minOperatorPassword = 12;

/** ChangePassword sets the operator's own password; the server ends its other sessions. */
export function ChangePassword({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useOpT();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword(() => {
    setOld('');
    setNew('');
    setConfirm('');
  });
  const submit = () => {
    if (newPassword.length < minOperatorPassword || newPassword.length > 128) return setProblem(t('password.rule'));
    if (newPassword !== confirm) return setProblem(t('password.mismatch'));
    if (newPassword === oldPassword) return setProblem(t('password.same'));
    setProblem(null);
    change.mutate({ oldPassword, newPassword });
  };
  const close = () => {
    change.reset();
    setProblem(null);
    onClose();
  };
  return (
    <AppModal
      visible={visible}
      title={t('password.title')}
      onClose={close}
      footer={
        change.isSuccess ? (
          <Button title={t('common.close')} onPress={close} />
        ) : (
          <Button title={t('password.submit')} onPress={submit} loading={change.isPending} disabled={!oldPassword || !newPassword} />
        )
      }
    >
      {change.isSuccess ? (
        <AppText role="status">{t('password.done')}</AppText>
      ) : (
        <>
          <TextField label={t('password.old')} value={oldPassword} onChangeText={setOld} secureTextEntry autoComplete="current-password" />
          <TextField label={t('password.new')} value={newPassword} onChangeText={setNew} secureTextEntry autoComplete="new-password" />
          <TextField label={t('password.confirm')} value={confirm} onChangeText={setConfirm} secureTextEntry autoComplete="new-password" />
          <AppText variant="caption">{t('password.rule')}</AppText>
          {problem ? (
            <AppText variant="error" role="alert">
              {problem}
            </AppText>
          ) : null}
          <ErrorLine error={change.error} />
        </>
      )}
    </AppModal>
  );
}
