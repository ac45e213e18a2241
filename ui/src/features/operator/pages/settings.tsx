import { useState } from 'react';
import { Pressable, StyleSheet, View } from 'react-native';

import { AppText } from '@/components/ui/text';
import { colors, radius, spacing, touchTarget } from '@/components/ui/theme';

import { useSettings } from '../api/get-settings';
import type { Setting } from '../api/types';
import { BanksSettings } from '../components/settings/banks';
import { DocumentEditor } from '../components/settings/document-editor';
import { QRSettings } from '../components/settings/qr';
import { TextSettingEditor } from '../components/settings/texts';
import { ErrorLine, PageTitle } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

export default function SettingsPage() {
  const { t } = useOpT();
  const me = useMe();
  const q = useSettings();
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
        <View style={styles.editor}>
          {current ? <SettingEditor key={current.name} setting={current} editable={can(me.data?.role, current.editableBy)} /> : null}
        </View>
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

const styles = StyleSheet.create({
  layout: { flexDirection: 'row', gap: spacing.lg, flexWrap: 'wrap', alignItems: 'flex-start' },
  names: { width: 220, gap: spacing.xs },
  name: {
    padding: spacing.sm,
    borderRadius: radius.sm,
    borderWidth: 1,
    borderColor: colors.border,
    backgroundColor: colors.surface,
    minHeight: touchTarget,
    justifyContent: 'center',
  },
  nameActive: { borderColor: colors.primary, backgroundColor: colors.primarySoft },
  editor: { flex: 1, minWidth: 320, gap: spacing.lg },
});
