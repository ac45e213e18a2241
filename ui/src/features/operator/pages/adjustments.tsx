import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { Select } from '@/components/ui/select';
import { parseAmount, sanitizeAmount } from '@/lib/amount';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import { pageCount } from '@/lib/pagination';

import { opApi, qs } from '../api/client';
import type { Adjustment, MemberRow } from '../api/types';
import { Card, DataTable, ErrorLine, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';

const limit = 20;
const phonePattern = /^\d{10}$/;

export default function AdjustmentsPage() {
  const { t } = useOpT();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [phone, setPhone] = useState('');
  const [kind, setKind] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Money goes to a member found by phone: the operator confirms who it is first.
  const [pending, setPending] = useState<{ body: { phone: string; amount: number; reason: string }; member: MemberRow } | null>(null);
  const [finding, setFinding] = useState(false);
  const [findError, setFindError] = useState<unknown>(null);

  const list = useQuery({
    queryKey: ['operator', 'adjustments', page],
    queryFn: () => opApi.get<{ adjustments: Adjustment[]; total: number }>(`/api/operator/adjustments${qs({ page, limit })}`),
    placeholderData: keepPreviousData,
  });
  const save = useIdempotentMutation(
    (body: { phone: string; amount: number; reason: string }, key: string) =>
      opApi.post<{ wallet?: { amount: number } }>('/api/operator/adjustments', body, { headers: { [idempotencyHeader]: key } }),
    {
    onSuccess: (answer, body) => {
      setDone(t('adjustments.done', { amount: money(body.amount), phone: body.phone, balance: money(answer.wallet?.amount) }));
      setAmount('');
      setReason('');
      client.invalidateQueries({ queryKey: ['operator', 'adjustments'] });
    },
    },
  );

  const submit = () => {
    setDone(null);
    const value = parseAmount(amount);
    if (!phonePattern.test(phone)) return setInvalid(t('adjustments.phoneInvalid'));
    if (!(value > 0)) return setInvalid(t('adjustments.amountInvalid'));
    if (!reason.trim()) return setInvalid(t('adjustments.reasonRequired'));
    setInvalid(null);
    setFindError(null);
    setFinding(true);
    opApi
      .get<{ members: MemberRow[] }>(`/api/operator/members${qs({ q: phone, limit: 20 })}`)
      .then(({ members }) => {
        const member = members.find((m) => m.phone === phone);
        if (!member) setInvalid(t('adjustments.noMember'));
        else setPending({ body: { phone, amount: kind === 'debit' ? -value : value, reason: reason.trim() }, member });
      })
      .catch(setFindError)
      .finally(() => setFinding(false));
  };

  return (
    <>
      <PageTitle>{t('pages.adjustments')}</PageTitle>
      <Card title={t('adjustments.new')}>
        <Row style={styles.form}>
          <View style={styles.field}>
            <TextField label={t('members.phone')} value={phone} onChangeText={(v) => setPhone(v.replace(/\D/g, '').slice(0, 10))} keyboardType="number-pad" />
          </View>
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
            <TextField label={t('common.amount')} value={amount} onChangeText={(v) => setAmount(sanitizeAmount(v))} keyboardType="decimal-pad" />
          </View>
        </Row>
        <TextField label={t('adjustments.reason')} value={reason} onChangeText={setReason} maxLength={500} />
        {invalid ? (
          <AppText variant="error" role="alert">
            {invalid}
          </AppText>
        ) : null}
        <ErrorLine error={findError ?? save.error} />
        {done ? <AppText role="status">{done}</AppText> : null}
        <Row>
          <Button title={kind === 'debit' ? t('adjustments.debitButton') : t('adjustments.creditButton')} onPress={submit} loading={finding || save.isPending} />
        </Row>
      </Card>
      <DataTable
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
      />
      <Pagination page={page} pages={pageCount(list.data?.total ?? 0, limit)} onChange={setPage} />
      <AppModal
        visible={!!pending}
        title={t('adjustments.confirmTitle')}
        onClose={() => setPending(null)}
        footer={
          <Button
            variant={pending && pending.body.amount < 0 ? 'danger' : 'primary'}
            title={t('adjustments.confirm')}
            onPress={() => {
              if (pending) save.mutate(pending.body);
              setPending(null);
            }}
          />
        }
      >
        {pending ? (
          <AppText>
            {t(pending.body.amount < 0 ? 'adjustments.confirmDebit' : 'adjustments.confirmCredit', {
              amount: money(Math.abs(pending.body.amount)),
              name: pending.member.name,
              phone: pending.member.phone,
              bank: `${pending.member.bankCode} ${pending.member.bankAccountNo}`,
            })}
          </AppText>
        ) : null}
        {pending ? <AppText variant="caption">{`${t('adjustments.reason')}: ${pending.body.reason}`}</AppText> : null}
      </AppModal>
    </>
  );
}

const styles = StyleSheet.create({
  form: { alignItems: 'flex-start' },
  field: { flexGrow: 1, flexBasis: 200 },
});
