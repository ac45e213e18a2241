import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import { limits } from '@/lib/limits.generated';

import { opApi, qs } from '../api/client';
import type {
  DepositCredit,
  DepositSetting,
  ReceivingBank,
  ReceivingWallet,
  UnconfirmedVoucher,
  QRCodeRow,
  UnmatchedQRPayment,
} from '../api/deposits';
import { isProposal, type Setting } from '../api/types';
import { changesKey, PendingNotice } from '../components/pending-changes';
import { Card, DataTable, ErrorLine, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { can } from '../roles';
import { useMe } from '../session';

/** The credited deposits (slips and gift links), vouchers TrueMoney did not confirm, and the receiving accounts. */
export default function DepositsPage() {
  const { t } = useOpT();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['operator', 'deposits', page],
    queryFn: () =>
      opApi.get<{
        deposits: DepositCredit[];
        unconfirmedVouchers: UnconfirmedVoucher[];
        unmatchedQRPayments?: UnmatchedQRPayment[];
        decidedQRPayments?: UnmatchedQRPayment[];
        qrcodes?: QRCodeRow[];
      }>(
        `/api/operator/deposits${qs({ page })}`,
      ),
  });
  const rows = q.data?.deposits ?? [];
  const [assigning, setAssigning] = useState<UnmatchedQRPayment | null>(null);
  const [refunding, setRefunding] = useState<UnmatchedQRPayment | null>(null);
  const [crediting, setCrediting] = useState<UnconfirmedVoucher | null>(null);
  return (
    <>
      <PageTitle>{t('pages.deposits')}</PageTitle>
      <ReceivingAccounts />
      <DataTable
        label={t('deposits.credits')}
        csvName="deposits"
        loading={q.isLoading}
        error={q.error}
        rows={rows}
        rowKey={(d) => d.id}
        columns={[
          { key: 'createdAt', label: t('deposits.time'), text: (d) => when(d.createdAt), flex: 1.2 },
          { key: 'member', label: t('deposits.member'), text: (d) => `${d.name} ${d.phone}`.trim(), flex: 1.4 },
          { key: 'method', label: t('deposits.method'), text: (d) => t(`deposits.methods.${d.method}`, { defaultValue: d.method }) },
          { key: 'ref', label: t('deposits.reference'), text: (d) => d.ref, flex: 1.6 },
          { key: 'by', label: t('deposits.by'), text: (d) => d.by || t('deposits.automatic') },
          { key: 'amount', label: t('common.amount'), text: (d) => money(d.amount), align: 'right' },
        ]}
      />
      <Row>
        <Button variant="secondary" title={t('common.previous')} disabled={page <= 1} onPress={() => setPage(page - 1)} />
        <Button variant="secondary" title={t('common.next')} disabled={rows.length < 50} onPress={() => setPage(page + 1)} />
      </Row>
      {q.data?.unconfirmedVouchers.length ? (
        <Card title={t('deposits.unconfirmed')}>
          <AppText variant="caption">{t('deposits.unconfirmedHelp')}</AppText>
          <DataTable
            label={t('deposits.unconfirmed')}
            csvName="unconfirmed-vouchers"
            rows={q.data.unconfirmedVouchers}
            rowKey={(v) => v.voucher}
            columns={[
              { key: 'createdAt', label: t('deposits.time'), text: (v) => when(v.createdAt) },
              { key: 'voucher', label: t('deposits.voucher'), text: (v) => v.voucher, flex: 2 },
              { key: 'member', label: t('deposits.memberId'), text: (v) => v.memberId, flex: 1.4 },
              { key: 'amount', label: t('common.amount'), text: (v) => (v.amount ? money(v.amount) : '—'), align: 'right' },
              {
                key: 'credit',
                label: '',
                text: () => '',
                render: (v) => (
                  <Button
                    variant="secondary"
                    title={t('deposits.voucherCredit')}
                    accessibilityLabel={t('deposits.voucherCreditRef', { voucher: v.voucher })}
                    onPress={() => setCrediting(v)}
                  />
                ),
              },
            ]}
          />
          {crediting ? <CreditVoucher key={crediting.voucher} voucher={crediting} onDone={() => setCrediting(null)} /> : null}
        </Card>
      ) : null}
      {q.data?.unmatchedQRPayments?.length ? (
        <Card title={t('deposits.unmatchedQR')}>
          <AppText variant="caption">{t('deposits.unmatchedQRHelp')}</AppText>
          <DataTable
            label={t('deposits.unmatchedQR')}
            csvName="unmatched-qr-payments"
            rows={q.data.unmatchedQRPayments}
            rowKey={(p) => `${p.provider}:${p.ref}`}
            columns={[
              { key: 'paidAt', label: t('deposits.time'), text: (p) => when(p.paidAt), flex: 1.2 },
              { key: 'provider', label: t('deposits.provider'), text: (p) => p.provider },
              { key: 'ref', label: t('deposits.reference'), text: (p) => p.ref, flex: 1.6 },
              { key: 'note', label: t('deposits.note'), text: (p) => t(`deposits.qrNotes.${p.note}`, { defaultValue: p.note }), flex: 1.4 },
              { key: 'member', label: t('deposits.memberId'), text: (p) => p.memberId || '—', flex: 1.4 },
              { key: 'amount', label: t('common.amount'), text: (p) => money(p.amount), align: 'right' },
              {
                key: 'assign',
                label: '',
                text: () => '',
                render: (p) => (
                  <Row>
                    <Button
                      variant="secondary"
                      title={t('deposits.assign')}
                      accessibilityLabel={t('deposits.assignRef', { ref: p.ref })}
                      onPress={() => {
                        setRefunding(null);
                        setAssigning(p);
                      }}
                    />
                    <Button
                      variant="secondary"
                      title={t('deposits.refund')}
                      accessibilityLabel={t('deposits.refundRef', { ref: p.ref })}
                      onPress={() => {
                        setAssigning(null);
                        setRefunding(p);
                      }}
                    />
                  </Row>
                ),
                flex: 1.6,
              },
            ]}
          />
          {assigning ? <AssignPayment key={`a${assigning.ref}`} payment={assigning} onDone={() => setAssigning(null)} /> : null}
          {refunding ? <RefundPayment key={`r${refunding.ref}`} payment={refunding} onDone={() => setRefunding(null)} /> : null}
        </Card>
      ) : null}
      {q.data?.decidedQRPayments?.length ? (
        <Card title={t('deposits.decidedQR')}>
          <DataTable
            label={t('deposits.decidedQR')}
            csvName="decided-qr-payments"
            rows={q.data.decidedQRPayments}
            rowKey={(p) => `${p.provider}:${p.ref}`}
            columns={[
              { key: 'decidedAt', label: t('deposits.decidedAt'), text: (p) => (p.decidedAt ? when(p.decidedAt) : '—'), flex: 1.2 },
              { key: 'provider', label: t('deposits.provider'), text: (p) => p.provider },
              { key: 'ref', label: t('deposits.reference'), text: (p) => p.ref, flex: 1.4 },
              {
                key: 'status',
                label: t('deposits.qrStatus.label'),
                text: (p) => t(`deposits.paymentStatus.${p.status}`, { defaultValue: p.status ?? '' }),
              },
              { key: 'member', label: t('deposits.memberId'), text: (p) => p.memberId || '—', flex: 1.2 },
              { key: 'decisionNote', label: t('deposits.refundNote'), text: (p) => p.decisionNote || '—', flex: 1.6 },
              { key: 'by', label: t('deposits.decidedBy'), text: (p) => p.decidedBy ?? '' },
              { key: 'amount', label: t('common.amount'), text: (p) => money(p.amount), align: 'right' },
            ]}
          />
        </Card>
      ) : null}
      {q.data?.qrcodes?.length ? (
        <Card title={t('deposits.qrcodes')}>
          <DataTable
            label={t('deposits.qrcodes')}
            csvName="qr-codes"
            rows={q.data.qrcodes}
            rowKey={(c) => c.id}
            columns={[
              { key: 'createdAt', label: t('deposits.time'), text: (c) => when(c.createdAt), flex: 1.2 },
              { key: 'provider', label: t('deposits.provider'), text: (c) => c.provider },
              { key: 'member', label: t('deposits.memberId'), text: (c) => c.memberId, flex: 1.4 },
              { key: 'status', label: t('deposits.qrStatus.label'), text: (c) => t(`deposits.qrStatus.${c.status}`, { defaultValue: c.status }) },
              { key: 'amount', label: t('common.amount'), text: (c) => money(c.amount), align: 'right' },
            ]}
          />
        </Card>
      ) : null}
    </>
  );
}

