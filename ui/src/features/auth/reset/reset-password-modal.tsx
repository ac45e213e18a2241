import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { useLimits } from '@/lib/lookups';

import { useResetPassword, useSendResetCode } from './api';
import { useResetT } from './i18n';

type Props = {
  phone: string;
  onClose: () => void;
  /** onDone is called with the translated confirmation once the password was changed. */
  onDone: (message: string) => void;
};

type Sent = { otpToken: string; otpRef: string; phone: string };

/**
 * ResetPasswordModal resets a forgotten password in two steps: the phone, then the SMS code and
 * the new password. The server answers the first step alike for unregistered phones, so the
 * dialog never says whether a phone is registered. Every session ends with the reset: the
 * member signs in again with the new password.
 */
export function ResetPasswordModal({ phone: initialPhone, onClose, onDone }: Props) {
  const { t, i18n } = useResetT();
  const send = useSendResetCode();
  const reset = useResetPassword();
  const passwordMin = useLimits().data?.passwordMin;
  const rule = { min: passwordMin };
  const [phone, setPhone] = useState(initialPhone);
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const typing = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError(null);
  };

  const sendCode = () => {
    const p = phone.trim();
    if (!p || send.isPending) return;
    send.mutate(
      { phone: p },
      {
        onSuccess: (r) => setSent({ otpToken: r.otpToken, otpRef: r.otpRef, phone: p }),
        onError: (err) => setError(errorMessage(err, i18n)),
      },
    );
  };

  const submit = () => {
    if (!sent || !code || !password || reset.isPending) return;
    if (passwordMin && [...password].length < passwordMin) {
      setError(i18n.t('errorMsg.PASSWORD_TOO_SHORT', rule));
      return;
    }
    if (password !== confirm) {
      setError(t('mismatch'));
      return;
    }
    reset.mutate(
      { phone: sent.phone, otpToken: sent.otpToken, code: code.trim(), password },
      {
        onSuccess: () => onDone(t('done')),
        onError: (err) => setError(errorMessage(err, i18n, rule)),
      },
    );
  };

  const footer = sent ? (
    <Button title={t('submit')} onPress={submit} loading={reset.isPending} />
  ) : (
    <Button title={t('sendCode')} onPress={sendCode} loading={send.isPending} />
  );

  return (
    <AppModal visible title={t('title')} onClose={onClose} footer={footer}>
      {sent ? (
        <>
          <AppText role="status">{t('codeSent', { phone: sent.phone, ref: sent.otpRef })}</AppText>
          <TextField
            label={t('code')}
            value={code}
            onChangeText={typing(setCode)}
            inputMode="numeric"
            keyboardType="number-pad"
            autoComplete="one-time-code"
            textContentType="oneTimeCode"
            maxLength={6}
          />
          <TextField
            label={t('newPassword')}
            value={password}
            onChangeText={typing(setPassword)}
            secureTextEntry
            autoComplete="new-password"
          />
          {passwordMin ? <AppText variant="caption">{i18n.t('errorMsg.PASSWORD_TOO_SHORT', rule)}</AppText> : null}
          <TextField
            label={t('confirmPassword')}
            value={confirm}
            onChangeText={typing(setConfirm)}
            secureTextEntry
            autoComplete="new-password"
            onSubmitEditing={submit}
          />
          <Button variant="link" title={t('resend')} onPress={() => setSent(null)} />
        </>
      ) : (
        <>
          <AppText>{t('phoneHint')}</AppText>
          <TextField
            label={i18n.t('login.phone')}
            value={phone}
            onChangeText={typing(setPhone)}
            inputMode="tel"
            keyboardType="phone-pad"
            autoComplete="tel"
            onSubmitEditing={sendCode}
          />
        </>
      )}
      {error ? (
        <AppText variant="error" role="alert">
          {error}
        </AppText>
      ) : null}
    </AppModal>
  );
}
