import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { Screen } from '@/components/screen';
import { statementAccountName } from '@/features/statement/account-name';
import { StatementView } from '@/features/statement/components/statement-view';
import { useCachedWallet } from '@/features/wallet/api/refresh-wallet';

export default function StatementScreen() {
  const { t } = useTranslation();
  const wallet = useCachedWallet();
  const slots = wallet.data?.slots;
  // Game codes are shown by name when the home screen has loaded the games.
  const accountName = useCallback((code: string) => statementAccountName(code, t, slots), [slots, t]);
  return (
    <Screen title={t('statement.title')}>
      <StatementView accountName={accountName} />
    </Screen>
  );
}
