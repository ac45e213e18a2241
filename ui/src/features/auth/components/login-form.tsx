import { useRouter } from 'expo-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StyleSheet, View } from 'react-native';

import { LanguageSwitcher } from '@/components/language-switcher';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing } from '@/components/ui/theme';
import { errorMessage } from '@/lib/api';
import { setToken } from '@/lib/storage';

import { useLogin } from '../api/login';
import { LazyResetPasswordModal } from '../reset-lazy';

export function LoginForm() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const login = useLogin();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = () => {
    // Both fields are required: submitting with one empty does nothing.
    if (!phone || !password || login.isPending) return;
    login.mutate(
      { username: phone.trim(), password },
      {
        onSuccess: ({ token }) => {
          setToken(token, remember);
          router.replace('/user');
        },
        onError: (err) => setError(errorMessage(err, i18n)),
      },
    );
  };

  return (
    <View style={styles.card}>
      <View style={styles.langRow}>
        <LanguageSwitcher />
      </View>
      <TextField
        label={t('login.phone')}
        value={phone}
        onChangeText={(v) => {
          setPhone(v);
          setError(null);
        }}
        inputMode="tel"
        keyboardType="phone-pad"
        autoComplete="tel"
        textContentType="telephoneNumber"
        returnKeyType="next"
      />
      <TextField
        label={t('login.password')}
        value={password}
        onChangeText={(v) => {
          setPassword(v);
          setError(null);
        }}
        secureTextEntry
        autoComplete="current-password"
        textContentType="password"
        returnKeyType="go"
        onSubmitEditing={submit}
      />
      <Checkbox label={t('login.remember')} checked={remember} onChange={setRemember} />
      <Button variant="link" title={t('login.forgotPassword')} onPress={() => setResetting(true)} />
      {notice ? <AppText role="status">{notice}</AppText> : null}
      {error ? (
        <AppText variant="error" role="alert">
          {error}
        </AppText>
      ) : null}
      <Button title={t('login.submit')} onPress={submit} loading={login.isPending} />
      <View style={styles.registerRow}>
        <AppText variant="caption">{t('login.noAccount')}</AppText>
        <Button variant="link" accessibilityRole="link" title={t('login.registerLink')} onPress={() => router.push('/register')} />
      </View>
      {resetting ? (
        <LazyResetPasswordModal
          phone={phone}
          onClose={() => setResetting(false)}
          onDone={(message) => {
            setResetting(false);
            setPassword('');
            setError(null);
            setNotice(message);
          }}
        />
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  card: { backgroundColor: colors.surface, borderRadius: radius.lg, padding: spacing.xl, gap: spacing.lg },
  langRow: { alignItems: 'flex-end' },
  registerRow: { flexDirection: 'row', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', gap: spacing.xs },
});
