import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';

import { useGames } from '../api/get-games';
import { useSaveGame } from '../api/save-game';
import { toForm, type Form } from '../components/games/form';
import { GameEditor } from '../components/games/game-editor';
import { Badge, DataTable, PageTitle } from '../components/ui';
import { useOpT } from '../i18n';

/** The games: the catalogue's cards in their order, each editable (links, category, credit rate, on or off). */
export default function GamesPage() {
  const { t } = useOpT();
  const q = useGames();
  const [editing, setEditing] = useState<{ code: string; form: Form } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveGame((code) => {
    setSaved(code);
    setEditing(null);
  });

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
            label: t('common.actions'),
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
        <GameEditor
          code={editing.code}
          form={editing.form}
          onChange={(form) => setEditing((e) => (e ? { ...e, form } : e))}
          save={save}
          onCancel={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
