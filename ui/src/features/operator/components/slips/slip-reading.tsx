import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';

import type { ReviewSlip } from '../../api/deposits';
import { Badge, KeyValue, money, when } from '../ui';

import { useSlipOcrT } from './i18n';

type Reading = NonNullable<ReviewSlip['ocr']>;
type Party = Reading['sender'];

/** confirmAmount is what the one-action confirmation credits: the bank's amount when a verifier answered, else the printed one. */
export function confirmAmount(slip: ReviewSlip): number {
  if (slip.amount > 0) return slip.amount;
  return slip.ocr?.found.amount ? slip.ocr.amount : 0;
}

const party = (p: Party, name: boolean, account: boolean, bank: boolean) =>
  [bank ? p.bankCode : '', account ? p.accountNo : '', name ? p.name : ''].filter(Boolean).join(' ');

/**
 * SlipReading shows what the OCR read on a slip in review — the printed amount, time and parties —
 * flags a slip that prints another amount than its bank transfer, and confirms the slip in one
 * action with the amount it reads (through the ordinary approval: credited once, audited).
 */
export function SlipReading({
  slip,
  who,
  busy,
  onConfirm,
}: {
  slip: ReviewSlip;
  who: string;
  busy: boolean;
  onConfirm: (amount: string) => void;
}) {
  const { t } = useSlipOcrT();
  const r = slip.ocr;
  if (!r) return null;
  const f = r.found;
  const amount = confirmAmount(slip);
  const sender = party(r.sender, f.senderName, f.senderAccount, f.senderBank);
  const receiver = party(r.receiver, f.receiverName, f.receiverAccount, f.receiverBank);
  return (
    <View style={[styles.box, r.amountDiffers && styles.edited]} testID="slip-reading">
      <AppText variant="label">{t('title')}</AppText>
      {r.amountDiffers ? <Badge tone="bad" label={t('differs', { printed: money(r.amount), verified: money(slip.amount) })} /> : null}
      {f.amount ? <KeyValue label={t('amount')} value={money(r.amount)} /> : null}
      {f.date && r.at ? <KeyValue label={t('time')} value={when(r.at)} /> : null}
      {sender ? <KeyValue label={t('sender')} value={sender} /> : null}
      {receiver ? <KeyValue label={t('receiver')} value={receiver} /> : null}
      {amount > 0 ? (
        <>
          <AppText variant="caption">{t('hint')}</AppText>
          <Button
            title={t('confirm', { amount: money(amount) })}
            accessibilityLabel={t('confirmNamed', { amount: money(amount), name: who })}
            disabled={busy}
            loading={busy}
            onPress={() => onConfirm(String(amount))}
          />
        </>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  box: { gap: spacing.xs, padding: spacing.sm, borderRadius: radius.md, borderWidth: 1, borderColor: colors.border },
  edited: { borderColor: colors.danger },
});
