import { useState } from 'react';
import { Pressable, StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing, touchTarget } from '@/components/ui/theme';
import { formatDateTime, formatNumber } from '@/lib/format';

import type { StatementItem } from '../api/get-statement';

import { badgeStyles, statusTone, textStyles } from './statement-item';
import { useStatementT } from '../i18n';

type Round = NonNullable<StatementItem['round']>;
type Props = { item: StatementItem & { round: Round } };

/** netTone colours a round's result: a win green, a loss red, even neutral. */
export function netTone(net: number): 'success' | 'failed' | 'neutral' {
  if (net > 0) return 'success';
  if (net < 0) return 'failed';
  return 'neutral';
}

/**
 * RoundRow is one round of a seamless game (statementType game_round): the game's name, stake, win
 * and net, and on demand its movements (bet, win, rollback), oldest first.
 */
export function RoundRow({ item }: Props) {
  const { t } = useStatementT();
  const [open, setOpen] = useState(false);
  const { round } = item;
  const cancelled = statusTone(item.status) === 'cancelled';
  const tone = cancelled ? 'cancelled' : netTone(round.net);
  return (
    <View style={styles.row} role="listitem">
      <View style={styles.line}>
        <AppText bold style={styles.flex}>
          {round.gameName}
        </AppText>
        <View style={[styles.badge, chipBadge[tone]]}>
          <AppText variant="caption" bold style={chipText[tone]}>
            {cancelled ? t('statement.status.cancelled') : `${round.net > 0 ? '+' : ''}${formatNumber(round.net)}`}
          </AppText>
        </View>
      </View>
      <AppText>
        {t('statement.round.stake')} {formatNumber(round.stake)} · {t('statement.round.payout')} {formatNumber(round.payout)}
      </AppText>
      <AppText variant="caption">
        {t('statement.types.game_round')} · {formatDateTime(item.createdAt)}
      </AppText>
      <Pressable
        accessibilityRole="button"
        accessibilityState={{ expanded: open }}
        onPress={() => setOpen((o) => !o)}
        style={styles.toggle}
      >
        <AppText variant="caption" bold style={styles.link}>
          {t(open ? 'statement.round.hideMoves' : 'statement.round.showMoves', { count: round.movements.length })}
        </AppText>
      </Pressable>
      {open ? (
        <View role="list" style={styles.moves}>
          {round.movements.map((m) => (
            <View key={m.txId} role="listitem" style={styles.line}>
              <AppText variant="caption" style={styles.flex}>
                {t(`statement.round.kinds.${m.kind}`)}
                {m.rolledBack ? ` (${t('statement.round.rolledBack')})` : ''} · {formatDateTime(m.createdAt)}
              </AppText>
              <AppText variant="caption" bold>
                {m.kind === 'bet' ? '-' : '+'}
                {formatNumber(m.amount)}
              </AppText>
            </View>
          ))}
        </View>
      ) : null}
    </View>
  );
}

const chipBadge = { ...badgeStyles, ...StyleSheet.create({ neutral: { backgroundColor: colors.neutralSoft } }) };
const chipText = { ...textStyles, ...StyleSheet.create({ neutral: { color: colors.muted } }) };

const styles = StyleSheet.create({
  row: { backgroundColor: colors.surface, borderRadius: radius.md, padding: spacing.md, gap: spacing.xs },
  line: { flexDirection: 'row', alignItems: 'center', gap: spacing.sm },
  flex: { flex: 1 },
  badge: { borderRadius: radius.sm, paddingHorizontal: spacing.sm, paddingVertical: 2 },
  toggle: { minHeight: touchTarget, justifyContent: 'center', alignSelf: 'flex-start' },
  link: { color: colors.primary },
  moves: { gap: spacing.xs, borderTopWidth: 1, borderTopColor: colors.border, paddingTop: spacing.xs },
});
