import { useTranslation } from 'react-i18next';
import { StyleSheet, Text, type TextProps } from 'react-native';

import { fontFamily } from '@/lib/fonts';

import { colors } from './theme';

type Variant = 'body' | 'title' | 'heading' | 'caption' | 'error' | 'label';

export type AppTextProps = TextProps & { variant?: Variant; bold?: boolean };

/** AppText is Text in the locale's bundled font. */
export function AppText({ variant = 'body', bold, style, ...rest }: AppTextProps) {
  const { i18n } = useTranslation();
  const isBold = bold ?? (variant === 'title' || variant === 'heading');
  return <Text {...rest} style={[styles.base, styles[variant], { fontFamily: fontFamily(i18n.language, isBold) }, style]} />;
}

const styles = StyleSheet.create({
  base: { color: colors.text, fontSize: 15, lineHeight: 22 },
  body: {},
  title: { fontSize: 22, lineHeight: 32 },
  heading: { fontSize: 18, lineHeight: 26 },
  caption: { fontSize: 13, lineHeight: 18, color: colors.muted },
  error: { fontSize: 13, lineHeight: 18, color: colors.danger },
  label: { fontSize: 14, lineHeight: 20, color: colors.muted },
});
