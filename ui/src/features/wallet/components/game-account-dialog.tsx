import { useState } from 'react';
import { useWalletT } from '@/i18n/wallet';
import { StyleSheet, View } from 'react-native';

import { QueryState } from '@/components/query-state';
import { AmountField } from '@/components/ui/amount-field';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { parseAmount } from '@/lib/amount';
import { errorMessage } from '@/lib/api';
import { copyText } from '@/lib/clipboard';
import { formatNumber } from '@/lib/format';
import { useLimits } from '@/lib/lookups';
import { openLink, openLinkFrom } from '@/lib/open-link';

import { autoLogin } from '../api/auto-login';
import type { Slot } from '../api/get-wallet';
import { useGameCredentials } from '../api/get-game-credentials';
import { useResetGamePassword } from '../api/reset-game-password';
import { useTransfer, walletAccount } from '../api/transfer';
import { gameCredit, validateTransfer } from '../validation';

type Props = { slot: Slot | null; onClose: () => void; onSaved: () => void };

type Status = { kind: 'success' | 'error'; text: string } | null;

/**
 * GameAccountDialog: the game's credentials with copy actions, reset password, play, transfer
 * in and out, and the app links. Messages are shown inside the dialog.
 */
export function GameAccountDialog({ slot, onClose, onSaved }: Props) {
  const { t } = useWalletT();
  return (
    <AppModal visible={slot !== null} title={slot?.name ?? ''} onClose={onClose}>
      {slot ? <DialogBody key={slot.code} slot={slot} onSaved={onSaved} /> : <AppText>{t('common.loading')}</AppText>}
    </AppModal>
  );
}