/**
 * CreditVoucher credits a pending gift voucher in one action: with the amount TrueMoney redeemed when
 * it was recorded, else with the amount the operator found in the TrueMoney wallet's history.
 */
function CreditVoucher({ voucher, onDone }: { voucher: UnconfirmedVoucher; onDone: () => void }) {
  const { t } = useOpT();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(voucher.amount ? String(voucher.amount) : '');
  const credit = useIdempotentMutation(
    (value: string, key: string) =>
      opApi.post(
        `/api/operator/deposits/vouchers/${encodeURIComponent(voucher.voucher)}/credit`,
        { amount: Number(value) },
        { headers: { [idempotencyHeader]: key } },
      ),
    {
      onSuccess: () => {
        queryClient.invalidateQueries({ queryKey: ['operator', 'deposits'] });
        onDone();
      },
    },
  );
  return (
    <View style={styles.assign}>
      <AppText>{t(voucher.amount ? 'deposits.voucherCreditRecorded' : 'deposits.voucherCreditHelp', { voucher: voucher.voucher })}</AppText>
      <TextField
        label={t('common.amount')}
        value={amount}
        onChangeText={setAmount}
        keyboardType="decimal-pad"
        editable={!voucher.amount}
      />
      <ErrorLine error={credit.error} />
      <Row>
        <Button
          title={t('deposits.voucherCreditConfirm')}
          onPress={() => credit.mutate(amount.trim())}
          loading={credit.isPending}
          disabled={!(Number(amount) > 0)}
        />
        <Button variant="secondary" title={t('common.cancel')} onPress={onDone} />
      </Row>
    </View>
  );
}

