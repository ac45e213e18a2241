// The banks' badge colours: one table keyed by bank code (the codes of core/settings' bank list, with
// the names members know them by as aliases). A badge is the bank's brand colour with its short code
// on it; no logo files. Where white on the brand colour stays below the WCAG 4.5:1 contrast the text is
// dark (KTB, BAY, BAAC, GHB) or the colour is a shade darker than the brand's (KBANK, GSB):
// bank-colors.test.ts checks every entry.

export type BankColor = { background: string; text: string; short: string };

const white = '#ffffff';
const dark = '#1b2420';

const table: Record<string, BankColor> = {
  // Thailand
  BBL: { background: '#1e4598', text: white, short: 'BBL' },
  KBANK: { background: '#11842a', text: white, short: 'K' },
  KTB: { background: '#1ba5e1', text: dark, short: 'KTB' },
  TMB: { background: '#0050f0', text: white, short: 'ttb' },
  SCB: { background: '#4e2e7f', text: white, short: 'SCB' },
  CIMBT: { background: '#7e2f36', text: white, short: 'CIMB' },
  UOBT: { background: '#0b3979', text: white, short: 'UOB' },
  BAY: { background: '#fec43b', text: dark, short: 'BAY' },
  GSB: { background: '#d8167f', text: white, short: 'GSB' },
  GHB: { background: '#f57d23', text: dark, short: 'GHB' },
  BAAC: { background: '#4b9b1d', text: dark, short: 'BAAC' },
  IBANK: { background: '#1b5e20', text: white, short: 'IB' },
  TISCO: { background: '#12549f', text: white, short: 'TIS' },
  KKP: { background: '#635a9f', text: white, short: 'KKP' },
  ICBCT: { background: '#c50f1c', text: white, short: 'ICBC' },
  LHB: { background: '#6d6e71', text: white, short: 'LH' },
  // Laos
  BCEL: { background: '#d71f26', text: white, short: 'BCEL' },
  LDB: { background: '#0f4c97', text: white, short: 'LDB' },
  APB: { background: '#00764f', text: white, short: 'APB' },
  JDB: { background: '#004b8d', text: white, short: 'JDB' },
  LVB: { background: '#005baa', text: white, short: 'LVB' },
  BFL: { background: '#1c3f94', text: white, short: 'BFL' },
  IDCB: { background: '#8a1538', text: white, short: 'IDCB' },
  STB: { background: '#00539b', text: white, short: 'STB' },
};

const aliases: Record<string, string> = { TTB: 'TMB', CIMB: 'CIMBT', UOB: 'UOBT', ICBC: 'ICBCT', LH: 'LHB' };

/** unknownBank is a bank missing from the table: neutral grey with the first letters of its code. */
export const unknownBank = { background: '#5b6b63', text: white };

/** bankColors lists the table, for the contrast test and the docs. */
export const bankColors: Readonly<Record<string, BankColor>> = table;

/** bankColor is the badge of a bank code (case-insensitive), grey for a bank not in the table. */
export function bankColor(code: string): BankColor {
  const key = code.trim().toUpperCase();
  const found = table[key] ?? table[aliases[key] ?? ''];
  if (found) return found;
  return { ...unknownBank, short: key.slice(0, 3) || '?' };
}
