import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { useLimits } from '@/lib/lookups';

import { useChangePassword } from '../api/change-password';
import { validateChangePassword } from '../validation';
import { useProfileT } from '../i18n';

export function ChangePasswordModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, i18n } = useProfileT();
  const toast = useToast();
  const change = useChangePassword();
  const passwordMin = useLimits(visible).data?.passwordMin;
  const rule = { min: passwordMin };
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOldPassword('');
    setNewPassword('');
    setConfirmPassword('');
    setError(null);
    onClose();
  };

  const submit = () => {
    const problem = validateChangePassword({ oldPassword, newPassword, confirmPassword }, passwordMin);
    if (problem === 'empty') return;
    if (problem) {
      setError(t(problem, rule));
      return;
    }
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          close();
          toast(t('profile.passwordChanged'), 'success');
        },
        onError: (err) => setError(errorMessage(err, i18n, rule)),
      },
    );
  };

  const typing = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError(null);
  };

  return (
    <AppModal
      visible={visible}
      title={t('profile.changePassword')}
      onClose={close}
      footer={<Button title={t('common.save')} onPress={submit} loading={change.isPending} />}
    >
      <TextField
        label={t('profile.oldPassword')}
        value={oldPassword}
        onChangeText={typing(setOldPassword)}
        secureTextEntry
        autoComplete="current-password"
      />
      <TextField
        label={t('profile.newPassword')}
        value={newPassword}
        onChangeText={typing(setNewPassword)}
        secureTextEntry
        autoComplete="new-password"
      />
      {passwordMin ? <AppText variant="caption">{t('errorMsg.PASSWORD_TOO_SHORT', rule)}</AppText> : null}
      <TextField
        label={t('profile.confirmNewPassword')}
        value={confirmPassword}
        onChangeText={typing(setConfirmPassword)}
        secureTextEntry
        autoComplete="new-password"
        onSubmitEditing={submit}
      />
      {error ? (
        <AppText variant="error" role="alert">
          {error}
        </AppText>
      ) : null}
    </AppModal>
  );
}
