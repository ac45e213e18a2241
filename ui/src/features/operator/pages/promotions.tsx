import { useState } from 'react';

import { AppText } from '@/components/ui/text';

import { BonusesCard } from '../components/promotions/bonuses-card';
import { CodesCard } from '../components/promotions/codes-card';
import { ConditionsCard } from '../components/promotions/conditions-card';
import { PageTitle } from '../components/ui';
import { useOpT } from '../i18n';
import { actionRoles, can } from '../roles';
import { useMe } from '../session';

/** Promotions: the members' running turnover conditions, the deposit bonuses and the promotion codes. */
export default function PromotionsPage() {
  const { t } = useOpT();
  const me = useMe();
  const canEdit = can(me.data?.role, actionRoles.editPromotions);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageTitle>{t('pages.promotions')}</PageTitle>
      {notice ? <AppText role="status">{notice}</AppText> : null}
      <ConditionsCard canEdit={canEdit} onNotice={setNotice} />
      <BonusesCard canEdit={canEdit} onNotice={setNotice} />
      <CodesCard canEdit={canEdit} onNotice={setNotice} />
    </>
  );
}
