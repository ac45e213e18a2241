// The server's public lookups (GET /api/lookup/*): one fetcher, query options and hook each.
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './api';

const long = 5 * 60_000;

/** englishOnly is the server's flag: the account holder name must be in English letters. */
export type Bank = { code: string; nameTH: string; nameEN?: string; englishOnly?: boolean };
export type Source = { code: string; description: string };
export type HowtoVideoKey = 'wallet' | 'play' | 'balance' | 'bonus' | 'bonusCancel';
export type Info = { name?: string; website?: string; howtoVideos?: Partial<Record<HowtoVideoKey, string | null>> };
export type Contact = { contactText?: string; lineLink?: string; lineName?: string; lineQR?: string };
export type Conditions = { conditions: string[] };
export type Agreements = { agreements: string[]; version: string };

export const banksQuery = queryOptions({
  queryKey: ['lookup', 'banks'],
  queryFn: () => api.get<Bank[]>('/api/lookup/banks'),
  staleTime: long,
});
export const useBanks = () => useQuery(banksQuery);

export const sourcesQuery = queryOptions({
  queryKey: ['lookup', 'sources'],
  queryFn: () => api.get<Source[]>('/api/lookup/sources'),
  staleTime: long,
});
export const useSources = () => useQuery(sourcesQuery);

export const infoQuery = queryOptions({
  queryKey: ['lookup', 'info'],
  queryFn: () => api.get<Info>('/api/lookup/info'),
  staleTime: long,
});
export const useInfo = () => useQuery(infoQuery);

export const contactQuery = queryOptions({
  queryKey: ['lookup', 'contact'],
  queryFn: () => api.get<Contact>('/api/lookup/contact'),
  staleTime: long,
});
export const useContact = () => useQuery(contactQuery);

export const conditionsQuery = queryOptions({
  queryKey: ['lookup', 'conditions'],
  queryFn: () => api.get<Conditions>('/api/lookup/conditions'),
  staleTime: long,
});
export const useConditions = (enabled = true) => useQuery({ ...conditionsQuery, enabled });

export const agreementsQuery = queryOptions({
  queryKey: ['lookup', 'agreements'],
  queryFn: () => api.get<Agreements>('/api/lookup/agreements'),
  staleTime: long,
});
export const useAgreements = () => useQuery(agreementsQuery);

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
 * Limits are the business values the server serves (spec part 9): the app shows and checks them
 * before asking, and hard-codes none of them. The withdraw limits are the withdraw lookup, the
 * slip window the slip lookup, and the English-only rule each bank's englishOnly flag.
 */
export type Limits = { appVersion: string; transferMin: number; giftLinkMin: number; passwordMin: number; qr: QRChannel[] };

export const limitsQuery = queryOptions({
  queryKey: ['lookup', 'limits'],
  queryFn: () => api.get<Limits>('/api/lookup/limits'),
  staleTime: long,
});
export const useLimits = (enabled = true) => useQuery({ ...limitsQuery, enabled });
