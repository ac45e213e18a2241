import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useOpT } from '../../i18n';
import { Badge, Card, DataTable, ErrorLine, Row, type Column } from '../ui';

type Coded = { code: string; active: boolean };

type Props<R extends Coded> = {
  title: string;
  newTitle: string;
  csvName: string;
  canEdit: boolean;
  loading: boolean;
  error: unknown;
  rows: R[];
  /** columns are the row's own; the active badge and the edit button follow them. */
  columns: Column<R>[];
  onNew: () => void;
  onEdit: (row: R) => void;
  /** editing is the open editor's code (typed only for a new one), null while none is open. */
  editing: { isNew: boolean; code: string; onCode: (code: string) => void } | null;
  /** fields follow the code in the editor's grid (each in a view of codedStyles.field). */
  fields?: ReactNode;
  /** problem is a console translation key of what the server would refuse. */
  problem: string | null;
  saveError: unknown;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  /** children are the editor's lines below the grid. */
  children?: ReactNode;
};

/**
 * CodedCard is a card of things named by a code (the bonuses, the promotion codes): their table with
 * an active badge and an edit button each, and the editor of a new or a chosen one with its checks,
 * its save and cancel.
 */
export function CodedCard<R extends Coded>(p: Props<R>) {
  const { t } = useOpT();
  const columns: Column<R>[] = [
    ...p.columns,
    {
      key: 'active',
      label: t('promotions.fields.active'),
      text: (r) => (r.active ? 'yes' : 'no'),
      render: (r) => <Badge label={r.active ? t('promotions.on') : t('promotions.off')} tone={r.active ? 'good' : 'neutral'} />,
    },
    {
      key: 'edit',
      label: t('common.actions'),
      text: () => '',
      render: (r) =>
        p.canEdit ? (
          <Button
            variant="link"
            title={t('promotions.edit')}
            accessibilityLabel={t('promotions.editNamed', { code: r.code })}
            onPress={() => p.onEdit(r)}
          />
        ) : null,
    },
  ];
  return (
    <Card title={p.title}>
      {p.canEdit ? (
        <Row>
          <Button variant="secondary" title={p.newTitle} onPress={p.onNew} />
        </Row>
      ) : null}
      <DataTable
        label={p.title}
        csvName={p.csvName}
        loading={p.loading}
        error={p.error}
        rows={p.rows}
        rowKey={(r) => r.code}
        columns={columns}
      />
      {p.editing ? (
        <View style={styles.editor}>
          <AppText variant="heading">{p.editing.isNew ? p.newTitle : t('promotions.editTitle', { code: p.editing.code })}</AppText>
          <Row style={codedStyles.grid}>
            <View style={codedStyles.field}>
              <TextField
                label={t('promotions.fields.code')}
                value={p.editing.code}
                upperCase
                editable={p.editing.isNew}
                onChangeText={p.editing.onCode}
                autoCapitalize="characters"
              />
            </View>
            {p.fields}
          </Row>
          {p.children}
          {p.problem ? (
            <AppText variant="error" role="alert">
              {t(p.problem)}
            </AppText>
          ) : null}
          <ErrorLine error={p.saveError} />
          <Row>
            <Button title={t('common.save')} disabled={!!p.problem} loading={p.saving} onPress={p.onSave} />
            <Button variant="secondary" title={t('common.cancel')} onPress={p.onCancel} />
          </Row>
        </View>
      ) : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  editor: { gap: 8, marginTop: 8 },
});

/** codedStyles lay out the editor's grid of fields. */
export const codedStyles = StyleSheet.create({
  grid: { alignItems: 'flex-start' },
  field: { flexGrow: 1, flexBasis: 200 },
});
