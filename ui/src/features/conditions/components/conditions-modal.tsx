import { useTranslation } from 'react-i18next';

import { HtmlContent } from '@/components/html-content';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { AppModal } from '@/components/ui/modal';
import { AppText } from '@/components/ui/text';
import { useConditions } from '@/lib/lookups';

/** ConditionsModal shows the bonus conditions from the server. */
export function ConditionsModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const conditions = useConditions(visible);
  const list = conditions.data?.conditions ?? [];
  return (
    <AppModal
      visible={visible}
      title={t('conditions.title')}
      onClose={onClose}
      footer={<Button title={t('common.close')} variant="secondary" onPress={onClose} />}
    >
      <QueryState isLoading={conditions.isLoading} isError={conditions.isError} onRetry={() => conditions.refetch()} />
      {conditions.isSuccess && list.length === 0 ? <AppText>{t('conditions.empty')}</AppText> : null}
      {list.map((html, i) => (
        <HtmlContent key={i} html={html} />
      ))}
    </AppModal>
  );
}
