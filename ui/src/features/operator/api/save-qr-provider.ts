import { type Answer, opApi } from './client';
import { useFourEyesMutation, type FourEyesHandlers } from './four-eyes';
import { qrProvidersKey } from './get-qr-providers';

/** saveQRProvider changes a QR provider; a change of its secrets waits for a second owner. */
export function saveQRProvider(code: string, body: Record<string, unknown>) {
  return opApi.put<Answer<'/api/operator/qr/providers/{code}', 'put'>>(`/api/operator/qr/providers/${encodeURIComponent(code)}`, body);
}

export function useSaveQRProvider(code: string, handlers?: FourEyesHandlers) {
  return useFourEyesMutation((body: Record<string, unknown>) => saveQRProvider(code, body), qrProvidersKey, handlers);
}
