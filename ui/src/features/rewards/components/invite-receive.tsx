import { useTranslation } from 'react-i18next';

import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';

import { useInvalidateRewards, useReceiveInvite } from '../api/rewards';
import { useRewardsT } from '../i18n';

import { ConfirmReceive } from './confirm-receive';

type Props = { success: number; fail: number; onReceived: () => void; onClose: () => void };

/**
 * InviteReceive is the home's invite-bonus receive: it asks for confirmation with the
 * condition's success and fail percentages (spec part 5), then receives. A failure shows in a
 * red toast (spec part 8), a receipt in the invite-bonus toast.
 */
export function InviteReceive({ success, fail, onReceived, onClose }: Props) {
  const { t } = useRewardsT();
  const { i18n } = useTranslation();
  const toast = useToast();
  const receive = useReceiveInvite();
  const invalidate = useInvalidateRewards();

  const onConfirm = () =>
    receive.mutate(null, {
      onSuccess: (r) => {
        toast(errorMessage(new Error(r.message), i18n), 'success');
        invalidate();
        onReceived();
        onClose();
      },
      onError: (err) => {
        toast(errorMessage(err, i18n), 'error');
        onClose();
      },
    });

  return (
    <ConfirmReceive
      visible
      title={t('receiveInviteTitle')}
      success={success}
      fail={fail}
      busy={receive.isPending}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
