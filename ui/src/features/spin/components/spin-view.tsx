import { useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { HtmlContent } from '@/components/html-content';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';

import { labelIn, useReloadSpin, useSpin, useSpinSetup, type SpinResult } from '../api/spin';
import { spinError, useSpinT } from '../i18n';

import { CouponTable } from './coupon-table';
import { Wheel, type WheelHandle } from './wheel';

/**
 * SpinView is the spin page: the wheel with its centre button, the prize modal at the end of a
 * spin (closing it reloads the setup) and the member's coupons.
 */
export function SpinView() {
  const { t, i18n } = useSpinT();
  const toast = useToast();
  const setup = useSpinSetup();
  const spin = useSpin();
  const reload = useReloadSpin();
  const wheel = useRef<WheelHandle>(null);
  const [spinning, setSpinning] = useState(false);
  const [coins, setCoins] = useState<number | null>(null);
  const [won, setWon] = useState<SpinResult | null>(null);
  const data = setup.data;

  if (!data) {
    return <QueryState isLoading={setup.isLoading} isError={setup.isError} onRetry={() => setup.refetch()} />;
  }
  const lang = i18n.language;
  const left = coins ?? data.userCoin;
  const active = data.activeSpinwheel;

  const start = () => {
    if (spinning || left <= 0 || !active) return;
    setSpinning(true);
    spin.mutate(null, {
      onSuccess: ({ result }) => {
        setCoins(result.remainingCoin);
        wheel.current?.spinTo(result.code, () => {
          setSpinning(false);
          setWon(result);
        });
      },
      onError: (err) => {
        setSpinning(false);
        toast(spinError(err), 'error');
      },
    });
  };

  const closePrize = () => {
    setWon(null);
    setCoins(null);
    reload();
  };

  const slice = won ? active?.slice.find((s) => s.code === won.code) : undefined;
  const wonLabel = won ? labelIn(won, lang) : '';

  return (
    <View style={styles.wrap}>
      {active ? (
        <>
          <AppText variant="heading" style={styles.centre}>
            {active.name}
          </AppText>
          <Wheel
            ref={wheel}
            slices={active.slice.map((s) => ({ ...s, label: labelIn(s, lang) }))}
            coins={left}
            spinning={spinning}
            onSpin={start}
            label={t('wheelLabel', { name: active.name, count: active.slice.length })}
            buttonLabel={spinning ? t('spinning') : t('spinLabel', { count: left })}
            buttonText={t('spin')}
          />
          <AppText style={styles.centre} testID="spin-coin-count">
            {t('coinsLeft')}: {left}
          </AppText>
          <AppText variant="caption" style={styles.centre}>
            {t('cost', { count: active.cost })} {t('earn')}
          </AppText>
          {active.dailyLimit > 0 ? (
            <AppText variant="caption" style={styles.centre}>
              {t('dailyLimit', { spins: data.spinsToday, limit: active.dailyLimit })}
            </AppText>
          ) : null}
        </>
      ) : (
        <View style={styles.card}>
          <AppText>{t('inactive')}</AppText>
          <AppText variant="caption">{t('coins', { count: left })}</AppText>
        </View>
      )}
      <CouponTable />
      <AppModal
        visible={won !== null}
        title={won?.prize.type === 'nothing' ? t('nothingTitle') : t('prizeTitle')}
        onClose={closePrize}
        footer={<Button title={t('close')} onPress={closePrize} testID="spin-prize-close" />}
      >
        <View testID="spin-prize" accessibilityLabel={won?.code}>
          <AppText bold>
            {won?.prize.type === 'nothing' ? t('nothingBody', { label: wonLabel }) : t('prizeBody', { label: wonLabel })}
          </AppText>
          {slice?.htmlDescription ? <HtmlContent html={slice.htmlDescription} /> : null}
        </View>
      </AppModal>
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.lg },
  centre: { textAlign: 'center' },
  card: {
    backgroundColor: colors.surface,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.border,
    padding: spacing.lg,
    gap: spacing.sm,
  },
});
