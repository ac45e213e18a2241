import { useTranslation } from 'react-i18next';

import { ComingSoon } from '@/components/coming-soon';

export default function StatementScreen() {
  const { t } = useTranslation();
  return <ComingSoon title={t('comingSoon.statement')} />;
}
