import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { AppText } from '@/components/ui/text';

import { useSlips } from '../api/get-slips';
import { SlipCard } from '../components/slips/slip-card';
import { ErrorLine, PageTitle } from '../components/ui';
import { useOpT } from '../i18n';

/**
 * The slips review queue, oldest first: slips the machine could not read or verify. Each shows
 * its image (zoomable) beside the member's registered bank account and what was read of it; a
 * finance operator approves with the amount on the slip (credited once) or rejects with a reason
 * of the slip table.
 */
export default function SlipsPage() {
  const { t } = useOpT();
  const q = useSlips();
  const [notice, setNotice] = useState<string | null>(null);
  const slips = q.data?.slips ?? [];
  return (
    <>
      <PageTitle right={<Button variant="secondary" title={t('slips.refresh')} onPress={() => q.refetch()} />}>
        {t('pages.slips')}
      </PageTitle>
      <AppText variant="caption">{t('slips.help')}</AppText>
      {notice ? (
        <AppText role="status" bold testID="slip-notice">
          {notice}
        </AppText>
      ) : null}
      <ErrorLine error={q.error} />
      {q.isLoading ? <AppText>{t('common.loading')}</AppText> : null}
      {!q.isLoading && slips.length === 0 ? <AppText>{t('slips.empty')}</AppText> : null}
      {slips.map((s) => (
        <SlipCard key={s.id} slip={s} reasons={q.data?.reasons ?? []} onDone={setNotice} />
      ))}
    </>
  );
}
