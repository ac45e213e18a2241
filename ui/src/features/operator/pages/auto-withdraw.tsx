import { useEffect, useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';
import { ApiError } from '@/lib/api';

import { useSettings } from '../api/get-settings';
import { useSaveSetting } from '../api/save-setting';
import { useAutoT } from '../components/autowithdraw/i18n';
import {
  amountFields,
  formOf,
  problemsOf,
  rulesOf,
  wholeFields,
  type AutoRules,
  type NumberField,
  type RulesForm,
} from '../components/autowithdraw/rules';
import { PendingNotice } from '../components/pending-changes';
import { Card, ErrorLine, money, PageTitle, Row } from '../components/ui';
import { thresholdOf } from '../components/withdrawals/approvals';
import { useOpT } from '../i18n';
import { can } from '../roles';
import { useMe } from '../session';

const setting = 'autoWithdraw';

/**
 * The owners' auto-approval rules of withdrawals (GET/PUT /api/operator/settings/autoWithdraw): a
 * withdrawal that passes every rule is approved by the system; a change waits for a second owner.
 */
export default function AutoWithdrawPage() {
  const { t } = useAutoT();
  const op = useOpT().t;
  const me = useMe();
  const q = useSettings();
  const current = q.data?.settings.find((s) => s.name === setting);
  const threshold = thresholdOf(q.data?.settings);
  const original = useMemo(() => (current ? formOf(current.value as AutoRules) : null), [current]);
  const [form, setForm] = useState<RulesForm | null>(original);
  const [saved, setSaved] = useState(false);
  const [proposed, setProposed] = useState(false);
  useEffect(() => setForm(original), [original]);

  const save = useSaveSetting(setting, {
    onMutate: () => {
      setSaved(false);
      setProposed(false);
    },
    onApplied: () => setSaved(true),
    onProposed: () => {
      setProposed(true);
      setForm(original);
    },
  });

  const editable = !!current && can(me.data?.role, current.editableBy);
  const problems = form ? problemsOf(form, threshold) : {};
  const changed = !!form && !!original && JSON.stringify(form) !== JSON.stringify(original);
  // The server's refusal of a field (e.g. maxAmount above the threshold) shows under that field.
  const refused = save.error instanceof ApiError && save.error.field ? save.error.field : null;
  const set = (patch: Partial<RulesForm>) => setForm((f) => (f ? { ...f, ...patch } : f));

  const errorOf = (k: NumberField): string | null => {
    const p = problems[k];
    if (p) return t(p.key, { ...p.values, threshold: money(threshold) });
    if (refused === k) return t('errors.aboveThreshold', { threshold: money(threshold) });
    return null;
  };
  const field = (k: NumberField, decimal: boolean) => (
    <View key={k} style={styles.field}>
      <TextField
        label={t(`fields.${k}`)}
        value={form?.[k] ?? ''}
        onChangeText={(v) => set({ [k]: v } as Partial<RulesForm>)}
        keyboardType={decimal ? 'decimal-pad' : 'number-pad'}
        editable={editable}
        error={errorOf(k)}
      />
      {k === 'maxDayTotal' || k === 'minAccountAgeDays' || k === 'minDepositPercent' ? (
        <AppText variant="caption">{t(`help.${k}`)}</AppText>
      ) : null}
    </View>
  );

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <ErrorLine error={q.error} />
      {q.isLoading ? <AppText>{op('common.loading')}</AppText> : null}
      {form ? (
        <Card>
          <AppText variant="caption">{t('intro', { threshold: money(threshold) })}</AppText>
          <Checkbox label={t('fields.enabled')} checked={form.enabled} onChange={(v) => editable && set({ enabled: v })} />
          <Row style={styles.fields}>
            {amountFields.map((k) => field(k, true))}
            {wholeFields.map((k) => field(k, false))}
          </Row>
          <Checkbox
            label={t('fields.requireNoBonus')}
            checked={form.requireNoBonus}
            onChange={(v) => editable && set({ requireNoBonus: v })}
          />
          {refused ? null : <ErrorLine error={save.error} />}
          {saved && !changed ? <AppText role="status">{t('saved')}</AppText> : null}
          {proposed ? <AppText role="status">{op('changes.proposed')}</AppText> : null}
          <PendingNotice kinds={['setting']} target={setting} />
          {editable ? (
            <Row>
              <Button
                title={t('save')}
                disabled={!changed || Object.keys(problems).length > 0}
                loading={save.isPending}
                onPress={() => save.mutate(rulesOf(form))}
              />
              <Button variant="secondary" title={t('undo')} disabled={!changed} onPress={() => setForm(original)} />
            </Row>
          ) : (
            <AppText variant="caption">{t('readOnly')}</AppText>
          )}
        </Card>
      ) : null}
    </>
  );
}

const styles = StyleSheet.create({
  fields: { gap: spacing.md, flexWrap: 'wrap', alignItems: 'flex-start' },
  field: { minWidth: 240, flexBasis: 240, flexGrow: 1, gap: spacing.xs },
});
