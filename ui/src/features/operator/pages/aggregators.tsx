import { AppText } from '@/components/ui/text';

import { useSeamlessAggregators } from '../api/get-seamless-aggregators';
import { useSeamlessProviders } from '../api/get-seamless-providers';
import type { SeamlessProviderFigures, SeamlessWindow } from '../api/types';
import { AggregatorEditor } from '../components/aggregators/aggregator-editor';
import { EditorList } from '../components/settings/save-row';
import { Badge, Card, DataTable, PageTitle, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

/** CountRow is one provider's callbacks of one kind and outcome, over the hour and the day. */
export type CountRow = { provider: string; kind: string; outcome: string; hour: number; day: number };

/** countRows lays the figures out one row per provider, kind and outcome. */
export function countRows(providers: SeamlessProviderFigures[]): CountRow[] {
  const rows: CountRow[] = [];
  for (const p of providers) {
    const hour = (k: string, o: string) => p.hour.counts.find((c) => c.kind === k && c.outcome === o)?.count ?? 0;
    for (const c of p.day.counts)
      rows.push({ provider: p.provider, kind: c.kind, outcome: c.outcome, hour: hour(c.kind, c.outcome), day: c.count });
  }
  return rows;
}

/** refused counts the calls of a window answered with anything but applied or duplicate. */
export function refused(w: SeamlessWindow): number {
  return w.counts.filter((c) => c.outcome !== 'applied' && c.outcome !== 'duplicate').reduce((n, c) => n + c.count, 0);
}

const p99 = (w: SeamlessWindow) => (w.calls ? `≤ ${w.p99Ms} ms` : '—');

/**
 * The configured seamless aggregators with their settings in effect (owners switch them and change a
 * generic aggregator's allow-list and secret, which is never shown) and the callbacks this node
 * answered per provider.
 */
export default function AggregatorsPage() {
  const { t } = useOpT();
  const list = useSeamlessAggregators();
  const figures = useSeamlessProviders();
  const me = useMe();
  const providers = figures.data?.providers ?? [];
  const aggregators = list.data?.aggregators ?? [];
  const keys = (a: { keys: boolean; keyFingerprint: string }) =>
    !a.keys
      ? t('aggregators.no')
      : a.keyFingerprint
        ? t('aggregators.fingerprint', { fingerprint: a.keyFingerprint })
        : t('aggregators.yes');
  return (
    <>
      <PageTitle>{t('pages.aggregators')}</PageTitle>
      <AppText variant="caption">{t('aggregators.help')}</AppText>
      <DataTable
        label={t('pages.aggregators')}
        csvName="aggregators"
        loading={list.isLoading}
        error={list.error}
        rows={aggregators}
        rowKey={(a) => a.code}
        columns={[
          { key: 'code', label: t('aggregators.code'), text: (a) => a.code },
          { key: 'kind', label: t('aggregators.kind'), text: (a) => a.kind, flex: 0.7 },
          {
            key: 'mode',
            label: t('aggregators.mode'),
            text: (a) => a.mode,
            render: (a) => <Badge label={t(`aggregators.modes.${a.mode}`)} tone={a.mode === 'demo' ? 'warn' : 'good'} />,
          },
          {
            key: 'enabled',
            label: t('aggregators.enabled'),
            text: (a) => (a.enabled ? t('aggregators.on') : t('aggregators.off')),
            render: (a) => <Badge label={a.enabled ? t('aggregators.on') : t('aggregators.off')} tone={a.enabled ? 'good' : 'neutral'} />,
            flex: 0.7,
          },
          { key: 'url', label: t('aggregators.url'), text: (a) => a.url, flex: 2 },
          {
            key: 'allow',
            label: t('aggregators.allowList'),
            text: (a) => (a.allow.length ? a.allow.join(', ') : t('aggregators.anyAddress')),
          },
          { key: 'keys', label: t('aggregators.keys'), text: keys },
          { key: 'source', label: t('aggregators.source'), text: (a) => t(`aggregators.sources.${a.source}`), flex: 0.8 },
        ]}
      />
      {can(me.data?.role, actionRoles.editAggregators) ? (
        <EditorList title={t('aggregators.edit')} help={t('aggregators.editHelp')} error={null} loading={list.isLoading}>
          {aggregators.map((a) => (
            <AggregatorEditor key={a.code} aggregator={a} />
          ))}
        </EditorList>
      ) : null}
      <Card title={t('aggregators.callbacks')}>
        <AppText variant="caption">{t('aggregators.perNode', { since: when(figures.data?.since) })}</AppText>
        <DataTable
          label={t('aggregators.callbacks')}
          csvName="callbacks"
          loading={figures.isLoading}
          error={figures.error}
          rows={providers}
          rowKey={(p) => p.provider}
          columns={[
            { key: 'provider', label: t('aggregators.code'), text: (p) => p.provider },
            { key: 'hour', label: t('aggregators.hourCalls'), text: (p) => p.hour.calls, align: 'right' },
            { key: 'hourRefused', label: t('aggregators.hourRefused'), text: (p) => refused(p.hour), align: 'right' },
            { key: 'hourP99', label: t('aggregators.hourP99'), text: (p) => p99(p.hour), align: 'right' },
            { key: 'day', label: t('aggregators.dayCalls'), text: (p) => p.day.calls, align: 'right' },
            { key: 'dayRefused', label: t('aggregators.dayRefused'), text: (p) => refused(p.day), align: 'right' },
            { key: 'dayP99', label: t('aggregators.dayP99'), text: (p) => p99(p.day), align: 'right' },
          ]}
        />
        <DataTable
          label={t('aggregators.byOutcome')}
          csvName="callbacks-by-outcome"
          rows={countRows(providers)}
          rowKey={(r) => `${r.provider}/${r.kind}/${r.outcome}`}
          columns={[
            { key: 'provider', label: t('aggregators.code'), text: (r) => r.provider },
            { key: 'kind', label: t('rounds.kind'), text: (r) => t(`rounds.kinds.${r.kind}`, { defaultValue: r.kind }) },
            {
              key: 'outcome',
              label: t('aggregators.outcome'),
              text: (r) => t(`aggregators.outcomes.${r.outcome}`, { defaultValue: r.outcome }),
            },
            { key: 'hour', label: t('aggregators.lastHour'), text: (r) => r.hour, align: 'right' },
            { key: 'day', label: t('aggregators.lastDay'), text: (r) => r.day, align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}
