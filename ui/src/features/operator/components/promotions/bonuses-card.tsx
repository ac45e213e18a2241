import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { useBonuses } from '../../api/get-bonuses';
import { useSaveBonus } from '../../api/save-promotion';
import { useOpT } from '../../i18n';
import { BannerEditor } from '../banner-editor';
import { Badge, Card, DataTable, ErrorLine, money, Row } from '../ui';
import { bonusBody, bonusProblem, bonusTypes, emptyBonus, toBonusForm, type BonusForm } from './forms';

/** BonusesCard lists the deposit bonuses with an editor for a new or a chosen one. */
export function BonusesCard({ canEdit, onNotice }: { canEdit: boolean; onNotice: (text: string) => void }) {
  const { t } = useOpT();
  const bonuses = useBonuses();
  const [bonus, setBonus] = useState<{ isNew: boolean; form: BonusForm } | null>(null);
  const saveBonus = useSaveBonus((code) => {
    onNotice(t('promotions.bonusSaved', { code }));
    setBonus(null);
  });
  const bonusProblemKey = bonus ? bonusProblem(bonus.form) : null;
  const setB = (k: keyof BonusForm) => (v: string | boolean) => setBonus((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));
  return (
    <Card title={t('promotions.bonuses')}>
      {canEdit ? (
        <Row>
          <Button
            variant="secondary"
            title={t('promotions.newBonus')}
            onPress={() => {
              saveBonus.reset();
              setBonus({ isNew: true, form: emptyBonus });
            }}
          />
        </Row>
      ) : null}
      <DataTable
        label={t('promotions.bonuses')}
        csvName="bonuses"
        loading={bonuses.isLoading}
        error={bonuses.error}
        rows={bonuses.data?.bonuses ?? []}
        rowKey={(b) => b.code}
        columns={[
          { key: 'code', label: t('promotions.code'), text: (b) => b.code },
          { key: 'name', label: t('promotions.fields.name'), text: (b) => b.name, flex: 1.5 },
          { key: 'type', label: t('promotions.fields.type'), text: (b) => t(`promotions.types.${b.type}`) },
          { key: 'amount', label: t('common.amount'), text: (b) => (b.percent ? `${b.percent}%` : money(b.amount)), align: 'right' },
          { key: 'max', label: t('promotions.fields.maxReceived'), text: (b) => b.maxReceived, flex: 0.6 },
          { key: 'rule', label: t('promotions.rule'), text: (b) => `${b.percentFail}% / ${b.successPercent}%` },
          {
            key: 'active',
            label: t('promotions.fields.active'),
            text: (b) => (b.active ? 'yes' : 'no'),
            render: (b) => <Badge label={b.active ? t('promotions.on') : t('promotions.off')} tone={b.active ? 'good' : 'neutral'} />,
          },
          {
            key: 'edit',
            label: '',
            text: () => '',
            render: (b) =>
              canEdit ? (
                <Button
                  variant="link"
                  title={t('promotions.edit')}
                  accessibilityLabel={t('promotions.editNamed', { code: b.code })}
                  onPress={() => {
                    saveBonus.reset();
                    setBonus({ isNew: false, form: toBonusForm(b) });
                  }}
                />
              ) : null,
          },
        ]}
      />
      {bonus ? (
        <View style={styles.editor}>
          <AppText variant="heading">
            {bonus.isNew ? t('promotions.newBonus') : t('promotions.editTitle', { code: bonus.form.code })}
          </AppText>
          <Row style={styles.grid}>
            <View style={styles.field}>
              <TextField
                label={t('promotions.fields.code')}
                value={bonus.form.code}
                upperCase
                editable={bonus.isNew}
                onChangeText={setB('code')}
                autoCapitalize="characters"
              />
            </View>
            <View style={styles.field}>
              <Select
                label={t('promotions.fields.type')}
                value={bonus.form.type}
                options={bonusTypes.map((v) => ({ value: v, label: t(`promotions.types.${v}`) }))}
                onChange={setB('type')}
              />
            </View>
            {(
              [
                'name',
                'maxReceived',
                'amount',
                'percent',
                'cap',
                'minDeposit',
                'newMemberDays',
                'percentFail',
                'successPercent',
                'validFrom',
                'validTo',
                'sort',
              ] as const
            ).map((k) => (
              <View key={k} style={styles.field}>
                <TextField label={t(`promotions.fields.${k}`)} value={bonus.form[k]} onChangeText={setB(k)} autoCapitalize="none" />
              </View>
            ))}
          </Row>
          <BannerEditor value={bonus.form.banners} onChange={setB('banners')} />
          <Checkbox
            label={t('promotions.fields.firstDepositOfDay')}
            checked={bonus.form.firstDepositOfDay}
            onChange={setB('firstDepositOfDay')}
          />
          <Checkbox label={t('promotions.fields.active')} checked={bonus.form.active} onChange={setB('active')} />
          {bonusProblemKey ? (
            <AppText variant="error" role="alert">
              {t(bonusProblemKey)}
            </AppText>
          ) : null}
          <ErrorLine error={saveBonus.error} />
          <Row>
            <Button
              title={t('common.save')}
              disabled={!!bonusProblemKey}
              loading={saveBonus.isPending}
              onPress={() => saveBonus.mutate({ isNew: bonus.isNew, body: bonusBody(bonus.form) })}
            />
            <Button variant="secondary" title={t('common.cancel')} onPress={() => setBonus(null)} />
          </Row>
        </View>
      ) : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  grid: { alignItems: 'flex-start' },
  field: { flexGrow: 1, flexBasis: 200 },
  editor: { gap: 8, marginTop: 8 },
});
