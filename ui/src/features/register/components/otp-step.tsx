import { useState } from 'react';
import { useRegisterT } from '@/features/register/i18n';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { isBlank } from '@/lib/validation';

import { useSendOtp, type SendOtpResult } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';

type Props = {
  phone: string;
  otpRef: string;
  otpToken: string;
  onVerified: () => void;
  onResent: (otp: SendOtpResult) => void;
  onBack: () => void;
};

export function OtpStep({ phone, otpRef, otpToken, onVerified, onResent, onBack }: Props) {
  const { t, i18n } = useRegisterT();
  const toast = useToast();
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (isBlank(code)) {
      setError(t('common.required'));
      return;
    }
    verify.mutate(
      { otpToken, otpCode: code.trim() },
      {
        onSuccess: () => onVerified(),
        onError: (err) => setError(errorMessage(err, i18n)),
      },
    );
  };

  return (
    <>
      <AppText>{t('register.otpSentTo', { phone })}</AppText>
      <AppText bold testID="otp-ref">
        {t('register.otpRef', { ref: otpRef })}
      </AppText>
      <TextField
        label={t('register.otpCode')}
        value={code}
        onChangeText={(v) => {
          setCode(v.replace(/[^\d]/g, ''));
          setError(null);
        }}
        error={error}
        inputMode="numeric"
        keyboardType="number-pad"
        autoComplete="one-time-code"
        textContentType="oneTimeCode"
        maxLength={8}
        onSubmitEditing={submit}
      />
      <Button title={t('register.verify')} onPress={submit} loading={verify.isPending} />
      <Button
        variant="secondary"
        title={t('register.resendOtp')}
        loading={resend.isPending}
        onPress={() =>
          resend.mutate(
            { phoneNumber: phone, otpToken },
            {
              onSuccess: (otp) => {
                setCode('');
                onResent(otp);
              },
              onError: (err) => toast(errorMessage(err, i18n), 'error'),
            },
          )
        }
      />
      <Button variant="link" title={t('common.back')} onPress={onBack} />
    </>
  );
}
