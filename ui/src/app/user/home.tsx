import { lazy, Suspense, useState } from 'react';
import { View } from 'react-native';

import { LazyFallback } from '@/components/lazy-fallback';
import { Screen } from '@/components/screen';
import { AgreementGate } from '@/features/agreement/components/agreement-gate';
import { ConditionsModal } from '@/features/conditions/components/conditions-modal';

// Loaded on demand so that the first load of the web app (the login page) stays small.
const WalletHome = lazy(() => import('@/features/wallet/components/wallet-home').then((m) => ({ default: m.WalletHome })));

export default function HomeScreen() {
  const [conditionsOpen, setConditionsOpen] = useState(false);
  return (
    <View style={{ flex: 1 }}>
      <Screen wide>
        <Suspense fallback={<LazyFallback />}>
          <WalletHome onOpenConditions={() => setConditionsOpen(true)} />
        </Suspense>
      </Screen>
      <ConditionsModal visible={conditionsOpen} onClose={() => setConditionsOpen(false)} />
      <AgreementGate />
    </View>
  );
}
