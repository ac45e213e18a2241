import { StyleSheet, View } from 'react-native';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

import { LanguageSwitcher } from '../language-switcher';
import { Button } from '../ui/button';
import { AppText } from '../ui/text';
import { colors, spacing } from '../ui/theme';

type Props = { appName: string; logoutLabel: string; onLogout: () => void };

/** TopBar shows the app name, the language switcher and logout. */
export function TopBar({ appName, logoutLabel, onLogout }: Props) {
  const insets = useSafeAreaInsets();
  return (
    <View role="banner" style={[styles.bar, { paddingTop: insets.top + spacing.sm }]}>
      <AppText variant="heading" style={styles.name} numberOfLines={1}>
        {appName}
      </AppText>
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
    // Dark green: the gold name and the white language and logout buttons stay at 4.5:1 or more
    // (WCAG AA); on the primary green the name was 3.3:1.
    backgroundColor: colors.primaryDark,
    paddingHorizontal: spacing.md,
    paddingBottom: spacing.sm,
  },
  name: { flex: 1, color: colors.gold },
});
