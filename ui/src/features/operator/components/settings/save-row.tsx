// The pieces the directory editors (banks, QR providers) share: the card of their list, and each
// row's save button with what it says after (the form's problem, the server's refusal, saved).
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { colors, spacing } from '@/components/ui/theme';

import { useOpT } from '../../i18n';
import { Card, ErrorLine } from '../ui';

/** EditorList is a card with a help line and a list of rows, each saved on its own. */
export function EditorList({
  title,
  help,
  error,
  loading,
  children,
}: {
  title: string;
  help: string;
  error: unknown;
  loading: boolean;
  children: ReactNode;
}) {
  const { t } = useOpT();
  return (
    <Card title={title}>
      <AppText variant="caption">{help}</AppText>
      <ErrorLine error={error} />
      {loading ? <AppText>{t('common.loading')}</AppText> : null}
      <View role="list" aria-label={title}>
        {children}
      </View>
    </Card>
  );
}

/** SaveButton saves a row once it changed and while its form has no problem. */
export function SaveButton({
  label,
  changed,
  problem,
  saving,
  onSave,
}: {
  label: string;
  changed: boolean;
  problem: string | null;
  saving: boolean;
  onSave: () => void;
}) {
  const { t } = useOpT();
  return <Button title={t('common.save')} accessibilityLabel={label} disabled={!changed || !!problem} loading={saving} onPress={onSave} />;
}

/** SaveStatus says a row's problem (a console translation key), the server's refusal, and saved (the text, while unchanged). */
export function SaveStatus({ problem, error, saved }: { problem: string | null; error: unknown; saved: string | null }) {
  const { t } = useOpT();
  return (
    <>
      {problem ? (
        <AppText variant="error" role="alert">
          {t(problem)}
        </AppText>
      ) : null}
      <ErrorLine error={error} />
      {saved ? <AppText role="status">{saved}</AppText> : null}
    </>
  );
}

export const rowStyles = StyleSheet.create({
  row: { paddingVertical: spacing.sm, borderBottomWidth: 1, borderColor: colors.border, gap: spacing.xs },
  controls: { alignItems: 'flex-end', flexWrap: 'wrap' },
});
