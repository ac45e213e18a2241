import { parseAmount, sanitizeAmount, sumBaht } from './amount';

describe('sanitizeAmount', () => {
  it('keeps digits and one point with at most 2 decimals', () => {
    expect(sanitizeAmount('12.345')).toBe('12.34');
    expect(sanitizeAmount('1.2.3')).toBe('1.23');
    expect(sanitizeAmount('abc100')).toBe('100');
    expect(sanitizeAmount('1,000.50')).toBe('1000.50');
    expect(sanitizeAmount('.5')).toBe('0.5');
    expect(sanitizeAmount('007')).toBe('7');
    expect(sanitizeAmount('-5')).toBe('5');
  });
  it('takes a comma as the decimal separator when it ends the value', () => {
    expect(sanitizeAmount('12,5')).toBe('12.5');
    expect(sanitizeAmount('1,000')).toBe('1000');
  });
});

describe('parseAmount', () => {
  it('gives a number for a finished amount and NaN otherwise', () => {
    expect(parseAmount('100')).toBe(100);
    expect(parseAmount('100.5')).toBe(100.5);
    expect(parseAmount('100.')).toBe(100);
    expect(parseAmount('')).toBeNaN();
    expect(parseAmount('1.234')).toBeNaN();
  });
});

describe('sumBaht', () => {
  it('adds without float drift', () => {
    expect(sumBaht([0.1, 0.2])).toBe(0.3);
    expect(sumBaht([1000, 250.5, 0.01])).toBe(1250.51);
    expect(sumBaht([])).toBe(0);
  });
});
