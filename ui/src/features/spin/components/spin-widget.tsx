// The home's spin tile. It is its own lazy chunk (features/spin/lazy.tsx) and imports nothing else
// of features/spin: a module two chunks share would be hoisted into __common, which /login loads
// (docs/ui.md). So it uses the member tables' strings and asks GET /api/spinwheel/active itself.
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'expo-router';
import { useWalletT } from '@/i18n/wallet';

import { api } from '@/lib/api';

/** SpinTile is a home widget tile: the home draws the spin tile like the others. */
export type SpinTile = { key: string; label: string; caption?: string; onPress: () => void };

type Props = {
  coin: number;
  onRefreshAll: () => void;
  /** renderTile draws the tile as the home draws its other widgets. */
  renderTile: (tile: SpinTile) => React.ReactNode;
};

/** spinActiveKey is spinKeys.active of ../api/spin.ts (the spin page reloads it after a spin). */
const spinActiveKey = ['spin', 'active'] as const;

/**
 * SpinWidget is the home's spin tile (spec part 2): with a wheel active it opens the spin page and
 * shows the coin count; with none it refreshes all balances instead.
 */
export function SpinWidget({ coin, onRefreshAll, renderTile }: Props) {
  const { t } = useWalletT();
  const router = useRouter();
  const active = useQuery({
    queryKey: spinActiveKey,
    queryFn: () => api.get<{ isActive: boolean }>('/api/spinwheel/active').then((r) => r.isActive),
  });
  const caption = t('widgets.coins', { coins: coin });
  if (active.data === false) {
    return renderTile({ key: 'spin', label: t('widgets.refreshAll'), caption, onPress: onRefreshAll });
  }
  return renderTile({ key: 'spin', label: t('widgets.spin'), caption, onPress: () => router.push('/user/spin') });
}
