import { StyleSheet, Text, View } from 'react-native';

import { bankColor } from './bank-colors';

type Props = {
  code: string;
  /** size is the badge's diameter in px (32 by default). */
  size?: number;
};

/**
 * BankBadge is a round badge in the bank's colour with its short code: wherever a bank is shown. It
 * is decoration next to the bank's name, so screen readers skip it.
 */
export function BankBadge({ code, size = 32 }: Props) {
  const c = bankColor(code);
  // Four letters fit a smaller type than one to three.
  const fontSize = Math.round(size * (c.short.length > 3 ? 0.28 : c.short.length > 2 ? 0.32 : 0.4));
  return (
    <View
      testID={`bank-badge-${code}`}
      aria-hidden
      importantForAccessibility="no-hide-descendants"
      style={[styles.badge, { width: size, height: size, borderRadius: size / 2, backgroundColor: c.background }]}
    >
      <Text style={[styles.text, { color: c.text, fontSize, lineHeight: Math.round(fontSize * 1.2) }]} numberOfLines={1}>
        {c.short}
      </Text>
    </View>
  );
}

const styles = StyleSheet.create({
  badge: { alignItems: 'center', justifyContent: 'center', flexShrink: 0 },
  text: { fontWeight: '700', textAlign: 'center' },
});
