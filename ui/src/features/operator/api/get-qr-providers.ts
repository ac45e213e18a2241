import { useQuery } from '@tanstack/react-query';

import { type Answer, opApi, opKey } from './client';

export const qrProvidersKey = [...opKey, 'qr-providers'] as const;

/** getQRProviders reads the QR providers' configuration, the secrets only as set or not. */
export function getQRProviders() {
  return opApi.get<Answer<'/api/operator/qr/providers', 'get'>>('/api/operator/qr/providers');
}

export function useQRProviders() {
  return useQuery({ queryKey: qrProvidersKey, queryFn: getQRProviders });
}
