import { useEffect, useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { formatDateTime, formatNumber } from '@/lib/format';
import { pageCount } from '@/lib/pagination';

import { labelIn, useClaimCoupon, useCoupons, useReloadSpin, type Coupon } from '../api/spin';
import { spinError, useSpinT } from '../i18n';

/** Coupon table: 3 per page (spec part 9). */
export const couponsPerPage = 3;
/** Claim debounce (spec part 9). */
export const claimDebounceMs = 500;

/**
 * CouponTable lists the member's coupons, 3 per page, with a claim button on each open one. The
 * claim modal's confirm is debounced 500 ms: the call goes once the presses stop.
 */
export function CouponTable() {
  const { t, i18n } = useSpinT();
  const toast = useToast();
  const coupons = useCoupons();
  const claim = useClaimCoupon();
  const reload = useReloadSpin();
  const [page, setPage] = useState(1);
  const [claiming, setClaiming] = useState<Coupon | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const list = coupons.data ?? [];
  const pages = pageCount(list.length, couponsPerPage);
  const shown = list.slice((page - 1) * couponsPerPage, page * couponsPerPage);
  const lang = i18n.language;

  const amount = (c: Coupon) =>
    c.type === 'coins'
      ? t('coinsAmount', { count: c.coins })
      : t(c.type === 'bonus' ? 'bonusAmount' : 'cashAmount', { amount: formatNumber(c.amount) });

  const confirm = () => {
    const c = claiming;
    if (!c) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      claim.mutate(c.coupon, {
        onSuccess: () => {
          setClaiming(null);
          toast(t('claimed'), 'success');
          reload();
        },
        onError: (err) => {
          setClaiming(null);
          toast(spinError(err), 'error');
          reload();
        },
      });
    }, claimDebounceMs);
  };

  return (
    <View style={styles.card} testID="spin-coupons">
      <AppText variant="heading" role="heading">
        {t('coupons')}
      </AppText>
      {list.length === 0 ? <AppText variant="caption">{t('noCoupons')}</AppText> : null}
      {shown.map((c) => (
        <View key={c.coupon} style={styles.row} testID={`coupon-${c.coupon}`}>
          <View style={styles.cell}>
            <AppText bold>{labelIn(c.prize.slice, lang)}</AppText>
            <AppText variant="caption">{c.prize.name}</AppText>
          </View>
          <View style={styles.cell}>
            <AppText>{amount(c)}</AppText>
            <AppText variant="caption">
              {t('expires')} {formatDateTime(c.expiresAt)}
            </AppText>
          </View>
          {c.status === 'OPEN' ? (
            <Button title={t('claim')} onPress={() => setClaiming(c)} testID="coupon-claim" />
          ) : (
            <AppText variant="caption" style={c.status === 'EXPIRED' ? styles.expired : styles.claimed}>
              {t(`status${c.status}`)}
            </AppText>
          )}
        </View>
      ))}
      <Pagination page={Math.min(page, Math.max(1, pages))} pages={pages} onChange={setPage} />
      <AppModal
        visible={claiming !== null}
        title={t('claimTitle')}
        onClose={() => setClaiming(null)}
        footer={
          <View style={styles.actions}>
            <Button title={t('cancel')} variant="secondary" onPress={() => setClaiming(null)} />
            <Button title={t('confirm')} onPress={confirm} loading={claim.isPending} testID="coupon-confirm" />
          </View>
        }
      >
        {claiming ? (
          <View style={styles.body}>
            <AppText>
              {t('claimBody', { label: `${labelIn(claiming.prize.slice, lang)} (${amount(claiming)})`, wheel: claiming.prize.name })}
            </AppText>
            {claiming.type === 'bonus' ? <AppText variant="caption">{t('claimBonusNote')}</AppText> : null}
          </View>
        ) : null}
      </AppModal>
    </View>
  );
}

const styles = StyleSheet.create({
  card: {
    backgroundColor: colors.surface,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.border,
    padding: spacing.lg,
    gap: spacing.md,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: spacing.sm,
    borderTopWidth: 1,
    borderTopColor: colors.border,
    paddingTop: spacing.sm,
  },
  cell: { flex: 1, gap: 2 },
  claimed: { color: colors.success },
  expired: { color: colors.muted },
  actions: { flexDirection: 'row', gap: spacing.sm, justifyContent: 'flex-end' },
  body: { gap: spacing.sm },
});
