import { useTranslation } from 'react-i18next';
import { View } from 'react-native';

import { Screen } from '@/components/screen';
import { spacing } from '@/components/ui/theme';
import { LazyChatWidget } from '@/features/chat/lazy';
import { ContactInfo } from '@/features/contact/components/contact-info';

export default function MemberContactScreen() {
  const { t } = useTranslation();
  return (
    <View style={{ flex: 1 }}>
      <Screen title={t('contact.title')} topOffset={spacing.xl}>
        <ContactInfo />
      </Screen>
      <LazyChatWidget />
    </View>
  );
}