function DialogBody({ slot, onSaved }: { slot: Slot; onSaved: () => void }) {
  const { t, i18n } = useWalletT();
  const credentials = useGameCredentials(slot.code, slot.isActive);
  const reset = useResetGamePassword();
  const transfer = useTransfer();
  const transferMin = useLimits().data?.transferMin;
  const [amount, setAmount] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [playing, setPlaying] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const cred = credentials.data;
  const value = parseAmount(amount);
  const canTransfer = Number.isFinite(value) && value > 0 && !transfer.isPending;

  const fail = (err: unknown) => setStatus({ kind: 'error', text: errorMessage(err, i18n) });

  const copy = async (text: string) => {
    const ok = await copyText(text);
    setStatus(ok ? { kind: 'success', text: t('game.copied', { text }) } : { kind: 'error', text: t('game.copyFailed') });
  };

  const resetPassword = () => {
    setStatus(null);
    setConfirmingReset(false);
    reset.mutate(slot.code, {
      onSuccess: () => setStatus({ kind: 'success', text: t('game.passwordReset') }),
      onError: fail,
    });
  };

  const play = async () => {
    setStatus(null);
    setPlaying(true);
    try {
      if (slot.web) await openLink(slot.web);
      else if (cred) await openLinkFrom(() => autoLogin(slot.code, cred.username));
    } catch (err) {
      fail(err);
    } finally {
      setPlaying(false);
    }
  };

  const move = (direction: 'in' | 'out') => {
    const input =
      direction === 'in' ? { from: walletAccount, to: slot.code, amount: value } : { from: slot.code, to: walletAccount, amount: value };
    const problem = validateTransfer(input, transferMin);
    if (problem) {
      setStatus({ kind: 'error', text: t(problem.key, problem.values) });
      return;
    }
    setStatus(null);
    transfer.mutate(input, {
      onSuccess: () => {
        setAmount('');
        setStatus({ kind: 'success', text: t('transfer.done') });
        onSaved();
      },
      onError: (err) => {
        fail(err);
        onSaved();
      },
    });
  };

  return (
    <View style={styles.body}>
      <View style={styles.balances}>
        <Figure label={t('game.balance')} value={formatNumber(slot.amount)} />
        <Figure label={t('game.credit')} value={formatNumber(gameCredit(slot))} />
      </View>

      {!slot.isActive ? <AppText>{t('game.noAccount')}</AppText> : null}
      {slot.isActive && !cred ? (
        <QueryState isLoading={credentials.isLoading} isError={credentials.isError} onRetry={() => credentials.refetch()} />
      ) : null}
      {cred ? (
        <View style={styles.credentials}>
          <Credential label={t('game.username')} value={cred.username} copyLabel={t('game.copyUsername')} onCopy={copy} />
          <Credential label={t('game.password')} value={cred.password} copyLabel={t('game.copyPassword')} onCopy={copy} />
        </View>
      ) : null}

      {confirmingReset ? (
        <View style={styles.confirm} role="alert">
          <AppText>{t('game.resetAsk')}</AppText>
          <View style={styles.row}>
            <Button title={t('common.cancel')} variant="secondary" onPress={() => setConfirmingReset(false)} style={styles.flex} />
            <Button title={t('game.resetConfirm')} variant="danger" onPress={resetPassword} style={styles.flex} />
          </View>
        </View>
      ) : null}
      <View style={styles.row}>
        <Button
          title={t('game.resetPassword')}
          variant="secondary"
          onPress={() => {
            setStatus(null);
            setConfirmingReset(true);
          }}
          loading={reset.isPending}
          disabled={!slot.isActive}
          style={styles.flex}
        />
        <Button title={t('game.play')} onPress={play} loading={playing} disabled={!slot.web && !cred} style={styles.flex} />
      </View>

      <AmountField
        label={t('transfer.amount')}
        value={amount}
        onChangeText={(v) => {
          setAmount(v);
          setStatus(null);
        }}
      />
      <View style={styles.row}>
        <Button
          title={t('game.transferIn')}
          onPress={() => move('in')}
          disabled={!canTransfer || !slot.isActive}
          loading={transfer.isPending && transfer.variables?.to === slot.code}
          style={styles.flex}
        />
        <Button
          title={t('game.transferOut')}
          variant="secondary"
          onPress={() => move('out')}
          disabled={!canTransfer || !slot.isActive}
          loading={transfer.isPending && transfer.variables?.from === slot.code}
          style={styles.flex}
        />
      </View>

      {status ? (
        <AppText
          variant={status.kind === 'error' ? 'error' : 'body'}
          role={status.kind === 'error' ? 'alert' : 'status'}
          style={status.kind === 'success' ? styles.success : undefined}
        >
          {status.text}
        </AppText>
      ) : null}

      {slot.android || slot.ios ? (
        <View style={styles.row}>
          {slot.android ? (
            <Button title={t('game.android')} variant="secondary" onPress={() => openLink(slot.android!).catch(fail)} style={styles.flex} />
          ) : null}
          {slot.ios ? (
            <Button title={t('game.ios')} variant="secondary" onPress={() => openLink(slot.ios!).catch(fail)} style={styles.flex} />
          ) : null}
        </View>
      ) : null}
    </View>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.figure}>
      <AppText variant="caption">{label}</AppText>
      <AppText bold>{value}</AppText>
    </View>
  );
}

function Credential({ label, value, copyLabel, onCopy }: { label: string; value: string; copyLabel: string; onCopy: (v: string) => void }) {
  const { t } = useWalletT();
  return (
    <View style={styles.credential}>
      <View style={styles.flex}>
        <AppText variant="label">{label}</AppText>
        <AppText bold selectable>
          {value}
        </AppText>
      </View>
      <Button title={t('game.copy')} variant="link" accessibilityLabel={copyLabel} onPress={() => onCopy(value)} />
    </View>
  );
}

const styles = StyleSheet.create({
  body: { gap: spacing.md },
  confirm: { gap: spacing.sm, padding: spacing.md, borderRadius: radius.md, backgroundColor: colors.background },
  balances: { flexDirection: 'row', gap: spacing.sm },
  figure: { flex: 1, backgroundColor: colors.background, borderRadius: radius.md, padding: spacing.sm },
  credentials: { gap: spacing.sm },
  credential: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: spacing.sm,
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: radius.sm,
    padding: spacing.sm,
  },
  row: { flexDirection: 'row', gap: spacing.sm, flexWrap: 'wrap' },
  flex: { flex: 1 },
  success: { color: colors.success },
});
