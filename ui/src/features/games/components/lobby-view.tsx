import { useRouter } from 'expo-router';
import { useMemo, useState } from 'react';
import { Pressable, StyleSheet, View } from 'react-native';

import { QueryState } from '@/components/query-state';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { AppText } from '@/components/ui/text';
import { colors, radius, spacing, touchTarget } from '@/components/ui/theme';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api';
import { openLinkFrom } from '@/lib/open-link';

import { gameKey, useLobby, type LobbyGame } from '../api/get-lobby';
import { launchGame } from '../api/launch-game';
import { useGamesT } from '../i18n';
import { readRecent, rememberPlayed } from '../recent';

import { GameCard } from './game-card';

/** categories are the lobby's tabs, "all" first (the server's categories, spec part 3 and issue 27). */
export const categories = ['all', 'slot', 'casino', 'sport', 'lotto'] as const;
type Category = (typeof categories)[number];

const allProviders = '';

/** providerOf is what the provider filter shows a game under: its maker, else its aggregator or game account. */
function providerOf(g: LobbyGame): string {
  return g.studio || g.provider;
}

/** filterGames keeps the games of a tab, a provider and a search text (case-insensitive, on the name). */
export function filterGames(games: LobbyGame[], category: Category, provider: string, search: string): LobbyGame[] {
  const q = search.trim().toLocaleLowerCase();
  return games.filter(
    (g) =>
      (category === 'all' || g.category === category) &&
      (provider === allProviders || providerOf(g) === provider) &&
      (!q || g.name.toLocaleLowerCase().includes(q)),
  );
}

/**
 * LobbyView is the game lobby: category tabs, a provider filter, a search box, the recently
 * played games and the games' cards. Play opens a seamless game's page (a new tab on the web, the
 * browser on a phone); a transfer game is opened from its game account on the home screen.
 */
export function LobbyView() {
  const { t, i18n } = useGamesT();
  const router = useRouter();
  const toast = useToast();
  const lobby = useLobby();
  const [category, setCategory] = useState<Category>('all');
  const [provider, setProvider] = useState(allProviders);
  const [search, setSearch] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const [launching, setLaunching] = useState<string | null>(null);
  const games = useMemo(() => lobby.data?.games ?? [], [lobby.data]);

  const providers = useMemo(() => [...new Set(games.map(providerOf))].sort(), [games]);
  const shown = useMemo(() => filterGames(games, category, provider, search), [games, category, provider, search]);
  const recentGames = useMemo(() => {
    const byKey = new Map(games.map((g) => [gameKey(g), g]));
    return recent.map((k) => byKey.get(k)).filter((g): g is LobbyGame => !!g);
  }, [games, recent]);

  if (!lobby.data) {
    return <QueryState isLoading={lobby.isLoading} isError={lobby.isError} onRetry={() => lobby.refetch()} />;
  }

  const play = (g: LobbyGame) => {
    if (g.mode === 'transfer') {
      router.push('/user/home');
      return;
    }
    const key = gameKey(g);
    setLaunching(key);
    // The tab opens during the press (browsers refuse it later); the URL follows.
    openLinkFrom(() => launchGame(g.provider, g.code, i18n.language))
      .then(() => setRecent(rememberPlayed(key)))
      .catch((err: unknown) => toast(errorMessage(err, i18n), 'error'))
      .finally(() => setLaunching(null));
  };

  const card = (g: LobbyGame, where: string) => (
    <GameCard key={`${where}-${gameKey(g)}`} game={g} busy={launching === gameKey(g)} onPlay={play} />
  );

  return (
    <View style={styles.wrap}>
      <View style={styles.tabs} accessibilityRole="tablist" accessibilityLabel={t('categoryTabs')}>
        {categories.map((c) => (
          <Pressable
            key={c}
            accessibilityRole="tab"
            accessibilityState={{ selected: category === c }}
            onPress={() => setCategory(c)}
            style={[styles.tab, category === c && styles.tabOn]}
            testID={`games-tab-${c}`}
          >
            <AppText bold={category === c} style={category === c ? styles.tabOnText : undefined}>
              {t(`categories.${c}`)}
            </AppText>
          </Pressable>
        ))}
      </View>
      <View style={styles.filters}>
        <View style={styles.filter}>
          <TextField
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChangeText={setSearch}
            testID="games-search"
          />
        </View>
        <View style={styles.filter}>
          <Select
            label={t('provider')}
            value={provider}
            options={[{ value: allProviders, label: t('allProviders') }, ...providers.map((p) => ({ value: p, label: p }))]}
            onChange={setProvider}
          />
        </View>
      </View>
      {recentGames.length > 0 ? (
        <View style={styles.section}>
          <AppText variant="heading" role="heading" aria-level={2}>
            {t('recent')}
          </AppText>
          <View style={styles.grid}>{recentGames.map((g) => card(g, 'recent'))}</View>
        </View>
      ) : null}
      <View style={styles.section}>
        <AppText variant="heading" role="heading" aria-level={2}>
          {t(`categories.${category}`)}
        </AppText>
        {shown.length === 0 ? <AppText>{t('empty')}</AppText> : <View style={styles.grid}>{shown.map((g) => card(g, 'all'))}</View>}
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: spacing.lg },
  tabs: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.sm },
  tab: {
    minHeight: touchTarget,
    paddingHorizontal: spacing.md,
    justifyContent: 'center',
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.border,
    backgroundColor: colors.surface,
  },
  tabOn: { backgroundColor: colors.primary, borderColor: colors.primary },
  tabOnText: { color: colors.surface },
  filters: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.md },
  filter: { flexGrow: 1, flexBasis: 200 },
  section: { gap: spacing.sm },
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: spacing.md },
});
