import { StyleSheet, View } from 'react-native';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

import { BrandPicture } from '../brand/brand-picture';
import { LanguageSwitcher } from '../language-switcher';
import { Button } from '../ui/button';
import { colors, spacing } from '../ui/theme';

type Props = { appName: string; logoutLabel: string; onLogout: () => void };

/** TopBar shows the lock-up (named by the app's name), the language switcher and logout. */
export function TopBar({ appName, logoutLabel, onLogout }: Props) {
  const insets = useSafeAreaInsets();
  return (
    <View role="banner" style={[styles.bar, { paddingTop: insets.top + spacing.sm }]}>
      <View style={styles.name}>
        <BrandPicture name="lockupLight" height={28} alt={appName} />
      </View>
      <LanguageSwitcher tone="dark" />
      <Button title={logoutLabel} variant="ghost" onPress={onLogout} />
    </View>
  );
}

const styles = StyleSheet.create({
  bar: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: spacing.sm,
    // Dark green: the white language and logout buttons stay at 4.5:1 or more (WCAG AA), and the
    // lock-up's white wordmark and gold coin stand out.
    backgroundColor: colors.primaryDark,
    paddingHorizontal: spacing.md,
    paddingBottom: spacing.sm,
  },
  name: { flex: 1, alignItems: 'flex-start' },
});
