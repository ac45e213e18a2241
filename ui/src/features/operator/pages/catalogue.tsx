import { useState } from 'react';
import { Image, StyleSheet } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useSeamlessGames } from '../api/get-seamless-games';
import { useSaveSeamlessGame } from '../api/save-seamless-game';
import type { SeamlessCatalogueGame } from '../api/types';
import { SyncLine } from '../components/catalogue/sync-line';
import { Badge, Card, DataTable, ErrorLine, PageTitle } from '../components/ui';
import { useOpT } from '../i18n';

type Draft = { enabled: boolean; sort: string };

const keyOf = (g: SeamlessCatalogueGame) => `${g.provider}/${g.code}`;

/** byProvider groups the catalogue per aggregator, keeping the lobby's order inside each. */
export function byProvider(games: SeamlessCatalogueGame[], providers: string[]): [string, SeamlessCatalogueGame[]][] {
  const names = [...new Set([...providers, ...games.map((g) => g.provider)])].sort();
  return names.map((p) => [p, games.filter((g) => g.provider === p)]);
}

/** sortOf reads the order typed in: a whole number from 0, else null. */
export function sortOf(text: string): number | null {
  return /^\d{1,7}$/.test(text.trim()) && Number(text) <= 1_000_000 ? Number(text) : null;
}

/**
 * The aggregators' synced game catalogue: each game on or off for the lobby and its order, which
 * every sync keeps. Names, pictures and categories are the aggregator's and refresh at each sync.
 */
export default function CataloguePage() {
  const { t } = useOpT();
  const q = useSeamlessGames();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveSeamlessGame((name) => setSaved(name));
  const draftOf = (g: SeamlessCatalogueGame) => drafts[keyOf(g)] ?? { enabled: g.enabled, sort: String(g.sort) };
  const edit = (g: SeamlessCatalogueGame, d: Partial<Draft>) => setDrafts((all) => ({ ...all, [keyOf(g)]: { ...draftOf(g), ...d } }));
  const syncs = q.data?.syncs ?? [];

  return (
    <>
      <PageTitle>{t('pages.catalogue')}</PageTitle>
      <AppText variant="caption">{t('catalogue.help')}</AppText>
      {saved ? <AppText role="status">{t('catalogue.saved', { name: saved })}</AppText> : null}
      <ErrorLine error={q.error ?? save.error} />
      {byProvider(
        q.data?.games ?? [],
        syncs.map((s) => s.provider),
      ).map(([provider, games]) => (
        <Card key={provider} title={provider}>
          <SyncLine sync={syncs.find((s) => s.provider === provider)} />
          <DataTable
            label={t('catalogue.gamesOf', { provider })}
            csvName={`catalogue-${provider}`}
            loading={q.isLoading}
            rows={games}
            rowKey={keyOf}
            minWidth={860}
            columns={[
              {
                key: 'image',
                label: '',
                text: (g) => g.image,
                flex: 0.6,
                render: (g) => (g.image ? <Image source={{ uri: g.image }} style={styles.thumb} accessibilityIgnoresInvertColors /> : null),
              },
              { key: 'name', label: t('catalogue.name'), text: (g) => g.name, flex: 1.5 },
              { key: 'code', label: t('catalogue.code'), text: (g) => g.code },
              { key: 'category', label: t('catalogue.category'), text: (g) => t(`catalogue.categories.${g.category}`) },
              {
                key: 'listed',
                label: t('catalogue.listed'),
                text: (g) => (g.listed ? 'yes' : 'no'),
                render: (g) =>
                  g.listed ? <Badge label={t('catalogue.isListed')} tone="good" /> : <Badge label={t('catalogue.notListed')} tone="warn" />,
              },
              {
                key: 'enabled',
                label: t('catalogue.enabled'),
                text: (g) => (g.enabled ? 'yes' : 'no'),
                render: (g) => (
                  <Checkbox
                    label={t('catalogue.enabledNamed', { name: g.name })}
                    checked={draftOf(g).enabled}
                    onChange={(enabled) => edit(g, { enabled })}
                  />
                ),
              },
              {
                key: 'sort',
                label: t('catalogue.sort'),
                text: (g) => g.sort,
                render: (g) => (
                  <TextField
                    label={t('catalogue.sortNamed', { name: g.name })}
                    value={draftOf(g).sort}
                    onChangeText={(sort) => edit(g, { sort })}
                    keyboardType="number-pad"
                    error={sortOf(draftOf(g).sort) === null ? t('catalogue.sortError') : null}
                  />
                ),
              },
              {
                key: 'save',
                label: '',
                text: () => '',
                render: (g) => {
                  const d = draftOf(g);
                  const sort = sortOf(d.sort);
                  const changed = d.enabled !== g.enabled || sort !== g.sort;
                  return (
                    <Button
                      variant="link"
                      title={t('catalogue.save')}
                      accessibilityLabel={t('catalogue.saveNamed', { name: g.name })}
                      disabled={!changed || sort === null || save.isPending}
                      onPress={() => {
                        setSaved(null);
                        if (sort !== null)
                          save.mutate({ provider: g.provider, code: g.code, name: g.name, body: { enabled: d.enabled, sort } });
                      }}
                    />
                  );
                },
              },
            ]}
          />
        </Card>
      ))}
    </>
  );
}

const styles = StyleSheet.create({ thumb: { width: 48, height: 36, borderRadius: 4 } });
