import { View } from 'react-native';

import { Screen } from '@/components/screen';
import { AgreementGate } from '@/features/agreement/components/agreement-gate';
import { useOpenConditions } from '@/features/conditions/components/conditions-provider';
import { WalletHome } from '@/features/wallet/components/wallet-home';

export default function HomeScreen() {
  // The conditions modal is the member layout's (one for the menu and the home's widget).
  const openConditions = useOpenConditions();
  return (
    <View style={{ flex: 1 }}>
      <Screen wide>
        <WalletHome onOpenConditions={openConditions} />
        <AgreementGate button />
      </Screen>
    </View>
  );
}
