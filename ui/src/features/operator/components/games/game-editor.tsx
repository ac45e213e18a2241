import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import type { useSaveGame } from '../../api/save-game';
import { useOpT } from '../../i18n';
import { Card, ErrorLine, Row } from '../ui';
import { gameBody, gameCategories, gameProblem, type Form } from './form';

type Props = { code: string; form: Form; onChange: (form: Form) => void; save: ReturnType<typeof useSaveGame>; onCancel: () => void };

/** GameEditor edits one game's card, links and order; save is refused while the form has a problem. */
export function GameEditor({ code, form, onChange, save, onCancel }: Props) {
  const { t } = useOpT();
  const problem = gameProblem(form);
  const set = (k: keyof Form) => (v: string) => onChange({ ...form, [k]: v });

  return (
    <Card title={t('games.editTitle', { code: code })}>
      <Row style={styles.grid}>
        <View style={styles.field}>
          <Select
            label={t('games.fields.category')}
            value={form.category}
            options={gameCategories.map((c) => ({ value: c, label: t(`games.categories.${c}`) }))}
            onChange={set('category')}
          />
        </View>
        {(['name', 'ftWalletSlot', 'sort', 'logo', 'background', 'web', 'android', 'ios'] as const).map((k) => (
          <View key={k} style={styles.field}>
            <TextField label={t(`games.fields.${k}`)} value={form[k]} onChangeText={set(k)} autoCapitalize="none" />
          </View>
        ))}
      </Row>
      <Checkbox label={t('games.active')} checked={form.active} onChange={(v: boolean) => onChange({ ...form, active: v })} />
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
          onPress={() => save.mutate({ code: code, body: gameBody(form) })}
        />
        <Button variant="secondary" title={t('common.cancel')} onPress={onCancel} />
      </Row>
    </Card>
  );
}

const styles = StyleSheet.create({
  grid: { alignItems: 'flex-start' },
  field: { flexGrow: 1, flexBasis: 240 },
});
