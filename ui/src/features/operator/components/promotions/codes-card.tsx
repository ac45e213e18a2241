import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';

import { usePromotions } from '../../api/get-promotions';
import { useSavePromotion } from '../../api/save-promotion';
import { useOpT } from '../../i18n';
import { Badge, Card, DataTable, ErrorLine, money, Row } from '../ui';
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
  const promotionProblemKey = promotion ? promotionProblem(promotion.form) : null;
  const setP = (k: keyof PromotionForm) => (v: string | boolean) => setPromotion((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));
  return (
    <Card title={t('promotions.codes')}>
      {canEdit ? (
        <Row>
          <Button
            variant="secondary"
            title={t('promotions.newCode')}
            onPress={() => {
              savePromotion.reset();
              setPromotion({ isNew: true, form: emptyPromotion });
            }}
          />
        </Row>
      ) : null}
      <DataTable
        label={t('promotions.codes')}
        csvName="promotions"
        loading={promotions.isLoading}
        error={promotions.error}
        rows={promotions.data?.promotions ?? []}
        rowKey={(p) => p.code}
        columns={[
          { key: 'code', label: t('promotions.code'), text: (p) => p.code },
          { key: 'amount', label: t('common.amount'), text: (p) => money(p.amount), align: 'right' },
          { key: 'used', label: t('promotions.used'), text: (p) => (p.limitTotal ? `${p.used} / ${p.limitTotal}` : String(p.used)) },
          { key: 'perMember', label: t('promotions.fields.limitPerMember'), text: (p) => p.limitPerMember, flex: 0.7 },
          { key: 'rule', label: t('promotions.rule'), text: (p) => `${p.percentFail}% / ${p.successPercent}%` },
          {
            key: 'active',
            label: t('promotions.fields.active'),
            text: (p) => (p.active ? 'yes' : 'no'),
            render: (p) => <Badge label={p.active ? t('promotions.on') : t('promotions.off')} tone={p.active ? 'good' : 'neutral'} />,
          },
          {
            key: 'edit',
            label: '',
            text: () => '',
            render: (p) =>
              canEdit ? (
                <Button
                  variant="link"
                  title={t('promotions.edit')}
                  accessibilityLabel={t('promotions.editNamed', { code: p.code })}
                  onPress={() => {
                    savePromotion.reset();
                    setPromotion({ isNew: false, form: toPromotionForm(p) });
                  }}
                />
              ) : null,
          },
        ]}
      />
      {promotion ? (
        <View style={styles.editor}>
          <AppText variant="heading">
            {promotion.isNew ? t('promotions.newCode') : t('promotions.editTitle', { code: promotion.form.code })}
          </AppText>
          <Row style={styles.grid}>
            <View style={styles.field}>
              <TextField
                label={t('promotions.fields.code')}
                value={promotion.form.code}
                upperCase
                editable={promotion.isNew}
                onChangeText={setP('code')}
                autoCapitalize="characters"
              />
            </View>
            {(['amount', 'percentFail', 'successPercent', 'limitTotal', 'limitPerMember', 'validFrom', 'validTo'] as const).map((k) => (
              <View key={k} style={styles.field}>
                <TextField label={t(`promotions.fields.${k}`)} value={promotion.form[k]} onChangeText={setP(k)} autoCapitalize="none" />
              </View>
            ))}
          </Row>
          <TextField
            label={t('promotions.fields.description')}
            value={promotion.form.description}
            onChangeText={setP('description')}
            multiline
            autoCapitalize="none"
          />
          <Checkbox label={t('promotions.fields.active')} checked={promotion.form.active} onChange={setP('active')} />
          {promotionProblemKey ? (
            <AppText variant="error" role="alert">
              {t(promotionProblemKey)}
            </AppText>
          ) : null}
          <ErrorLine error={savePromotion.error} />
          <Row>
            <Button
              title={t('common.save')}
              disabled={!!promotionProblemKey}
              loading={savePromotion.isPending}
              onPress={() => savePromotion.mutate({ isNew: promotion.isNew, body: promotionBody(promotion.form) })}
            />
            <Button variant="secondary" title={t('common.cancel')} onPress={() => setPromotion(null)} />
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
