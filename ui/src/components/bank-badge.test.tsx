import { render, screen } from '@testing-library/react-native';

import { BankBadge } from './bank-badge';
import { bankColor, bankColors, unknownBank } from './bank-colors';

/** contrast is the WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('bank colours', () => {
  it.each(Object.entries(bankColors))('%s: its short code reaches 4.5:1 on its colour', (_code, c) => {
    expect(contrast(c.text, c.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives an unknown bank a grey badge that reaches 4.5:1', () => {
    expect(contrast(unknownBank.text, unknownBank.background)).toBeGreaterThanOrEqual(4.5);
    expect(bankColor('XYZBANK')).toEqual({ ...unknownBank, short: 'XYZ' });
  });

  it.each([
    ['kbank', 'KBANK'],
    ['TTB', 'TMB'],
    ['CIMB', 'CIMBT'],
    ['UOB', 'UOBT'],
    ['ICBC', 'ICBCT'],
    ['LH', 'LHB'],
  ])('knows %s as %s', (alias, code) => {
    expect(bankColor(alias)).toBe(bankColors[code]);
  });

  it('keeps the short codes to four letters', () => {
    for (const c of Object.values(bankColors)) expect(c.short.length).toBeLessThanOrEqual(4);
  });
});

describe('BankBadge', () => {
  it.each([
    ['SCB', 'SCB', '#4e2e7f', '#ffffff'],
    ['BAY', 'BAY', '#fec43b', '#1b2420'],
    ['NOPE', 'NOP', unknownBank.background, '#ffffff'],
  ])('draws %s in its colours', (code, short, background, text) => {
    render(<BankBadge code={code} />);
    expect(screen.getByTestId(`bank-badge-${code}`, { includeHiddenElements: true })).toHaveStyle({
      backgroundColor: background,
      width: 32,
      borderRadius: 16,
    });
    expect(screen.getByText(short, { includeHiddenElements: true })).toHaveStyle({ color: text });
  });
});
