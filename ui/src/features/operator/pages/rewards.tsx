import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';
import { TextField } from '@/components/ui/text-field';
import { spacing } from '@/components/ui/theme';
import { pageCount } from '@/lib/pagination';

import { opApi } from '../api/client';
import type { OpBanner } from '../api/upload-banner';
import { BannerEditor, bannersToText, textToBanners } from '../components/banner-editor';
import { Badge, Card, DataTable, ErrorLine, PageTitle, Row, money, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

export type Program = 'refund' | 'invite';

export type RewardSettings = {
  active: boolean;
  period: 'daily' | 'weekly';
  rateBP: number;
  minNetLoss: number;
  maxPerPeriod: number;
  games: string[];
  successPercent: number;
  failPercent: number;
  info: Record<string, string>;
  banners: OpBanner[];
  updatedAt?: string;
  updatedBy?: string;
};

type Run = { id: string; period: string; endsAt: string; bets: number; members: number; stake: number; payout: number; amount: number; by: string; createdAt: string };

type Item = { id: string; memberId: string; phone: string; name: string; fromName?: string; period: string; stake: number; payout: number; amount: number; status: string; createdAt: string };

type Collect = { game: string; cursor: string; bets: number; lastBetAt: string | null; lastRunAt: string | null; lastOkAt: string | null; lastError: string; lastErrorAt: string | null; lag: number };

type Result = { memberId: string; game: string; day: string; bets: number; stake: number; payout: number; net: number };

type Form = {
  active: boolean;
  period: string;
  rate: string;
  minNetLoss: string;
  maxPerPeriod: string;
  games: string;
  successPercent: string;
  failPercent: string;
  infoTh: string;
  infoLa: string;
  infoEn: string;
  banners: string;
};

const toForm = (s: RewardSettings): Form => ({
  active: s.active, period: s.period, rate: String(s.rateBP / 100), minNetLoss: String(s.minNetLoss), maxPerPeriod: String(s.maxPerPeriod),
  games: (s.games ?? []).join(', '), successPercent: String(s.successPercent), failPercent: String(s.failPercent),
  infoTh: s.info?.th ?? '', infoLa: s.info?.la ?? '', infoEn: s.info?.en ?? '', banners: bannersToText(s.banners ?? []),
});

const isNum = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));

/** formProblem checks what the server would refuse; the answer is a console translation key or null. */
export function formProblem(f: Form): string | null {
  if (![f.rate, f.minNetLoss, f.maxPerPeriod, f.successPercent, f.failPercent].every(isNum)) return 'rewards.errors.number';
  if (Number(f.rate) < 0 || Number(f.rate) > 100) return 'rewards.errors.rate';
  if (Number(f.failPercent) < 0 || Number(f.failPercent) > 100 || Number(f.successPercent) <= 100) return 'rewards.errors.percent';
  return null;
}

/** toSettings turns the form into the settings body (the rate in basis points). */
export function toSettings(f: Form): RewardSettings {
  const info: Record<string, string> = {};
  if (f.infoTh.trim()) info.th = f.infoTh;
  if (f.infoLa.trim()) info.la = f.infoLa;
  if (f.infoEn.trim()) info.en = f.infoEn;
  return {
    active: f.active, period: f.period as 'daily' | 'weekly', rateBP: Math.round(Number(f.rate) * 100), minNetLoss: Number(f.minNetLoss),
    maxPerPeriod: Number(f.maxPerPeriod), games: f.games.split(',').map((g) => g.trim()).filter(Boolean),
    successPercent: Number(f.successPercent), failPercent: Number(f.failPercent), info, banners: textToBanners(f.banners),
  };
}

/**
 * RewardsPage is the console's cashback and invite page: each program's settings (banners
 * included, in the banner editor the promotions page uses too), "close the period now", the
 * accrual runs with their totals, the history per member, and the collection of game results.
 */
