import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';

import type { DepositSetting, ReceivingBank, ReceivingWallet } from '../../api/deposits';
import { useSetting } from '../../api/get-settings';
import { useSaveSetting } from '../../api/save-setting';
import { useOpT } from '../../i18n';
import { can } from '../../roles';
import { useMe } from '../../session';
import { PendingNotice } from '../pending-changes';
import { Card, ErrorLine, Row } from '../ui';

const emptyBank: ReceivingBank = { bankCode: 'KBANK', bankAccountNo: '', bankAccountName: '', mode: 'slip' };
const emptyWallet: ReceivingWallet = { mode: 'truemoney', walletAccountName: '', walletAccountNo: '' };

/** ReceivingAccounts edits the deposit setting: the bank accounts and TrueMoney wallets members pay to. */
export function ReceivingAccounts() {
  const { t } = useOpT();
  const me = useMe();
  const settings = useSetting('deposit');
  const current = settings.setting;
  const editable = can(me.data?.role, current?.editableBy ?? []);
  const [doc, setDoc] = useState<DepositSetting | null>(null);
  const [saved, setSaved] = useState(false);
  const [proposed, setProposed] = useState(false);
  useEffect(() => {
    if (current && !doc) {
      const v = current.value as Partial<DepositSetting>;
      setDoc({ banks: v.banks ?? [], wallets: (v.wallets as ReceivingWallet[]) ?? [], isManual: !!v.isManual });
    }
  }, [current, doc]);
  // The receiving accounts are the owners': a change waits for a second owner (202).
  const save = useSaveSetting('deposit', {
    onMutate: () => setSaved(false),
    onApplied: () => setSaved(true),
    onProposed: () => setProposed(true),
  });
  if (!doc) return <ErrorLine error={settings.error} />;
  const setBank = (i: number, patch: Partial<ReceivingBank>) =>
    setDoc({ ...doc, banks: doc.banks.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const setWallet = (i: number, patch: Partial<ReceivingWallet>) =>
    setDoc({ ...doc, wallets: doc.wallets.map((w, j) => (j === i ? { ...w, ...patch } : w)) });
  return (
    <Card title={t('deposits.receiving')}>
      <AppText variant="caption">{t('deposits.receivingHelp')}</AppText>
      {doc.banks.map((b, i) => (
        <Row key={`bank${i}`} style={styles.row}>
          <View style={styles.short}>
            <TextField
              label={t('deposits.bankCode')}
              value={b.bankCode}
              upperCase
              editable={editable}
              onChangeText={(v) => setBank(i, { bankCode: v })}
            />
          </View>
          <View style={styles.field}>
            <TextField
              label={t('deposits.accountNo')}
              value={b.bankAccountNo}
              editable={editable}
              keyboardType="number-pad"
              onChangeText={(v) => setBank(i, { bankAccountNo: v })}
            />
          </View>
          <View style={styles.field}>
            <TextField
              label={t('deposits.accountName')}
              value={b.bankAccountName}
              editable={editable}
              onChangeText={(v) => setBank(i, { bankAccountName: v })}
            />
          </View>
          {editable ? (
            <Button
              variant="link"
              title={t('deposits.remove')}
              onPress={() => setDoc({ ...doc, banks: doc.banks.filter((_, j) => j !== i) })}
            />
          ) : null}
        </Row>
      ))}
      {doc.wallets.map((w, i) => (
        <Row key={`wallet${i}`} style={styles.row}>
          <View style={styles.field}>
            <TextField
              label={t('deposits.walletName')}
              value={w.walletAccountName}
              editable={editable}
              onChangeText={(v) => setWallet(i, { walletAccountName: v })}
            />
          </View>
          <View style={styles.field}>
            <TextField
              label={t('deposits.walletPhone')}
              value={w.walletAccountNo}
              editable={editable}
              keyboardType="phone-pad"
              onChangeText={(v) => setWallet(i, { walletAccountNo: v })}
            />
          </View>
          {editable ? (
            <Button
              variant="link"
              title={t('deposits.remove')}
              onPress={() => setDoc({ ...doc, wallets: doc.wallets.filter((_, j) => j !== i) })}
            />
          ) : null}
        </Row>
      ))}
      {editable ? (
        <Row style={styles.row}>
          <Button variant="secondary" title={t('deposits.addBank')} onPress={() => setDoc({ ...doc, banks: [...doc.banks, emptyBank] })} />
          <Button
            variant="secondary"
            title={t('deposits.addWallet')}
            onPress={() => setDoc({ ...doc, wallets: [...doc.wallets, emptyWallet] })}
          />
          <Button
            variant="secondary"
            title={doc.isManual ? t('deposits.manualOn') : t('deposits.manualOff')}
            onPress={() => setDoc({ ...doc, isManual: !doc.isManual })}
          />
          <Button title={t('common.save')} loading={save.isPending} onPress={() => save.mutate(doc)} />
        </Row>
      ) : (
        <AppText variant="caption">{t('settings.readOnly')}</AppText>
      )}
      {saved ? (
        <AppText role="status" bold>
          {t('deposits.saved')}
        </AppText>
      ) : null}
      {proposed ? <AppText role="status">{t('changes.proposed')}</AppText> : null}
      <PendingNotice kinds={['setting']} target="deposit" />
      <ErrorLine error={save.error} />
    </Card>
  );
}

const styles = StyleSheet.create({
  row: { gap: spacing.sm, flexWrap: 'wrap', alignItems: 'flex-end' },
  short: { width: 120 },
  field: { flex: 1, minWidth: 180 },
});
