import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { lazyWithRetry } from '@/components/lazy-boundary';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';

import { useBanners, type Program } from '../api/rewards';
import { useRewardsT } from '../i18n';

import { InviteModal } from './invite-modal';
import { loadBannerCarousel } from '@/components/load-banner-carousel';
import { RefundModal } from './refund-modal';

// A carousel that failed to arrive says so with retry, in the modal (lazyWithRetry).
const BannerCarousel = lazyWithRetry(loadBannerCarousel);

type Props = { program: Program; onClose: () => void; onChanged: () => void };

/**
 * RewardFlow is what the home's invite and refund widgets open: the program's banner carousel
 * (image and html) when it has banners, then the modal; the modal directly otherwise (spec
 * part 2). A failed banner load opens the modal.
 */
export function RewardFlow({ program, onClose, onChanged }: Props) {
  const { t } = useRewardsT();
  const { i18n } = useTranslation();
  const banners = useBanners(program, i18n.language);
  const [seen, setSeen] = useState(false);
  // The carousel's code comes while the banners load, not after.
  useEffect(() => {
    loadBannerCarousel().catch(() => {});
  }, []);

  if (banners.isLoading) return null;
  const list = banners.isError ? [] : (banners.data ?? []);
  if (list.length > 0 && !seen) {
    return (
      <AppModal
        visible
        title={program === 'invite' ? t('inviteTitle') : t('refundTitle')}
        onClose={onClose}
        footer={<Button title={t('continue')} onPress={() => setSeen(true)} />}
      >
        <BannerCarousel banners={list} />
      </AppModal>
    );
  }
  return program === 'invite' ? <InviteModal onClose={onClose} /> : <RefundModal onClose={onClose} onChanged={onChanged} />;
}
