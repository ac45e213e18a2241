import { useState } from 'react';
import { View } from 'react-native';

import { Screen } from '@/components/screen';
import { AgreementGate } from '@/features/agreement/components/agreement-gate';
import { ConditionsModal } from '@/features/conditions/components/conditions-modal';
import { WalletHome } from '@/features/wallet/components/wallet-home';

export default function HomeScreen() {
  const [conditionsOpen, setConditionsOpen] = useState(false);
  return (
    <View style={{ flex: 1 }}>
      <Screen wide>
        <WalletHome onOpenConditions={() => setConditionsOpen(true)} />
      </Screen>
      <ConditionsModal visible={conditionsOpen} onClose={() => setConditionsOpen(false)} />
      <AgreementGate />
    </View>
  );
}
