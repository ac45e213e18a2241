import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Pressable, StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { colors, radius, spacing } from '@/components/ui/theme';
import { locales } from '@/i18n';

import { opApi } from '../api/client';
import { isProposal, type Setting } from '../api/types';
import { useEditorFont } from '../components/editor-font';
import { changesKey, PendingNotice } from '../components/pending-changes';
import { Badge, Card, ErrorLine, PageTitle, Row } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { parseSetting, textSettings, validateSetting } from '../settings-rules';
import { useMe } from '../session';

import { BanksSettings } from './settings-banks';
import { Preview } from './settings-preview';
import { QRSettings } from './settings-qr';
import { TextSettingEditor } from './settings-texts';

export default function SettingsPage() {
  const { t } = useOpT();
  const me = useMe();
  const q = useQuery({
    queryKey: ['operator', 'settings'],
    queryFn: () => opApi.get<{ settings: Setting[] }>('/api/operator/settings'),
  });
  const [selected, setSelected] = useState<string | null>(null);
  // The switch that shuts the service down comes last, never as the page opens.
  const list = [...(q.data?.settings ?? [])].sort((a, b) => Number(a.name === 'active') - Number(b.name === 'active'));
  const current = list.find((s) => s.name === selected) ?? list[0];
  return (
    <>
      <PageTitle>{t('pages.settings')}</PageTitle>
      <ErrorLine error={q.error} />
      {q.isLoading ? <AppText>{t('common.loading')}</AppText> : null}
      <View style={styles.layout}>
        <View style={styles.names} role="tablist" aria-label={t('pages.settings')}>
          {list.map((s) => {
            const active = s.name === current?.name;
            return (
              <Pressable
                key={s.name}
                role="tab"
                aria-selected={active}
                accessibilityRole="tab"
                accessibilityState={{ selected: active }}
                onPress={() => setSelected(s.name)}
                style={[styles.name, active && styles.nameActive]}
              >
                <AppText bold={active}>{t(`settings.names.${s.name}`, { defaultValue: s.name })}</AppText>
                {!can(me.data?.role, s.editableBy) ? <AppText variant="caption">{t('settings.readOnly')}</AppText> : null}
                {s.missing?.length ? (
                  <AppText variant="caption">
                    {t('settings.missingList', { languages: s.missing.map((l) => t(`languages.${l}`)).join(', ') })}
                  </AppText>
                ) : null}
              </Pressable>
            );
          })}
        </View>
        <View style={styles.editor}>{current ? <SettingEditor key={current.name} setting={current} editable={can(me.data?.role, current.editableBy)} /> : null}</View>
      </View>
      {/* The bank directory is a table of its own (GET/PUT /api/operator/banks), the owner's alone. */}
      {can(me.data?.role, actionRoles.editBanks) ? <BanksSettings /> : null}
      {/* QR providers (GET/PUT /api/operator/qr/providers): owner and finance; secrets are write-only. */}
      {can(me.data?.role, actionRoles.editQRProviders) ? <QRSettings /> : null}
    </>
  );
}

function SettingEditor({ setting, editable }: { setting: Setting; editable: boolean }) {
  // The member-facing texts are kept per language (the server answers missing[] for them).
  if (setting.missing !== undefined) return <TextSettingEditor setting={setting} editable={editable} />;
  return <DocumentEditor setting={setting} editable={editable} />;
}

function DocumentEditor({ setting, editable }: { setting: Setting; editable: boolean }) {
  const { t } = useOpT();
  const mono = useEditorFont(true);
  const client = useQueryClient();
  const original = useMemo(() => JSON.stringify(setting.value, null, 2), [setting.value]);
  const [text, setText] = useState(original);
  const [saved, setSaved] = useState(false);
  // The threshold and the receiving accounts wait for a second owner (202: proposed).
  const [proposed, setProposed] = useState(false);
  useEffect(() => setText(original), [original]);

  const parsed = parseSetting(text);
  const problem = parsed.error ?? (parsed.value !== undefined ? validateSetting(setting.name, parsed.value, setting.value) : null);
  const changed = text !== original;

  const save = useMutation({
    mutationFn: (value: unknown) => opApi.put(`/api/operator/settings/${encodeURIComponent(setting.name)}`, value),
    onMutate: () => {
      setSaved(false);
      setProposed(false);
    },
    onSuccess: (answer) => {
      if (isProposal(answer)) {
        setProposed(true);
        setText(original);
        client.invalidateQueries({ queryKey: changesKey });
        return;
      }
      setSaved(true);
      client.invalidateQueries({ queryKey: ['operator', 'settings'] });
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
        {danger ? (
          <AppText variant="error">{t('settings.activeWarning')}</AppText>
        ) : null}
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
  layout: { flexDirection: 'row', gap: spacing.lg, flexWrap: 'wrap', alignItems: 'flex-start' },
  names: { width: 220, gap: spacing.xs },
  name: { padding: spacing.sm, borderRadius: radius.sm, borderWidth: 1, borderColor: colors.border, backgroundColor: colors.surface },
  nameActive: { borderColor: colors.primary, backgroundColor: '#e3efe9' },
  editor: { flex: 1, minWidth: 320, gap: spacing.lg },
  json: { minHeight: 260, fontSize: 14 },
  previews: { alignItems: 'flex-start' },
  preview: { flex: 1, minWidth: 220, gap: spacing.sm, padding: spacing.sm, borderWidth: 1, borderColor: colors.border, borderRadius: radius.sm },
});
