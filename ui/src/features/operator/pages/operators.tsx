import { useState } from 'react';

import { AppText } from '@/components/ui/text';

import { AddOperatorCard } from '../components/operators/add-operator-card';
import { OperatorsTable } from '../components/operators/operators-table';
import { PendingNotice } from '../components/pending-changes';
import { PageTitle } from '../components/ui';
import { useOpT } from '../i18n';

/** The operators: add one, change another's role, disable or enable, reset a password (owners; changes may wait for a second owner). */
export default function OperatorsPage() {
  const { t } = useOpT();
  const [proposed, setProposed] = useState(false);

  return (
    <>
      <PageTitle>{t('pages.operators')}</PageTitle>
      {proposed ? <AppText role="status">{t('changes.proposed')}</AppText> : null}
      <PendingNotice kinds={['operator.create', 'operator.update', 'operator.reset']} />
      <AddOperatorCard onAdded={setProposed} />
      <OperatorsTable onProposed={setProposed} />
    </>
  );
}
