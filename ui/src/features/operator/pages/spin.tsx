import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';

import { useCoupons } from '../api/get-spin-coupons';
import { useActiveWheel } from '../api/get-spin-wheel';
import { useWheels } from '../api/get-spin-wheels';
import { useSaveWheel } from '../api/save-spin-wheel';
import { PagedTable } from '../components/paged-table';
import { CoinGrants } from '../components/spin/coin-grants';
import { TodayCard } from '../components/spin/today-card';
import { blankWheel, WheelEditor } from '../components/spin/wheel-editor';
import { Badge, Card, ErrorLine, money, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';
import type { Wheel } from '../wheel-preview';

/**
 * SpinPage is the spin wheel's console page: today's use of the active wheel and its budget, the
 * wheel editor with a live preview and the expected payout per spin, the coupons, and grants of
 * coins.
 */
export default function SpinPage() {
  const { t } = useOpT();
  const me = useMe();
  const canEdit = can(me.data?.role, actionRoles.editSpin);
  const [editing, setEditing] = useState<Wheel | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  const active = useActiveWheel();
  const wheels = useWheels();
  const coupons = useCoupons(page);
  const save = useSaveWheel((w) => {
    setSaved(t('spin.saved', { name: w.name }));
    setEditing(null);
  });

  return (
    <>
      <PageTitle>{t('pages.spin')}</PageTitle>
      <TodayCard wheel={active.data} loading={active.isLoading} />

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

      <PagedTable
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
          {
            key: 'value',
            label: t('common.amount'),
            text: (c) => (c.type === 'coins' ? t('spin.coinsValue', { count: c.coins }) : money(c.amount)),
            align: 'right',
          },
          { key: 'status', label: t('spin.status'), text: (c) => t(`spin.status${c.status}`) },
          { key: 'expiresAt', label: t('spin.expires'), text: (c) => when(c.expiresAt) },
        ]}
        page={page}
        total={coupons.data?.total ?? 0}
        onPage={setPage}
      />

      {canEdit ? <CoinGrants /> : null}
    </>
  );
}
