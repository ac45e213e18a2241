import { useEffect, useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing, typeScale } from '@/components/ui/theme';
import { locales, type Locale } from '@/i18n';

import { useSaveSetting } from '../../api/save-setting';
import type { Setting } from '../../api/types';
import { useOpT } from '../../i18n';
import { useEditorFont } from '../editor-font';
import { parseSetting, validateSetting } from '../../settings-rules';
import { Badge, Card, ErrorLine, Row } from '../ui';

import { Preview } from './preview';

type Texts = Record<Locale, string>;

const show = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 2));

function textsOf(value: unknown): Texts {
  const d = (value ?? {}) as Partial<Record<Locale, unknown>>;
  return { th: show(d.th), la: show(d.la), en: show(d.en) };
}

/**
 * checkLanguage checks one language's document: an empty field is a missing translation (members
 * then read the Thai text), except for Thai, which is required; otherwise the document must pass the
 * setting's schema (settings-rules.ts). It answers the value to send (null when missing) or an error key.
 */
export function checkLanguage(name: string, lng: Locale, text: string): { value: unknown; error: string | null } {
  if (text.trim() === '') return { value: null, error: lng === 'th' ? 'settings.errors.thaiRequired' : null };
  const parsed = parseSetting(text);
  if (parsed.error) return { value: undefined, error: parsed.error };
  return { value: parsed.value, error: validateSetting(name, parsed.value) };
}

/**
 * TextSettingEditor edits a member-facing text in Thai, Lao and English side by side, each with
 * the member's preview in that language; a language left empty is marked missing and previewed as
 * the Thai text members will read instead.
 */
export function TextSettingEditor({ setting, editable }: { setting: Setting; editable: boolean }) {
  const { t } = useOpT();
  const mono = useEditorFont(true);
  const original = useMemo(() => textsOf(setting.value), [setting.value]);
  const [texts, setTexts] = useState(original);
  const [saved, setSaved] = useState(false);
  useEffect(() => setTexts(original), [original]);

  const checks = Object.fromEntries(locales.map((l) => [l, checkLanguage(setting.name, l, texts[l])])) as Record<
    Locale,
    ReturnType<typeof checkLanguage>
  >;
  const problem = locales.some((l) => checks[l].error);
  const changed = locales.some((l) => texts[l] !== original[l]);

  const save = useSaveSetting(setting.name, { onMutate: () => setSaved(false), onApplied: () => setSaved(true) });

  const title = t(`settings.names.${setting.name}`, { defaultValue: setting.name });
  return (
    <Card title={title}>
      <Row>
        <AppText variant="caption">{t('settings.editableBy')}</AppText>
        {setting.editableBy.map((r) => (
          <Badge key={r} label={t(`roles.${r}`)} />
        ))}
      </Row>
      <AppText variant="caption">{t('settings.perLanguageHelp')}</AppText>
      <Row style={styles.columns}>
        {locales.map((lng) => {
          const language = t(`languages.${lng}`);
          const missing = texts[lng].trim() === '';
          const check = checks[lng];
          const shown = missing ? checks.th.value : check.value;
          return (
            <View key={lng} style={styles.column}>
              <Row>
                <Badge label={language} />
                {missing && lng !== 'th' ? <Badge label={t('settings.missing')} tone="warn" /> : null}
              </Row>
              <TextField
                label={t('settings.valueIn', { language })}
                value={texts[lng]}
                onChangeText={(v) => setTexts((cur) => ({ ...cur, [lng]: v }))}
                editable={editable}
                multiline
                autoCapitalize="none"
                autoCorrect={false}
                spellCheck={false}
                style={[styles.json, mono]}
                error={check.error && (texts[lng] !== original[lng] || lng === 'th') ? t(check.error) : null}
              />
              <View style={styles.preview} accessibilityLabel={t('settings.previewIn', { language })}>
                {missing && lng !== 'th' ? <AppText variant="caption">{t('settings.fallbackPreview')}</AppText> : null}
                {shown !== undefined && shown !== null && !(missing ? checks.th.error : check.error) ? (
                  <Preview name={setting.name} value={shown} lng={lng} />
                ) : null}
              </View>
            </View>
          );
        })}
      </Row>
      <ErrorLine error={save.error} />
      {saved && !changed ? <AppText role="status">{t('settings.saved')}</AppText> : null}
      {editable ? (
        <Row>
          <Button
            title={t('common.save')}
            disabled={!changed || problem}
            loading={save.isPending}
            onPress={() => save.mutate(Object.fromEntries(locales.map((l) => [l, checks[l].value])))}
          />
          <Button variant="secondary" title={t('settings.undo')} disabled={!changed} onPress={() => setTexts(original)} />
        </Row>
      ) : (
        <AppText variant="caption">{t('settings.readOnlyHelp')}</AppText>
      )}
    </Card>
  );
}

const styles = StyleSheet.create({
  columns: { alignItems: 'flex-start' },
  column: { flex: 1, minWidth: 260, gap: spacing.sm },
  json: { minHeight: 220, fontSize: typeScale.label.fontSize },
  preview: { gap: spacing.sm, padding: spacing.sm, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm },
});
