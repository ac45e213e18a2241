import { useState } from 'react';
import { useWalletT } from '@/i18n/wallet';
import { StyleSheet, View } from 'react-native';

import { Look } from '@/components/looks';
import { useAlert } from '@/components/ui/alert-dialog';
import { AmountField } from '@/components/ui/amount-field';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { parseAmount } from '@/lib/amount';
import { errorMessage } from '@/lib/api';
import { formatAccountNo, formatNumber } from '@/lib/format';
import { useWithdrawLimits } from '@/lib/lookups';

import { useActiveBonus, useBonusThresholds } from '../api/bonus-status';
import type { WalletResponse } from '../api/get-wallet';
import { useWithdraw } from '../api/withdraw';
import { totalBalance, validateWithdraw } from '../validation';
import { LazyRecentWithdrawals } from '../withdrawals-lazy';

type Props = { visible: boolean; data: WalletResponse; onClose: () => void; onSaved: () => void };

const formatValues = (values?: Record<string, string | number>) =>
  values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? formatNumber(v) : v])) : undefined;

/** bankName is the Thai (local) name in Thai and the English name in other languages. */
function bankName(bank: NonNullable<WalletResponse['bankAccount']>, locale: string): string {
  const local = bank.bank?.nameTH || bank.bankCode;
  return locale === 'th' ? local : bank.bank?.nameEN || local;
}

/**
 * WithdrawModal withdraws to the registered bank account with withdrawAll, which brings the
 * game balances back to the wallet first.
 */
export function WithdrawModal({ visible, data, onClose, onSaved }: Props) {
  const { t, i18n } = useWalletT();
  const alert = useAlert();
  const limits = useWithdrawLimits(visible);
  // While a bonus condition is active the server answers BONUS_REMAINING: say so before.
  const activeBonus = useActiveBonus(visible);
  const bonusActive = !!activeBonus.data?.status;
  const thresholds = useBonusThresholds(visible && bonusActive);
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bank = data.bankAccount;

  const close = () => {
    setAmount('');
    setError(null);
    onClose();
  };

  const submit = () => {
    const value = parseAmount(amount);
    const problem = validateWithdraw(value, limits.data);
    if (problem) {
      setError(t(problem.key, formatValues(problem.values)));
      return;
    }
    setError(null);
    withdraw.mutate(
      { amount: value },
      {
        onSuccess: () => {
          close();
          onSaved();
          alert({ title: t('common.success'), message: t('withdraw.submitted') });
        },
        onError: (err) => {
          setError(errorMessage(err, i18n));
          onSaved();
          activeBonus.refetch();
        },
      },
    );
  };

  return (
    <AppModal
      visible={visible}
      title={t('withdraw.title')}
      onClose={close}
      footer={<Button title={t('withdraw.submit')} onPress={submit} loading={withdraw.isPending} />}
    >
      <AppText>{t('withdraw.available', { amount: formatNumber(totalBalance(data)) })}</AppText>
      {bank ? (
        <View style={styles.bank}>
          <AppText variant="label">{t('withdraw.paidTo')}</AppText>
          <View style={styles.bankLine}>
            <Look kind="bank" code={bank.bankCode} />
            <AppText bold style={styles.flex}>
              {bankName(bank, i18n.language)}
            </AppText>
          </View>
          <AppText>
            {formatAccountNo(bank.bankAccountNo)} · {bank.bankAccountName}
          </AppText>
        </View>
      ) : null}
      {limits.data ? (
        <AppText variant="caption">
          {t('withdraw.limits', { min: formatNumber(limits.data.withdrawMin), max: formatNumber(limits.data.withdrawMax) })}
        </AppText>
      ) : null}
      <AmountField
        label={t('transfer.amount')}
        value={amount}
        onChangeText={(v) => {
          setAmount(v);
          setError(null);
        }}
        onSubmitEditing={submit}
      />
      <AppText style={styles.notice}>{t('withdraw.notice')}</AppText>
      {bonusActive && thresholds.data?.status ? (
        <AppText style={styles.notice} bold role="alert">
          {t('withdraw.bonusActive', {
            type: t(`bonus.types.${activeBonus.data?.type}`),
            target: formatNumber(thresholds.data.target),
            progress: formatNumber(thresholds.data.progress),
          })}
        </AppText>
      ) : null}
      {error ? (
        <AppText variant="error" role="alert">
          {error}
        </AppText>
      ) : null}
      {visible ? <LazyRecentWithdrawals /> : null}
    </AppModal>
  );
}

const styles = StyleSheet.create({
  bankLine: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  flex: { flex: 1 },
  bank: { backgroundColor: colors.background, borderRadius: radius.md, padding: spacing.sm, gap: 2 },
  notice: { color: colors.danger },
});
