import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';

import { useRewardSettings, type Program } from '../../api/get-reward-settings';
import { useSaveRewardSettings } from '../../api/save-reward-settings';
import { useOpT } from '../../i18n';
import { BannerEditor } from '../banner-editor';
import { Badge, Card, ErrorLine, money, Row } from '../ui';
import { formProblem, toForm, toSettings, type Form } from './forms';

/** SettingsCard shows a program's settings and edits them (banners included). */
export function SettingsCard({ program, canEdit, onNotice }: { program: Program; canEdit: boolean; onNotice: (text: string) => void }) {
  const { t } = useOpT();
  const settings = useRewardSettings(program);
  const [form, setForm] = useState<Form | null>(null);
  const save = useSaveRewardSettings(program, () => {
    onNotice(t('rewards.saved'));
    setForm(null);
  });
  const set = (k: keyof Form) => (v: string | boolean) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const problem = form ? formProblem(form) : null;
  const st = settings.data;
  return (
    <Card title={t('rewards.settings')}>
      <ErrorLine error={settings.error} />
      {st ? (
        <Row>
          <Badge label={st.active ? t('rewards.on') : t('rewards.off')} tone={st.active ? 'good' : 'neutral'} />
          <AppText>
            {t('rewards.summary', {
              period: t(`rewards.periods.${st.period}`),
              rate: st.rateBP / 100,
              min: money(st.minNetLoss),
              max: st.maxPerPeriod ? money(st.maxPerPeriod) : t('rewards.noCap'),
              success: st.successPercent,
              fail: st.failPercent,
            })}
          </AppText>
          {canEdit && !form ? (
            <Button
              variant="secondary"
              title={t('rewards.edit')}
              onPress={() => {
                save.reset();
                setForm(toForm(st));
              }}
            />
          ) : null}
        </Row>
      ) : null}
      {form ? (
        <View style={styles.editor}>
          <Row style={styles.grid}>
            <View style={styles.field}>
              <Select
                label={t('rewards.fields.period')}
                value={form.period}
                options={(['daily', 'weekly'] as const).map((p) => ({ value: p, label: t(`rewards.periods.${p}`) }))}
                onChange={set('period')}
              />
            </View>
            {(['rate', 'minNetLoss', 'maxPerPeriod', 'successPercent', 'failPercent', 'games'] as const).map((k) => (
              <View key={k} style={styles.field}>
                <TextField label={t(`rewards.fields.${k}`)} value={form[k]} onChangeText={set(k)} autoCapitalize="none" />
              </View>
            ))}
          </Row>
          <AppText variant="caption">{t('rewards.help.' + program)}</AppText>
          {(['infoTh', 'infoLa', 'infoEn'] as const).map((k) => (
            <View key={k}>
              <TextField label={t(`rewards.fields.${k}`)} value={form[k]} onChangeText={set(k)} multiline autoCapitalize="none" />
              {/* An untranslated explanation: members read the Thai one (docs/api.md). */}
              {k !== 'infoTh' && !form[k].trim() && form.infoTh.trim() ? (
                <AppText variant="caption">{t('settings.fallbackPreview')}</AppText>
              ) : null}
            </View>
          ))}
          <BannerEditor value={form.banners} onChange={set('banners')} />
          <Checkbox label={t('rewards.fields.active')} checked={form.active} onChange={set('active')} />
          {problem ? (
            <AppText variant="error" role="alert">
              {t(problem)}
            </AppText>
          ) : null}
          <ErrorLine error={save.error} />
          <Row>
            <Button title={t('common.save')} disabled={!!problem} loading={save.isPending} onPress={() => save.mutate(toSettings(form))} />
            <Button variant="secondary" title={t('common.cancel')} onPress={() => setForm(null)} />
          </Row>
        </View>
      ) : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  editor: { gap: spacing.md },
  grid: { alignItems: 'flex-start' },
  field: { flexGrow: 1, flexBasis: 200 },
});
