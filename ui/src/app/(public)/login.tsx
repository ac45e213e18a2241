import { Redirect } from 'expo-router';
import { useTranslation } from 'react-i18next';

import { Hero } from '@/components/brand/hero';
import { Screen } from '@/components/screen';
import { LoginForm } from '@/features/auth/components/login-form';
import { useServiceActive } from '@/lib/lookups';

export default function LoginScreen() {
  const { t } = useTranslation();
  // On /login the app first asks whether the service is still active.
  const active = useServiceActive();
  if (active.data?.terminated) return <Redirect href="/terminated" />;
  return (
    <Screen header={<Hero />} title={t('login.title')}>
      <LoginForm />
    </Screen>
  );
}
