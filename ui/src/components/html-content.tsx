import { useMemo } from 'react';
import { StyleSheet, View } from 'react-native';

import { htmlToParagraphs } from '@/lib/html';

import { AppText } from './ui/text';
import { spacing } from './ui/theme';

/** HtmlContent shows server html as plain paragraphs (no markup is ever injected). */
export function HtmlContent({ html }: { html: string }) {
  const paragraphs = useMemo(() => htmlToParagraphs(html), [html]);
  return (
    <View style={styles.wrap}>
      {paragraphs.map((p, i) => (
        <AppText key={i}>{p}</AppText>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({ wrap: { gap: spacing.sm } });
