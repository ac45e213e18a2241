import { useLocalSearchParams } from 'expo-router';
import { useEffect, useState } from 'react';
import { useRegisterT } from '@/features/register/i18n';

import { Hero } from '@/components/brand/hero';
import { Screen } from '@/components/screen';
import { RegisterFlow } from '@/features/register/components/register-flow';
import { readItem, storageKeys, writeItem } from '@/lib/storage';

export default function RegisterScreen() {
  const { t } = useRegisterT();
  const params = useLocalSearchParams<{ code?: string | string[] }>();
  const fromLink = Array.isArray(params.code) ? params.code[0] : params.code;
  // The invite link's code wins over one stored earlier.
  const [inviteCode] = useState(() => fromLink || readItem(storageKeys.code));

  useEffect(() => {
    if (fromLink) writeItem(storageKeys.code, fromLink);
  }, [fromLink]);

  return (
    <Screen header={<Hero />} title={t('register.title')}>
      <RegisterFlow storedInviteCode={inviteCode || null} />
    </Screen>
  );
}
