import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useGames } from '../api/get-games';
import { useSaveGame, type GameBody } from '../api/save-game';
import type { Game } from '../api/types';
import { Badge, Card, DataTable, ErrorLine, PageTitle, Row } from '../components/ui';
import { useOpT } from '../i18n';

type Form = Record<'name' | 'logo' | 'background' | 'category' | 'ftWalletSlot' | 'web' | 'android' | 'ios' | 'sort', string> & {
  active: boolean;
};

const toForm = (g: Game): Form => ({
  name: g.name,
  logo: g.logo ?? '',
  background: g.background ?? '',
  category: g.category ?? '',
  ftWalletSlot: String(g.ftWalletSlot ?? ''),
  web: g.web ?? '',
  android: g.android ?? '',
  ios: g.ios ?? '',
  sort: String(g.sort ?? 0),
  active: !!g.active,
});

const linkOk = (v: string) => v === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(v);

export const gameCategories = ['slot', 'sport', 'lotto'] as const;

/** gameProblem checks the form; the answer is a console translation key or null. */
export function gameProblem(f: Form): string | null {
  if (!f.name.trim()) return 'games.errors.name';
  if (!(gameCategories as readonly string[]).includes(f.category)) return 'games.errors.category';
  const slot = Number(f.ftWalletSlot);
  if (f.ftWalletSlot.trim() === '' || !Number.isFinite(slot) || slot <= 0 || slot > 1000) return 'games.errors.slot';
  if (!/^-?\d+$/.test(f.sort.trim())) return 'games.errors.sort';
  if (![f.logo, f.background, f.web, f.android, f.ios].every(linkOk)) return 'games.errors.link';
  return null;
}

/** gameBody is what the server stores of the form. */
function gameBody(form: Form): GameBody {
  return {
    name: form.name.trim(),
    logo: form.logo,
    background: form.background,
    category: form.category.trim(),
    ftWalletSlot: Number(form.ftWalletSlot),
    web: form.web || null,
    android: form.android || null,
    ios: form.ios || null,
    active: form.active,
    sort: Number(form.sort),
  };
}

export default function GamesPage() {
  const { t } = useOpT();
  const q = useGames();
  const [editing, setEditing] = useState<{ code: string; form: Form } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveGame((code) => {
    setSaved(code);
    setEditing(null);
  });
  const problem = editing ? gameProblem(editing.form) : null;
  const set = (k: keyof Form) => (v: string) => setEditing((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));

  return (
    <>
      <PageTitle>{t('pages.games')}</PageTitle>
      {saved ? <AppText role="status">{t('games.saved', { code: saved })}</AppText> : null}
      <DataTable
        label={t('pages.games')}
        csvName="games"
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.games ?? []}
        rowKey={(g) => g.code}
        columns={[
          { key: 'sort', label: t('games.sort'), text: (g) => g.sort, flex: 0.5 },
          { key: 'code', label: t('games.code'), text: (g) => g.code },
          { key: 'name', label: t('games.name'), text: (g) => g.name, flex: 1.5 },
          { key: 'category', label: t('games.category'), text: (g) => g.category },
          { key: 'slot', label: t('games.slot'), text: (g) => g.ftWalletSlot, flex: 0.6 },
          {
            key: 'active',
            label: t('games.active'),
            text: (g) => (g.active ? 'yes' : 'no'),
            render: (g) => <Badge label={g.active ? t('games.on') : t('games.off')} tone={g.active ? 'good' : 'neutral'} />,
          },
          {
            key: 'edit',
            label: '',
            text: () => '',
            render: (g) => (
              <Button
                variant="link"
                title={t('games.edit')}
                accessibilityLabel={t('games.editNamed', { name: g.name })}
                onPress={() => {
                  save.reset();
                  setSaved(null);
                  setEditing({ code: g.code, form: toForm(g) });
                }}
              />
            ),
          },
        ]}
      />
      {editing ? (
        <Card title={t('games.editTitle', { code: editing.code })}>
          <Row style={styles.grid}>
            <View style={styles.field}>
              <Select
                label={t('games.fields.category')}
                value={editing.form.category}
                options={gameCategories.map((c) => ({ value: c, label: t(`games.categories.${c}`) }))}
                onChange={set('category')}
              />
            </View>
            {(['name', 'ftWalletSlot', 'sort', 'logo', 'background', 'web', 'android', 'ios'] as const).map((k) => (
              <View key={k} style={styles.field}>
                <TextField label={t(`games.fields.${k}`)} value={editing.form[k]} onChangeText={set(k)} autoCapitalize="none" />
              </View>
            ))}
          </Row>
          <Checkbox
            label={t('games.active')}
            checked={editing.form.active}
            onChange={(v: boolean) => setEditing((e) => (e ? { ...e, form: { ...e.form, active: v } } : e))}
          />
          {problem ? (
            <AppText variant="error" role="alert">
              {t(problem)}
            </AppText>
          ) : null}
          <ErrorLine error={save.error} />
          <Row>
            <Button
              title={t('common.save')}
              disabled={!!problem}
              loading={save.isPending}
              onPress={() => save.mutate({ code: editing.code, body: gameBody(editing.form) })}
            />
            <Button variant="secondary" title={t('common.cancel')} onPress={() => setEditing(null)} />
          </Row>
        </Card>
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  grid: { alignItems: 'flex-start' },
  field: { flexGrow: 1, flexBasis: 240 },
});
