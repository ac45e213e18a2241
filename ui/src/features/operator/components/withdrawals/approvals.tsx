import { StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';

import type { Setting, Withdrawal } from '../../api/types';
import { useOpT } from '../../i18n';
import { Badge } from '../ui';

/** thresholdOf reads withdrawApprovalThreshold ({amount} or a bare number) from the settings. */
export function thresholdOf(settings: Setting[] | undefined): number | null {
  const s = settings?.find((x) => x.name === 'withdrawApprovalThreshold');
  if (!s) return null;
  const v = s.value as { amount?: unknown } | number;
  const n = typeof v === 'number' ? v : Number((v as { amount?: unknown })?.amount);
  return Number.isFinite(n) ? n : null;
}

/** ApprovalsCell says how many approvals a withdrawal needs, or who approved it and that it waits for another. */
export function ApprovalsCell({ w, needsTwo }: { w: Withdrawal; needsTwo: boolean }) {
  const { t } = useOpT();
  return (w.approvals ?? 0) > 0 ? (
    <View style={styles.cellCol}>
      <Badge label={t('withdrawals.waitingSecond')} tone="warn" />
      <AppText variant="caption">{t('withdrawals.approvedBy', { names: (w.approvedBy ?? []).join(', ') })}</AppText>
    </View>
  ) : (
    <AppText variant="caption">{needsTwo ? t('withdrawals.needsTwo') : t('withdrawals.needsOne')}</AppText>
  );
}

const styles = StyleSheet.create({
  cellCol: { gap: 2 },
});
