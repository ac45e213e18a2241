import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';

import type { AdjustmentBody } from '../../api/make-adjustment';
import type { MemberRow } from '../../api/types';
import { useOpT } from '../../i18n';
import { money } from '../ui';

/** PendingAdjustment is an adjustment waiting for the operator to confirm the member found by phone. */
export type PendingAdjustment = { body: AdjustmentBody; member: MemberRow };

type Props = { pending: PendingAdjustment | null; onConfirm: (body: AdjustmentBody) => void; onClose: () => void };

/** ConfirmAdjustment names the member money goes to (or comes from) before it moves. */
export function ConfirmAdjustment({ pending, onConfirm, onClose }: Props) {
  const { t } = useOpT();
  return (
    <AppModal
      visible={!!pending}
      title={t('adjustments.confirmTitle')}
      onClose={onClose}
      footer={
        <Button
          variant={pending && pending.body.amount < 0 ? 'danger' : 'primary'}
          title={t('adjustments.confirm')}
          onPress={() => {
            if (pending) onConfirm(pending.body);
            onClose();
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
  );
}
