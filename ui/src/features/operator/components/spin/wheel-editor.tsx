import { StyleSheet, View } from 'react-native';

import { Picture } from '@/components/picture/picture';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useOpT } from '../../i18n';
import { chance, expectedPayout, newSlice, previewUri, type Wheel, type WheelSlice } from '../../wheel-preview';
import { Card, ErrorLine, money, Row } from '../ui';
import { int, num } from './numbers';
import { SliceEditor } from './slice-editor';

/** blankWheel is the start of a new wheel: a cash slice and a slice that wins nothing. */
export const blankWheel = (): Wheel => ({
  id: '',
  name: '',
  active: false,
  cost: 1,
  dailyLimit: 0,
  dailyBudget: 0,
  couponDays: 7,
  slices: [
    { ...newSlice(1), code: 'CASH', prize: { type: 'cash', amount: 50, coins: 0, successPercent: 0, percentFail: 0 } },
    { ...newSlice(2), code: 'NONE' },
  ],
});

/** WheelEditor edits a wheel with a live preview and the expected payout per spin. */
export function WheelEditor({
  wheel,
  onChange,
  onCancel,
  onSave,
  saving,
  error,
}: {
  wheel: Wheel;
  onChange: (w: Wheel) => void;
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  error: unknown;
}) {
  const { t } = useOpT();
  const set = (patch: Partial<Wheel>) => onChange({ ...wheel, ...patch });
  const setSlice = (i: number, patch: Partial<WheelSlice>) =>
    set({ slices: wheel.slices.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const p = chance(wheel.slices);
  const payout = expectedPayout(wheel.slices);
  return (
    <Card title={wheel.id ? t('spin.editing', { name: wheel.name }) : t('spin.newWheel')}>
      <View style={styles.editor}>
        <View style={styles.form}>
          <TextField label={t('spin.name')} value={wheel.name} onChangeText={(v) => set({ name: v })} maxLength={64} />
          <Row>
            <View style={styles.field}>
              <TextField
                label={t('spin.cost')}
                value={String(wheel.cost)}
                onChangeText={(v) => set({ cost: int(v) })}
                keyboardType="number-pad"
              />
            </View>
            <View style={styles.field}>
              <TextField
                label={t('spin.dailyLimit')}
                value={String(wheel.dailyLimit)}
                onChangeText={(v) => set({ dailyLimit: int(v) })}
                keyboardType="number-pad"
              />
            </View>
            <View style={styles.field}>
              <TextField
                label={t('spin.dailyBudget')}
                value={String(wheel.dailyBudget)}
                onChangeText={(v) => set({ dailyBudget: num(v) })}
                keyboardType="decimal-pad"
              />
            </View>
            <View style={styles.field}>
              <TextField
                label={t('spin.couponDays')}
                value={String(wheel.couponDays)}
                onChangeText={(v) => set({ couponDays: int(v) })}
                keyboardType="number-pad"
              />
            </View>
          </Row>
          <Checkbox label={t('spin.makeActive')} checked={wheel.active} onChange={(v) => set({ active: v })} />
        </View>
        <View style={styles.preview}>
          <Picture
            source={{ uri: previewUri(wheel.slices) }}
            style={styles.previewImage}
            accessibilityLabel={t('spin.preview')}
            resizeMode="contain"
          />
          <AppText bold role="status">
            {t('spin.expected', { baht: money(payout.baht), coins: payout.coins.toFixed(2), cost: wheel.cost })}
          </AppText>
        </View>
      </View>
      {wheel.slices.map((s, i) => (
        <SliceEditor
          key={i}
          n={i + 1}
          slice={s}
          percent={p[i] * 100}
          removable={wheel.slices.length > 2}
          onChange={(patch) => setSlice(i, patch)}
          onRemove={() => set({ slices: wheel.slices.filter((_, j) => j !== i) })}
        />
      ))}
      <Row>
        <Button
          variant="secondary"
          title={t('spin.addSlice')}
          disabled={wheel.slices.length >= 24}
          onPress={() => set({ slices: [...wheel.slices, newSlice(wheel.slices.length + 1)] })}
        />
      </Row>
      <AppText variant="caption">{t('spin.rules')}</AppText>
      <ErrorLine error={error} />
      <Row>
        <Button title={t('spin.save')} onPress={onSave} loading={saving} />
        <Button variant="secondary" title={t('common.cancel')} onPress={onCancel} />
      </Row>
    </Card>
  );
}

const styles = StyleSheet.create({
  editor: { flexDirection: 'row', flexWrap: 'wrap', gap: 16 },
  form: { flexGrow: 1, flexBasis: 320, gap: 8 },
  preview: { alignItems: 'center', gap: 8, flexBasis: 260 },
  previewImage: { width: 240, height: 254 },
  field: { flexGrow: 1, flexBasis: 150 },
});
