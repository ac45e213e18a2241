import { StyleSheet, View } from 'react-native';

import { colors } from '../ui/theme';

import { BottomMenu, type MenuItem } from './bottom-menu';

type Props = { top?: React.ReactNode; menu: MenuItem[]; menuLabel: string; children: React.ReactNode };

/** Shell lays out an optional top bar, the page, and the bottom menu. */
export function Shell({ top, menu, menuLabel, children }: Props) {
  return (
    <View style={styles.root}>
      {top}
      <View role="main" style={styles.main}>
        {children}
      </View>
      <BottomMenu items={menu} label={menuLabel} />
    </View>
  );
}

const styles = StyleSheet.create({
  root: { flex: 1, backgroundColor: colors.background },
  main: { flex: 1 },
});
