import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';

import type { UnmatchedQRPayment } from '../../api/deposits';
import type { DepositsAnswer } from '../../api/get-deposits';
import { useOpT } from '../../i18n';
import { Card, DataTable, money, Row, when } from '../ui';
import { AssignPayment, RefundPayment } from './queue-forms';

/**
 * QRPayments shows the QR payments that matched no open QR (to assign to a member or mark refunded),
 * the ones already decided, and the members' QR codes.
 */
export function QRPayments({ data }: { data: DepositsAnswer | undefined }) {
  const { t } = useOpT();
  const [assigning, setAssigning] = useState<UnmatchedQRPayment | null>(null);
  const [refunding, setRefunding] = useState<UnmatchedQRPayment | null>(null);
  return (
    <>
      {data?.unmatchedQRPayments?.length ? (
        <Card title={t('deposits.unmatchedQR')}>
          <AppText variant="caption">{t('deposits.unmatchedQRHelp')}</AppText>
          <DataTable
            label={t('deposits.unmatchedQR')}
            csvName="unmatched-qr-payments"
            rows={data.unmatchedQRPayments}
            rowKey={(p) => `${p.provider}:${p.ref}`}
            columns={[
              { key: 'paidAt', label: t('deposits.time'), text: (p) => when(p.paidAt), flex: 1.2 },
              { key: 'provider', label: t('deposits.provider'), text: (p) => p.provider },
              { key: 'ref', label: t('deposits.reference'), text: (p) => p.ref, flex: 1.6 },
              { key: 'note', label: t('deposits.note'), text: (p) => t(`deposits.qrNotes.${p.note}`, { defaultValue: p.note }), flex: 1.4 },
              {
                key: 'sender',
                label: t('deposits.sender'),
                text: (p) => (p.sender ? [p.sender.bankCode, p.sender.accountNo, p.sender.name].filter(Boolean).join(' ') : '—'),
                flex: 1.6,
              },
              { key: 'candidates', label: t('deposits.candidates'), text: (p) => p.candidates.join(', ') || '—', flex: 1.6 },
              { key: 'member', label: t('deposits.memberId'), text: (p) => p.memberId || '—', flex: 1.4 },
              { key: 'amount', label: t('common.amount'), text: (p) => money(p.amount), align: 'right' },
              {
                key: 'assign',
                label: t('common.actions'),
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
      {data?.decidedQRPayments?.length ? (
        <Card title={t('deposits.decidedQR')}>
          <DataTable
            label={t('deposits.decidedQR')}
            csvName="decided-qr-payments"
            rows={data.decidedQRPayments}
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
      {data?.qrcodes?.length ? (
        <Card title={t('deposits.qrcodes')}>
          <DataTable
            label={t('deposits.qrcodes')}
            csvName="qr-codes"
            rows={data.qrcodes}
            rowKey={(c) => c.id}
            columns={[
              { key: 'createdAt', label: t('deposits.time'), text: (c) => when(c.createdAt), flex: 1.2 },
              { key: 'provider', label: t('deposits.provider'), text: (c) => c.provider },
              { key: 'member', label: t('deposits.memberId'), text: (c) => c.memberId, flex: 1.4 },
              {
                key: 'status',
                label: t('deposits.qrStatus.label'),
                text: (c) => t(`deposits.qrStatus.${c.status}`, { defaultValue: c.status }),
              },
              { key: 'amount', label: t('common.amount'), text: (c) => money(c.amount), align: 'right' },
            ]}
          />
        </Card>
      ) : null}
    </>
  );
}
