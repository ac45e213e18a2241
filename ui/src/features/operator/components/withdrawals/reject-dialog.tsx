import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import type { Withdrawal } from '../../api/types';
import { useOpT } from '../../i18n';
import { ErrorLine, money } from '../ui';
import { limits } from '@/lib/limits.generated';

type Props = {
  withdrawal: Withdrawal | null;
  reason: string;
  onReason: (reason: string) => void;
  pending: boolean;
  error: unknown;
  onReject: (reason: string) => void;
  onClose: () => void;
};

/** RejectDialog asks for the reason a withdrawal is refused (the member reads it). */
export function RejectDialog({ withdrawal: rejecting, reason, onReason, pending, error, onReject, onClose }: Props) {
  const { t } = useOpT();
  return (
    <AppModal
      visible={!!rejecting}
      title={t('withdrawals.rejectTitle')}
      onClose={onClose}
      footer={
        <Button
          variant="danger"
          title={t('withdrawals.confirmReject')}
          disabled={!reason.trim()}
          loading={pending}
          onPress={() => onReject(reason.trim())}
        />
      }
    >
      {rejecting ? <AppText>{`${rejecting.name} ${rejecting.phone} · ${money(rejecting.amount)}`}</AppText> : null}
      <TextField label={t('withdrawals.reason')} value={reason} onChangeText={onReason} maxLength={limits.reason} multiline />
      <AppText variant="caption">{t('withdrawals.reasonHelp')}</AppText>
      <ErrorLine error={error} />
    </AppModal>
  );
}
