import { useState } from 'react';
import { View } from 'react-native';

import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';

import { usePromotions } from '../../api/get-promotions';
import { useSavePromotion } from '../../api/save-promotion';
import { useOpT } from '../../i18n';
import { money } from '../ui';
import { CodedCard, codedStyles } from './coded-card';
import { emptyPromotion, promotionBody, promotionProblem, toPromotionForm, type PromotionForm } from './forms';

/** CodesCard lists the promotion codes with an editor for a new or a chosen one. */
export function CodesCard({ canEdit, onNotice }: { canEdit: boolean; onNotice: (text: string) => void }) {
  const { t } = useOpT();
  const promotions = usePromotions();
  const [promotion, setPromotion] = useState<{ isNew: boolean; form: PromotionForm } | null>(null);
  const savePromotion = useSavePromotion((code) => {
    onNotice(t('promotions.promotionSaved', { code }));
    setPromotion(null);
  });
  const setP = (k: keyof PromotionForm) => (v: string | boolean) => setPromotion((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));
  const open = (isNew: boolean, form: PromotionForm) => {
    savePromotion.reset();
    setPromotion({ isNew, form });
  };
  return (
    <CodedCard
      title={t('promotions.codes')}
      newTitle={t('promotions.newCode')}
      csvName="promotions"
      canEdit={canEdit}
      loading={promotions.isLoading}
      error={promotions.error}
      rows={promotions.data?.promotions ?? []}
      columns={[
        { key: 'code', label: t('promotions.code'), text: (p) => p.code },
        { key: 'amount', label: t('common.amount'), text: (p) => money(p.amount), align: 'right' },
        { key: 'used', label: t('promotions.used'), text: (p) => (p.limitTotal ? `${p.used} / ${p.limitTotal}` : String(p.used)) },
        { key: 'perMember', label: t('promotions.fields.limitPerMember'), text: (p) => p.limitPerMember, flex: 0.7 },
        { key: 'rule', label: t('promotions.rule'), text: (p) => `${p.percentFail}% / ${p.successPercent}%` },
      ]}
      onNew={() => open(true, emptyPromotion)}
      onEdit={(p) => open(false, toPromotionForm(p))}
      editing={promotion ? { isNew: promotion.isNew, code: promotion.form.code, onCode: setP('code') } : null}
      problem={promotion ? promotionProblem(promotion.form) : null}
      saveError={savePromotion.error}
      saving={savePromotion.isPending}
      onSave={() => promotion && savePromotion.mutate({ isNew: promotion.isNew, body: promotionBody(promotion.form) })}
      onCancel={() => setPromotion(null)}
      fields={
        promotion ? (
          <>
            {(['amount', 'percentFail', 'successPercent', 'limitTotal', 'limitPerMember', 'validFrom', 'validTo'] as const).map((k) => (
              <View key={k} style={codedStyles.field}>
                <TextField label={t(`promotions.fields.${k}`)} value={promotion.form[k]} onChangeText={setP(k)} autoCapitalize="none" />
              </View>
            ))}
          </>
        ) : null
      }
    >
      {promotion ? (
        <>
          <TextField
            label={t('promotions.fields.description')}
            value={promotion.form.description}
            onChangeText={setP('description')}
            multiline
            autoCapitalize="none"
          />
          <Checkbox label={t('promotions.fields.active')} checked={promotion.form.active} onChange={setP('active')} />
        </>
      ) : null}
    </CodedCard>
  );
}
