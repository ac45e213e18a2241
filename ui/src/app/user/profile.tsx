import { useTranslation } from 'react-i18next';

import { Screen } from '@/components/screen';
import { AgreementGate } from '@/features/agreement/components/agreement-gate';
import { ProfileView } from '@/features/profile/components/profile-view';

export default function ProfileScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('profile.title')}>
      <ProfileView />
      <AgreementGate />
    </Screen>
  );
}
