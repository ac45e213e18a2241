import { Screen } from '@/components/screen';
import { useSpinT } from '@/features/spin/i18n';
import { SpinView } from '@/features/spin/components/spin-view';

export default function SpinScreen() {
  const { t } = useSpinT();
  return (
    <Screen title={t('title')}>
      <SpinView />
    </Screen>
  );
}
