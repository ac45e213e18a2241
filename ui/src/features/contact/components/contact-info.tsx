import { useTranslation } from 'react-i18next';
import { Linking, StyleSheet, View } from 'react-native';

import { Picture } from '@/components/picture/picture';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useContact, useLimits } from '@/lib/lookups';

/** ContactInfo shows the contact text, the chat-app QR and link, and the app version. */
export function ContactInfo() {
  const { t } = useTranslation();
  const contact = useContact();
  const version = useLimits().data?.appVersion;
  const data = contact.data;
  return (
    <View style={styles.card}>
      <QueryState isLoading={contact.isLoading} isError={contact.isError} onRetry={() => contact.refetch()} />
      {data?.contactText ? <AppText>{data.contactText}</AppText> : null}
      {data?.lineQR ? (
        <Picture
          source={{ uri: data.lineQR }}
          accessibilityLabel={t('contact.qr')}
          accessibilityRole="image"
          style={styles.qr}
          resizeMode="contain"
        />
      ) : null}
      {data?.lineLink ? (
        <Button
          accessibilityRole="link"
          title={t('contact.chatApp', { name: data.lineName ?? data.lineLink })}
          onPress={() => Linking.openURL(data.lineLink as string)}
        />
      ) : null}
      {version ? <AppText variant="caption">{t('contact.version', { version })}</AppText> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  card: { backgroundColor: colors.surface, borderRadius: radius.lg, padding: spacing.xl, gap: spacing.lg, alignItems: 'center' },
  qr: { width: 200, height: 200 },
});
