import { useState } from 'react';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';

import type { UnconfirmedVoucher } from '../api/deposits';
import { depositsPageSize, useDeposits } from '../api/get-deposits';
import { QRPayments } from '../components/deposits/qr-payments';
import { CreditVoucher } from '../components/deposits/queue-forms';
import { ReceivingAccounts } from '../components/deposits/receiving-accounts';
import { Card, DataTable, money, PageTitle, when } from '../components/ui';
import { useOpT } from '../i18n';

/** The credited deposits (slips and gift links), vouchers TrueMoney did not confirm, and the receiving accounts. */
export default function DepositsPage() {
  const { t } = useOpT();
  const [page, setPage] = useState(1);
  const q = useDeposits(page);
  const rows = q.data?.deposits ?? [];
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
      {/* The list has no total: a full page means there may be a next one. */}
      <Pagination page={page} pages={rows.length < depositsPageSize ? page : page + 1} onChange={setPage} />
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
                label: t('common.actions'),
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
      <QRPayments data={q.data} />
    </>
  );
}
