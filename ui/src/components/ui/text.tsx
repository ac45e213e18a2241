import { useTranslation } from 'react-i18next';
import { StyleSheet, Text, type TextProps } from 'react-native';

import { fontFamily } from '@/lib/fonts';

import { colors, typeScale } from './theme';

type Variant = 'body' | 'title' | 'heading' | 'caption' | 'error' | 'label';

export type AppTextProps = TextProps & { variant?: Variant; bold?: boolean };

/** AppText is Text in the locale's bundled font. */
export function AppText({ variant = 'body', bold, style, ...rest }: AppTextProps) {
  const { i18n } = useTranslation();
  const isBold = bold ?? (variant === 'title' || variant === 'heading');
  return <Text {...rest} style={[styles.base, styles[variant], { fontFamily: fontFamily(i18n.language, isBold) }, style]} />;
}

const styles = StyleSheet.create({
  base: { color: colors.text, ...typeScale.body },
  body: {},
  title: typeScale.title,
  heading: typeScale.heading,
  caption: { ...typeScale.caption, color: colors.muted },
  error: { ...typeScale.caption, color: colors.danger },
  label: { ...typeScale.label, color: colors.muted },
});
