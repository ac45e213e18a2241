import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';

import { opApi } from '../api/client';
import { BannerEditor, bannersToText, textToBanners, type OpBanner } from '../components/banner-editor';
import { Badge, Card, DataTable, ErrorLine, PageTitle, Row, money, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

export type OpBonus = {
  code: string;
  name: string;
  banners: OpBanner[];
  type: 'limit' | 'day' | 'week';
  maxReceived: number;
  amount: number;
  percent: number;
  cap: number;
  minDeposit: number;
  firstDepositOfDay: boolean;
  newMemberDays: number;
  percentFail: number;
  successPercent: number;
  validFrom: string | null;
  validTo: string | null;
  active: boolean;
  sort: number;
};

export type OpPromotion = {
  code: string;
  description: string;
  amount: number;
  percentFail: number;
  successPercent: number;
  limitTotal: number;
  limitPerMember: number;
  used: number;
  validFrom: string | null;
  validTo: string | null;
  active: boolean;
};

export type OpCondition = {
  _id: string;
  memberId: string;
  phone: string;
  name: string;
  source: 'bonus' | 'promotion';
  code: string;
  type: string;
  amount: number;
  base: number;
  target: number;
  minimum: number;
  progress: number;
  total: number;
  /** play is the game results (wins − bets) booked since the condition started. */
  play: number;
  createdAt: string;
};

const bonusTypes = ['limit', 'day', 'week'] as const;

type BonusForm = Record<
  'code' | 'name' | 'type' | 'maxReceived' | 'amount' | 'percent' | 'cap' | 'minDeposit' | 'newMemberDays' | 'percentFail' | 'successPercent' | 'validFrom' | 'validTo' | 'sort' | 'banners',
  string
> & { firstDepositOfDay: boolean; active: boolean };

type PromotionForm = Record<
  'code' | 'description' | 'amount' | 'percentFail' | 'successPercent' | 'limitTotal' | 'limitPerMember' | 'validFrom' | 'validTo',
  string
> & { active: boolean };

const num = (v: string) => (v.trim() === '' ? 0 : Number(v));
const date = (v: string) => (v.trim() === '' ? null : new Date(v.trim()).toISOString());
const isDate = (v: string) => v.trim() === '' || !Number.isNaN(new Date(v.trim()).getTime());
const isNum = (v: string) => v.trim() === '' || Number.isFinite(Number(v));

const emptyBonus: BonusForm = {
  code: '', name: '', type: 'limit', maxReceived: '1', amount: '', percent: '', cap: '', minDeposit: '', newMemberDays: '',
  percentFail: '10', successPercent: '200', validFrom: '', validTo: '', sort: '0', banners: '', firstDepositOfDay: false, active: true,
};

const toBonusForm = (b: OpBonus): BonusForm => ({
  code: b.code, name: b.name, type: b.type, maxReceived: String(b.maxReceived), amount: b.amount ? String(b.amount) : '',
  percent: b.percent ? String(b.percent) : '', cap: b.cap ? String(b.cap) : '', minDeposit: b.minDeposit ? String(b.minDeposit) : '',
  newMemberDays: b.newMemberDays ? String(b.newMemberDays) : '', percentFail: String(b.percentFail), successPercent: String(b.successPercent),
  validFrom: b.validFrom ?? '', validTo: b.validTo ?? '', sort: String(b.sort), banners: bannersToText(b.banners),
  firstDepositOfDay: b.firstDepositOfDay, active: b.active,
});

/** bonusProblem checks what the server would refuse; the answer is a console translation key or null. */
export function bonusProblem(f: BonusForm): string | null {
  if (!/^[A-Z0-9_-]{2,32}$/.test(f.code.trim())) return 'promotions.errors.code';
  if (!f.name.trim()) return 'promotions.errors.name';
  const numbers = [f.maxReceived, f.amount, f.percent, f.cap, f.minDeposit, f.newMemberDays, f.percentFail, f.successPercent, f.sort];
  if (!numbers.every(isNum)) return 'promotions.errors.number';
  if ((num(f.amount) > 0) === (num(f.percent) > 0)) return 'promotions.errors.amount';
  if (num(f.maxReceived) < 1) return 'promotions.errors.maxReceived';
  if (num(f.percentFail) < 0 || num(f.percentFail) > 100 || num(f.successPercent) <= 100) return 'promotions.errors.percent';
  if (!isDate(f.validFrom) || !isDate(f.validTo)) return 'promotions.errors.date';
  return null;
}

const emptyPromotion: PromotionForm = {
  code: '', description: '', amount: '', percentFail: '10', successPercent: '200', limitTotal: '0', limitPerMember: '1',
  validFrom: '', validTo: '', active: true,
};

const toPromotionForm = (p: OpPromotion): PromotionForm => ({
  code: p.code, description: p.description, amount: String(p.amount), percentFail: String(p.percentFail),
  successPercent: String(p.successPercent), limitTotal: String(p.limitTotal), limitPerMember: String(p.limitPerMember),
  validFrom: p.validFrom ?? '', validTo: p.validTo ?? '', active: p.active,
});

export function promotionProblem(f: PromotionForm): string | null {
  if (!/^[A-Z0-9_-]{2,32}$/.test(f.code.trim())) return 'promotions.errors.code';
  if (![f.amount, f.percentFail, f.successPercent, f.limitTotal, f.limitPerMember].every(isNum)) return 'promotions.errors.number';
  if (!(num(f.amount) > 0)) return 'promotions.errors.amount';
  if (num(f.percentFail) < 0 || num(f.percentFail) > 100 || num(f.successPercent) <= 100) return 'promotions.errors.percent';
  if (!isDate(f.validFrom) || !isDate(f.validTo)) return 'promotions.errors.date';
  return null;
}

/** progressShare is how far progress went from the minimum to the target, 0–100. */
export function progressShare(c: Pick<OpCondition, 'minimum' | 'target' | 'progress'>): number {
  const span = c.target - c.minimum;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((c.progress - c.minimum) / span) * 100)));
}

