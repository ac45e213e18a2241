import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Select } from '@/components/ui/select';
import { AppText } from '@/components/ui/text';

import type { Program } from '../api/get-reward-settings';
import { CollectionCard } from '../components/rewards/collection-card';
import { HistoryCard } from '../components/rewards/history-card';
import { RunsCard } from '../components/rewards/runs-card';
import { SettingsCard } from '../components/rewards/settings-card';
import { PageTitle, Row } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

/**
 * RewardsPage is the console's cashback and invite page: each program's settings (banners
 * included, in the banner editor the promotions page uses too), "close the period now", the
 * accrual runs with their totals, the history per member, and the collection of game results.
 */
export default function RewardsPage() {
  const { t } = useOpT();
  const me = useMe();
  const canEdit = can(me.data?.role, actionRoles.editPromotions);
  const [program, setProgram] = useState<Program>('refund');
  const [notice, setNotice] = useState<string | null>(null);
  const [member, setMember] = useState('');
  const [page, setPage] = useState(1);

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
              setPage(1);
            }}
          />
        </View>
      </Row>

      {/* Keyed by program: another program opens with no form and no question open. */}
      <SettingsCard key={`settings-${program}`} program={program} canEdit={canEdit} onNotice={setNotice} />
      {canEdit ? <RunsCard key={`runs-${program}`} program={program} onNotice={setNotice} /> : null}
      <HistoryCard
        program={program}
        member={member}
        onMember={(v) => {
          setMember(v);
          setPage(1);
        }}
        page={page}
        setPage={setPage}
      />
      <CollectionCard member={member} canEdit={canEdit} onNotice={setNotice} />
    </>
  );
}

const styles = StyleSheet.create({
  field: { flexGrow: 1, flexBasis: 200 },
});
