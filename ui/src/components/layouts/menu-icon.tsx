import { StyleSheet, Text, View } from 'react-native';

/**
 * MenuIcon draws the bottom menu's icons with views (no icon font or SVG library on the first
 * page load). An unknown name draws nothing.
 */
export function MenuIcon({ name, color }: { name: string; color: string }) {
  const draw = icons[name];
  return draw ? (
    <View style={styles.box} aria-hidden testID={`menu-icon-${name}`}>
      {draw(color)}
    </View>
  ) : null;
}

const person = (c: string, small = false) => (
  <View style={styles.center}>
    <View style={[styles.head, small && styles.headSmall, { borderColor: c }]} />
    <View style={[styles.shoulders, small && styles.shouldersSmall, { borderColor: c }]} />
  </View>
);

const lines = (c: string, n: number) => Array.from({ length: n }, (_, i) => <View key={i} style={[styles.line, { backgroundColor: c }]} />);

const icons: Record<string, (c: string) => React.ReactNode> = {
  home: (c) => (
    <View style={styles.center}>
      <View style={[styles.roof, { borderBottomColor: c }]} />
      <View style={[styles.house, { borderColor: c }]} />
    </View>
  ),
  profile: (c) => person(c),
  register: (c) => (
    <View style={styles.row}>
      {person(c, true)}
      <Text style={[styles.plus, { color: c }]}>+</Text>
    </View>
  ),
  statement: (c) => <View style={[styles.list]}>{lines(c, 3)}</View>,
  conditions: (c) => <View style={[styles.page, { borderColor: c }]}>{lines(c, 3)}</View>,
  contact: (c) => (
    <View style={styles.center}>
      <View style={[styles.bubble, { borderColor: c }]} />
      <View style={[styles.tail, { borderTopColor: c }]} />
    </View>
  ),
  login: (c) => (
    <View style={[styles.door, { borderColor: c }]}>
      <View style={[styles.knob, { backgroundColor: c }]} />
    </View>
  ),
  howto: (c) => (
    <View style={[styles.ring, { borderColor: c }]}>
      <Text style={[styles.mark, { color: c }]}>?</Text>
    </View>
  ),
  // A play button: the lobby.
  games: (c) => (
    <View style={[styles.ring, { borderColor: c }]}>
      <Text style={[styles.mark, { color: c }]}>▶</Text>
    </View>
  ),
};

const styles = StyleSheet.create({
  box: { width: 24, height: 24, alignItems: 'center', justifyContent: 'center' },
  center: { alignItems: 'center' },
  row: { flexDirection: 'row', alignItems: 'center' },
  head: { width: 9, height: 9, borderRadius: 5, borderWidth: 2 },
  headSmall: { width: 7, height: 7 },
  shoulders: { width: 16, height: 8, borderTopLeftRadius: 8, borderTopRightRadius: 8, borderWidth: 2, borderBottomWidth: 0, marginTop: 1 },
  shouldersSmall: { width: 12, height: 6 },
  plus: { fontSize: 14, lineHeight: 14, fontWeight: '700', marginLeft: 1 },
  roof: {
    width: 0,
    height: 0,
    borderLeftWidth: 10,
    borderRightWidth: 10,
    borderBottomWidth: 8,
    borderLeftColor: 'transparent',
    borderRightColor: 'transparent',
  },
  house: { width: 14, height: 10, borderWidth: 2, borderTopWidth: 0 },
  list: { width: 18, gap: 3 },
  line: { height: 2, borderRadius: 1, alignSelf: 'stretch' },
  page: { width: 16, height: 20, borderWidth: 2, borderRadius: 2, padding: 2, gap: 2, justifyContent: 'center' },
  bubble: { width: 20, height: 14, borderWidth: 2, borderRadius: 5 },
  tail: {
    width: 0,
    height: 0,
    borderLeftWidth: 4,
    borderRightWidth: 4,
    borderTopWidth: 5,
    borderLeftColor: 'transparent',
    borderRightColor: 'transparent',
    marginLeft: -6,
  },
  door: { width: 14, height: 20, borderWidth: 2, borderRadius: 2, justifyContent: 'center', alignItems: 'flex-end', paddingRight: 2 },
  knob: { width: 3, height: 3, borderRadius: 2 },
  ring: { width: 20, height: 20, borderRadius: 10, borderWidth: 2, alignItems: 'center', justifyContent: 'center' },
  mark: { fontSize: 12, lineHeight: 14, fontWeight: '700' },
});