/** AssignPayment credits an unmatched QR payment to the member the operator names. */
function AssignPayment({ payment, onDone }: { payment: UnmatchedQRPayment; onDone: () => void }) {
  const { t } = useOpT();
  const queryClient = useQueryClient();
  const [memberId, setMemberId] = useState(payment.memberId);
  const assign = useIdempotentMutation(
    (id: string, key: string) =>
      opApi.post(
        `/api/operator/qr/payments/${encodeURIComponent(payment.provider)}/${encodeURIComponent(payment.ref)}/assign`,
        { memberId: id },
        { headers: { [idempotencyHeader]: key } },
      ),
    {
      onSuccess: () => {
        queryClient.invalidateQueries({ queryKey: ['operator', 'deposits'] });
        onDone();
      },
    },
  );
  return (
    <View style={styles.assign}>
      <AppText>{t('deposits.assignHelp', { ref: payment.ref, amount: money(payment.amount) })}</AppText>
      <TextField label={t('deposits.memberId')} value={memberId} onChangeText={setMemberId} autoCapitalize="none" />
      <ErrorLine error={assign.error} />
      <Row>
        <Button title={t('deposits.assignConfirm')} onPress={() => assign.mutate(memberId.trim())} loading={assign.isPending} disabled={!memberId.trim()} />
        <Button variant="secondary" title={t('common.cancel')} onPress={onDone} />
      </Row>
    </View>
  );
}

