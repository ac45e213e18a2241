import { useState } from 'react';
import { View } from 'react-native';

import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';

import { useBonuses } from '../../api/get-bonuses';
import { useSaveBonus } from '../../api/save-promotion';
import { useOpT } from '../../i18n';
import { BannerEditor } from '../banner-editor';
import { money } from '../ui';
import { CodedCard, codedStyles } from './coded-card';
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
  const setB = (k: keyof BonusForm) => (v: string | boolean) => setBonus((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));
  const open = (isNew: boolean, form: BonusForm) => {
    saveBonus.reset();
    setBonus({ isNew, form });
  };
  return (
    <CodedCard
      title={t('promotions.bonuses')}
      newTitle={t('promotions.newBonus')}
      csvName="bonuses"
      canEdit={canEdit}
      loading={bonuses.isLoading}
      error={bonuses.error}
      rows={bonuses.data?.bonuses ?? []}
      columns={[
        { key: 'code', label: t('promotions.code'), text: (b) => b.code },
        { key: 'name', label: t('promotions.fields.name'), text: (b) => b.name, flex: 1.5 },
        { key: 'type', label: t('promotions.fields.type'), text: (b) => t(`promotions.types.${b.type}`) },
        { key: 'amount', label: t('common.amount'), text: (b) => (b.percent ? `${b.percent}%` : money(b.amount)), align: 'right' },
        { key: 'max', label: t('promotions.fields.maxReceived'), text: (b) => b.maxReceived, flex: 0.6 },
        { key: 'rule', label: t('promotions.rule'), text: (b) => `${b.percentFail}% / ${b.successPercent}%` },
      ]}
      onNew={() => open(true, emptyBonus)}
      onEdit={(b) => open(false, toBonusForm(b))}
      editing={bonus ? { isNew: bonus.isNew, code: bonus.form.code, onCode: setB('code') } : null}
      problem={bonus ? bonusProblem(bonus.form) : null}
      saveError={saveBonus.error}
      saving={saveBonus.isPending}
      onSave={() => bonus && saveBonus.mutate({ isNew: bonus.isNew, body: bonusBody(bonus.form) })}
      onCancel={() => setBonus(null)}
      fields={
        bonus ? (
          <>
            <View style={codedStyles.field}>
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
              <View key={k} style={codedStyles.field}>
                <TextField label={t(`promotions.fields.${k}`)} value={bonus.form[k]} onChangeText={setB(k)} autoCapitalize="none" />
              </View>
            ))}
          </>
        ) : null
      }
    >
      {bonus ? (
        <>
          <BannerEditor value={bonus.form.banners} onChange={setB('banners')} />
          <Checkbox
            label={t('promotions.fields.firstDepositOfDay')}
            checked={bonus.form.firstDepositOfDay}
            onChange={setB('firstDepositOfDay')}
          />
          <Checkbox label={t('promotions.fields.active')} checked={bonus.form.active} onChange={setB('active')} />
        </>
      ) : null}
    </CodedCard>
  );
}
