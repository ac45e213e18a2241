// Amounts typed by the member (spec part 9: 2 decimals) and sums kept exact in satang.

/** maxAmountDecimals is the number of decimals an amount may carry. */
export const maxAmountDecimals = 2;

/**
 * sanitizeAmount keeps what may become an amount while typing: digits and one decimal point
 * with at most 2 decimals. Thousands separators and other characters are dropped; a comma
 * typed as the decimal separator becomes a point when there is no point yet.
 */
export function sanitizeAmount(text: string): string {
  let s = text.replace(/\s/g, '');
  if (!s.includes('.') && /,\d{0,2}$/.test(s) && !/,\d{3}/.test(s)) s = s.replace(/,(\d{0,2})$/, '.$1');
  s = s.replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  if (dot >= 0)
    s =
      s.slice(0, dot + 1) +
      s
        .slice(dot + 1)
        .replace(/\./g, '')
        .slice(0, maxAmountDecimals);
  if (s.startsWith('.')) s = `0${s}`;
  return s.replace(/^0+(?=\d)/, '');
}

/** parseAmount gives the number typed, or NaN for an empty or unfinished value. */
export function parseAmount(text: string): number {
  const s = text.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(s)) return Number.NaN;
  return Number(s);
}

/** toSatang turns baht into whole satang (hundredths), rounding away float noise. */
export function toSatang(baht: number): number {
  return Math.round((Number.isFinite(baht) ? baht : 0) * 100);
}

/** sumBaht adds baht amounts exactly (in satang) and gives baht. */
export function sumBaht(amounts: number[]): number {
  return amounts.reduce((total, a) => total + toSatang(a), 0) / 100;
}
