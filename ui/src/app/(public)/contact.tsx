import { useTranslation } from 'react-i18next';
import { View } from 'react-native';

import { Hero } from '@/components/brand/hero';
import { Screen } from '@/components/screen';
import { LazyChatWidget } from '@/features/chat/lazy';
import { ContactInfo } from '@/features/contact/components/contact-info';

export default function ContactScreen() {
  const { t } = useTranslation();
  return (
    <View style={{ flex: 1 }}>
      <Screen header={<Hero />} title={t('contact.title')}>
        <ContactInfo />
      </Screen>
      <LazyChatWidget />
    </View>
  );
}
