import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, spacing } from '@/components/ui/theme';

import { useBanks } from '../../api/get-banks';
import { useSaveBank } from '../../api/save-bank';
import type { OperatorBank } from '../../api/types';
import { useOpT } from '../../i18n';
import { Card, ErrorLine, Row } from '../ui';

type Flags = { englishOnly: boolean; active: boolean; sort: string };

const toFlags = (b: OperatorBank): Flags => ({ englishOnly: b.englishOnly, active: b.active, sort: String(b.sort) });

/**
 * bankProblem checks one bank's edited flags against the whole directory; the answer is a
 * console translation key or null. The server checks the same (sort ≥ 0, one bank stays active).
 */
export function bankProblem(code: string, f: Flags, banks: readonly OperatorBank[]): string | null {
  if (!/^\d+$/.test(f.sort.trim()) || Number(f.sort) > 1_000_000) return 'settings.banks.errors.sort';
  if (!f.active && !banks.some((b) => b.code !== code && b.active)) return 'settings.banks.errors.lastActive';
  return null;
}

/** BanksSettings edits the bank directory's flags, one bank saved at a time (owner only). */
export function BanksSettings() {
  const { t } = useOpT();
  const q = useBanks();
  const banks = q.data?.banks ?? [];
  return (
    <Card title={t('settings.names.banks')}>
      <AppText variant="caption">{t('settings.banks.help')}</AppText>
      <ErrorLine error={q.error} />
      {q.isLoading ? <AppText>{t('common.loading')}</AppText> : null}
      <View role="list" aria-label={t('settings.names.banks')}>
        {banks.map((b) => (
          <BankRow key={b.code} bank={b} banks={banks} />
        ))}
      </View>
    </Card>
  );
}

function BankRow({ bank, banks }: { bank: OperatorBank; banks: readonly OperatorBank[] }) {
  const { t } = useOpT();
  const [flags, setFlags] = useState<Flags>(() => toFlags(bank));
  const [saved, setSaved] = useState(false);
  useEffect(() => setFlags(toFlags(bank)), [bank]);
  const original = toFlags(bank);
  const changed = flags.englishOnly !== original.englishOnly || flags.active !== original.active || flags.sort.trim() !== original.sort;
  const problem = changed ? bankProblem(bank.code, flags, banks) : null;
  const save = useSaveBank(bank.code, { onMutate: () => setSaved(false), onSuccess: () => setSaved(true) });
  const set = (patch: Partial<Flags>) => {
    setSaved(false);
    setFlags((f) => ({ ...f, ...patch }));
  };
  return (
    <View role="listitem" style={styles.row} accessibilityLabel={bank.nameEN}>
      <View style={styles.name}>
        <AppText bold>{`${bank.code} · ${bank.nameEN}`}</AppText>
        <AppText variant="caption">{bank.nameTH}</AppText>
      </View>
      <Row style={styles.controls}>
        <Checkbox label={t('settings.banks.englishOnly')} checked={flags.englishOnly} onChange={(v) => set({ englishOnly: v })} />
        <Checkbox label={t('settings.banks.active')} checked={flags.active} onChange={(v) => set({ active: v })} />
        <View style={styles.sort}>
          <TextField
            label={t('settings.banks.sort')}
            value={flags.sort}
            onChangeText={(v) => set({ sort: v })}
            keyboardType="number-pad"
            inputMode="numeric"
          />
        </View>
        <Button
          title={t('common.save')}
          accessibilityLabel={t('settings.banks.save', { code: bank.code })}
          disabled={!changed || !!problem}
          loading={save.isPending}
          onPress={() => save.mutate({ englishOnly: flags.englishOnly, active: flags.active, sort: Number(flags.sort) })}
        />
      </Row>
      {problem ? (
        <AppText variant="error" role="alert">
          {t(problem)}
        </AppText>
      ) : null}
      <ErrorLine error={save.error} />
      {saved && !changed ? <AppText role="status">{t('settings.banks.saved', { code: bank.code })}</AppText> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { paddingVertical: spacing.sm, borderBottomWidth: 1, borderColor: colors.border, gap: spacing.xs },
  name: { gap: 2 },
  controls: { alignItems: 'flex-end', flexWrap: 'wrap' },
  sort: { width: 110 },
});
