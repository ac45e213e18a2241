import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Image, StyleSheet, View } from 'react-native';

import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing, typeScale } from '@/components/ui/theme';
import { ApiError } from '@/lib/api';
import { sessionEnded } from '@/lib/operator-token';
import { svgDataUrl } from '@/lib/svg';

import { changeConsoleLocale } from '../console-locale';
import { useOpT } from '../i18n';
import { login, useSignedIn, type Enrolment } from '../session';
import { ErrorLine } from './ui';

const codePattern = /^\d{6}$/;

/**
 * SignIn asks for username and password, then the authenticator code. On a first sign-in the
 * server answers TOTP_REQUIRED with an enrolment: the QR and the secret are shown once here.
 */
export function SignIn({ onSignedIn }: { onSignedIn?: () => void }) {
  const { t } = useOpT();
  const signedIn = useSignedIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [ended] = useState(sessionEnded);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      signedIn(answer);
      onSignedIn?.();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'TOTP_REQUIRED') {
        setNeedCode(true);
        const body = err.body as { enrolment?: Enrolment } | undefined;
        if (body?.enrolment) setEnrolment(body.enrolment);
        mutation.reset();
      } else if (err instanceof ApiError && err.code === 'TOTP_INVALID') {
        setTotp('');
      }
    },
  });

  const submit = () => {
    setFormError(null);
    if (!username.trim() || !password) {
      setFormError(t('signIn.required'));
      return;
    }
    if (needCode && !codePattern.test(totp)) {
      setFormError(t('signIn.codeFormat'));
      return;
    }
    mutation.mutate({ username: username.trim(), password, totp: needCode ? totp : '' });
  };

  const back = () => {
    setNeedCode(false);
    setEnrolment(null);
    setTotp('');
    setFormError(null);
    mutation.reset();
  };

  return (
    <View style={styles.page}>
      <View style={styles.card}>
        <View style={styles.head}>
          <AppText variant="title" role="heading" aria-level={1} style={styles.flex}>
            {t('signIn.title')}
          </AppText>
          <LanguageSwitcher onChange={changeConsoleLocale} />
        </View>
        {ended && !needCode ? (
          <AppText role="status" style={styles.ended}>
            {t('signIn.sessionEnded')}
          </AppText>
        ) : null}
        {!needCode ? (
          <>
            <TextField
              label={t('signIn.username')}
              value={username}
              onChangeText={setUsername}
              autoCapitalize="none"
              autoComplete="username"
            />
            <TextField
              label={t('signIn.password')}
              value={password}
              onChangeText={setPassword}
              secureTextEntry
              autoComplete="current-password"
              onSubmitEditing={submit}
            />
          </>
        ) : (
          <>
            {enrolment ? (
              <View style={styles.enrol} accessibilityLabel={t('signIn.enrolTitle')}>
                <AppText variant="heading" role="heading" aria-level={2}>
                  {t('signIn.enrolTitle')}
                </AppText>
                <AppText>{t('signIn.enrolHelp')}</AppText>
                <Image
                  source={{ uri: svgDataUrl(enrolment.qrSvg) }}
                  style={styles.qr}
                  accessibilityLabel={t('signIn.qr')}
                  resizeMode="contain"
                />
                <AppText variant="label">{t('signIn.secret')}</AppText>
                <AppText selectable testID="totp-secret" style={styles.secret}>
                  {enrolment.secret}
                </AppText>
              </View>
            ) : (
              <AppText>{t('signIn.codeHelp', { username })}</AppText>
            )}
            <TextField
              label={t('signIn.code')}
              value={totp}
              onChangeText={(v) => setTotp(v.replace(/\D/g, '').slice(0, 6))}
              keyboardType="number-pad"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              onSubmitEditing={submit}
            />
          </>
        )}
        {formError ? (
          <AppText variant="error" role="alert">
            {formError}
          </AppText>
        ) : null}
        <ErrorLine error={mutation.error} />
        <Button title={t('signIn.submit')} onPress={submit} loading={mutation.isPending} />
        {needCode ? <Button variant="link" title={t('signIn.back')} onPress={back} /> : null}
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  flex: { flex: 1 },
  page: { flex: 1, alignItems: 'center', justifyContent: 'center', padding: spacing.xl, backgroundColor: colors.background },
  card: {
    width: '100%',
    maxWidth: 440,
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.border,
    padding: spacing.xl,
    gap: spacing.md,
  },
  head: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm, flexWrap: 'wrap' },
  enrol: { gap: spacing.sm, alignItems: 'center' },
  qr: { width: 200, height: 200, backgroundColor: colors.surface },
  ended: { color: colors.warning },
  secret: { fontFamily: 'monospace', fontSize: typeScale.input.fontSize, letterSpacing: 1 },
});
