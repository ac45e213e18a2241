// Display formatters (spec part 9, display).
import { utcOffsetMinutes } from './config';

/** formatNumber shows an amount with 2 decimals and thousands separators: 1234.5 → "1,234.50". */
export function formatNumber(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  if (!Number.isFinite(n)) return '0.00';
  const [whole, fraction] = Math.abs(n).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = n < 0 && Number(`${whole}.${fraction}`) !== 0 ? '-' : '';
  return `${sign}${grouped}.${fraction}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** formatDateTime shows an RFC 3339 time as DD/MM/YYYY HH:mm:ss in the build's time zone (UTC+7). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() + utcOffsetMinutes * 60_000);
  return (
    `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}

export type TimeAgoUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

const units: [TimeAgoUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** timeAgo gives the largest whole unit between then and now (a month is 30 days). */
export function timeAgo(then: string | number | Date, now: Date = new Date()): { unit: TimeAgoUnit; count: number } {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(then).getTime()) / 1000));
  for (const [unit, size] of units) {
    if (seconds >= size) return { unit, count: Math.floor(seconds / size) };
  }
  return { unit: 'second', count: 0 };
}

/**
 * formatAccountNo groups a bank account number for reading: 10 characters as 3-3-4, longer ones
 * (12-digit savings accounts, Lao accounts) in groups of 4 from the left, 9 or fewer unchanged.
 * A masked number (x, X, * or • for hidden digits) is grouped like the number it hides; a value
 * that already carries separators, or any other character, is shown as it is.
 */
export function formatAccountNo(value: string | null | undefined): string {
  const s = (value ?? '').trim();
  if (!/^[\dxX*•]+$/.test(s) || s.length < 10) return s;
  if (s.length === 10) return `${s.slice(0, 3)}-${s.slice(3, 6)}-${s.slice(6)}`;
  return (s.match(/.{1,4}/g) ?? [s]).join('-');
}
