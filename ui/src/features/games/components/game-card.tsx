import { StyleSheet, View } from 'react-native';

import { Picture } from '@/components/picture/picture';
import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing } from '@/components/ui/theme';
import { serverUrl } from '@/lib/config';
import { Look } from '@/components/looks';

import type { LobbyGame } from '../api/get-lobby';
import { useGamesT } from '../i18n';

type Props = { game: LobbyGame; busy: boolean; onPlay: (game: LobbyGame) => void };

/** GameCard is a game's thumbnail, name and maker, with Play (or, for a transfer game, its game account). */
export function GameCard({ game, busy, onPlay }: Props) {
  const { t } = useGamesT();
  const transfer = game.mode === 'transfer';
  return (
    <View style={styles.card} testID={`game-${game.provider}-${game.code}`}>
      {game.image ? (
        <Picture source={{ uri: serverUrl(game.image) }} style={styles.thumb} accessibilityIgnoresInvertColors alt="" />
      ) : (
        <View style={[styles.thumb, styles.art]}>
          <Look kind="game" code={game.code} category={game.category} style={StyleSheet.absoluteFill} />
        </View>
      )}
      <AppText bold numberOfLines={1}>
        {game.name}
      </AppText>
      <AppText variant="caption" numberOfLines={1}>
        {transfer ? t('transferNote') : game.studio || game.provider}
      </AppText>
      <Button
        title={transfer ? t('openHome') : t('play')}
        accessibilityLabel={transfer ? t('openHomeLabel', { name: game.name }) : t('playGame', { name: game.name })}
        variant={transfer ? 'secondary' : 'primary'}
        loading={busy}
        onPress={() => onPlay(game)}
      />
    </View>
  );
}

const styles = StyleSheet.create({
  card: {
    width: 150,
    gap: spacing.xs,
    padding: spacing.sm,
    borderRadius: radius.md,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.border,
  },
  thumb: { width: '100%', aspectRatio: 4 / 3, borderRadius: radius.sm, backgroundColor: colors.neutralSoft },
  art: { overflow: 'hidden' },
});
