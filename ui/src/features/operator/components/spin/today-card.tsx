import { AppText } from '@/components/ui/text';

import type { ActiveWheel } from '../../api/get-spin-wheel';
import { useOpT } from '../../i18n';
import { Badge, Card, money, Row } from '../ui';

/** TodayCard shows today's use of the active wheel against its daily budget. */
export function TodayCard({ wheel, loading }: { wheel: ActiveWheel | undefined; loading: boolean }) {
  const { t } = useOpT();
  return (
    <Card title={t('spin.today')}>
      {wheel ? (
        <>
          <Row>
            <AppText bold>{wheel.name}</AppText>
            {wheel.budgetExhausted ? <Badge label={t('spin.exhausted')} tone="bad" /> : <Badge label={t('spin.open')} tone="good" />}
          </Row>
          <AppText>
            {wheel.dailyBudget > 0
              ? t('spin.budgetUse', { spent: money(wheel.today.spent), budget: money(wheel.dailyBudget) })
              : t('spin.noBudget', { spent: money(wheel.today.spent) })}
          </AppText>
          {wheel.budgetExhausted ? (
            <AppText variant="error" role="alert">
              {t('spin.exhaustedHelp')}
            </AppText>
          ) : null}
          <AppText>{t('spin.spinsToday', { count: wheel.today.spins })}</AppText>
          <AppText>
            {t('spin.expected', {
              baht: money(wheel.expectedPayout?.baht),
              coins: (wheel.expectedPayout?.coins ?? 0).toFixed(2),
              cost: wheel.cost,
            })}
          </AppText>
        </>
      ) : (
        <AppText>{loading ? t('common.loading') : t('spin.noActive')}</AppText>
      )}
    </Card>
  );
}
