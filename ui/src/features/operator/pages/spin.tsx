import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Image, StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { idempotencyHeader, useIdempotentMutation } from '@/lib/idempotency';
import { pageCount } from '@/lib/pagination';

import { opApi, qs } from '../api/client';
import { Badge, Card, DataTable, ErrorLine, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';
import { chance, expectedPayout, newSlice, previewUri, type PrizeType, type Wheel, type WheelSlice } from '../wheel-preview';

type ActiveWheel = Wheel & {
  today: { day: string; budget: number; spent: number; spins: number };
  budgetExhausted: boolean;
};

type Coupon = {
  coupon: string;
  phone: string;
  prize: { name: string; slice: { code: string; label: string } };
  type: Exclude<PrizeType, 'nothing'>;
  amount: number;
  coins: number;
  status: 'OPEN' | 'CLAIMED' | 'EXPIRED';
  createdAt: string;
  expiresAt: string;
  claimedAt: string | null;
};

type Grant = { id: string; phone: string; coins: number; reason: string; operator: string; createdAt: string };

const limit = 20;
const prizeTypes: PrizeType[] = ['cash', 'bonus', 'coins', 'nothing'];
const int = (v: string) => Number.parseInt(v.replace(/[^\d-]/g, ''), 10) || 0;
const num = (v: string) => Number.parseFloat(v.replace(/[^\d.]/g, '')) || 0;

const blankWheel = (): Wheel => ({
  id: '',
  name: '',
  active: false,
  cost: 1,
  dailyLimit: 0,
  dailyBudget: 0,
  couponDays: 7,
  slices: [
    { ...newSlice(1), code: 'CASH', prize: { type: 'cash', amount: 50, coins: 0, successPercent: 0, percentFail: 0 } },
    { ...newSlice(2), code: 'NONE' },
  ],
});

/**
 * SpinPage is the spin wheel's console page: today's use of the active wheel and its budget, the
 * wheel editor with a live preview and the expected payout per spin, the coupons, and grants of
 * coins.
 */
export default function SpinPage() {
  const { t } = useOpT();
  const me = useMe();
  const canEdit = can(me.data?.role, actionRoles.editSpin);
  const client = useQueryClient();
  const [editing, setEditing] = useState<Wheel | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const active = useQuery({
    queryKey: ['operator', 'spinwheel'],
    queryFn: () => opApi.get<ActiveWheel>('/api/operator/spinwheel'),
    retry: false,
  });
  const wheels = useQuery({
    queryKey: ['operator', 'spinwheels'],
    queryFn: () => opApi.get<{ wheels: Wheel[] }>('/api/operator/spinwheels').then((r) => r.wheels),
  });
  const coupons = useQuery({
    queryKey: ['operator', 'spin-coupons', page],
    queryFn: () => opApi.get<{ coupons: Coupon[]; total: number }>(`/api/operator/spinwheel/coupons${qs({ page, limit })}`),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: (w: Wheel) => opApi.post<Wheel>('/api/operator/spinwheels', w),
    onSuccess: (w) => {
      setSaved(t('spin.saved', { name: w.name }));
      setEditing(null);
      client.invalidateQueries({ queryKey: ['operator', 'spinwheel'] });
      client.invalidateQueries({ queryKey: ['operator', 'spinwheels'] });
    },
  });

  const a = active.data;
  return (
    <>
      <PageTitle>{t('pages.spin')}</PageTitle>
      <Card title={t('spin.today')}>
        {a ? (
          <>
            <Row>
              <AppText bold>{a.name}</AppText>
              {a.budgetExhausted ? <Badge label={t('spin.exhausted')} tone="bad" /> : <Badge label={t('spin.open')} tone="good" />}
            </Row>
            <AppText>
              {a.dailyBudget > 0
                ? t('spin.budgetUse', { spent: money(a.today.spent), budget: money(a.dailyBudget) })
                : t('spin.noBudget', { spent: money(a.today.spent) })}
            </AppText>
            {a.budgetExhausted ? (
              <AppText variant="error" role="alert">
                {t('spin.exhaustedHelp')}
              </AppText>
            ) : null}
            <AppText>{t('spin.spinsToday', { count: a.today.spins })}</AppText>
            <AppText>
              {t('spin.expected', { baht: money(a.expectedPayout?.baht), coins: (a.expectedPayout?.coins ?? 0).toFixed(2), cost: a.cost })}
            </AppText>
          </>
        ) : (
          <AppText>{active.isLoading ? t('common.loading') : t('spin.noActive')}</AppText>
        )}
      </Card>

      <Card title={t('spin.wheels')}>
        <ErrorLine error={wheels.error} />
        {(wheels.data ?? []).map((w) => (
          <Row key={w.id}>
            <AppText bold>{w.name}</AppText>
            {w.active ? <Badge label={t('spin.active')} tone="good" /> : null}
            <AppText variant="caption">{t('spin.sliceCount', { count: w.slices.length })}</AppText>
            {canEdit ? <Button variant="secondary" title={t('spin.edit')} onPress={() => setEditing(structuredClone(w))} /> : null}
          </Row>
        ))}
        {canEdit ? (
          <Row>
            <Button title={t('spin.newWheel')} onPress={() => setEditing(blankWheel())} />
          </Row>
        ) : null}
        {saved ? <AppText role="status">{saved}</AppText> : null}
      </Card>

      {editing ? (
        <WheelEditor
          wheel={editing}
          onChange={setEditing}
          onCancel={() => setEditing(null)}
          onSave={() => save.mutate(editing)}
          saving={save.isPending}
          error={save.error}
        />
      ) : null}

      <DataTable
        label={t('spin.coupons')}
        csvName="spin-coupons"
        loading={coupons.isLoading}
        error={coupons.error}
        rows={coupons.data?.coupons ?? []}
        rowKey={(c) => c.coupon}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (c) => when(c.createdAt) },
          { key: 'phone', label: t('members.phone'), text: (c) => c.phone },
          { key: 'prize', label: t('spin.prize'), text: (c) => `${c.prize.slice.label} (${c.prize.name})`, flex: 2 },
          { key: 'value', label: t('common.amount'), text: (c) => (c.type === 'coins' ? t('spin.coinsValue', { count: c.coins }) : money(c.amount)), align: 'right' },
          { key: 'status', label: t('spin.status'), text: (c) => t(`spin.status${c.status}`) },
          { key: 'expiresAt', label: t('spin.expires'), text: (c) => when(c.expiresAt) },
        ]}
      />
      <Pagination page={page} pages={pageCount(coupons.data?.total ?? 0, limit)} onChange={setPage} />

      {canEdit ? <CoinGrants /> : null}
    </>
  );
}

