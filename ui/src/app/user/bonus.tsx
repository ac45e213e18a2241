import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { LazyFallback } from '@/components/lazy-fallback';
import { Screen } from '@/components/screen';

// Loaded on demand so that the first load of the web app (the login page) stays small.
const BonusView = lazy(() => import('@/features/bonus/components/bonus-view').then((m) => ({ default: m.BonusView })));

export default function BonusScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('bonus.title')}>
      <Suspense fallback={<LazyFallback />}>
        <BonusView />
      </Suspense>
    </Screen>
  );
}
