import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { LazyFallback } from '@/components/lazy-fallback';
import { Screen } from '@/components/screen';
import { useCachedWallet } from '@/features/wallet/api/refresh-wallet';

// Loaded on demand so that the first load of the web app (the login page) stays small.
const StatementView = lazy(() =>
  import('@/features/statement/components/statement-view').then((m) => ({ default: m.StatementView })),
);

const fixedAccounts = ['WALLET', 'BANK', 'ADJUSTMENT', 'BONUS', 'PROMOTION'];

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
      <Suspense fallback={<LazyFallback />}>
        <StatementView accountName={accountName} />
      </Suspense>
    </Screen>
  );
}
