import { useEffect, useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing, typeScale } from '@/components/ui/theme';
import { locales } from '@/i18n';

import { useSaveSetting } from '../../api/save-setting';
import type { Setting } from '../../api/types';
import { useOpT } from '../../i18n';
import { parseSetting, textSettings, validateSetting } from '../../settings-rules';
import { useEditorFont } from '../editor-font';
import { PendingNotice } from '../pending-changes';
import { Badge, Card, ErrorLine, Row } from '../ui';
import { Preview } from './preview';

/** DocumentEditor edits a setting as its JSON document, checked before it is sent. */
export function DocumentEditor({ setting, editable }: { setting: Setting; editable: boolean }) {
  const { t } = useOpT();
  const mono = useEditorFont(true);
  const original = useMemo(() => JSON.stringify(setting.value, null, 2), [setting.value]);
  const [text, setText] = useState(original);
  const [saved, setSaved] = useState(false);
  // The threshold and the receiving accounts wait for a second owner (202: proposed).
  const [proposed, setProposed] = useState(false);
  useEffect(() => setText(original), [original]);

  const parsed = parseSetting(text);
  const problem = parsed.error ?? (parsed.value !== undefined ? validateSetting(setting.name, parsed.value) : null);
  const changed = text !== original;

  const save = useSaveSetting(setting.name, {
    onMutate: () => {
      setSaved(false);
      setProposed(false);
    },
    onApplied: () => setSaved(true),
    onProposed: () => {
      setProposed(true);
      setText(original);
    },
  });
  const danger = setting.name === 'active';

  return (
    <>
      <Card title={t(`settings.names.${setting.name}`, { defaultValue: setting.name })}>
        <Row>
          <AppText variant="caption">{t('settings.editableBy')}</AppText>
          {setting.editableBy.map((r) => (
            <Badge key={r} label={t(`roles.${r}`)} />
          ))}
        </Row>
        {danger ? <AppText variant="error">{t('settings.activeWarning')}</AppText> : null}
        <TextField
          label={t('settings.document')}
          value={text}
          onChangeText={setText}
          editable={editable}
          multiline
          autoCapitalize="none"
          autoCorrect={false}
          spellCheck={false}
          style={[styles.json, mono]}
          error={changed && problem ? t(problem) : null}
        />
        <ErrorLine error={save.error} />
        {saved && !changed ? <AppText role="status">{t('settings.saved')}</AppText> : null}
        {proposed ? <AppText role="status">{t('changes.proposed')}</AppText> : null}
        <PendingNotice kinds={['setting']} target={setting.name} />
        {editable ? (
          <Row>
            <Button
              variant={danger ? 'danger' : 'primary'}
              title={t('common.save')}
              disabled={!changed || !!problem}
              loading={save.isPending}
              onPress={() => save.mutate(parsed.value)}
            />
            <Button variant="secondary" title={t('settings.undo')} disabled={!changed} onPress={() => setText(original)} />
          </Row>
        ) : (
          <AppText variant="caption">{t('settings.readOnlyHelp')}</AppText>
        )}
      </Card>
      {(textSettings as readonly string[]).includes(setting.name) && parsed.value !== undefined && !problem ? (
        <Card title={t('settings.preview')}>
          <Row style={styles.previews}>
            {locales.map((lng) => (
              <View key={lng} style={styles.preview} accessibilityLabel={t('settings.previewIn', { language: t(`languages.${lng}`) })}>
                <Badge label={t(`languages.${lng}`)} />
                <Preview name={setting.name} value={parsed.value} lng={lng} />
              </View>
            ))}
          </Row>
        </Card>
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  json: { minHeight: 260, fontSize: typeScale.label.fontSize },
  previews: { alignItems: 'flex-start' },
  preview: {
    flex: 1,
    minWidth: 220,
    gap: spacing.sm,
    padding: spacing.sm,
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: radius.sm,
  },
});
