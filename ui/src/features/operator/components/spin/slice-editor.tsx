import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors } from '@/components/ui/theme';

import { useOpT } from '../../i18n';
import type { PrizeType, WheelSlice } from '../../wheel-preview';
import { Row } from '../ui';
import { int, num } from './numbers';
import { limits } from '@/lib/limits.generated';

const prizeTypes: PrizeType[] = ['cash', 'bonus', 'coins', 'nothing'];

type Props = {
  /** n is the slice's place on the wheel, from 1. */
  n: number;
  slice: WheelSlice;
  /** percent is the slice's chance of being drawn. */
  percent: number;
  removable: boolean;
  onChange: (patch: Partial<WheelSlice>) => void;
  onRemove: () => void;
};

/** SliceEditor edits one slice of a wheel: code, weight, colours, labels and prize. */
export function SliceEditor({ n, slice: s, percent, removable, onChange, onRemove }: Props) {
  const { t } = useOpT();
  return (
    <View style={styles.slice}>
      <Row>
        <AppText bold>{t('spin.slice', { n, percent: percent.toFixed(2) })}</AppText>
        <Button variant="link" title={t('spin.removeSlice')} disabled={!removable} onPress={onRemove} />
      </Row>
      <Row>
        <View style={styles.field}>
          <TextField label={t('spin.code')} value={s.code} onChangeText={(v) => onChange({ code: v.toUpperCase() })} maxLength={32} />
        </View>
        <View style={styles.field}>
          <TextField
            label={t('spin.weight')}
            value={String(s.weight)}
            onChangeText={(v) => onChange({ weight: int(v) })}
            keyboardType="number-pad"
          />
        </View>
        <View style={styles.field}>
          <TextField label={t('spin.bgColor')} value={s.bgColor} onChangeText={(v) => onChange({ bgColor: v })} maxLength={7} />
        </View>
        <View style={styles.field}>
          <TextField label={t('spin.textColor')} value={s.textColor} onChangeText={(v) => onChange({ textColor: v })} maxLength={7} />
        </View>
      </Row>
      <Row>
        {(['th', 'la', 'en'] as const).map((l) => (
          <View key={l} style={styles.field}>
            <TextField
              label={t('spin.label', { lang: t(`languages.${l}`) })}
              value={s.label[l]}
              onChangeText={(v) => onChange({ label: { ...s.label, [l]: v } })}
              maxLength={limits.label}
            />
          </View>
        ))}
      </Row>
      <Row>
        <View style={styles.field}>
          <Select
            label={t('spin.prizeType')}
            value={s.prize.type}
            options={prizeTypes.map((v) => ({ value: v, label: t(`spin.prize_${v}`) }))}
            onChange={(v) => onChange({ prize: { ...s.prize, type: v as PrizeType } })}
          />
        </View>
        {s.prize.type === 'cash' || s.prize.type === 'bonus' ? (
          <View style={styles.field}>
            <TextField
              label={t('common.amount')}
              value={String(s.prize.amount)}
              onChangeText={(v) => onChange({ prize: { ...s.prize, amount: num(v) } })}
              keyboardType="decimal-pad"
            />
          </View>
        ) : null}
        {s.prize.type === 'bonus' ? (
          <>
            <View style={styles.field}>
              <TextField
                label={t('spin.successPercent')}
                value={String(s.prize.successPercent || 200)}
                onChangeText={(v) => onChange({ prize: { ...s.prize, successPercent: int(v) } })}
                keyboardType="number-pad"
              />
            </View>
            <View style={styles.field}>
              <TextField
                label={t('spin.percentFail')}
                value={String(s.prize.percentFail || 10)}
                onChangeText={(v) => onChange({ prize: { ...s.prize, percentFail: int(v) } })}
                keyboardType="number-pad"
              />
            </View>
          </>
        ) : null}
        {s.prize.type === 'coins' ? (
          <View style={styles.field}>
            <TextField
              label={t('spin.prizeCoins')}
              value={String(s.prize.coins)}
              onChangeText={(v) => onChange({ prize: { ...s.prize, coins: int(v) } })}
              keyboardType="number-pad"
            />
          </View>
        ) : null}
      </Row>
      <TextField
        label={t('spin.htmlDescription')}
        value={s.htmlDescription}
        onChangeText={(v) => onChange({ htmlDescription: v })}
        maxLength={limits.note}
        multiline
      />
    </View>
  );
}

const styles = StyleSheet.create({
  field: { flexGrow: 1, flexBasis: 150 },
  slice: { borderTopWidth: 1, borderTopColor: colors.border, paddingTop: 8, gap: 8 },
});