export default function RewardsPage() {
  const { t } = useOpT();
  const client = useQueryClient();
  const me = useMe();
  const canEdit = can(me.data?.role, actionRoles.editPromotions);
  const [program, setProgram] = useState<Program>('refund');
  const [form, setForm] = useState<Form | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [member, setMember] = useState('');
  const [page, setPage] = useState(1);

  const settings = useQuery({
    queryKey: ['operator', 'rewards', program, 'settings'],
    queryFn: () => opApi.get<{ settings: RewardSettings }>(`/api/operator/rewards/${program}/settings`).then((r) => r.settings),
  });
  const runs = useQuery({
    queryKey: ['operator', 'rewards', program, 'runs'],
    queryFn: () => opApi.get<{ runs: Run[] }>(`/api/operator/rewards/${program}/runs`).then((r) => r.runs),
    enabled: canEdit,
  });
  const items = useQuery({
    queryKey: ['operator', 'rewards', program, 'items', member, page],
    queryFn: () =>
      opApi.get<{ items: Item[]; total: number }>(
        `/api/operator/rewards/${program}/items?page=${page}&limit=20${member.trim() ? `&member=${encodeURIComponent(member.trim())}` : ''}`,
      ),
  });
  const collection = useQuery({
    queryKey: ['operator', 'collection'],
    queryFn: () => opApi.get<{ games: Collect[] }>('/api/operator/collection').then((r) => r.games),
  });
  const results = useQuery({
    queryKey: ['operator', 'game-results', member],
    queryFn: () =>
      opApi.get<{ results: Result[] }>(`/api/operator/game-results?limit=100${member.trim() ? `&member=${encodeURIComponent(member.trim())}` : ''}`).then((r) => r.results),
  });

  const invalidate = () => client.invalidateQueries({ queryKey: ['operator', 'rewards'] });
  const save = useMutation({
    mutationFn: (f: Form) => opApi.put(`/api/operator/rewards/${program}/settings`, toSettings(f)),
    onSuccess: () => {
      setNotice(t('rewards.saved'));
      setForm(null);
      invalidate();
    },
  });
  const close = useMutation({
    mutationFn: () => opApi.post<{ run: Run }>(`/api/operator/${program}/close-period`, {}),
    onSuccess: ({ run }) => {
      setNotice(t('rewards.closed', { period: run.period, amount: money(run.amount), members: run.members }));
      setConfirmClose(false);
      invalidate();
      client.invalidateQueries({ queryKey: ['operator', 'collection'] });
    },
  });
  const collect = useMutation({
    mutationFn: () => opApi.post<{ bets: number }>('/api/operator/collection/run', {}),
    onSuccess: ({ bets }) => {
      setNotice(t('rewards.collected', { count: bets }));
      client.invalidateQueries({ queryKey: ['operator', 'collection'] });
      client.invalidateQueries({ queryKey: ['operator', 'game-results'] });
    },
  });

  const set = (k: keyof Form) => (v: string | boolean) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const problem = form ? formProblem(form) : null;
  const st = settings.data;

  return (
    <>
      <PageTitle>{t('pages.rewards')}</PageTitle>
      {notice ? <AppText role="status">{notice}</AppText> : null}
      <Row>
        <View style={styles.field}>
          <Select
            label={t('rewards.program')}
            value={program}
            options={(['refund', 'invite'] as const).map((p) => ({ value: p, label: t(`rewards.programs.${p}`) }))}
            onChange={(v) => {
              setProgram(v as Program);
              setForm(null);
              setPage(1);
              setConfirmClose(false);
            }}
          />
        </View>
      </Row>

      <Card title={t('rewards.settings')}>
        <ErrorLine error={settings.error} />
        {st ? (
          <Row>
            <Badge label={st.active ? t('rewards.on') : t('rewards.off')} tone={st.active ? 'good' : 'neutral'} />
            <AppText>
              {t('rewards.summary', {
                period: t(`rewards.periods.${st.period}`),
                rate: st.rateBP / 100,
                min: money(st.minNetLoss),
                max: st.maxPerPeriod ? money(st.maxPerPeriod) : t('rewards.noCap'),
                success: st.successPercent,
                fail: st.failPercent,
              })}
            </AppText>
            {canEdit && !form ? <Button variant="secondary" title={t('rewards.edit')} onPress={() => { save.reset(); setForm(toForm(st)); }} /> : null}
          </Row>
        ) : null}
        {form ? (
          <View style={styles.editor}>
            <Row style={styles.grid}>
              <View style={styles.field}>
                <Select
                  label={t('rewards.fields.period')}
                  value={form.period}
                  options={(['daily', 'weekly'] as const).map((p) => ({ value: p, label: t(`rewards.periods.${p}`) }))}
                  onChange={set('period')}
                />
              </View>
              {(['rate', 'minNetLoss', 'maxPerPeriod', 'successPercent', 'failPercent', 'games'] as const).map((k) => (
                <View key={k} style={styles.field}>
                  <TextField label={t(`rewards.fields.${k}`)} value={form[k]} onChangeText={set(k)} autoCapitalize="none" />
                </View>
              ))}
            </Row>
            <AppText variant="caption">{t('rewards.help.' + program)}</AppText>
            {(['infoTh', 'infoLa', 'infoEn'] as const).map((k) => (
              <View key={k}>
                <TextField label={t(`rewards.fields.${k}`)} value={form[k]} onChangeText={set(k)} multiline autoCapitalize="none" />
                {/* An untranslated explanation: members read the Thai one (docs/api.md). */}
                {k !== 'infoTh' && !form[k].trim() && form.infoTh.trim() ? (
                  <AppText variant="caption">{t('settings.fallbackPreview')}</AppText>
                ) : null}
              </View>
            ))}
            <BannerEditor value={form.banners} onChange={set('banners')} />
            <Checkbox label={t('rewards.fields.active')} checked={form.active} onChange={set('active')} />
            {problem ? (
              <AppText variant="error" role="alert">
                {t(problem)}
              </AppText>
            ) : null}
            <ErrorLine error={save.error} />
            <Row>
              <Button title={t('common.save')} disabled={!!problem} loading={save.isPending} onPress={() => save.mutate(form)} />
              <Button variant="secondary" title={t('common.cancel')} onPress={() => setForm(null)} />
            </Row>
          </View>
        ) : null}
      </Card>

      {canEdit ? (
        <Card title={t('rewards.runs')}>
          <Row>
            <Button variant="secondary" title={t('rewards.closeNow')} onPress={() => { close.reset(); setConfirmClose(true); }} />
          </Row>
          {confirmClose ? (
            <View style={styles.editor}>
              <AppText bold>{t('rewards.confirmClose', { program: t(`rewards.programs.${program}`) })}</AppText>
              <ErrorLine error={close.error} />
              <Row>
                <Button variant="danger" title={t('rewards.closeConfirm')} loading={close.isPending} onPress={() => close.mutate()} />
                <Button variant="secondary" title={t('common.cancel')} onPress={() => setConfirmClose(false)} />
              </Row>
            </View>
          ) : null}
          <DataTable
            label={t('rewards.runs')}
            csvName={`${program}-runs`}
            loading={runs.isLoading}
            error={runs.error}
            rows={runs.data ?? []}
            rowKey={(r) => r.id}
            minWidth={900}
            columns={[
              { key: 'period', label: t('rewards.period'), text: (r) => r.period, flex: 1.6 },
              { key: 'ends', label: t('rewards.endsAt'), text: (r) => when(r.endsAt) },
              { key: 'bets', label: t('rewards.bets'), text: (r) => r.bets, align: 'right', flex: 0.6 },
              { key: 'members', label: t('rewards.members'), text: (r) => r.members, align: 'right', flex: 0.6 },
              { key: 'net', label: t('rewards.netLoss'), text: (r) => money(r.stake - r.payout), align: 'right' },
              { key: 'amount', label: t('common.amount'), text: (r) => money(r.amount), align: 'right' },
              { key: 'by', label: t('rewards.by'), text: (r) => r.by || t('rewards.scheduled') },
            ]}
          />
        </Card>
      ) : null}

      <Card title={t('rewards.history')}>
        <View style={styles.field}>
          <TextField label={t('rewards.memberId')} value={member} onChangeText={(v) => { setMember(v); setPage(1); }} autoCapitalize="none" />
        </View>
        <DataTable
          label={t('rewards.history')}
          csvName={`${program}-history`}
          loading={items.isLoading}
          error={items.error}
          rows={items.data?.items ?? []}
          rowKey={(r) => r.id}
          minWidth={900}
          columns={[
            { key: 'member', label: t('rewards.member'), text: (r) => `${r.name} ${r.phone}`, flex: 1.4 },
            ...(program === 'invite' ? [{ key: 'from', label: t('rewards.from'), text: (r: Item) => r.fromName ?? '' }] : []),
            { key: 'period', label: t('rewards.period'), text: (r) => r.period, flex: 1.4 },
            { key: 'net', label: t('rewards.netLoss'), text: (r) => money(r.stake - r.payout), align: 'right' },
            { key: 'amount', label: t('common.amount'), text: (r) => money(r.amount), align: 'right' },
            { key: 'status', label: t('rewards.status'), text: (r) => t(`rewards.statuses.${r.status}`) },
            { key: 'created', label: t('rewards.createdAt'), text: (r) => when(r.createdAt) },
          ]}
        />
        <Pagination page={page} pages={pageCount(items.data?.total ?? 0, 20)} onChange={setPage} />
      </Card>

      <Card title={t('rewards.collection')}>
        {canEdit ? (
          <Row>
            <Button variant="secondary" title={t('rewards.collectNow')} loading={collect.isPending} onPress={() => collect.mutate()} />
          </Row>
        ) : null}
        <ErrorLine error={collect.error} />
        <DataTable
          label={t('rewards.collection')}
          csvName="collection"
          loading={collection.isLoading}
          error={collection.error}
          rows={collection.data ?? []}
          rowKey={(c) => c.game}
          minWidth={900}
          columns={[
            { key: 'game', label: t('rewards.game'), text: (c) => c.game },
            { key: 'cursor', label: t('rewards.cursor'), text: (c) => c.cursor },
            { key: 'bets', label: t('rewards.bets'), text: (c) => c.bets, align: 'right' },
            { key: 'lag', label: t('rewards.lag'), text: (c) => (c.lag < 0 ? '—' : t('rewards.seconds', { count: c.lag })), align: 'right' },
            { key: 'ok', label: t('rewards.lastOk'), text: (c) => when(c.lastOkAt) },
            {
              key: 'error',
              label: t('rewards.lastError'),
              text: (c) => (c.lastError ? `${when(c.lastErrorAt)} ${c.lastError}` : ''),
              render: (c) => (c.lastError ? <Badge label={`${when(c.lastErrorAt)} ${c.lastError}`} tone="bad" /> : null),
              flex: 2,
            },
          ]}
        />
        <DataTable
          label={t('rewards.results')}
          csvName="game-results"
          loading={results.isLoading}
          error={results.error}
          rows={results.data ?? []}
          rowKey={(r) => `${r.memberId}-${r.game}-${r.day}`}
          minWidth={900}
          columns={[
            { key: 'day', label: t('rewards.day'), text: (r) => r.day },
            { key: 'member', label: t('rewards.memberId'), text: (r) => r.memberId, flex: 1.6 },
            { key: 'game', label: t('rewards.game'), text: (r) => r.game },
            { key: 'bets', label: t('rewards.bets'), text: (r) => r.bets, align: 'right', flex: 0.6 },
            { key: 'stake', label: t('rewards.stake'), text: (r) => money(r.stake), align: 'right' },
            { key: 'payout', label: t('rewards.payout'), text: (r) => money(r.payout), align: 'right' },
            { key: 'net', label: t('rewards.net'), text: (r) => money(r.net), align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}

const styles = StyleSheet.create({
  editor: { gap: spacing.md },
  grid: { alignItems: 'flex-start' },
  field: { minWidth: 220, flexGrow: 1, flexBasis: 220 },
});
