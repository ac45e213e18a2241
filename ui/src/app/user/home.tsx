import { View } from 'react-native';

import { Screen } from '@/components/screen';
import { AgreementGate } from '@/features/agreement/components/agreement-gate';
import { useOpenConditions } from '@/features/conditions/components/conditions-provider';
import { WalletHome } from '@/features/wallet/components/wallet-home';
import { useAfterPaint } from '@/lib/hydrated';

export default function HomeScreen() {
  // The conditions modal is the member layout's (one for the menu and the home's widget).
  const openConditions = useOpenConditions();
  // The agreements (a call, a modal 1.5 s later when not yet accepted) wait for the first paint.
  const painted = useAfterPaint();
  return (
    <View style={{ flex: 1 }}>
      <Screen wide>
        <WalletHome onOpenConditions={openConditions} />
        {painted ? <AgreementGate button /> : null}
      </Screen>
    </View>
  );
}
