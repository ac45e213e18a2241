import { useState } from 'react';
import { useRegisterT } from '@/features/register/i18n';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { isLaos } from '@/lib/config';
import { useRegisterOtp } from '@/lib/lookups';

import { useSendOtp, type SendOtpResult } from '../api/send-otp';
import { validatePhone } from '../validation';

type Props = {
  initialPhone: string;
  /** The token of an earlier send in this run, sent again so that a verified phone skips the OTP step. */
  otpToken: string;
  onAccepted: (phone: string, otpEnabled: boolean, otp?: SendOtpResult) => void;
};

export function PhoneStep({ initialPhone, otpToken, onAccepted }: Props) {
  const { t, i18n } = useRegisterT();
  const toast = useToast();
  const otpFlag = useRegisterOtp();
  const sendOtp = useSendOtp();
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const problem = validatePhone(phone, isLaos);
    if (problem) {
      setError(t(problem));
      return;
    }
    const value = phone.trim();
    // When the lookup failed, assume OTP is on: the server decides in the end.
    const otpEnabled = otpFlag.data ? otpFlag.data.registerOTP : true;
    if (!otpEnabled) {
      onAccepted(value, false);
      return;
    }
    sendOtp.mutate(
      { phoneNumber: value, otpToken },
      {
        onSuccess: (otp) => onAccepted(value, true, otp),
        onError: (err) => toast(errorMessage(err, i18n), 'error'),
      },
    );
  };

  return (
    <>
      <TextField
        label={t('register.phone')}
        value={phone}
        onChangeText={(v) => {
          setPhone(v.replace(/[^\d]/g, ''));
          setError(null);
        }}
        error={error}
        inputMode="tel"
        keyboardType="phone-pad"
        autoComplete="tel"
        textContentType="telephoneNumber"
        maxLength={isLaos ? 15 : 10}
        onSubmitEditing={submit}
      />
      <Button title={t('common.next')} onPress={submit} loading={sendOtp.isPending || otpFlag.isLoading} />
    </>
  );
}
