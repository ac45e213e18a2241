// The QR deposit tab of one channel: an amount with the channel's quick amounts, then the QR with
// a countdown, cancel and save (a PNG of the QR in the Thai QR Payment frame, qr-card.ts); the
// QR's state is polled while it is open, so that a payment closes the modal and refreshes the
// wallet.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Image, StyleSheet, View } from 'react-native';

import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDateTime, formatNumber } from '@/lib/format';
import { limitsQuery } from '@/lib/lookups';
import { svgDataUrl } from '@/lib/svg';

import { cancelQR, createQR, qrPollMs, qrStateQuery, type QRState } from '../api/deposit';
import { useDepositT } from '../i18n';
import { cardLayout, payeeOf, qrFileName, qrModules } from '../qr-card';

import { QrSaveButton } from './qr-save-button';

/** mmss formats seconds as mm:ss. */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** payee is the channel's account name from the deposit lookup, when it has one. */
type Props = { bankCode: string; payee?: string; onDeposited: () => void; onClose: () => void };

export function QRTab({ bankCode, payee, onDeposited, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { t: d } = useDepositT();
  const toast = useToast();
  const alert = useAlert();
  const queryClient = useQueryClient();
  // Read again each time a QR tab opens: operators change minimums and quick amounts in the console.
  const limits = useQuery({ ...limitsQuery, refetchOnMount: 'always' });
  const channel = limits.data?.qr.find((c) => c.code === bankCode);
  const min = Math.max(channel?.min ?? 1, 1);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  // The QR shown, the moment it expires, and whether this screen ended it (cancel).
  const [qr, setQr] = useState<QRState | null>(null);
  const [expiresAt, setExpiresAt] = useState(0);
  const [now, setNow] = useState(Date.now());
  const cancelled = useRef(false);

  const state = useQuery({ ...qrStateQuery(bankCode), refetchInterval: qr ? qrPollMs : false });

  const show = (s: QRState) => {
    cancelled.current = false;
    setQr(s);
    setExpiresAt(Date.now() + s.expireIn * 1000);
    setNow(Date.now());
  };

  // The open QR the server knows (reopening the modal shows it again), and its end.
  useEffect(() => {
    const s = state.data;
    if (!s) return;
    if (s.hasQrcode && s.qrcodeId !== qr?.qrcodeId) {
      show(s);
    } else if (!s.hasQrcode && qr) {
      const left = (expiresAt - Date.now()) / 1000;
      setQr(null);
      if (!cancelled.current && left > 1) {
        // Closed before its time and not by us: paid.
        onClose();
        onDeposited();
        alert({ title: t('common.success'), message: d('qrPaid', { amount: formatNumber(qr.amount) }) });
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.data]);

  // The countdown; at 00:00 the QR is gone.
  useEffect(() => {
    if (!qr) return;
    const id = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= expiresAt) {
        cancelled.current = true;
        setQr(null);
        toast(d('qrExpired'), 'error');
        queryClient.invalidateQueries({ queryKey: qrStateQuery(bankCode).queryKey });
      }
    }, 1000);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qr, expiresAt]);

  const value = Number(amount.replace(/,/g, ''));
  const valid = amount.trim() !== '' && Number.isFinite(value) && value >= min;

  const create = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      const s = await createQR(bankCode, value);
      show(s);
      queryClient.setQueryData(qrStateQuery(bankCode).queryKey, s);
      // Making this QR closed the other channels' QRs.
      queryClient.invalidateQueries({ queryKey: ['qrcode'], predicate: (q) => q.queryKey[1] !== bankCode });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'QR_MINIMUM') {
        // An operator raised the minimum since the tab opened: read it again and name it.
        const fresh = await limits.refetch();
        const now = Math.max(fresh.data?.qr.find((c) => c.code === bankCode)?.min ?? min, 1);
        toast(t('errorMsg.QR_MINIMUM', { min: formatNumber(now) }), 'error');
        return;
      }
      toast(errorMessage(err, i18n), 'error');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!qr) return;
    setBusy(true);
    cancelled.current = true;
    try {
      await cancelQR(qr.qrcodeId);
    } catch (err) {
      toast(errorMessage(err, i18n), 'error');
    } finally {
      setQr(null);
      setBusy(false);
      queryClient.invalidateQueries({ queryKey: qrStateQuery(bankCode).queryKey });
    }
  };

  // The saved picture: what the QR encodes, drawn from the server's QR, with who is paid, how
  // much and until when.
  const card = (q: QRState) => () => {
    const to = payeeOf(q.payload);
    return cardLayout(qrModules(q.qrcode), {
      payee: to.name ?? (payee || undefined),
      promptPay: to.promptPay ? d('qrCardPromptPay', { id: to.promptPay }) : undefined,
      amount: d('qrAmount', { amount: formatNumber(q.amount) }),
      expires: q.expireIn > 0 ? d('qrCardExpires', { time: formatDateTime(expiresAt) }) : undefined,
    });
  };

  if (qr) {
    return (
      <View style={styles.wrap}>
        <AppText>{d('qrScan')}</AppText>
        <Image source={{ uri: svgDataUrl(qr.qrcode) }} style={styles.qr} resizeMode="contain" accessibilityLabel={d('qrImage')} />
        <AppText bold style={styles.center}>
          {d('qrAmount', { amount: formatNumber(qr.amount) })}
        </AppText>
        <AppText role="timer" style={styles.center} accessibilityLabel={d('qrExpiresIn', { time: mmss((expiresAt - now) / 1000) })}>
          {d('qrExpiresIn', { time: mmss((expiresAt - now) / 1000) })}
        </AppText>
        <QrSaveButton card={card(qr)} fileName={qrFileName(bankCode, qr.qrcodeId)} />
        <Button title={d('qrCancel')} variant="secondary" onPress={cancel} loading={busy} />
      </View>
    );
  }

  return (
    <View style={styles.wrap}>
      <TextField
        label={d('qrAmountLabel')}
        value={amount}
        onChangeText={setAmount}
        keyboardType="decimal-pad"
        placeholder={formatNumber(min)}
      />
      <View style={styles.quick}>
        {(channel?.quickAmounts ?? []).map((q) => (
          <Button key={q} title={formatNumber(q)} variant="secondary" onPress={() => setAmount(String(q))} />
        ))}
      </View>
      <AppText variant="caption">{d('qrMin', { min: formatNumber(min) })}</AppText>
      <Button title={d('qrCreate')} onPress={create} loading={busy} disabled={!valid || busy} />
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.md },
  quick: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.sm },
  qr: { width: 240, height: 240, alignSelf: 'center', borderRadius: radius.md, backgroundColor: colors.background },
  center: { textAlign: 'center' },
});
