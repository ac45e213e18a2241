import { useQuery } from '@tanstack/react-query';
import { StyleSheet, View } from 'react-native';

import { Look } from '@/components/looks';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { formatDateTime, formatNumber } from '@/lib/format';
import { banksQuery } from '@/lib/lookups';

import { sourceKey } from '../account-name';
import type { StatementItem as Item } from '../api/get-statement';
import { useStatementT, useWithdrawalT } from '../i18n';

type Props = { item: Item; accountName: (code: string) => string };

/**
 * statusTone groups a status as spec part 4 does: SUCCESS, FAILED, or in progress; and
 * CANCELLED, a bonus the member cancelled (or an operator ended), which neither failed nor waits.
 */
export function statusTone(status: string): 'success' | 'failed' | 'cancelled' | 'progress' {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') return 'failed';
  if (status === 'CANCELLED') return 'cancelled';
  return 'progress';
}

/** depositMethods are the deposit methods the server names (StatementItem.method), each translated under method. */
const depositMethods = ['slip', 'gift', 'qr', 'bank_transfer'] as const;

/**
 * StatementRow is one item: type, from → to, amount, status, time, and reason or source. A deposit
 * shows its method in the member's language (DepositMethod), not the journal's English memo; an
 * operator's reason shows as written.
 */
export function StatementRow({ item, accountName }: Props) {
  const { t, i18n } = useStatementT();
  const typeKey = `statement.types.${item.statementType}`;
  const key = item.source ? sourceKey(item.source) : '';
  const tone = statusTone(item.status);
  const source = item.source ? (i18n.exists(key) ? t(key) : item.source) : null;
  const method = item.method && (depositMethods as readonly string[]).includes(item.method) ? item.method : null;
  const description = method ? null : item.description;
  return (
    <View style={styles.row} role="listitem">
      <View style={styles.line}>
        <AppText bold style={styles.flex}>
          {i18n.exists(typeKey) ? t(typeKey) : item.statementType}
        </AppText>
        <View style={[styles.badge, badgeStyles[tone]]}>
          <AppText variant="caption" bold style={textStyles[tone]}>
            {t(`statement.status.${tone}`)}
          </AppText>
        </View>
      </View>
      <View style={styles.line}>
        <AppText style={styles.flex}>
          {accountName(item.from)} → {accountName(item.to)}
        </AppText>
        <AppText bold>{formatNumber(item.amount)}</AppText>
      </View>
      <AppText variant="caption">{formatDateTime(item.createdAt)}</AppText>
      {item.withdrawalStatus ? <WithdrawalProgress status={item.withdrawalStatus} /> : null}
      {method ? (
        <DepositMethod source={source} method={method} channel={item.channel ?? ''} />
      ) : source || description ? (
        <AppText variant="caption">{[source, description].filter(Boolean).join(' · ')}</AppText>
      ) : null}
    </View>
  );
}

/**
 * DepositMethod names how a deposit came: "Deposit · QR payment · WW", "Deposit · Bank transfer ·
 * Kasikorn Bank" (the sender's bank by its name in the banks lookup, its code until that loads).
 */
function DepositMethod({ source, method, channel }: { source: string | null; method: string; channel: string }) {
  const { t, i18n } = useWithdrawalT();
  const banks = useQuery({ ...banksQuery, enabled: method === 'bank_transfer' && channel !== '' });
  let via = channel;
  const bank = method === 'bank_transfer' ? banks.data?.find((b) => b.code === channel) : undefined;
  if (bank) via = i18n.language === 'th' ? bank.nameTH : bank.nameEN || bank.nameTH;
  const text = <AppText variant="caption">{[source, t(`method.${method}`), via].filter(Boolean).join(' · ')}</AppText>;
  if (method !== 'bank_transfer' || channel === '') return text;
  return (
    <View style={styles.line}>
      <Look kind="bank" code={channel} size={20} />
      {text}
    </View>
  );
}

/** WithdrawalProgress says where a withdrawal stands: requested, approved and being paid, paid, failed or rejected. */
function WithdrawalProgress({ status }: { status: NonNullable<Item['withdrawalStatus']> }) {
  const { t } = useWithdrawalT();
  return <AppText variant="caption">{t(`progress.${status}`)}</AppText>;
}

const styles = StyleSheet.create({
  row: { backgroundColor: colors.surface, borderRadius: radius.md, padding: spacing.md, gap: spacing.xs },
  line: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  flex: { flex: 1 },
  badge: { borderRadius: radius.sm, paddingHorizontal: spacing.sm, paddingVertical: 2 },
});

/** badgeStyles and textStyles are the status chips' colours (contrast checked in theme.test.ts). */
export const badgeStyles = StyleSheet.create({
  success: { backgroundColor: colors.successSoft },
  failed: { backgroundColor: colors.dangerSoft },
  cancelled: { backgroundColor: colors.background },
  progress: { backgroundColor: colors.warningSoft },
});

export const textStyles = StyleSheet.create({
  success: { color: colors.success },
  failed: { color: colors.danger },
  cancelled: { color: colors.text },
  progress: { color: colors.warning },
});
