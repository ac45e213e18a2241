import { useRouter } from 'expo-router';

import { useSpinActive } from '../api/spin';
import { useSpinT } from '../i18n';

export type SpinTile = { key: string; label: string; caption?: string; onPress?: () => void };

type Props = {
  coin: number;
  onRefreshAll: () => void;
  /** renderTile draws the tile as the home draws its other widgets. */
  renderTile: (tile: SpinTile) => React.ReactNode;
};

/**
 * SpinWidget is the home's spin tile (spec part 2): with a wheel active it opens the spin page and
 * shows the coin count; with none it refreshes all balances instead.
 */
export function SpinWidget({ coin, onRefreshAll, renderTile }: Props) {
  const { t } = useSpinT();
  const router = useRouter();
  const active = useSpinActive();
  if (active.data === false) {
    return renderTile({ key: 'spin', label: t('refreshAll'), caption: t('coins', { count: coin }), onPress: onRefreshAll });
  }
  return renderTile({
    key: 'spin',
    label: t('title'),
    caption: t('coins', { count: coin }),
    onPress: () => router.push('/user/spin'),
  });
}
