// The deposit calls: the receiving accounts (deposit lookup), slip upload with progress, gift
// links, and the member's slips with their signed image links.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { answerError, api, ApiError, clientHeader, networkErrorCode, timeoutErrorCode } from '@/lib/api';
import { apiBaseUrl, uploadTimeoutMs } from '@/lib/config';
import { getToken } from '@/lib/storage';
import type { components } from '@/lib/api-schema.generated';

type Schemas = components['schemas'];

export type ReceivingBank = Schemas['ReceivingBank'];
export type ReceivingWallet = Schemas['ReceivingWallet'];
export type DepositOptions = Schemas['DepositOptions'];

export const depositOptionsQuery = queryOptions({
  queryKey: ['lookup', 'deposit'],
  queryFn: () => api.get<DepositOptions>('/api/lookup/deposit'),
  staleTime: 60_000,
});
export const useDepositOptions = (enabled = true) => useQuery({ ...depositOptionsQuery, enabled });

/** DepositMethod is a tab of the deposit modal: a QR channel is `qr:<bankCode>`. */
export type DepositMethod = 'bank' | 'truemoney' | `qr:${string}`;

/** depositMethods lists the methods the deposit lookup enables, in display order. */
export function depositMethods(options: DepositOptions | undefined): DepositMethod[] {
  if (!options) return [];
  const out: DepositMethod[] = [];
  if (options.banks.some((b) => b.mode === 'slip' || !b.mode)) out.push('bank');
  for (const b of options.banks) if (b.mode === 'qr') out.push(`qr:${b.bankCode}`);
  if (options.wallets.some((w) => w.mode === 'truemoney')) out.push('truemoney');
  return out;
}

/** QRState is a member's QR of a channel (spec part 7). */
export type QRState = Schemas['QRState'];

/** qrPollMs is how often an open QR's state is asked, to notice its payment. */
export const qrPollMs = 3000;

export const qrStateQuery = (bankCode: string) =>
  queryOptions({
    queryKey: ['qrcode', bankCode],
    queryFn: () => api.get<QRState>(`/api/qrcode/${encodeURIComponent(bankCode)}`),
    staleTime: 0,
  });

export function createQR(bankCode: string, amount: number): Promise<QRState> {
  return api.post(`/api/qrcode/${encodeURIComponent(bankCode)}`, { amount });
}

export function cancelQR(qrcodeId: string): Promise<QRState> {
  return api.delete(`/api/qrcode/${encodeURIComponent(qrcodeId)}`);
}

/** Slip is a slip of the member's statement (spec part 3). */
export type Slip = Schemas['Slip'];
export type SlipUploadResult = Schemas['SlipUploadResult'];

type Xhr = Pick<XMLHttpRequest, 'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'responseText' | 'timeout'> & {
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
};
let makeXhr: () => Xhr = () => new XMLHttpRequest() as unknown as Xhr;

/** setXhr replaces XMLHttpRequest (tests only). */
export function setXhr(fn: () => Xhr): void {
  makeXhr = fn;
}

/**
 * uploadSlip posts the slip image as the multipart field "file" with the 300 s upload
 * timeout, reporting progress (0 to 1). XMLHttpRequest, unlike fetch, reports upload progress.
 */
export function uploadSlip(file: Blob, name: string, onProgress: (fraction: number) => void): Promise<SlipUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = makeXhr();
    const form = new FormData();
    form.append('file', file, name);
    xhr.open('POST', `${apiBaseUrl}/api/wallet/slip`);
    xhr.timeout = uploadTimeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(clientHeader.name, clientHeader.value);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onerror = () => reject(new ApiError(networkErrorCode, 0));
    xhr.ontimeout = () => reject(new ApiError(timeoutErrorCode, 0));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText || 'null');
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve((body ?? {}) as SlipUploadResult);
        return;
      }
      reject(answerError(xhr.status, body));
    };
    xhr.send(form);
  });
}

/**
 * redeemGift sends a TrueMoney gift link (over TLS; see docs/api.md). Status PENDING: redeemed at
 * TrueMoney, the credit follows (docs/operations.md, gift recovery).
 */
export function redeemGift(link: string): Promise<{ message: string; amount: number; status?: 'SUCCESS' | 'PENDING' }> {
  return api.post('/api/wallet/truelink', { link });
}
export const useRedeemGift = () => useMutation({ mutationFn: redeemGift });
