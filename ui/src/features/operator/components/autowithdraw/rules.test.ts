import { formOf, problemsOf, rulesOf, type AutoRules } from './rules';

const rules: AutoRules = {
  enabled: true,
  maxAmount: 1000,
  maxDayTotal: 3000,
  maxDayCount: 3,
  minAccountAgeDays: 0,
  requireNoBonus: true,
  minDepositPercent: 50,
};

describe('auto-approval rules form', () => {
  it('round-trips the stored rules', () => {
    expect(problemsOf(formOf(rules), 20000)).toEqual({});
    expect(rulesOf(formOf(rules))).toEqual(rules);
  });

  it.each([
    ['maxAmount', '0', 'errors.amount'],
    ['maxAmount', 'abc', 'errors.amount'],
    ['maxDayTotal', '1.234', 'errors.amount'],
    ['maxDayCount', '0', 'errors.whole'],
    ['minAccountAgeDays', '-1', 'errors.whole'],
    ['minDepositPercent', '2.5', 'errors.whole'],
  ] as const)('%s = %s is %s', (field, value, key) => {
    expect(problemsOf({ ...formOf(rules), [field]: value }, 20000)[field]?.key).toBe(key);
  });

  it('keeps maxAmount within the day total and the four-eyes threshold', () => {
    expect(problemsOf({ ...formOf(rules), maxAmount: '3000.01' }, 20000).maxAmount?.key).toBe('errors.aboveDayTotal');
    expect(problemsOf({ ...formOf(rules), maxAmount: '2000' }, 1500).maxAmount?.key).toBe('errors.aboveThreshold');
    expect(problemsOf({ ...formOf(rules), maxAmount: '2000' }, null)).toEqual({});
  });
});
