// The server's public lookups (GET /api/lookup/*): one fetcher, query options and hook each.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from './api';
import type { LimitName } from './limits.generated';

const long = 5 * 60_000;

/**
 * textQuery is a text lookup (the operator's texts, kept per language) in the member's language:
 * the language is part of the key, so that a language switch fetches the texts again.
 */
const textQuery = <T>(name: string, lang: string) =>
  queryOptions({ queryKey: ['lookup', name, lang], queryFn: () => api.get<T>(`/api/lookup/${name}?lang=${lang}`), staleTime: long });
const useLang = () => useTranslation().i18n.language;

/** englishOnly is the server's flag: the account holder name must be in English letters. */
export type Bank = { code: string; nameTH: string; nameEN?: string; englishOnly?: boolean };
export type Source = { code: string; description: string };
export type HowtoVideoKey = 'wallet' | 'play' | 'balance' | 'bonus' | 'bonusCancel';
/** howtoTitles are the operator's titles of the how-to videos, in the member's language. */
export type Info = {
  name?: string;
  website?: string;
  howtoVideos?: Partial<Record<HowtoVideoKey, string | null>>;
  howtoTitles?: Partial<Record<HowtoVideoKey, string>>;
};
export type Contact = { contactText?: string; lineLink?: string; lineName?: string; lineQR?: string };
export type Conditions = { conditions: string[] };
export type Agreements = { agreements: string[]; version: string };
/** notice is the operator's bonus notice; %percentFail% stands for the bonus's percentFail. */
export type Notice = { notice: string };
/** The slip rules: upload within uploadWithinHours of the transfer, none between closedFrom and closedTo. */
export type SlipRules = { maxSizeMB: number; uploadWithinHours: number; closedFrom: string; closedTo: string };

export const banksQuery = queryOptions({
  queryKey: ['lookup', 'banks'],
  queryFn: () => api.get<Bank[]>('/api/lookup/banks'),
  staleTime: long,
});
export const useBanks = () => useQuery(banksQuery);

export const useSources = () => useQuery(textQuery<Source[]>('sources', useLang()));

export const useInfo = () => useQuery(textQuery<Info>('info', useLang()));

export const useContact = () => useQuery(textQuery<Contact>('contact', useLang()));

export const useConditions = (enabled = true) => useQuery({ ...textQuery<Conditions>('conditions', useLang()), enabled });

export const useAgreements = () => useQuery(textQuery<Agreements>('agreements', useLang()));

export const useNotice = () => useQuery(textQuery<Notice>('notice', useLang()));

export const slipRulesQuery = queryOptions({
  queryKey: ['lookup', 'slip'],
  queryFn: () => api.get<SlipRules>('/api/lookup/slip'),
  staleTime: long,
});
export const useSlipRules = () => useQuery(slipRulesQuery);

export const registerOtpQuery = queryOptions({
  queryKey: ['lookup', 'registerOTP'],
  queryFn: () => api.get<{ registerOTP: boolean }>('/api/lookup/registerOTP'),
  staleTime: long,
});
export const useRegisterOtp = () => useQuery(registerOtpQuery);

export const chatWidgetQuery = queryOptions({
  queryKey: ['lookup', 'enableChatWidget'],
  queryFn: () => api.get<{ enableChatWidget: boolean }>('/api/lookup/enableChatWidget'),
  staleTime: long,
});
export const useChatWidgetEnabled = () => useQuery(chatWidgetQuery);

export const activeQuery = queryOptions({
  queryKey: ['lookup', 'active'],
  // demo: the server runs in demo mode (simulated bank, wallet, gateways and games).
  queryFn: () => api.get<{ terminated: boolean; demo?: boolean }>('/api/lookup/active'),
  staleTime: 0,
});
export const useServiceActive = () => useQuery(activeQuery);

export type WithdrawLimits = { withdrawMin: number; withdrawMax: number };

export const withdrawLimitsQuery = queryOptions({
  queryKey: ['lookup', 'withdraw'],
  queryFn: () => api.get<WithdrawLimits>('/api/lookup/withdraw'),
  staleTime: long,
});
export const useWithdrawLimits = (enabled = true) => useQuery({ ...withdrawLimitsQuery, enabled });

/** A QR deposit channel: its smallest amount and the amounts offered as buttons (baht). */
export type QRChannel = { code: string; min: number; quickAmounts: number[] };
/**
 * Limits are the business values the server serves (spec part 9): every fixed limit of
 * core/limits (the same table as limits.generated.ts), the app version and the QR channels. The
 * app hard-codes none of them. The withdraw limits are the withdraw lookup, the slip window the
 * slip lookup, and the English-only rule each bank's englishOnly flag.
 */
export type Limits = { [K in LimitName]: number } & { appVersion: string; qr: QRChannel[] };

export const limitsQuery = queryOptions({
  queryKey: ['lookup', 'limits'],
  queryFn: () => api.get<Limits>('/api/lookup/limits'),
  staleTime: long,
});
export const useLimits = (enabled = true) => useQuery({ ...limitsQuery, enabled });
