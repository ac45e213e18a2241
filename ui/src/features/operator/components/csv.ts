import { Platform } from 'react-native';

import { downloadBlob } from '@/lib/download';

/** toCsv writes RFC 4180 CSV: every cell quoted when it needs to be, CRLF line ends. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cell = (v: string | number | null | undefined) => {
    let s = v === null || v === undefined ? '' : String(v);
    // A cell starting with = + - @ would run as a formula in a spreadsheet.
    if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** downloadCsv saves the text as a file in the browser (the console is web only). */
export function downloadCsv(filename: string, text: string): void {
  if (Platform.OS !== 'web' || typeof document === 'undefined') return;
  // The byte order mark makes spreadsheet programs read Thai and Lao as UTF-8.
  downloadBlob(filename, new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
}
