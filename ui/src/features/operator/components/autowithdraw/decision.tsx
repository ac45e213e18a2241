import { AppText } from '@/components/ui/text';

import type { Withdrawal } from '../../api/types';
import { Badge } from '../ui';
import { useAutoT } from './i18n';

type Decision = NonNullable<Withdrawal['auto']>;

/** decisionText says what the auto-approval rules decided of a withdrawal ('' when they were off). */
export function decisionText(t: (key: string, values?: Record<string, unknown>) => string, d: Decision | undefined): string {
  if (!d) return '';
  return d.approved ? t('decision.approved') : t('decision.queued', { rule: t(`rules.${d.rule}`) });
}

/** AutoDecision shows the rules' decision of a withdrawal, or a dash when they were off. */
export function AutoDecision({ w }: { w: Withdrawal }) {
  const { t } = useAutoT();
  if (!w.auto) return <AppText variant="caption">—</AppText>;
  return <Badge label={decisionText(t, w.auto)} tone={w.auto.approved ? 'good' : 'warn'} />;
}

/** useAutoColumn is the withdrawals tables' column of the rules' decision. */
export function useAutoColumn() {
  const { t } = useAutoT();
  return {
    key: 'auto',
    label: t('column'),
    text: (w: Withdrawal) => decisionText(t, w.auto),
    flex: 1.6,
    render: (w: Withdrawal) => <AutoDecision w={w} />,
  };
}
