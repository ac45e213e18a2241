import { useState } from 'react';
import { Image, Pressable, StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing, typeScale } from '@/components/ui/theme';
import { apiBaseUrl } from '@/lib/config';

import { useApproveSlip, useRejectSlip } from '../../api/decide-slip';
import type { ReviewSlip } from '../../api/deposits';
import { consoleNs, useOpT } from '../../i18n';
import { Badge, Card, ErrorLine, KeyValue, money, Row, when } from '../ui';

import { confirmAmount, SlipReading } from './slip-reading';

/**
 * SlipCard is one slip to review: its image (zoomable) beside the member's account and what was
 * read of it — by the verifier, and by the OCR (pre-filled, with a one-action confirmation).
 */
export function SlipCard({ slip, reasons, onDone }: { slip: ReviewSlip; reasons: string[]; onDone: (text: string) => void }) {
  const { t, i18n } = useOpT();
  const [zoom, setZoom] = useState(false);
  // Pre-filled with the bank's amount, or else the amount the OCR read on the slip.
  const [amount, setAmount] = useState(confirmAmount(slip) > 0 ? String(confirmAmount(slip)) : '');
  const [reason, setReason] = useState<string | null>(null);
  const who = `${slip.member.name} ${slip.member.phone}`.trim();
  // The console's own wording of a note first (FEED_CREDITED tells operators what to check), else
  // the member's text of the reason.
  const reasonText = (code: string) =>
    i18n.exists(`slips.reasons.${code}`, { ns: consoleNs })
      ? t(`slips.reasons.${code}`)
      : i18n.exists(`slipReason.${code}`, { ns: 'translation' })
        ? i18n.t(`slipReason.${code}`, { ns: 'translation' })
        : code;

  const approve = useApproveSlip(slip.id, () => onDone(t('slips.approved', { name: who, amount: money(Number(amount)) })));
  const reject = useRejectSlip(slip.id, () => onDone(t('slips.rejected', { name: who })));

  return (
    <Card title={t('slips.slipOf', { name: who, time: when(slip.createdAt) })}>
      <View style={styles.layout}>
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={zoom ? t('slips.zoomOut') : t('slips.zoomIn')}
          onPress={() => setZoom(!zoom)}
          style={[styles.imageBox, zoom && styles.imageBoxZoom]}
        >
          <Image
            source={{ uri: `${apiBaseUrl}${slip.imageUrl}` }}
            style={zoom ? styles.imageZoom : styles.image}
            resizeMode="contain"
            accessibilityLabel={t('slips.image', { name: who })}
          />
        </Pressable>
        <View style={styles.facts}>
          <KeyValue label={t('slips.member')} value={who} />
          <KeyValue
            label={t('slips.memberBank')}
            value={`${slip.member.bankCode} ${slip.member.bankAccountNo} ${slip.member.bankAccountName}`.trim()}
          />
          <KeyValue label={t('slips.note')} value={slip.note ? <Badge label={reasonText(slip.note)} tone="warn" /> : '—'} />
          {slip.feedRef ? (
            <>
              <KeyValue label={t('slips.feedRef')} value={slip.feedRef} />
              <AppText variant="caption">{t('slips.feedHelp')}</AppText>
            </>
          ) : null}
          {slip.transRef ? <KeyValue label={t('slips.reference')} value={`${slip.sendingBank} ${slip.transRef}`} /> : null}
          {slip.sender?.bankCode ? (
            <KeyValue label={t('slips.sender')} value={`${slip.sender.bankCode} ${slip.sender.accountNo} ${slip.sender.name}`} />
          ) : null}
          {slip.receiver?.bankCode ? (
            <KeyValue label={t('slips.receiver')} value={`${slip.receiver.bankCode} ${slip.receiver.accountNo} ${slip.receiver.name}`} />
          ) : null}
          {slip.transferredAt ? <KeyValue label={t('slips.transferredAt')} value={when(slip.transferredAt)} /> : null}
          <SlipReading
            slip={slip}
            who={who}
            busy={approve.isPending}
            onConfirm={(a) => {
              setAmount(a);
              approve.mutate(a);
            }}
          />
          <TextField
            label={t('slips.amount')}
            value={amount}
            onChangeText={setAmount}
            keyboardType="decimal-pad"
            accessibilityLabel={t('slips.amountOf', { name: who })}
          />
          <Row style={styles.actions}>
            <Button
              title={t('slips.approve')}
              accessibilityLabel={t('slips.approveNamed', { name: who })}
              disabled={!(Number(amount) > 0) || approve.isPending}
              loading={approve.isPending}
              onPress={() => approve.mutate(amount.trim())}
            />
          </Row>
          <ErrorLine error={approve.error} />
          <AppText variant="label">{t('slips.rejectWith')}</AppText>
          <View style={styles.reasons} role="radiogroup" aria-label={t('slips.rejectWith')}>
            {reasons.map((r) => (
              <Pressable
                key={r}
                role="radio"
                aria-checked={reason === r}
                accessibilityState={{ checked: reason === r }}
                accessibilityLabel={`${reasonText(r)} · ${r}`}
                onPress={() => setReason(r)}
                style={[styles.reason, reason === r && styles.reasonActive]}
              >
                <AppText variant="caption">{reasonText(r)}</AppText>
                <AppText variant="caption" style={styles.code}>
                  {r}
                </AppText>
              </Pressable>
            ))}
          </View>
          <Row style={styles.actions}>
            <Button
              variant="danger"
              title={t('slips.reject')}
              accessibilityLabel={t('slips.rejectNamed', { name: who })}
              disabled={!reason || reject.isPending}
              loading={reject.isPending}
              onPress={() => reason && reject.mutate(reason)}
            />
          </Row>
          <ErrorLine error={reject.error} />
        </View>
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  layout: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.lg },
  imageBox: { width: 320, height: 480, borderRadius: radius.md, backgroundColor: colors.background, overflow: 'hidden' },
  imageBoxZoom: { width: '100%', height: 1000 },
  image: { width: 320, height: 480 },
  imageZoom: { width: '100%', height: 1000 },
  facts: { flex: 1, minWidth: 280, gap: spacing.sm },
  actions: { gap: spacing.sm },
  reasons: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.xs },
  reason: { paddingHorizontal: spacing.sm, paddingVertical: 4, borderRadius: radius.sm, borderWidth: 1, borderColor: colors.border },
  code: { color: colors.muted, fontSize: typeScale.micro.fontSize },
  reasonActive: { borderColor: colors.danger, backgroundColor: colors.surface },
});