/** RefundPayment records that an unmatched QR payment was given back outside Ngern: nothing is credited. */
function RefundPayment({ payment, onDone }: { payment: UnmatchedQRPayment; onDone: () => void }) {
  const { t } = useOpT();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > limits.reason;
  const refund = useIdempotentMutation(
    (text: string, key: string) =>
      opApi.post(
        `/api/operator/qr/payments/${encodeURIComponent(payment.provider)}/${encodeURIComponent(payment.ref)}/refund`,
        { note: text },
        { headers: { [idempotencyHeader]: key } },
      ),
    {
      onSuccess: () => {
        queryClient.invalidateQueries({ queryKey: ['operator', 'deposits'] });
        onDone();
      },
    },
  );
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
        <Button title={t('deposits.refundConfirm')} onPress={() => refund.mutate(note.trim())} loading={refund.isPending} disabled={!note.trim() || tooLong} />
        <Button variant="secondary" title={t('common.cancel')} onPress={onDone} />
      </Row>
    </View>
  );
}

const emptyBank: ReceivingBank = { bankCode: 'KBANK', bankAccountNo: '', bankAccountName: '', mode: 'slip' };
const emptyWallet: ReceivingWallet = { mode: 'truemoney', walletAccountName: '', walletAccountNo: '' };

/** ReceivingAccounts edits the deposit setting: the bank accounts and TrueMoney wallets members pay to. */
function ReceivingAccounts() {
  const { t } = useOpT();
  const me = useMe();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ['operator', 'settings'],
    queryFn: () => opApi.get<{ settings: Setting[] }>('/api/operator/settings'),
  });
  const current = settings.data?.settings.find((s) => s.name === 'deposit');
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
  const save = useMutation({
    mutationFn: (d: DepositSetting) => opApi.put('/api/operator/settings/deposit', d),
    onMutate: () => setSaved(false),
    onSuccess: (answer) => {
      // The receiving accounts are the owners': a change waits for a second owner (202).
      if (isProposal(answer)) {
        setProposed(true);
        client.invalidateQueries({ queryKey: changesKey });
        return;
      }
      setSaved(true);
      client.invalidateQueries({ queryKey: ['operator', 'settings'] });
    },
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
            <TextField label={t('deposits.bankCode')} value={b.bankCode} upperCase editable={editable} onChangeText={(v) => setBank(i, { bankCode: v })} />
          </View>
          <View style={styles.field}>
            <TextField label={t('deposits.accountNo')} value={b.bankAccountNo} editable={editable} keyboardType="number-pad" onChangeText={(v) => setBank(i, { bankAccountNo: v })} />
          </View>
          <View style={styles.field}>
            <TextField label={t('deposits.accountName')} value={b.bankAccountName} editable={editable} onChangeText={(v) => setBank(i, { bankAccountName: v })} />
          </View>
          {editable ? (
            <Button variant="link" title={t('deposits.remove')} onPress={() => setDoc({ ...doc, banks: doc.banks.filter((_, j) => j !== i) })} />
          ) : null}
        </Row>
      ))}
      {doc.wallets.map((w, i) => (
        <Row key={`wallet${i}`} style={styles.row}>
          <View style={styles.field}>
            <TextField label={t('deposits.walletName')} value={w.walletAccountName} editable={editable} onChangeText={(v) => setWallet(i, { walletAccountName: v })} />
          </View>
          <View style={styles.field}>
            <TextField label={t('deposits.walletPhone')} value={w.walletAccountNo} editable={editable} keyboardType="phone-pad" onChangeText={(v) => setWallet(i, { walletAccountNo: v })} />
          </View>
          {editable ? (
            <Button variant="link" title={t('deposits.remove')} onPress={() => setDoc({ ...doc, wallets: doc.wallets.filter((_, j) => j !== i) })} />
          ) : null}
        </Row>
      ))}
      {editable ? (
        <Row style={styles.row}>
          <Button variant="secondary" title={t('deposits.addBank')} onPress={() => setDoc({ ...doc, banks: [...doc.banks, emptyBank] })} />
          <Button variant="secondary" title={t('deposits.addWallet')} onPress={() => setDoc({ ...doc, wallets: [...doc.wallets, emptyWallet] })} />
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
  assign: { gap: spacing.sm, marginTop: spacing.md },
  row: { gap: spacing.sm, flexWrap: 'wrap', alignItems: 'flex-end' },
  short: { width: 120 },
  field: { flex: 1, minWidth: 180 },
});
