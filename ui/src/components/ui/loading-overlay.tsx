import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, StyleSheet, View } from 'react-native';

import { loadingOverlayDelayMs } from '@/lib/config';

import { colors } from './theme';

/** useDelayedFlag turns true only after the flag has stayed true for delayMs. */
export function useDelayedFlag(flag: boolean, delayMs = loadingOverlayDelayMs): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return shown;
}

/** LoadingOverlay covers the screen while a call that changes data runs longer than 200 ms. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useIsMutating() > 0;
  const shown = useDelayedFlag(busy);
  if (!shown) return null;
  return (
    <View style={styles.overlay} accessibilityLabel={t('common.loading')} role="progressbar" aria-busy>
      <ActivityIndicator size="large" color={colors.gold} />
    </View>
  );
}

const styles = StyleSheet.create({
  overlay: {
    ...StyleSheet.absoluteFill,
    backgroundColor: 'rgba(0,0,0,0.25)',
    alignItems: 'center',
    justifyContent: 'center',
    zIndex: 900,
  },
});
