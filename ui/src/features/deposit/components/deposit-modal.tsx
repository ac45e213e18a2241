import { useEffect, useState } from 'react';
import { useWalletT } from '@/i18n/wallet';
import { Image, Pressable, StyleSheet, View } from 'react-native';

import { Look } from '@/components/looks';
import { QueryState } from '@/components/query-state';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing, touchTarget } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { copyText } from '@/lib/clipboard';
import { formatAccountNo, formatNumber } from '@/lib/format';
import { limits } from '@/lib/limits.generated';
import { useSlipRules } from '@/lib/lookups';

import {
  depositMethods,
  uploadSlip,
  useDepositOptions,
  useRedeemGift,
  type DepositMethod,
  type ReceivingBank,
  type SlipUploadResult,
} from '../api/deposit';
import { pickImage, releasePreview, type PickedImage } from '../api/pick-image';
import { useDepositT } from '../i18n';

import { QRTab } from './qr-tab';

type Props = { visible: boolean; onClose: () => void; onDeposited: () => void };

/**
 * DepositModal has a tab per method the deposit lookup enables: bank transfer (the receiving
 * accounts, then the slip upload), each QR channel (PromptPay and the payment gateways) and
 * TrueMoney gift link.
 */
export function DepositModal({ visible, onClose, onDeposited }: Props) {
  const { t, i18n } = useWalletT();
  const { t: d } = useDepositT();
  const options = useDepositOptions(visible);
  const methods = depositMethods(options.data);
  const [tab, setTab] = useState<DepositMethod | null>(null);
  const current = tab && methods.includes(tab) ? tab : (methods[0] ?? null);

  return (
    <AppModal
      visible={visible}
      title={d('title')}
      onClose={onClose}
      footer={<Button title={t('common.close')} variant="secondary" onPress={onClose} />}
    >
      {!options.data ? (
        <QueryState isLoading={options.isLoading} isError={options.isError} onRetry={() => options.refetch()} />
      ) : methods.length === 0 ? (
        <AppText>{d('noMethods')}</AppText>
      ) : (
        <View style={styles.wrap}>
          <View role="tablist" testID="deposit-methods" style={styles.tabs}>
            {methods.map((m) => (
              <Pressable
                key={m}
                role="tab"
                accessibilityState={{ selected: m === current }}
                aria-selected={m === current}
                onPress={() => setTab(m)}
                style={[styles.tab, m === current && styles.tabActive]}
              >
                <AppText bold={m === current}>
                  {m.startsWith('qr:') ? d('tabs.qr', { name: qrName(options.data!.banks, m.slice(3), i18n.language) }) : d(`tabs.${m}`)}
                </AppText>
              </Pressable>
            ))}
          </View>
          {current === 'bank' ? (
            <BankTransferTab banks={options.data.banks.filter((b) => b.mode === 'slip' || !b.mode)} onDeposited={onDeposited} />
          ) : null}
          {current?.startsWith('qr:') ? (
            <QRTab
              key={current}
              bankCode={current.slice(3)}
              payee={options.data.banks.find((b) => b.mode === 'qr' && b.bankCode === current.slice(3))?.bankAccountName}
              onDeposited={onDeposited}
              onClose={onClose}
            />
          ) : null}
          {current === 'truemoney' ? <GiftLinkTab onDeposited={onDeposited} onClose={onClose} /> : null}
        </View>
      )}
    </AppModal>
  );
}

function qrName(banks: ReceivingBank[], code: string, locale: string): string {
  const b = banks.find((x) => x.mode === 'qr' && x.bankCode === code);
  return b ? bankName(b, locale) : code;
}

function bankName(bank: ReceivingBank, locale: string): string {
  return locale === 'th' ? bank.bank?.nameTH || bank.bankCode : bank.bank?.nameEN || bank.bank?.nameTH || bank.bankCode;
}

