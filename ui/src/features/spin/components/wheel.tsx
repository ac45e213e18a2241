import { forwardRef, memo, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Dimensions, Pressable, StyleSheet, View } from 'react-native';
import { useTranslation } from 'react-i18next';
import Svg, { Circle, G, Path, Polygon, Text as SvgText } from 'react-native-svg';

import { AppText } from '@/components/ui/text';
import { colors } from '@/components/ui/theme';
import { fontFamily } from '@/lib/fonts';

import { extraTurns, frictionEasing, slicePath, sliceUnderPointer, spinDuration, targetRotation, wheelSize } from '../wheel-math';

export type WheelSlice = { code: string; label: string; bgColor: string; textColor: string };

export type WheelHandle = {
  /** spinTo turns the wheel 2 or 3 extra times and stops on the slice with code; onDone follows. */
  spinTo: (code: string, onDone: () => void) => void;
};

type Props = {
  slices: WheelSlice[];
  coins: number;
  spinning: boolean;
  onSpin: () => void;
  label: string;
  buttonLabel: string;
  buttonText: string;
};

const resizeDebounceMs = 500;
const view = 200;
const centre = view / 2;
const radius = 96;

/** useWheelSize follows the window width, debounced 500 ms. */
function useWheelSize(): number {
  const [size, setSize] = useState(() => wheelSize(Dimensions.get('window').width));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sub = Dimensions.addEventListener('change', ({ window }) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => setSize(wheelSize(window.width)), resizeDebounceMs);
    });
    return () => {
      if (timer) clearTimeout(timer);
      sub.remove();
    };
  }, []);
  return size;
}

/**
 * Wheel draws the prize wheel with react-native-svg (web and native) and a centre button showing
 * the coins left. The server decides the outcome; spinTo only animates to it.
 */
export const Wheel = forwardRef<WheelHandle, Props>(function Wheel(
  { slices, coins, spinning, onSpin, label, buttonLabel, buttonText },
  ref,
) {
  const size = useWheelSize();
  // The rotation in degrees. The wheel turns by requestAnimationFrame rather than React Native's
  // Animated: the chat widget uses Animated too, and a module two lazy chunks share is hoisted
  // into __common, which /login loads (docs/ui.md). Only the wrapper's transform changes per
  // frame; the drawing is memoised.
  const [angle, setAngle] = useState(0);
  const current = useRef(0);
  const frame = useRef<number | undefined>(undefined);
  const [landed, setLanded] = useState<string | null>(null);
  useEffect(() => () => (frame.current !== undefined ? cancelAnimationFrame(frame.current) : undefined), []);

  useImperativeHandle(ref, () => ({
    spinTo(code, onDone) {
      const index = Math.max(
        0,
        slices.findIndex((s) => s.code === code),
      );
      const from = current.current;
      const to = targetRotation(from, index, slices.length, extraTurns(), Math.random() - 0.5);
      const duration = spinDuration();
      const ease = frictionEasing(duration);
      const start = Date.now();
      setLanded(null);
      const step = () => {
        const x = Math.min(1, (Date.now() - start) / duration);
        const now = from + (to - from) * ease(x);
        setAngle(now);
        if (x < 1) {
          frame.current = requestAnimationFrame(step);
          return;
        }
        current.current = to;
        // What the pointer shows, read from the final angle (the browser tests compare it with
        // the server's answer).
        setLanded(slices[sliceUnderPointer(to, slices.length)].code);
        onDone();
      };
      frame.current = requestAnimationFrame(step);
    },
  }));

  const disabled = spinning || coins <= 0;
  const button = size * 0.26;

  return (
    // The picture (pointer and slices) is one image; the spin button is its sibling, not inside it:
    // an image holds nothing focusable (axe's nested-interactive).
    <View style={[styles.wrap, { width: size, height: size + 12 }]} testID="spin-wheel">
      <View style={[styles.pointer, { left: size / 2 - 12 }]} pointerEvents="none" aria-hidden>
        <Svg width={24} height={24} viewBox="0 0 24 24">
          <Polygon points="2,0 22,0 12,22" fill={colors.danger} stroke="#ffffff" strokeWidth={2} />
        </Svg>
      </View>
      <View
        style={{ width: size, height: size, marginTop: 12, transform: [{ rotate: `${angle % 360}deg` }] }}
        role="img"
        aria-label={label}
      >
        <Drawing slices={slices} size={size} />
      </View>
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={buttonLabel}
        accessibilityState={{ disabled, busy: spinning }}
        disabled={disabled}
        onPress={onSpin}
        testID="spin-button"
        style={[
          styles.button,
          { width: button, height: button, borderRadius: button / 2, left: (size - button) / 2, top: 12 + (size - button) / 2 },
          disabled && styles.buttonDisabled,
        ]}
      >
        {/* One text, the coins on a line of their own: two blocks would read as one word
            ("SPIN3") to what checks the name against the visible text (axe's label in name). */}
        <AppText bold style={styles.buttonText}>
          {buttonText}
          {'\n'}
          <AppText bold style={styles.buttonCoins} testID="spin-coins">
            {coins}
          </AppText>
        </AppText>
      </Pressable>
      {landed ? <View testID="spin-landed" accessibilityLabel={landed} style={styles.hidden} /> : null}
    </View>
  );
});

/** Drawing is the wheel itself: a slice per prize with its label along the radius. */
const Drawing = memo(function Drawing({ slices, size }: { slices: WheelSlice[]; size: number }) {
  // The labels are drawn in the bundled fonts: a device without Thai or Lao fonts reads them too.
  const { i18n } = useTranslation();
  const family = fontFamily(i18n.language, true);
  const step = 360 / slices.length;
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${view} ${view}`}>
      <Circle cx={centre} cy={centre} r={radius + 3} fill={colors.gold} />
      {slices.map((s, i) => (
        <G key={s.code}>
          <Path d={slicePath(i, slices.length, centre, radius)} fill={s.bgColor} stroke="#ffffff" strokeWidth={0.8} />
          <SvgText
            x={centre + radius * 0.62}
            y={centre + 3}
            fill={s.textColor}
            fontSize={slices.length > 10 ? 7 : 9}
            fontFamily={family}
            fontWeight="bold"
            textAnchor="middle"
            transform={`rotate(${i * step + step / 2 - 90} ${centre} ${centre})`}
          >
            {s.label.length > 14 ? `${s.label.slice(0, 13)}…` : s.label}
          </SvgText>
        </G>
      ))}
    </Svg>
  );
}, sameDrawing);

function sameDrawing(a: { slices: WheelSlice[]; size: number }, b: { slices: WheelSlice[]; size: number }): boolean {
  const sig = (ss: WheelSlice[]) => ss.map((x) => `${x.code}|${x.label}|${x.bgColor}|${x.textColor}`).join('/');
  return a.size === b.size && sig(a.slices) === sig(b.slices);
}

const styles = StyleSheet.create({
  wrap: { alignSelf: 'center' },
  pointer: { position: 'absolute', top: 0, zIndex: 2 },
  button: {
    position: 'absolute',
    backgroundColor: colors.primary,
    borderWidth: 4,
    borderColor: colors.onPrimary,
    alignItems: 'center',
    justifyContent: 'center',
  },
  buttonDisabled: { backgroundColor: colors.muted },
  buttonText: { color: colors.onPrimary, fontSize: 14, lineHeight: 18, textAlign: 'center' },
  buttonCoins: { color: colors.gold, fontSize: 18, lineHeight: 22 },
  hidden: { width: 0, height: 0 },
});
