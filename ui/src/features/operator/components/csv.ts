import { Platform } from 'react-native';

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
  const blob = new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