function BankTransferTab({ banks, onDeposited }: { banks: ReceivingBank[]; onDeposited: () => void }) {
  const { t, i18n } = useWalletT();
  const { t: d } = useDepositT();
  const toast = useToast();
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ tone: 'ok' | 'wait' | 'error'; text: string } | null>(null);
  const rules = useSlipRules().data; // the slip lookup: stated before the member uploads

  useEffect(() => () => (picked ? releasePreview(picked.previewUrl) : undefined), [picked]);

  const copy = async (text: string) => {
    const ok = await copyText(text);
    toast(ok ? t('game.copied', { text }) : t('game.copyFailed'), ok ? 'success' : 'error');
  };

  const choose = async () => {
    let img: PickedImage | null = null;
    try {
      img = await pickImage();
    } catch {
      setResult({ tone: 'error', text: d('pickFailed') });
      return;
    }
    if (img) {
      setPicked(img);
      setResult(null);
      setProgress(null);
    }
  };

  const send = async () => {
    if (!picked) {
      setResult({ tone: 'error', text: t('errorMsg.SLIP_NO_FILE') });
      return;
    }
    setProgress(0);
    setResult(null);
    try {
      const r: SlipUploadResult = await uploadSlip(picked.file, picked.name, setProgress);
      if (r.slip.status === 'SUCCESS') {
        setResult({ tone: 'ok', text: d('slipCredited', { amount: formatNumber(r.slip.amount) }) });
        onDeposited();
      } else {
        const reason = r.slip.note && i18n.exists(`slipReason.${r.slip.note}`) ? t(`slipReason.${r.slip.note}`) : '';
        setResult({ tone: 'wait', text: d('slipInReview') + (reason ? ` (${reason})` : '') });
      }
      setPicked(null);
    } catch (err) {
      setResult({ tone: 'error', text: errorMessage(err, i18n) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <View style={styles.wrap}>
      <AppText>{d('transferTo', { minutes: limits.creditWithinMinutes })}</AppText>
      {banks.map((b) => (
        <View key={`${b.bankCode}${b.bankAccountNo}`} style={styles.account}>
          <View style={styles.row}>
            <Look kind="bank" code={b.bankCode} />
            <AppText bold style={styles.flex}>
              {bankName(b, i18n.language)}
            </AppText>
          </View>
          <View style={styles.row}>
            <AppText style={styles.flex} selectable>
              {formatAccountNo(b.bankAccountNo)}
            </AppText>
            <Button
              title={t('game.copy')}
              variant="secondary"
              accessibilityLabel={d('copyAccount', { number: b.bankAccountNo })}
              onPress={() => copy(b.bankAccountNo)}
            />
          </View>
          <AppText>{b.bankAccountName}</AppText>
        </View>
      ))}
      <AppText variant="caption">{d('slipIfLate')}</AppText>
      {rules ? (
        <AppText variant="caption">
          {[
            d('slipWindow', { hours: rules.uploadWithinHours }),
            rules.closedFrom && rules.closedTo ? d('slipClosed', { from: rules.closedFrom, to: rules.closedTo }) : '',
            d('slipHint', { maxMB: rules.maxSizeMB }),
          ]
            .filter(Boolean)
            .join(' ')}
        </AppText>
      ) : null}
      <Button title={picked ? d('chooseOther') : d('chooseSlip')} variant="secondary" onPress={choose} />
      {picked ? (
        <Image source={{ uri: picked.previewUrl }} style={styles.preview} resizeMode="contain" accessibilityLabel={d('preview')} />
      ) : null}
      {progress !== null ? (
        <View
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          accessibilityLabel={d('uploading')}
          style={styles.bar}
        >
          <View style={[styles.barFill, { width: `${Math.round(progress * 100)}%` }]} />
        </View>
      ) : null}
      <Button title={d('upload')} onPress={send} loading={progress !== null} disabled={!picked} />
      {result ? (
        <AppText role="status" style={result.tone === 'error' ? styles.error : result.tone === 'ok' ? styles.ok : undefined}>
          {result.text}
        </AppText>
      ) : null}
    </View>
  );
}

/** GiftLinkTab sends a gift link; on success the modal closes and an alert says what arrived. */
function GiftLinkTab({ onDeposited, onClose }: { onDeposited: () => void; onClose: () => void }) {
  const { t, i18n } = useWalletT();
  const { t: d } = useDepositT();
  const alert = useAlert();
  const redeem = useRedeemGift();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = formatNumber(limits.giftLinkMin);

  const submit = () => {
    if (!link.trim()) {
      setError(d('giftRequired'));
      return;
    }
    setError(null);
    redeem.mutate(link.trim(), {
      onSuccess: (r) => {
        setLink('');
        onClose();
        onDeposited();
        // PENDING: TrueMoney took the voucher and the credit follows shortly; never "try again".
        const key = r.status === 'PENDING' ? 'giftPending' : 'giftCredited';
        alert({ title: t('common.success'), message: d(key, { amount: formatNumber(r.amount) }) });
      },
      onError: (err) => setError(errorMessage(err, i18n)),
    });
  };

  return (
    <View style={styles.wrap}>
      <TextField
        label={d('giftLink')}
        value={link}
        onChangeText={setLink}
        autoCapitalize="none"
        autoCorrect={false}
        placeholder="https://gift.truemoney.com/campaign/?v=..."
        error={error}
      />
      <AppText variant="caption">{d('giftNote', { min })}</AppText>
      <Button title={d('giftSubmit')} onPress={submit} loading={redeem.isPending} />
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.md },
  // The tabs wrap onto more lines: every method stays reachable by touch on a narrow phone.
  tabs: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.sm },
  tab: {
    minHeight: touchTarget,
    justifyContent: 'center',
    paddingVertical: spacing.sm,
    paddingHorizontal: spacing.md,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.border,
  },
  tabActive: { borderColor: colors.primary, backgroundColor: colors.surface },
  account: { backgroundColor: colors.surface, borderRadius: radius.md, padding: spacing.md, gap: 4 },
  row: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  flex: { flex: 1 },
  preview: { width: '100%', height: 240, borderRadius: radius.md, backgroundColor: colors.background },
  bar: { height: 8, borderRadius: 4, backgroundColor: colors.border, overflow: 'hidden' },
  barFill: { height: 8, backgroundColor: colors.primary },
  error: { color: colors.danger },
  ok: { color: colors.success },
});
