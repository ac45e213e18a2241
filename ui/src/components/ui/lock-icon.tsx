import { StyleSheet, View } from 'react-native';

import { colors } from './theme';

/** LockIcon is a small padlock drawn with views (no icon font needed). */
export function LockIcon({ color = colors.primary }: { color?: string }) {
  return (
    <View style={styles.wrap} aria-hidden>
      <View style={[styles.shackle, { borderColor: color }]} />
      <View style={[styles.body, { backgroundColor: color }]}>
        <View style={styles.hole} />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { width: 18, height: 22, alignItems: 'center' },
  shackle: { width: 12, height: 10, borderWidth: 2.5, borderBottomWidth: 0, borderTopLeftRadius: 6, borderTopRightRadius: 6 },
  body: { width: 18, height: 12, borderRadius: 3, alignItems: 'center', justifyContent: 'center' },
  hole: { width: 3, height: 5, borderRadius: 1.5, backgroundColor: colors.onPrimary },
});
