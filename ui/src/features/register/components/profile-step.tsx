import { useState } from 'react';
import { useRegisterT } from '@/features/register/i18n';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { useLimits, useSources } from '@/lib/lookups';

import { useValidateAccount } from '../api/validate-account';
import type { RegisterProfile } from '../hooks/register-machine';
import { hasErrors, passwordTooShort, validateProfile, type FieldErrors, type ProfileForm } from '../validation';

type Props = {
  phone: string;
  initial: RegisterProfile | null;
  /** storedInviteCode comes from the invite link; when set the field is read-only. */
  storedInviteCode: string | null;
  onValidated: (profile: RegisterProfile) => void;
  onBack: () => void;
};

export function ProfileStep({ phone, initial, storedInviteCode, onValidated, onBack }: Props) {
  const { t, i18n } = useRegisterT();
  const toast = useToast();
  const sources = useSources();
  const passwordMin = useLimits().data?.passwordMin;
  const rule = { min: passwordMin };
  const validate = useValidateAccount();
  const [name, setName] = useState(initial?.name ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const [confirmPassword, setConfirmPassword] = useState(initial?.password ?? '');
  const [sourceCode, setSourceCode] = useState(initial?.sourceCode ?? '');
  const [inviteCode, setInviteCode] = useState(storedInviteCode ?? initial?.inviteCode ?? '');
  const [errors, setErrors] = useState<FieldErrors<keyof ProfileForm>>({});

  const submit = () => {
    const found = validateProfile({ name, password, confirmPassword }, passwordMin);
    setErrors(found);
    if (hasErrors(found)) return;
    const profile = { name: name.trim(), password, sourceCode, inviteCode: inviteCode.trim() };
    validate.mutate(
      { ...profile, username: phone, bankCode: '', bankAccountName: '', bankAccountNo: '' },
      {
        onSuccess: () => onValidated(profile),
        onError: (err) => toast(errorMessage(err, i18n, rule), 'error'),
      },
    );
  };

  const clear = (key: keyof ProfileForm) => setErrors((e) => ({ ...e, [key]: undefined }));
  const msg = (key: keyof ProfileForm) => (errors[key] ? t(errors[key] as string, rule) : null);

  return (
    <>
      <TextField
        label={t('register.name')}
        value={name}
        onChangeText={(v) => {
          setName(v);
          clear('name');
        }}
        error={msg('name')}
        autoComplete="name"
        textContentType="name"
      />
      <TextField
        label={t('register.password')}
        value={password}
        onChangeText={(v) => {
          setPassword(v);
          clear('password');
        }}
        error={msg('password')}
        secureTextEntry
        autoComplete="new-password"
        textContentType="newPassword"
      />
      {passwordMin && !errors.password ? <AppText variant="caption">{t(passwordTooShort, rule)}</AppText> : null}
      <TextField
        label={t('register.confirmPassword')}
        value={confirmPassword}
        onChangeText={(v) => {
          setConfirmPassword(v);
          clear('confirmPassword');
        }}
        error={msg('confirmPassword')}
        secureTextEntry
        autoComplete="new-password"
        textContentType="newPassword"
      />
      <Select
        label={t('register.source')}
        value={sourceCode}
        onChange={setSourceCode}
        placeholder={t('common.select')}
        options={(sources.data ?? []).map((s) => ({ value: s.code, label: s.description }))}
      />
      <TextField
        label={t('register.inviteCode')}
        value={inviteCode}
        onChangeText={(v) => setInviteCode(v.toUpperCase())}
        editable={!storedInviteCode}
        autoCapitalize="characters"
      />
      <Button title={t('common.next')} onPress={submit} loading={validate.isPending} />
      <Button variant="link" title={t('common.back')} onPress={onBack} />
    </>
  );
}
