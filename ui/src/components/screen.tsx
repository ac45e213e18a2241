import { ScrollView, StyleSheet, View } from 'react-native';

import { AppText } from './ui/text';
import { colors, contentMaxWidth, spacing, wideMaxWidth } from './ui/theme';

type Props = { title?: string; header?: React.ReactNode; children: React.ReactNode; topOffset?: number; wide?: boolean };

/** Screen is a scrolling, centred column with an optional header (the public pages' hero) and page heading. */
export function Screen({ title, header, children, topOffset = 0, wide = false }: Props) {
  return (
    // Focusable: a page without a control (the spin page with no coins) still scrolls by keyboard.
    <ScrollView focusable style={styles.scroll} contentContainerStyle={[styles.content, { paddingTop: spacing.lg + topOffset }]}>
      <View style={[styles.column, wide && styles.wide]}>
        {header}
        {title ? (
          <AppText variant="title" role="heading" aria-level={1}>
            {title}
          </AppText>
        ) : null}
        {children}
      </View>
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  scroll: { flex: 1, backgroundColor: colors.background },
  content: { padding: spacing.lg, paddingBottom: spacing.xl * 2, alignItems: 'center' },
  column: { width: '100%', maxWidth: contentMaxWidth, gap: spacing.lg },
  wide: { maxWidth: wideMaxWidth },
});