export default function PromotionsPage() {
  const { t } = useOpT();
  const client = useQueryClient();
  const me = useMe();
  const canEdit = can(me.data?.role, actionRoles.editPromotions);
  const bonuses = useQuery({ queryKey: ['operator', 'bonuses'], queryFn: () => opApi.get<{ bonuses: OpBonus[] }>('/api/operator/bonuses') });
  const promotions = useQuery({
    queryKey: ['operator', 'promotions'],
    queryFn: () => opApi.get<{ promotions: OpPromotion[] }>('/api/operator/promotions'),
  });
  const conditions = useQuery({
    queryKey: ['operator', 'conditions'],
    queryFn: () => opApi.get<{ conditions: OpCondition[] }>('/api/operator/conditions'),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [bonus, setBonus] = useState<{ isNew: boolean; form: BonusForm } | null>(null);
  const [promotion, setPromotion] = useState<{ isNew: boolean; form: PromotionForm } | null>(null);
  const [ending, setEnding] = useState<{ condition: OpCondition; forfeit: boolean } | null>(null);

  const saveBonus = useMutation({
    mutationFn: ({ isNew, form }: { isNew: boolean; form: BonusForm }) => {
      const body = {
        code: form.code.trim(), name: form.name.trim(), type: form.type, maxReceived: num(form.maxReceived), amount: num(form.amount),
        percent: num(form.percent), cap: num(form.cap), minDeposit: num(form.minDeposit), newMemberDays: num(form.newMemberDays),
        percentFail: num(form.percentFail), successPercent: num(form.successPercent), validFrom: date(form.validFrom),
        validTo: date(form.validTo), sort: num(form.sort), banners: textToBanners(form.banners),
        firstDepositOfDay: form.firstDepositOfDay, active: form.active,
      };
      return isNew
        ? opApi.post('/api/operator/bonuses', body)
        : opApi.put(`/api/operator/bonuses/${encodeURIComponent(body.code)}`, body);
    },
    onSuccess: (_a, { form }) => {
      setNotice(t('promotions.bonusSaved', { code: form.code.trim() }));
      setBonus(null);
      client.invalidateQueries({ queryKey: ['operator', 'bonuses'] });
    },
  });
  const savePromotion = useMutation({
    mutationFn: ({ isNew, form }: { isNew: boolean; form: PromotionForm }) => {
      const body = {
        code: form.code.trim(), description: form.description, amount: num(form.amount), percentFail: num(form.percentFail),
        successPercent: num(form.successPercent), limitTotal: num(form.limitTotal), limitPerMember: num(form.limitPerMember),
        validFrom: date(form.validFrom), validTo: date(form.validTo), active: form.active,
      };
      return isNew
        ? opApi.post('/api/operator/promotions', body)
        : opApi.put(`/api/operator/promotions/${encodeURIComponent(body.code)}`, body);
    },
    onSuccess: (_a, { form }) => {
      setNotice(t('promotions.promotionSaved', { code: form.code.trim() }));
      setPromotion(null);
      client.invalidateQueries({ queryKey: ['operator', 'promotions'] });
    },
  });
  const end = useIdempotentMutation(
    ({ id, forfeit }: { id: string; forfeit: boolean }, key: string) =>
      opApi.post(`/api/operator/conditions/${encodeURIComponent(id)}/end`, { forfeit }, { headers: { [idempotencyHeader]: key } }),
    {
      onSuccess: () => {
        setNotice(t('promotions.ended', { name: ending?.condition.name || ending?.condition.phone }));
        setEnding(null);
        client.invalidateQueries({ queryKey: ['operator', 'conditions'] });
      },
    },
  );

  const bonusProblemKey = bonus ? bonusProblem(bonus.form) : null;
  const promotionProblemKey = promotion ? promotionProblem(promotion.form) : null;
  const setB = (k: keyof BonusForm) => (v: string | boolean) => setBonus((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));
  const setP = (k: keyof PromotionForm) => (v: string | boolean) => setPromotion((e) => (e ? { ...e, form: { ...e.form, [k]: v } } : e));

  return (
    <>
      <PageTitle>{t('pages.promotions')}</PageTitle>
      {notice ? <AppText role="status">{notice}</AppText> : null}

      <Card title={t('promotions.conditions')}>
        <DataTable
          label={t('promotions.conditions')}
          csvName="conditions"
          loading={conditions.isLoading}
          error={conditions.error}
          rows={conditions.data?.conditions ?? []}
          rowKey={(c) => c._id}
          minWidth={900}
          columns={[
            { key: 'member', label: t('promotions.member'), text: (c) => `${c.name} ${c.phone}`, flex: 1.4 },
            { key: 'code', label: t('promotions.code'), text: (c) => `${c.code} (${c.type})` },
            { key: 'amount', label: t('common.amount'), text: (c) => money(c.amount), align: 'right' },
            { key: 'progress', label: t('promotions.progress'), text: (c) => money(c.progress), align: 'right' },
            { key: 'bounds', label: t('promotions.bounds'), text: (c) => `${money(c.minimum)} – ${money(c.target)}`, flex: 1.4 },
            { key: 'share', label: '%', text: (c) => progressShare(c), flex: 0.5, align: 'right' },
            { key: 'since', label: t('promotions.since'), text: (c) => when(c.createdAt) },
            {
              key: 'end',
              label: '',
              text: () => '',
              flex: 1.4,
              render: (c) =>
                canEdit ? (
                  <Row>
                    <Button variant="link" title={t('promotions.release')} accessibilityLabel={t('promotions.releaseNamed', { name: c.name || c.phone })} onPress={() => { end.reset(); setEnding({ condition: c, forfeit: false }); }} />
                    <Button variant="link" title={t('promotions.forfeit')} accessibilityLabel={t('promotions.forfeitNamed', { name: c.name || c.phone })} onPress={() => { end.reset(); setEnding({ condition: c, forfeit: true }); }} />
                  </Row>
                ) : null,
            },
          ]}
        />
        {ending ? (
          <View style={styles.confirm}>
            <AppText bold>
              {t(ending.forfeit ? 'promotions.confirmForfeit' : 'promotions.confirmRelease', {
                name: ending.condition.name || ending.condition.phone,
                code: ending.condition.code,
              })}
            </AppText>
            <ErrorLine error={end.error} />
            <Row>
              <Button
                variant="danger"
                title={t('promotions.confirm')}
                loading={end.isPending}
                onPress={() => end.mutate({ id: ending.condition._id, forfeit: ending.forfeit })}
              />
              <Button variant="secondary" title={t('common.cancel')} onPress={() => setEnding(null)} />
            </Row>
          </View>
        ) : null}
      </Card>

      <Card title={t('promotions.bonuses')}>
        {canEdit ? (
          <Row>
            <Button variant="secondary" title={t('promotions.newBonus')} onPress={() => { saveBonus.reset(); setBonus({ isNew: true, form: emptyBonus }); }} />
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
                  <Button variant="link" title={t('promotions.edit')} accessibilityLabel={t('promotions.editNamed', { code: b.code })} onPress={() => { saveBonus.reset(); setBonus({ isNew: false, form: toBonusForm(b) }); }} />
                ) : null,
            },
          ]}
        />
        {bonus ? (
          <View style={styles.editor}>
            <AppText variant="heading">{bonus.isNew ? t('promotions.newBonus') : t('promotions.editTitle', { code: bonus.form.code })}</AppText>
            <Row style={styles.grid}>
              <View style={styles.field}>
                <TextField label={t('promotions.fields.code')} value={bonus.form.code} upperCase editable={bonus.isNew} onChangeText={setB('code')} autoCapitalize="characters" />
              </View>
              <View style={styles.field}>
                <Select
                  label={t('promotions.fields.type')}
                  value={bonus.form.type}
                  options={bonusTypes.map((v) => ({ value: v, label: t(`promotions.types.${v}`) }))}
                  onChange={setB('type')}
                />
              </View>
              {(['name', 'maxReceived', 'amount', 'percent', 'cap', 'minDeposit', 'newMemberDays', 'percentFail', 'successPercent', 'validFrom', 'validTo', 'sort'] as const).map((k) => (
                <View key={k} style={styles.field}>
                  <TextField label={t(`promotions.fields.${k}`)} value={bonus.form[k]} onChangeText={setB(k)} autoCapitalize="none" />
                </View>
              ))}
            </Row>
            <BannerEditor value={bonus.form.banners} onChange={setB('banners')} />
            <Checkbox label={t('promotions.fields.firstDepositOfDay')} checked={bonus.form.firstDepositOfDay} onChange={setB('firstDepositOfDay')} />
            <Checkbox label={t('promotions.fields.active')} checked={bonus.form.active} onChange={setB('active')} />
            {bonusProblemKey ? (
              <AppText variant="error" role="alert">
                {t(bonusProblemKey)}
              </AppText>
            ) : null}
            <ErrorLine error={saveBonus.error} />
            <Row>
              <Button title={t('common.save')} disabled={!!bonusProblemKey} loading={saveBonus.isPending} onPress={() => saveBonus.mutate(bonus)} />
              <Button variant="secondary" title={t('common.cancel')} onPress={() => setBonus(null)} />
            </Row>
          </View>
        ) : null}
      </Card>

      <Card title={t('promotions.codes')}>
        {canEdit ? (
          <Row>
            <Button variant="secondary" title={t('promotions.newCode')} onPress={() => { savePromotion.reset(); setPromotion({ isNew: true, form: emptyPromotion }); }} />
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
                  <Button variant="link" title={t('promotions.edit')} accessibilityLabel={t('promotions.editNamed', { code: p.code })} onPress={() => { savePromotion.reset(); setPromotion({ isNew: false, form: toPromotionForm(p) }); }} />
                ) : null,
            },
          ]}
        />
        {promotion ? (
          <View style={styles.editor}>
            <AppText variant="heading">{promotion.isNew ? t('promotions.newCode') : t('promotions.editTitle', { code: promotion.form.code })}</AppText>
            <Row style={styles.grid}>
              <View style={styles.field}>
                <TextField label={t('promotions.fields.code')} value={promotion.form.code} upperCase editable={promotion.isNew} onChangeText={setP('code')} autoCapitalize="characters" />
              </View>
              {(['amount', 'percentFail', 'successPercent', 'limitTotal', 'limitPerMember', 'validFrom', 'validTo'] as const).map((k) => (
                <View key={k} style={styles.field}>
                  <TextField label={t(`promotions.fields.${k}`)} value={promotion.form[k]} onChangeText={setP(k)} autoCapitalize="none" />
                </View>
              ))}
            </Row>
            <TextField label={t('promotions.fields.description')} value={promotion.form.description} onChangeText={setP('description')} multiline autoCapitalize="none" />
            <Checkbox label={t('promotions.fields.active')} checked={promotion.form.active} onChange={setP('active')} />
            {promotionProblemKey ? (
              <AppText variant="error" role="alert">
                {t(promotionProblemKey)}
              </AppText>
            ) : null}
            <ErrorLine error={savePromotion.error} />
            <Row>
              <Button title={t('common.save')} disabled={!!promotionProblemKey} loading={savePromotion.isPending} onPress={() => savePromotion.mutate(promotion)} />
              <Button variant="secondary" title={t('common.cancel')} onPress={() => setPromotion(null)} />
            </Row>
          </View>
        ) : null}
      </Card>
    </>
  );
}

const styles = StyleSheet.create({
  grid: { alignItems: 'flex-start' },
  field: { flexGrow: 1, flexBasis: 200 },
  editor: { gap: 8, marginTop: 8 },
  confirm: { gap: 8, marginTop: 8 },
});
