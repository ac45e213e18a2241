import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';

import { useUpdateBankAccountName } from '../api/update-bank-account-name';
import { validateBankName } from '../validation';
import { useProfileT } from '../i18n';

/** englishRequired states the English-only rule before the field (the automatic prompt). */
type Props = { visible: boolean; bankCode: string; currentName: string; englishRequired?: boolean; onClose: () => void };

export function EditBankNameModal({ visible, bankCode, currentName, englishRequired, onClose }: Props) {
  const { t, i18n } = useProfileT();
  const toast = useToast();
  const update = useUpdateBankAccountName();
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (visible) {
      setName(currentName.toUpperCase());
      setError(null);
    }
  }, [visible, currentName]);

  const submit = () => {
    const value = name.trim().replace(/\s+/g, ' ');
    const problem = validateBankName(value);
    if (problem) {
      setError(t(problem));
      return;
    }
    update.mutate(
      { bankCode, bankAccountName: value },
      {
        onSuccess: () => {
          onClose();
          toast(t('profile.bankNameSaved'), 'success');
        },
        onError: (err) => setError(errorMessage(err, i18n)),
      },
    );
  };

  return (
    <AppModal
      visible={visible}
      title={t('profile.editBankName')}
      onClose={onClose}
      footer={<Button title={t('common.save')} onPress={submit} loading={update.isPending} />}
    >
      {englishRequired ? <AppText>{t('profile.bankNameEnglish')}</AppText> : null}
      <TextField
        label={t('profile.bankAccountName')}
        value={name}
        upperCase
        onChangeText={(v) => {
          setName(v);
          setError(null);
        }}
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
