import { render, screen } from '@testing-library/react-native';

import { contrast } from '@/testing/contrast';

import { BankBadge } from './bank-badge';
import { bankColor, bankColors, unknownBank } from './bank-colors';

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
