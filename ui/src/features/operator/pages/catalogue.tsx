import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Picture } from '@/components/picture/picture';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useSeamlessGames } from '../api/get-seamless-games';
import { useSaveSeamlessGame } from '../api/save-seamless-game';
import { useSyncSeamlessGames } from '../api/sync-seamless-games';
import type { SeamlessCatalogueGame } from '../api/types';
import { SyncLine } from '../components/catalogue/sync-line';
import { Badge, Card, DataTable, ErrorLine, PageTitle, Row } from '../components/ui';
import { useOpT } from '../i18n';

/** A game's draft: on or off, its order as typed, and its category override ('' for the aggregator's). */
type Draft = { enabled: boolean; sort: string; category: SeamlessCatalogueGame['categoryOverride'] };

/** categories are the lobby's (seamless.Categories; the OpenAPI test holds the enums to them). */
export const categories: SeamlessCatalogueGame['category'][] = ['slot', 'casino', 'sport', 'lotto'];

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
 * The aggregators' synced game catalogue: each game on or off for the lobby, its order and its
 * category, which every sync keeps (the aggregator's category stays shown); "sync now" reads the
 * aggregators at once and says what changed. Names and pictures are the aggregator's.
 */
export default function CataloguePage() {
  const { t } = useOpT();
  const q = useSeamlessGames();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveSeamlessGame((name) => setSaved(name));
  const sync = useSyncSeamlessGames();
  const draftOf = (g: SeamlessCatalogueGame): Draft =>
    drafts[keyOf(g)] ?? { enabled: g.enabled, sort: String(g.sort), category: g.categoryOverride };
  const categoryOptions = (g: SeamlessCatalogueGame) => [
    { value: '', label: t('catalogue.aggregatorsCategory', { category: t(`catalogue.categories.${g.aggregatorCategory}`) }) },
    ...categories.map((c) => ({ value: c, label: t(`catalogue.categories.${c}`) })),
  ];
  const edit = (g: SeamlessCatalogueGame, d: Partial<Draft>) => setDrafts((all) => ({ ...all, [keyOf(g)]: { ...draftOf(g), ...d } }));
  const syncs = q.data?.syncs ?? [];

  return (
    <>
      <PageTitle>{t('pages.catalogue')}</PageTitle>
      <AppText variant="caption">{t('catalogue.help')}</AppText>
      <Row>
        <Button
          title={t('catalogue.syncNow')}
          loading={sync.isPending}
          disabled={sync.isPending}
          onPress={() => {
            setSaved(null);
            sync.mutate();
          }}
        />
      </Row>
      {sync.data ? (
        <View role="status">
          {sync.data.syncs.length === 0 ? <AppText>{t('catalogue.syncNone')}</AppText> : null}
          {sync.data.syncs.map((s) => (
            <AppText key={s.provider} variant={s.error ? 'error' : undefined}>
              {s.error
                ? t('catalogue.syncNowFailed', { provider: s.provider, error: s.error })
                : t('catalogue.syncNowDone', { provider: s.provider, added: s.added, updated: s.updated, removed: s.removed })}
            </AppText>
          ))}
        </View>
      ) : null}
      {saved ? <AppText role="status">{t('catalogue.saved', { name: saved })}</AppText> : null}
      <ErrorLine error={q.error ?? save.error ?? sync.error} />
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
                label: t('catalogue.picture'),
                text: (g) => g.image,
                flex: 0.6,
                render: (g) =>
                  g.image ? <Picture source={{ uri: g.image }} style={styles.thumb} accessibilityIgnoresInvertColors /> : null,
              },
              { key: 'name', label: t('catalogue.name'), text: (g) => g.name, flex: 1.5 },
              { key: 'code', label: t('catalogue.code'), text: (g) => g.code },
              {
                key: 'category',
                label: t('catalogue.category'),
                text: (g) => t(`catalogue.categories.${g.category}`),
                flex: 1.3,
                render: (g) => (
                  <Select
                    label={t('catalogue.categoryNamed', { name: g.name })}
                    value={draftOf(g).category}
                    options={categoryOptions(g)}
                    onChange={(v) => edit(g, { category: v === '' ? '' : (categories.find((c) => c === v) ?? '') })}
                  />
                ),
              },
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
                label: t('common.actions'),
                text: () => '',
                render: (g) => {
                  const d = draftOf(g);
                  const sort = sortOf(d.sort);
                  const changed = d.enabled !== g.enabled || sort !== g.sort || d.category !== g.categoryOverride;
                  return (
                    <Button
                      variant="link"
                      title={t('catalogue.save')}
                      accessibilityLabel={t('catalogue.saveNamed', { name: g.name })}
                      disabled={!changed || sort === null || save.isPending}
                      onPress={() => {
                        setSaved(null);
                        if (sort !== null)
                          save.mutate({
                            provider: g.provider,
                            code: g.code,
                            name: g.name,
                            body: { enabled: d.enabled, sort, category: d.category },
                          });
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
