import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { Screen } from '@/components/screen';
import { StatementView } from '@/features/statement/components/statement-view';
import { useCachedWallet } from '@/features/wallet/api/refresh-wallet';

const fixedAccounts = ['WALLET', 'BANK', 'ADJUSTMENT'];

export default function StatementScreen() {
  const { t } = useTranslation();
  const wallet = useCachedWallet();
  const slots = wallet.data?.slots;
  // Game codes are shown by name when the home screen has loaded the games.
  const accountName = useCallback(
    (code: string) =>
      fixedAccounts.includes(code) ? t(`statement.accounts.${code}`) : slots?.find((s) => s.code === code)?.name ?? code,
    [slots, t],
  );
  return (
    <Screen title={t('statement.title')}>
      <StatementView accountName={accountName} />
    </Screen>
  );
}
