import { useState } from 'react';
import { useRegisterT } from '@/features/register/i18n';
import { StyleSheet, View } from 'react-native';

import { Look } from '@/components/looks';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { isLaos, laosCurrencies, type Currency } from '@/lib/config';
import { useBanks, type Bank } from '@/lib/lookups';

import { useCreateAccount } from '../api/create-account';
import type { RegisterProfile } from '../hooks/register-machine';
import { bankAccountName, hasErrors, validateBank, type BankForm, type FieldErrors } from '../validation';

type Props = {
  phone: string;
  /** The token that verified the phone; empty when OTP is off. */
  otpToken: string;
  profile: RegisterProfile;
  disabled: boolean;
  onRegistered: () => void;
  onBack: () => void;
};

function bankLabel(bank: Bank, locale: string): string {
  return locale === 'th' ? bank.nameTH : bank.nameEN || bank.nameTH;
}

export function BankStep({ phone, otpToken, profile, disabled, onRegistered, onBack }: Props) {
  const { t, i18n } = useRegisterT();
  const toast = useToast();
  const banks = useBanks();
  const create = useCreateAccount();
  const [bankCode, setBankCode] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [currency, setCurrency] = useState<Currency>(isLaos ? 'LAK' : 'BAHT');
  const [errors, setErrors] = useState<FieldErrors<keyof BankForm>>({});

  const bank = banks.data?.find((b) => b.code === bankCode);

  const submit = () => {
    if (disabled) return;
    const found = validateBank({ bankCode, accountNo, firstName, lastName }, bank?.englishOnly);
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(
      {
        name: profile.name,
        username: phone,
        password: profile.password,
        sourceCode: profile.sourceCode,
        inviteCode: profile.inviteCode,
        bankCode,
        bankAccountName: bankAccountName(firstName, lastName),
        bankAccountNo: accountNo,
        currency,
        ...(otpToken ? { otpToken } : {}),
      },
      {
        onSuccess: () => onRegistered(),
        onError: (err) => toast(errorMessage(err, i18n), 'error'),
      },
    );
  };

  const clear = (key: keyof BankForm) => setErrors((e) => ({ ...e, [key]: undefined }));
  const msg = (key: keyof BankForm) => (errors[key] ? t(errors[key] as string) : null);

  return (
    <>
      <View style={styles.bank}>
        <View style={styles.flex}>
          <Select
            label={t('register.bank')}
            value={bankCode}
            onChange={(v) => {
              setBankCode(v);
              clear('bankCode');
              clear('firstName');
              clear('lastName');
            }}
            placeholder={t('common.select')}
            error={msg('bankCode')}
            options={(banks.data ?? []).map((b) => ({ value: b.code, label: bankLabel(b, i18n.language) }))}
          />
        </View>
        {bank ? <Look kind="bank" code={bank.code} size={40} /> : null}
      </View>
      <TextField
        label={t('register.accountNo')}
        value={accountNo}
        onChangeText={(v) => {
          setAccountNo(v.replace(/[^\d]/g, ''));
          clear('accountNo');
        }}
        error={msg('accountNo')}
        inputMode="numeric"
        keyboardType="number-pad"
        maxLength={20}
      />
      <TextField
        label={t('register.firstName')}
        value={firstName}
        upperCase
        onChangeText={(v) => {
          setFirstName(v);
          clear('firstName');
        }}
        error={msg('firstName')}
      />
      <TextField
        label={t('register.lastName')}
        value={lastName}
        upperCase
        onChangeText={(v) => {
          setLastName(v);
          clear('lastName');
        }}
        error={msg('lastName')}
      />
      {isLaos ? (
        <Select
          label={t('register.currency')}
          value={currency}
          onChange={(v) => setCurrency(v as Currency)}
          options={laosCurrencies.map((c) => ({ value: c, label: t(`register.currencies.${c}`) }))}
        />
      ) : null}
      <Button title={t('register.submit')} onPress={submit} loading={create.isPending} disabled={disabled} />
      <Button variant="link" title={t('common.back')} onPress={onBack} disabled={disabled} />
    </>
  );
}

const styles = StyleSheet.create({
  bank: { flexDirection: 'row', alignItems: 'center', gap: 8 },
  flex: { flex: 1 },
});
