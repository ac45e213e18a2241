import { formatAccountNo, formatDateTime, formatNumber, timeAgo } from './format';

describe('formatNumber', () => {
  it.each([
    [0, '0.00'],
    [1, '1.00'],
    [1234.5, '1,234.50'],
    [1234567.891, '1,234,567.89'],
    [-42.1, '-42.10'],
    ['99.999', '100.00'],
    [null, '0.00'],
    [Number.NaN, '0.00'],
  ])('%p → %s', (input, expected) => {
    expect(formatNumber(input as number)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it('shows UTC times as DD/MM/YYYY HH:mm:ss in UTC+7', () => {
    expect(formatDateTime('2026-11-01T03:04:05Z')).toBe('01/11/2026 10:04:05');
  });
  it('rolls over midnight into the next day', () => {
    expect(formatDateTime('2026-12-31T18:30:00Z')).toBe('01/01/2027 01:30:00');
  });
  it('is empty for missing or invalid input', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it.each([
    [0, 'second', 0],
    [59, 'second', 59],
    [60, 'minute', 1],
    [3599, 'minute', 59],
    [3600, 'hour', 1],
    [86400 * 2, 'day', 2],
    [86400 * 29, 'day', 29],
    [86400 * 30, 'month', 1],
    [86400 * 364, 'month', 12],
    [86400 * 365, 'year', 1],
    [86400 * 800, 'year', 2],
  ])('%p seconds → %p %p', (seconds, unit, count) => {
    expect(timeAgo(ago(seconds), now)).toEqual({ unit, count });
  });
  it('treats future times as now', () => {
    expect(timeAgo(new Date(now.getTime() + 5000), now)).toEqual({ unit: 'second', count: 0 });
  });
});

describe('formatAccountNo', () => {
  it('formats 10 digits as 3-3-rest', () => {
    expect(formatAccountNo('1234567890')).toBe('123-456-7890');
  });
  it.each([
    ['12 digits in groups of 4', '123456789012', '1234-5678-9012'],
    ['13 digits (Lao) in groups of 4', '0101000012345', '0101-0000-1234-5'],
    ['15 digits', '123456789012345', '1234-5678-9012-345'],
    ['a masked 10-character number as 3-3-4', 'xxxxxx7890', 'xxx-xxx-7890'],
    ['a masked 12-character number in groups of 4', '********9012', '****-****-9012'],
    ['a number already grouped, as it is', 'xxx-x-x1234-x', 'xxx-x-x1234-x'],
    ['a short number, as it is', '123456789', '123456789'],
    ['spaces around, trimmed', ' 1234567890 ', '123-456-7890'],
    ['nothing', undefined, ''],
  ])('%s', (_, value, want) => {
    expect(formatAccountNo(value)).toBe(want);
  });
});
