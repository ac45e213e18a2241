import { useWalletT } from '@/i18n/wallet';
import type { StyleProp, TextStyle } from 'react-native';

import { AppText } from '@/components/ui/text';
import { timeAgo } from '@/lib/format';
import { readItem, storageKeys } from '@/lib/storage';

import { useNow } from '../hooks/use-now';

/** UpdatedAgo tells how long ago the balances were refreshed (last_sync, else the answer's time). */
export function UpdatedAgo({ fallback, style }: { fallback: string; style?: StyleProp<TextStyle> }) {
  const { t } = useWalletT();
  const now = useNow();
  const last = readItem(storageKeys.lastSync) ?? fallback;
  const { unit, count } = timeAgo(last, now);
  const ago = unit === 'second' && count < 5 ? t('wallet.justNow') : t(`timeAgo.${unit}`, { count });
  return (
    <AppText variant="caption" style={style}>
      {t('wallet.updated', { ago })}
    </AppText>
  );
}
