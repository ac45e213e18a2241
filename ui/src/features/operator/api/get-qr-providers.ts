import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { QRProvider } from './deposits';

export const qrProvidersKey = [...opKey, 'qr-providers'] as const;

/** getQRProviders reads the QR providers' configuration, the secrets only as set or not. */
export function getQRProviders() {
  return opApi.get<{ providers: QRProvider[] }>('/api/operator/qr/providers');
}

export function useQRProviders() {
  return useQuery({ queryKey: qrProvidersKey, queryFn: getQRProviders });
}
