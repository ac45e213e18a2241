import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Look } from '@/components/looks';
import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useBanks } from '../../api/get-banks';
import { useSaveBank } from '../../api/save-bank';
import type { OperatorBank } from '../../api/types';
import { useOpT } from '../../i18n';
import { Row } from '../ui';
import { EditorList, rowStyles, SaveButton, SaveStatus } from './save-row';

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
    <EditorList title={t('settings.names.banks')} help={t('settings.banks.help')} error={q.error} loading={q.isLoading}>
      {banks.map((b) => (
        <BankRow key={b.code} bank={b} banks={banks} />
      ))}
    </EditorList>
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
    <View role="listitem" style={rowStyles.row} accessibilityLabel={bank.nameEN}>
      <View style={styles.title}>
        <Look kind="bank" code={bank.code} />
        <View style={styles.name}>
          <AppText bold>{`${bank.code} · ${bank.nameEN}`}</AppText>
          <AppText variant="caption">{bank.nameTH}</AppText>
        </View>
      </View>
      <Row style={rowStyles.controls}>
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
        <SaveButton
          label={t('settings.banks.save', { code: bank.code })}
          changed={changed}
          problem={problem}
          saving={save.isPending}
          onSave={() => save.mutate({ englishOnly: flags.englishOnly, active: flags.active, sort: Number(flags.sort) })}
        />
      </Row>
      <SaveStatus problem={problem} error={save.error} saved={saved && !changed ? t('settings.banks.saved', { code: bank.code }) : null} />
    </View>
  );
}

const styles = StyleSheet.create({
  title: { flexDirection: 'row', alignItems: 'center', gap: 8 },
  name: { gap: 2, flexShrink: 1 },
  sort: { width: 110 },
});
