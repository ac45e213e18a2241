import Constants from 'expo-constants';
import { Platform } from 'react-native';

const extra = (Constants.expoConfig?.extra ?? {}) as { laos?: boolean; apiUrl?: string | null };

/** isLaos is true in the Laos build (NGERN_LAOS=1 at build time). */
export const isLaos = process.env.EXPO_PUBLIC_NGERN_LAOS === '1' || extra.laos === true;

/**
 * defaultLocale is the build's default language: Lao in the Laos build, else Thai. It is the
 * language bundled with the first load (src/i18n) and whose fonts every pre-rendered page
 * declares (src/app/+html.tsx).
 */
export const defaultLocale = isLaos ? 'la' : 'th';

/**
 * apiBaseUrl is prefixed to every API path. The web build talks to the same origin that
 * served it; native builds need EXPO_PUBLIC_API_URL.
 */
export const apiBaseUrl = Platform.OS === 'web' ? '' : (process.env.EXPO_PUBLIC_API_URL ?? extra.apiUrl ?? '').replace(/\/+$/, '');

/**
 * utcOffsetMinutes is the display time zone: Asia/Bangkok, or Asia/Vientiane in the Laos
 * build; both are UTC+7 without daylight saving.
 */
export const utcOffsetMinutes = 7 * 60;

/** phoneLength is the required register phone length outside the Laos build. */
export const phoneLength = 10;

/**
 * installCurrency is the currency of the install's amounts and limits: kip in the Laos build,
 * else baht. Texts name it by placeholder ({{currency}}, src/i18n), never as a word.
 */
export const installCurrency: 'THB' | 'LAK' = isLaos ? 'LAK' : 'THB';

export const laosCurrencies = ['LAK', 'BAHT'] as const;
export type Currency = (typeof laosCurrencies)[number];

export const toastDurationMs = 4000;
export const loadingOverlayDelayMs = 200;
export const agreementDelayMs = 1500;
export const registerRedirectDelayMs = 2000;
export const requestTimeoutMs = 60_000;
export const uploadTimeoutMs = 300_000;

/** statementPageSize is the number of statement items per page. */
export const statementPageSize = 10;
/** The statement pagination shows this many pages before and after the current one. */
export const pagesBefore = 3;
export const pagesAfter = 1;
/** Game cards are 300 by 211; a wide screen shows 3 of them at once. */
export const gameCard = { width: 300, height: 211, gap: 16, visible: 3 } as const;

/** serverUrl makes a path of the server (a game picture, a /sim/play/… link) absolute for native. */
export function serverUrl(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? `${apiBaseUrl}${link}` : link;
}
