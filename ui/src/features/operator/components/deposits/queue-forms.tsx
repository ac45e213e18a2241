// The forms that settle a deposit queue entry: a pending gift voucher, an unmatched QR payment.
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';

import { useCreditVoucher } from '../../api/credit-voucher';
import { useAssignQRPayment, useRefundQRPayment } from '../../api/decide-qr-payment';
import type { UnconfirmedVoucher, UnmatchedQRPayment } from '../../api/deposits';
import { useOpT } from '../../i18n';
import { ErrorLine, money, Row } from '../ui';
import { limits } from '@/lib/limits.generated';

/**
 * CreditVoucher credits a pending gift voucher in one action: with the amount TrueMoney redeemed when
 * it was recorded, else with the amount the operator found in the TrueMoney wallet's history.
 */
export function CreditVoucher({ voucher, onDone }: { voucher: UnconfirmedVoucher; onDone: () => void }) {
  const { t } = useOpT();
  const [amount, setAmount] = useState(voucher.amount ? String(voucher.amount) : '');
  const credit = useCreditVoucher(voucher.voucher, onDone);
  return (
    <View style={styles.assign}>
      <AppText>{t(voucher.amount ? 'deposits.voucherCreditRecorded' : 'deposits.voucherCreditHelp', { voucher: voucher.voucher })}</AppText>
      <TextField label={t('common.amount')} value={amount} onChangeText={setAmount} keyboardType="decimal-pad" editable={!voucher.amount} />
      <ErrorLine error={credit.error} />
      <Row>
        <Button
          title={t('deposits.voucherCreditConfirm')}
          onPress={() => credit.mutate(Number(amount.trim()))}
          loading={credit.isPending}
          disabled={!(Number(amount) > 0)}
        />
        <Button variant="secondary" title={t('common.cancel')} onPress={onDone} />
      </Row>
    </View>
  );
}

/** AssignPayment credits an unmatched QR payment to the member the operator names. */
export function AssignPayment({ payment, onDone }: { payment: UnmatchedQRPayment; onDone: () => void }) {
  const { t } = useOpT();
  const [memberId, setMemberId] = useState(payment.memberId);
  const assign = useAssignQRPayment(payment, onDone);
  return (
    <View style={styles.assign}>
      <AppText>{t('deposits.assignHelp', { ref: payment.ref, amount: money(payment.amount) })}</AppText>
      {payment.candidates.length ? (
        <Row>
          {payment.candidates.map((id) => (
            <Button
              key={id}
              variant="secondary"
              title={id}
              accessibilityLabel={t('deposits.useCandidate', { id })}
              onPress={() => setMemberId(id)}
            />
          ))}
        </Row>
      ) : null}
      <TextField label={t('deposits.memberId')} value={memberId} onChangeText={setMemberId} autoCapitalize="none" />
      <ErrorLine error={assign.error} />
      <Row>
        <Button
          title={t('deposits.assignConfirm')}
          onPress={() => assign.mutate(memberId.trim())}
          loading={assign.isPending}
          disabled={!memberId.trim()}
        />
        <Button variant="secondary" title={t('common.cancel')} onPress={onDone} />
      </Row>
    </View>
  );
}

/** RefundPayment records that an unmatched QR payment was given back outside Ngern: nothing is credited. */
export function RefundPayment({ payment, onDone }: { payment: UnmatchedQRPayment; onDone: () => void }) {
  const { t } = useOpT();
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > limits.reason;
  const refund = useRefundQRPayment(payment, onDone);
  return (
    <View style={styles.assign}>
      <AppText>{t('deposits.refundHelp', { ref: payment.ref, amount: money(payment.amount) })}</AppText>
      <TextField label={t('deposits.refundNote')} value={note} onChangeText={setNote} multiline />
      {tooLong ? (
        <AppText variant="error" role="alert">
          {t('deposits.refundNoteTooLong')}
        </AppText>
      ) : null}
      <ErrorLine error={refund.error} />
      <Row>
        <Button
          title={t('deposits.refundConfirm')}
          onPress={() => refund.mutate(note.trim())}
          loading={refund.isPending}
          disabled={!note.trim() || tooLong}
        />
        <Button variant="secondary" title={t('common.cancel')} onPress={onDone} />
      </Row>
    </View>
  );
}

const styles = StyleSheet.create({
  assign: { gap: spacing.sm, marginTop: spacing.md },
});
