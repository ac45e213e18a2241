import { useEffect } from 'react';
import { StyleSheet } from 'react-native';

import { lazyWithRetry } from '@/components/lazy-boundary';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors } from '@/components/ui/theme';
import { bannersFor } from '@/lib/banners';
import { useNotice } from '@/lib/lookups';

import { useBonusT } from '../i18n';
import type { Bonus } from '../api/bonus';
import { fillNotice } from '../receipts';

import { loadBannerCarousel } from '@/components/load-banner-carousel';

// A carousel that failed to arrive says so with retry, in the modal (lazyWithRetry).
const BannerCarousel = lazyWithRetry(loadBannerCarousel);

type Props = {
  bonus: Bonus | null;
  /** active: the bonus is the member's current one: only a confirm button is shown. */
  active: boolean;
  receiving: boolean;
  onReceive: (bonus: Bonus) => void;
  onClose: () => void;
};

/**
 * BonusModal shows a bonus's banners, the operator's notice (the notice lookup) with the bonus's
 * percentFail, and receive (or confirm).
 */
export function BonusModal({ bonus, active, receiving, onReceive, onClose }: Props) {
  const { t, i18n } = useBonusT();
  const notice = useNotice().data?.notice;
  // The page keeps the modal mounted: fetch the carousel now, so that it is there when a card opens.
  useEffect(() => {
    loadBannerCarousel().catch(() => {});
  }, []);
  return (
    <AppModal
      visible={bonus !== null}
      title={bonus?.name ?? ''}
      onClose={onClose}
      footer={
        active ? (
          <Button title={t('confirm')} onPress={onClose} />
        ) : (
          <Button title={t('receive')} loading={receiving} onPress={() => bonus && onReceive(bonus)} />
        )
      }
    >
      {bonus ? (
        <>
          <BannerCarousel banners={bannersFor(bonus.banners, i18n.language)} />
          {notice ? <AppText style={styles.notice}>{fillNotice(notice, bonus.percentFail)}</AppText> : null}
        </>
      ) : null}
    </AppModal>
  );
}

const styles = StyleSheet.create({ notice: { color: colors.danger } });
