import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { parseAmount, sanitizeAmount } from '@/lib/amount';

import { useAdjustments } from '../api/get-adjustments';
import { findMemberByPhone } from '../api/get-members';
import { useMakeAdjustment } from '../api/make-adjustment';
import { ConfirmAdjustment, type PendingAdjustment } from '../components/adjustments/confirm-adjustment';
import { PagedTable } from '../components/paged-table';
import { PhoneReasonForm } from '../components/phone-reason-form';
import { money, PageTitle, when } from '../components/ui';
import { useOpT } from '../i18n';
import { limits } from '@/lib/limits.generated';

const phonePattern = /^\d{10}$/;

export default function AdjustmentsPage() {
  const { t } = useOpT();
  const [page, setPage] = useState(1);
  const [phone, setPhone] = useState('');
  const [kind, setKind] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Money goes to a member found by phone: the operator confirms who it is first.
  const [pending, setPending] = useState<PendingAdjustment | null>(null);
  const [finding, setFinding] = useState(false);
  const [findError, setFindError] = useState<unknown>(null);

  const list = useAdjustments(page);
  const save = useMakeAdjustment((body, balance) => {
    setDone(t('adjustments.done', { amount: money(body.amount), phone: body.phone, balance: money(balance) }));
    setAmount('');
    setReason('');
  });

  const submit = () => {
    setDone(null);
    const value = parseAmount(amount);
    if (!phonePattern.test(phone)) return setInvalid(t('adjustments.phoneInvalid'));
    if (!(value > 0)) return setInvalid(t('adjustments.amountInvalid'));
    if (!reason.trim()) return setInvalid(t('adjustments.reasonRequired'));
    setInvalid(null);
    setFindError(null);
    setFinding(true);
    findMemberByPhone(phone)
      .then((member) => {
        if (!member) setInvalid(t('adjustments.noMember'));
        else setPending({ body: { phone, amount: kind === 'debit' ? -value : value, reason: reason.trim() }, member });
      })
      .catch(setFindError)
      .finally(() => setFinding(false));
  };

  return (
    <>
      <PageTitle>{t('pages.adjustments')}</PageTitle>
      <PhoneReasonForm
        title={t('adjustments.new')}
        phone={phone}
        onPhone={setPhone}
        reason={reason}
        onReason={setReason}
        reasonMax={limits.reason}
        fieldBasis={200}
        invalid={invalid}
        error={findError ?? save.error}
        done={done}
        submitTitle={kind === 'debit' ? t('adjustments.debitButton') : t('adjustments.creditButton')}
        onSubmit={submit}
        loading={finding || save.isPending}
      >
        <View style={styles.field}>
          <Select
            label={t('adjustments.kind')}
            value={kind}
            onChange={(v) => setKind(v === 'debit' ? 'debit' : 'credit')}
            options={[
              { value: 'credit', label: t('adjustments.credit') },
              { value: 'debit', label: t('adjustments.debit') },
            ]}
          />
        </View>
        <View style={styles.field}>
          <TextField
            label={t('common.amount')}
            value={amount}
            onChangeText={(v) => setAmount(sanitizeAmount(v))}
            keyboardType="decimal-pad"
          />
        </View>
      </PhoneReasonForm>
      <PagedTable
        label={t('adjustments.list')}
        csvName="adjustments"
        loading={list.isLoading}
        error={list.error}
        rows={list.data?.adjustments ?? []}
        rowKey={(a) => a.id}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (a) => when(a.createdAt) },
          { key: 'phone', label: t('members.phone'), text: (a) => a.phone },
          { key: 'amount', label: t('common.amount'), text: (a) => money(a.amount), align: 'right' },
          { key: 'reason', label: t('adjustments.reason'), text: (a) => a.reason, flex: 2 },
          { key: 'operator', label: t('adjustments.operator'), text: (a) => a.operator },
        ]}
        page={page}
        total={list.data?.total ?? 0}
        onPage={setPage}
      />
      <ConfirmAdjustment pending={pending} onConfirm={(body) => save.mutate(body)} onClose={() => setPending(null)} />
    </>
  );
}

const styles = StyleSheet.create({
  field: { flexGrow: 1, flexBasis: 200 },
});
