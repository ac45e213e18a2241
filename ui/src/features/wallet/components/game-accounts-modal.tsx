import { useWalletT } from '@/i18n/wallet';

import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { formatNumber } from '@/lib/format';

import type { Slot } from '../api/get-wallet';

type Props = { visible: boolean; slots: Slot[]; onClose: () => void; onOpen: (slot: Slot) => void };

/** GameAccountsModal lists the member's game accounts; each opens its game-account dialog. */
export function GameAccountsModal({ visible, slots, onClose, onOpen }: Props) {
  const { t } = useWalletT();
  const active = slots.filter((s) => s.isActive);
  return (
    <AppModal visible={visible} title={t('game.accounts')} onClose={onClose}>
      {active.length === 0 ? <AppText>{t('game.noAccounts')}</AppText> : null}
      {active.map((slot) => (
        <Button
          key={slot.code}
          variant="secondary"
          title={`${slot.name} · ${formatNumber(slot.amount)}`}
          accessibilityLabel={t('game.cardLabel', { name: slot.name })}
          onPress={() => onOpen(slot)}
        />
      ))}
    </AppModal>
  );
}