function WheelEditor({
  wheel,
  onChange,
  onCancel,
  onSave,
  saving,
  error,
}: {
  wheel: Wheel;
  onChange: (w: Wheel) => void;
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  error: unknown;
}) {
  const { t } = useOpT();
  const set = (patch: Partial<Wheel>) => onChange({ ...wheel, ...patch });
  const setSlice = (i: number, patch: Partial<WheelSlice>) =>
    set({ slices: wheel.slices.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const p = chance(wheel.slices);
  const payout = expectedPayout(wheel.slices);
  return (
    <Card title={wheel.id ? t('spin.editing', { name: wheel.name }) : t('spin.newWheel')}>
      <View style={styles.editor}>
        <View style={styles.form}>
          <TextField label={t('spin.name')} value={wheel.name} onChangeText={(v) => set({ name: v })} maxLength={64} />
          <Row>
            <View style={styles.field}>
              <TextField label={t('spin.cost')} value={String(wheel.cost)} onChangeText={(v) => set({ cost: int(v) })} keyboardType="number-pad" />
            </View>
            <View style={styles.field}>
              <TextField label={t('spin.dailyLimit')} value={String(wheel.dailyLimit)} onChangeText={(v) => set({ dailyLimit: int(v) })} keyboardType="number-pad" />
            </View>
            <View style={styles.field}>
              <TextField label={t('spin.dailyBudget')} value={String(wheel.dailyBudget)} onChangeText={(v) => set({ dailyBudget: num(v) })} keyboardType="decimal-pad" />
            </View>
            <View style={styles.field}>
              <TextField label={t('spin.couponDays')} value={String(wheel.couponDays)} onChangeText={(v) => set({ couponDays: int(v) })} keyboardType="number-pad" />
            </View>
          </Row>
          <Checkbox label={t('spin.makeActive')} checked={wheel.active} onChange={(v) => set({ active: v })} />
        </View>
        <View style={styles.preview}>
          <Image source={{ uri: previewUri(wheel.slices) }} style={styles.previewImage} accessibilityLabel={t('spin.preview')} resizeMode="contain" />
          <AppText bold role="status">
            {t('spin.expected', { baht: money(payout.baht), coins: payout.coins.toFixed(2), cost: wheel.cost })}
          </AppText>
        </View>
      </View>
      {wheel.slices.map((s, i) => (
        <View key={i} style={styles.slice}>
          <Row>
            <AppText bold>{t('spin.slice', { n: i + 1, percent: (p[i] * 100).toFixed(2) })}</AppText>
            <Button
              variant="link"
              title={t('spin.removeSlice')}
              disabled={wheel.slices.length <= 2}
              onPress={() => set({ slices: wheel.slices.filter((_, j) => j !== i) })}
            />
          </Row>
          <Row>
            <View style={styles.field}>
              <TextField label={t('spin.code')} value={s.code} onChangeText={(v) => setSlice(i, { code: v.toUpperCase() })} maxLength={32} />
            </View>
            <View style={styles.field}>
              <TextField label={t('spin.weight')} value={String(s.weight)} onChangeText={(v) => setSlice(i, { weight: int(v) })} keyboardType="number-pad" />
            </View>
            <View style={styles.field}>
              <TextField label={t('spin.bgColor')} value={s.bgColor} onChangeText={(v) => setSlice(i, { bgColor: v })} maxLength={7} />
            </View>
            <View style={styles.field}>
              <TextField label={t('spin.textColor')} value={s.textColor} onChangeText={(v) => setSlice(i, { textColor: v })} maxLength={7} />
            </View>
          </Row>
          <Row>
            {(['th', 'la', 'en'] as const).map((l) => (
              <View key={l} style={styles.field}>
                <TextField
                  label={t('spin.label', { lang: t(`languages.${l}`) })}
                  value={s.label[l]}
                  onChangeText={(v) => setSlice(i, { label: { ...s.label, [l]: v } })}
                  maxLength={40}
                />
              </View>
            ))}
          </Row>
          <Row>
            <View style={styles.field}>
              <Select
                label={t('spin.prizeType')}
                value={s.prize.type}
                options={prizeTypes.map((v) => ({ value: v, label: t(`spin.prize_${v}`) }))}
                onChange={(v) => setSlice(i, { prize: { ...s.prize, type: v as PrizeType } })}
              />
            </View>
            {s.prize.type === 'cash' || s.prize.type === 'bonus' ? (
              <View style={styles.field}>
                <TextField
                  label={t('common.amount')}
                  value={String(s.prize.amount)}
                  onChangeText={(v) => setSlice(i, { prize: { ...s.prize, amount: num(v) } })}
                  keyboardType="decimal-pad"
                />
              </View>
            ) : null}
            {s.prize.type === 'bonus' ? (
              <>
                <View style={styles.field}>
                  <TextField
                    label={t('spin.successPercent')}
                    value={String(s.prize.successPercent || 200)}
                    onChangeText={(v) => setSlice(i, { prize: { ...s.prize, successPercent: int(v) } })}
                    keyboardType="number-pad"
                  />
                </View>
                <View style={styles.field}>
                  <TextField
                    label={t('spin.percentFail')}
                    value={String(s.prize.percentFail || 10)}
                    onChangeText={(v) => setSlice(i, { prize: { ...s.prize, percentFail: int(v) } })}
                    keyboardType="number-pad"
                  />
                </View>
              </>
            ) : null}
            {s.prize.type === 'coins' ? (
              <View style={styles.field}>
                <TextField
                  label={t('spin.prizeCoins')}
                  value={String(s.prize.coins)}
                  onChangeText={(v) => setSlice(i, { prize: { ...s.prize, coins: int(v) } })}
                  keyboardType="number-pad"
                />
              </View>
            ) : null}
          </Row>
          <TextField
            label={t('spin.htmlDescription')}
            value={s.htmlDescription}
            onChangeText={(v) => setSlice(i, { htmlDescription: v })}
            maxLength={2000}
            multiline
          />
        </View>
      ))}
      <Row>
        <Button
          variant="secondary"
          title={t('spin.addSlice')}
          disabled={wheel.slices.length >= 24}
          onPress={() => set({ slices: [...wheel.slices, newSlice(wheel.slices.length + 1)] })}
        />
      </Row>
      <AppText variant="caption">{t('spin.rules')}</AppText>
      <ErrorLine error={error} />
      <Row>
        <Button title={t('spin.save')} onPress={onSave} loading={saving} />
        <Button variant="secondary" title={t('common.cancel')} onPress={onCancel} />
      </Row>
    </Card>
  );
}

function CoinGrants() {
  const { t } = useOpT();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [phone, setPhone] = useState('');
  const [coins, setCoins] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['operator', 'coin-grants', page],
    queryFn: () => opApi.get<{ grants: Grant[]; total: number }>(`/api/operator/coins${qs({ page, limit })}`),
    placeholderData: keepPreviousData,
  });
  const grant = useIdempotentMutation(
    (body: { phone: string; coins: number; reason: string }, key: string) =>
      opApi.post<{ coin: number }>('/api/operator/coins', body, { headers: { [idempotencyHeader]: key } }),
    {
      onSuccess: (answer, body) => {
        setDone(t('spin.granted', { count: body.coins, phone: body.phone, balance: answer.coin }));
        setCoins('');
        setReason('');
        client.invalidateQueries({ queryKey: ['operator', 'coin-grants'] });
      },
    },
  );
  const submit = () => {
    setDone(null);
    const n = Number(coins);
    if (!/^\d{10}$/.test(phone)) return setInvalid(t('adjustments.phoneInvalid'));
    if (!Number.isInteger(n) || n === 0) return setInvalid(t('spin.coinsInvalid'));
    if (!reason.trim()) return setInvalid(t('adjustments.reasonRequired'));
    setInvalid(null);
    grant.mutate({ phone, coins: n, reason: reason.trim() });
  };
  return (
    <>
      <Card title={t('spin.grantTitle')}>
        <Row>
          <View style={styles.field}>
            <TextField label={t('members.phone')} value={phone} onChangeText={(v) => setPhone(v.replace(/\D/g, '').slice(0, 10))} keyboardType="number-pad" />
          </View>
          <View style={styles.field}>
            <TextField label={t('spin.grantCoins')} value={coins} onChangeText={(v) => setCoins(v.replace(/[^\d-]/g, ''))} keyboardType="numbers-and-punctuation" />
          </View>
        </Row>
        <TextField label={t('adjustments.reason')} value={reason} onChangeText={setReason} maxLength={200} />
        {invalid ? (
          <AppText variant="error" role="alert">
            {invalid}
          </AppText>
        ) : null}
        <ErrorLine error={grant.error} />
        {done ? <AppText role="status">{done}</AppText> : null}
        <Row>
          <Button title={t('spin.grant')} onPress={submit} loading={grant.isPending} />
        </Row>
      </Card>
      <DataTable
        label={t('spin.grants')}
        csvName="coin-grants"
        loading={list.isLoading}
        error={list.error}
        rows={list.data?.grants ?? []}
        rowKey={(g) => g.id}
        columns={[
          { key: 'createdAt', label: t('member.time'), text: (g) => when(g.createdAt) },
          { key: 'phone', label: t('members.phone'), text: (g) => g.phone },
          { key: 'coins', label: t('spin.grantCoins'), text: (g) => g.coins, align: 'right' },
          { key: 'reason', label: t('adjustments.reason'), text: (g) => g.reason, flex: 2 },
          { key: 'operator', label: t('adjustments.operator'), text: (g) => g.operator },
        ]}
      />
      <Pagination page={page} pages={pageCount(list.data?.total ?? 0, limit)} onChange={setPage} />
    </>
  );
}

const styles = StyleSheet.create({
  editor: { flexDirection: 'row', flexWrap: 'wrap', gap: 16 },
  form: { flexGrow: 1, flexBasis: 320, gap: 8 },
  preview: { alignItems: 'center', gap: 8, flexBasis: 260 },
  previewImage: { width: 240, height: 254 },
  field: { flexGrow: 1, flexBasis: 150 },
  slice: { borderTopWidth: 1, borderTopColor: '#d3ddd7', paddingTop: 8, gap: 8 },
});
