// The auto-approval rules' form (the autoWithdraw setting, core/settings/autowithdraw.go): the
// fields as typed, their checks (those of the setting's schema, plus the four-eyes threshold the
// server checks), and the document they make. Each problem is a key of the autoWithdraw namespace.
export type AutoRules = {
  enabled: boolean;
  maxAmount: number;
  maxDayTotal: number;
  maxDayCount: number;
  minAccountAgeDays: number;
  requireNoBonus: boolean;
  minDepositPercent: number;
};

export type NumberField = 'maxAmount' | 'maxDayTotal' | 'maxDayCount' | 'minAccountAgeDays' | 'minDepositPercent';
export const amountFields = ['maxAmount', 'maxDayTotal'] as const;
export const wholeFields = ['maxDayCount', 'minAccountAgeDays', 'minDepositPercent'] as const;

/** The least whole number each whole field takes. */
export const wholeMin: Record<(typeof wholeFields)[number], number> = { maxDayCount: 1, minAccountAgeDays: 0, minDepositPercent: 0 };

export type RulesForm = { enabled: boolean; requireNoBonus: boolean } & Record<NumberField, string>;

export type Problem = { key: string; values?: Record<string, unknown> };

/** formOf is the form of stored rules. */
export function formOf(r: AutoRules): RulesForm {
  return {
    enabled: r.enabled,
    requireNoBonus: r.requireNoBonus,
    maxAmount: String(r.maxAmount),
    maxDayTotal: String(r.maxDayTotal),
    maxDayCount: String(r.maxDayCount),
    minAccountAgeDays: String(r.minAccountAgeDays),
    minDepositPercent: String(r.minDepositPercent),
  };
}

const amountPattern = /^\d+(\.\d{1,2})?$/;
const wholePattern = /^\d+$/;

/** problemsOf checks a form: the problem of each field that has one. */
export function problemsOf(f: RulesForm, threshold: number | null): Partial<Record<NumberField, Problem>> {
  const out: Partial<Record<NumberField, Problem>> = {};
  for (const k of amountFields) {
    const v = f[k].trim();
    if (!amountPattern.test(v) || Number(v) <= 0) out[k] = { key: 'errors.amount' };
  }
  for (const k of wholeFields) {
    const v = f[k].trim();
    if (!wholePattern.test(v) || Number(v) < wholeMin[k]) out[k] = { key: 'errors.whole', values: { min: wholeMin[k] } };
  }
  if (!out.maxAmount && !out.maxDayTotal && Number(f.maxAmount) > Number(f.maxDayTotal)) out.maxAmount = { key: 'errors.aboveDayTotal' };
  if (!out.maxAmount && threshold !== null && Number(f.maxAmount) > threshold) {
    out.maxAmount = { key: 'errors.aboveThreshold', values: { threshold } };
  }
  return out;
}

/** rulesOf is the document of a form without problems. */
export function rulesOf(f: RulesForm): AutoRules {
  return {
    enabled: f.enabled,
    maxAmount: Number(f.maxAmount),
    maxDayTotal: Number(f.maxDayTotal),
    maxDayCount: Number(f.maxDayCount),
    minAccountAgeDays: Number(f.minAccountAgeDays),
    requireNoBonus: f.requireNoBonus,
    minDepositPercent: Number(f.minDepositPercent),
  };
}
