import { useRouter } from 'expo-router';
import { useEffect, useReducer, useRef } from 'react';
import { useRegisterT } from '@/features/register/i18n';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { registerRedirectDelayMs } from '@/lib/config';
import { useRegisterOtp } from '@/lib/lookups';
import { removeItem, storageKeys } from '@/lib/storage';

import { initialRegisterState, registerReducer, stepsFor } from '../hooks/register-machine';

import { BankStep } from './bank-step';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';

type Props = { storedInviteCode: string | null };

/** RegisterFlow runs the four register steps and leaves for /login 2 s after success. */
export function RegisterFlow({ storedInviteCode }: Props) {
  const { t } = useRegisterT();
  const router = useRouter();
  const toast = useToast();
  const [state, dispatch] = useReducer(registerReducer, initialRegisterState);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  const otpFlag = useRegisterOtp();
  // While the setting loads, or when it cannot be read, OTP counts as on (as the phone step assumes).
  const steps = stepsFor(otpFlag.data ? otpFlag.data.registerOTP : true);
  const visibleStep = state.step === 'registered' ? 'bank' : state.step;
  const index = steps.indexOf(visibleStep);

  const onRegistered = () => {
    dispatch({ type: 'REGISTERED' });
    // The invite code served this registration.
    removeItem(storageKeys.code);
    toast(t('register.success'), 'success');
    redirectTimer.current = setTimeout(() => router.replace('/login'), registerRedirectDelayMs);
  };

  return (
    <View style={styles.card}>
      <View style={styles.progress}>
        <AppText variant="caption">{t('register.stepOf', { current: index + 1, total: steps.length })}</AppText>
        <AppText variant="heading" role="heading" aria-level={2}>
          {t(`register.steps.${visibleStep}`)}
        </AppText>
      </View>
      {state.step === 'phone' ? (
        <PhoneStep
          initialPhone={state.phone}
          otpToken={state.otpToken}
          onAccepted={(phone, otpEnabled, otp) => dispatch({ type: 'PHONE_ACCEPTED', phone, otpEnabled, otp })}
        />
      ) : null}
      {state.step === 'otp' ? (
        <OtpStep
          phone={state.phone}
          otpRef={state.otpRef}
          otpToken={state.otpToken}
          onVerified={() => dispatch({ type: 'OTP_VERIFIED' })}
          onResent={(otp) => dispatch({ type: 'OTP_RESENT', otp })}
          onBack={() => dispatch({ type: 'BACK' })}
        />
      ) : null}
      {state.step === 'profile' ? (
        <ProfileStep
          phone={state.phone}
          initial={state.profile}
          storedInviteCode={storedInviteCode}
          onValidated={(profile) => dispatch({ type: 'PROFILE_VALIDATED', profile })}
          onBack={() => dispatch({ type: 'BACK' })}
        />
      ) : null}
      {(state.step === 'bank' || state.step === 'registered') && state.profile ? (
        <BankStep
          phone={state.phone}
          otpToken={state.otpToken}
          profile={state.profile}
          disabled={state.step === 'registered'}
          onRegistered={onRegistered}
          onBack={() => dispatch({ type: 'BACK' })}
        />
      ) : null}
      <View style={styles.loginRow}>
        <AppText variant="caption">{t('register.haveAccount')}</AppText>
        <Button variant="link" accessibilityRole="link" title={t('menu.login')} onPress={() => router.replace('/login')} />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  card: { backgroundColor: colors.surface, borderRadius: radius.lg, padding: spacing.xl, gap: spacing.lg },
  progress: { gap: spacing.xs },
  loginRow: { flexDirection: 'row', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', gap: spacing.xs },
});
