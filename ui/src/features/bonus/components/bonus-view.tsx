import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StyleSheet, View } from 'react-native';

import { HtmlContent } from '@/components/html-content';
import { QueryState } from '@/components/query-state';
import { Look } from '@/components/looks';
import { useAlert } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { useNotice } from '@/lib/lookups';

import {
  useActivateBonus,
  useActivatePromotion,
  useActiveBonus,
  useBonusMinimum,
  useBonuses,
  useClearBonus,
  useFindPromotion,
  useInvalidateBonus,
  type Bonus,
} from '../api/bonus';
import { useBonusT } from '../i18n';
import { cardState, fillNotice } from '../receipts';

import { BonusCard } from './bonus-card';
import { BonusModal } from './bonus-modal';

/** ActiveBonus shows the member's active bonus with its type, progress and a cancel that asks first. */
function ActiveBonus({ type, onCleared }: { type: string; onCleared: () => void }) {
  const { t, i18n } = useBonusT();
  const { t: tm } = useTranslation();
  const toast = useToast();
  const alert = useAlert();
  const minimum = useBonusMinimum();
  const clear = useClearBonus();
  const [confirming, setConfirming] = useState(false);
  const m = minimum.data;
  const cancel = () => {
    clear.mutate(null, {
      onSuccess: (r) => {
        setConfirming(false);
        toast(errorMessage(new Error(r.message), i18n), 'success');
        onCleared();
      },
      onError: (err) => {
        setConfirming(false);
        alert({ message: errorMessage(err, i18n) });
        onCleared();
      },
    });
  };
  return (
    <View style={styles.active}>
      <AppText variant="label">{t('activeTitle')}</AppText>
      <AppText bold>{tm(`bonus.types.${type}`)}</AppText>
      {m?.status ? (
        <AppText variant="caption">
          {t('progress', { target: formatNumber(m.target), progress: formatNumber(m.progress), minimum: formatNumber(m.minimum) })}
        </AppText>
      ) : null}
      <Button title={t('cancel')} variant="danger" onPress={() => setConfirming(true)} />
      <AppModal
        visible={confirming}
        title={t('cancelTitle')}
        onClose={() => setConfirming(false)}
        footer={
          <View style={styles.row}>
            <Button title={tm('common.cancel')} variant="secondary" onPress={() => setConfirming(false)} />
            <Button title={t('cancelConfirm')} variant="danger" loading={clear.isPending} onPress={cancel} />
          </View>
        }
      >
        <AppText>{t('cancelMessage')}</AppText>
      </AppModal>
    </View>
  );
}

/** PromotionSearch is the promotion-code field (forced upper case) with search and receive. */
function PromotionSearch({ onReceived }: { onReceived: () => void }) {
  const { t, i18n } = useBonusT();
  const notice = useNotice().data?.notice; // the operator's, in the member's language
  const toast = useToast();
  const find = useFindPromotion();
  const activate = useActivatePromotion();
  const [code, setCode] = useState('');
  const [required, setRequired] = useState(false);
  const search = () => {
    if (!code.trim()) {
      setRequired(true);
      return;
    }
    setRequired(false);
    find.mutate(code.trim());
  };
  const notFound = find.isError && find.error instanceof ApiError && find.error.is('NO_PROMOTION');
  const promotion = find.data;
  const receive = () => {
    if (!promotion) return;
    activate.mutate(promotion.code, {
      onSuccess: () => {
        toast(t('promotionReceived'), 'success');
        find.reset();
        setCode('');
        onReceived();
      },
      onError: (err) => toast(errorMessage(err, i18n), 'error'),
    });
  };
  return (
    <View style={styles.section}>
      <TextField
        label={t('code')}
        value={code}
        upperCase
        autoCapitalize="characters"
        autoCorrect={false}
        maxLength={32}
        onChangeText={(v) => {
          setCode(v);
          setRequired(false);
        }}
        onSubmitEditing={search}
        error={required ? t('codeRequired') : null}
      />
      <Button title={t('search')} variant="secondary" loading={find.isPending} onPress={search} />
      {find.isPending ? <AppText variant="caption">{t('searching')}</AppText> : null}
      {notFound ? (
        <AppText variant="error" role="alert">
          {t('notFound')}
        </AppText>
      ) : find.isError ? (
        <AppText variant="error" role="alert">
          {errorMessage(find.error, i18n)}
        </AppText>
      ) : null}
      {promotion ? (
        <View style={styles.promotion}>
          <AppText bold>{t('promotionFound', { code: promotion.code, amount: formatNumber(promotion.amount) })}</AppText>
          {promotion.description ? <HtmlContent html={promotion.description} /> : null}
          {notice ? <AppText style={styles.notice}>{fillNotice(notice, promotion.percentFail)}</AppText> : null}
          <Button title={t('receive')} loading={activate.isPending} onPress={receive} />
        </View>
      ) : null}
    </View>
  );
}

/**
 * BonusView is the bonus page (spec part 2): the active bonus with cancel, or the promotion-code
 * search; then the grid of bonus cards and the bonus modal.
 */
export function BonusView() {
  const { t, i18n } = useBonusT();
  const toast = useToast();
  const bonuses = useBonuses();
  const active = useActiveBonus();
  const invalidate = useInvalidateBonus();
  const activate = useActivateBonus();
  const [open, setOpen] = useState<Bonus | null>(null);
  const now = new Date();

  const receive = (bonus: Bonus) => {
    activate.mutate(bonus.code, {
      onSuccess: () => {
        setOpen(null);
        toast(t('receivedToast'), 'success');
        invalidate();
      },
      onError: (err) => {
        toast(errorMessage(err, i18n), 'error');
        invalidate();
      },
    });
  };

  return (
    <View style={styles.wrap}>
      {active.data?.status && active.data.type ? (
        <ActiveBonus type={active.data.type} onCleared={invalidate} />
      ) : active.data ? (
        <PromotionSearch onReceived={invalidate} />
      ) : null}
      <AppText variant="heading">{t('list')}</AppText>
      {bonuses.data ? (
        bonuses.data.length === 0 ? (
          <AppText variant="caption">{t('empty')}</AppText>
        ) : (
          <View style={styles.grid}>
            {bonuses.data.map((b) => (
              <BonusCard key={b.code} bonus={b} state={cardState(b, now)} onPress={() => setOpen(b)} />
            ))}
          </View>
        )
      ) : bonuses.isLoading ? (
        <Look kind="skeleton" testID="bonus-skeleton" blocks={cardsSkeleton} columns={2} />
      ) : (
        <QueryState isLoading={false} isError={bonuses.isError} onRetry={() => bonuses.refetch()} />
      )}
      <BonusModal
        bonus={open}
        active={!!open?.userBonus?.isActive}
        receiving={activate.isPending}
        onReceive={receive}
        onClose={() => setOpen(null)}
      />
    </View>
  );
}

/** cardsSkeleton is the bonus grid while it loads: four cards. */
const cardsSkeleton = Array.from({ length: 4 }, () => ({ height: 150 }));

const styles = StyleSheet.create({
  wrap: { gap: spacing.lg },
  section: { gap: spacing.sm },
  active: {
    gap: spacing.sm,
    backgroundColor: colors.surface,
    borderRadius: radius.md,
    padding: spacing.md,
    borderWidth: 1,
    borderColor: colors.primary,
  },
  promotion: { gap: spacing.sm, backgroundColor: colors.surface, borderRadius: radius.md, padding: spacing.md },
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.sm },
  row: { flexDirection: 'row', gap: spacing.sm, justifyContent: 'flex-end' },
  notice: { color: colors.danger },
});
