import { useState } from 'react';
import { useWalletT } from '@/i18n/wallet';
import { StyleSheet, View } from 'react-native';

import { useAlert } from '@/components/ui/alert-dialog';
import { AmountField } from '@/components/ui/amount-field';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { spacing } from '@/components/ui/theme';
import { parseAmount } from '@/lib/amount';
import { errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { useLimits } from '@/lib/lookups';

import type { WalletResponse } from '../api/get-wallet';
import { useTransfer, walletAccount } from '../api/transfer';
import { useTransferAll } from '../api/transfer-all';
import { validateTransfer } from '../validation';

type Props = { visible: boolean; data: WalletResponse; onClose: () => void; onSaved: () => void };

/**
 * TransferModal moves money between the wallet and the active games (or between two games),
 * and brings every game balance back with "transfer all to wallet".
 */
export function TransferModal({ visible, data, onClose, onSaved }: Props) {
  const { t, i18n } = useWalletT();
  const alert = useAlert();
  const transfer = useTransfer();
  const transferAll = useTransferAll();
  const transferMin = useLimits(visible).data?.transferMin;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = transfer.isPending || transferAll.isPending;

  const active = data.slots.filter((s) => s.isActive);
  const options = [{ value: walletAccount, label: t('transfer.wallet') }, ...active.map((s) => ({ value: s.code, label: s.name }))];
  const available = from === walletAccount ? data.wallet.amount : from ? active.find((s) => s.code === from)?.amount : undefined;

  const close = () => {
    setFrom('');
    setTo('');
    setAmount('');
    setError(null);
    onClose();
  };

  const succeed = (message: string) => {
    close();
    onSaved();
    alert({ title: t('common.success'), message });
  };

  const fail = (err: unknown) => {
    setError(errorMessage(err, i18n));
    onSaved();
  };

  const submit = () => {
    const input = { from, to, amount: parseAmount(amount) };
    const problem = validateTransfer(input, transferMin);
    if (problem) {
      setError(t(problem.key, problem.values));
      return;
    }
    setError(null);
    transfer.mutate(input, { onSuccess: () => succeed(t('transfer.done')), onError: fail });
  };

  const moveAllToWallet = () => {
    setError(null);
    transferAll.mutate({ to: walletAccount }, { onSuccess: () => succeed(t('transfer.allDone')), onError: fail });
  };

  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError(null);
  };

  return (
    <AppModal
      visible={visible}
      title={t('transfer.title')}
      onClose={close}
      footer={
        <>
          <Button title={t('transfer.submit')} onPress={submit} loading={transfer.isPending} disabled={busy} />
          <Button
            title={t('transfer.allToWallet')}
            variant="secondary"
            onPress={moveAllToWallet}
            loading={transferAll.isPending}
            disabled={busy || active.length === 0}
          />
        </>
      }
    >
      <Select label={t('transfer.from')} value={from} options={options} onChange={change(setFrom)} placeholder={t('common.select')} />
      {available !== undefined ? <AppText variant="caption">{t('transfer.available', { amount: formatNumber(available) })}</AppText> : null}
      <Select label={t('transfer.to')} value={to} options={options} onChange={change(setTo)} placeholder={t('common.select')} />
      <AmountField label={t('transfer.amount')} value={amount} onChangeText={change(setAmount)} onSubmitEditing={submit} />
      {active.length === 0 ? <AppText variant="caption">{t('transfer.noGames')}</AppText> : null}
      {error ? (
        <AppText variant="error" role="alert">
          {error}
        </AppText>
      ) : null}
      <View style={styles.spacer} />
    </AppModal>
  );
}

const styles = StyleSheet.create({ spacer: { height: spacing.xs } });
