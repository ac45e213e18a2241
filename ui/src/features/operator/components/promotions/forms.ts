// The promotions page's forms: their fields as typed, the checks the server would refuse, and the bodies sent.
import type { OpBonus } from '../../api/get-bonuses';
import type { OpCondition } from '../../api/get-conditions';
import type { OpPromotion } from '../../api/get-promotions';
import { bannersToText, textToBanners } from '../banner-editor';

export const bonusTypes = ['limit', 'day', 'week'] as const;

export type BonusForm = Record<
  | 'code'
  | 'name'
  | 'type'
  | 'maxReceived'
  | 'amount'
  | 'percent'
  | 'cap'
  | 'minDeposit'
  | 'newMemberDays'
  | 'percentFail'
  | 'successPercent'
  | 'validFrom'
  | 'validTo'
  | 'sort'
  | 'banners',
  string
> & { firstDepositOfDay: boolean; active: boolean };

export type PromotionForm = Record<
  'code' | 'description' | 'amount' | 'percentFail' | 'successPercent' | 'limitTotal' | 'limitPerMember' | 'validFrom' | 'validTo',
  string
> & { active: boolean };

const num = (v: string) => (v.trim() === '' ? 0 : Number(v));
const date = (v: string) => (v.trim() === '' ? null : new Date(v.trim()).toISOString());
const isDate = (v: string) => v.trim() === '' || !Number.isNaN(new Date(v.trim()).getTime());
const isNum = (v: string) => v.trim() === '' || Number.isFinite(Number(v));

export const emptyBonus: BonusForm = {
  code: '',
  name: '',
  type: 'limit',
  maxReceived: '1',
  amount: '',
  percent: '',
  cap: '',
  minDeposit: '',
  newMemberDays: '',
  percentFail: '10',
  successPercent: '200',
  validFrom: '',
  validTo: '',
  sort: '0',
  banners: '',
  firstDepositOfDay: false,
  active: true,
};

export const toBonusForm = (b: OpBonus): BonusForm => ({
  code: b.code,
  name: b.name,
  type: b.type,
  maxReceived: String(b.maxReceived),
  amount: b.amount ? String(b.amount) : '',
  percent: b.percent ? String(b.percent) : '',
  cap: b.cap ? String(b.cap) : '',
  minDeposit: b.minDeposit ? String(b.minDeposit) : '',
  newMemberDays: b.newMemberDays ? String(b.newMemberDays) : '',
  percentFail: String(b.percentFail),
  successPercent: String(b.successPercent),
  validFrom: b.validFrom ?? '',
  validTo: b.validTo ?? '',
  sort: String(b.sort),
  banners: bannersToText(b.banners),
  firstDepositOfDay: b.firstDepositOfDay,
  active: b.active,
});

/** bonusProblem checks what the server would refuse; the answer is a console translation key or null. */
export function bonusProblem(f: BonusForm): string | null {
  if (!/^[A-Z0-9_-]{2,32}$/.test(f.code.trim())) return 'promotions.errors.code';
  if (!f.name.trim()) return 'promotions.errors.name';
  const numbers = [f.maxReceived, f.amount, f.percent, f.cap, f.minDeposit, f.newMemberDays, f.percentFail, f.successPercent, f.sort];
  if (!numbers.every(isNum)) return 'promotions.errors.number';
  if (num(f.amount) > 0 === num(f.percent) > 0) return 'promotions.errors.amount';
  if (num(f.maxReceived) < 1) return 'promotions.errors.maxReceived';
  if (num(f.percentFail) < 0 || num(f.percentFail) > 100 || num(f.successPercent) <= 100) return 'promotions.errors.percent';
  if (!isDate(f.validFrom) || !isDate(f.validTo)) return 'promotions.errors.date';
  return null;
}

export const emptyPromotion: PromotionForm = {
  code: '',
  description: '',
  amount: '',
  percentFail: '10',
  successPercent: '200',
  limitTotal: '0',
  limitPerMember: '1',
  validFrom: '',
  validTo: '',
  active: true,
};

export const toPromotionForm = (p: OpPromotion): PromotionForm => ({
  code: p.code,
  description: p.description,
  amount: String(p.amount),
  percentFail: String(p.percentFail),
  successPercent: String(p.successPercent),
  limitTotal: String(p.limitTotal),
  limitPerMember: String(p.limitPerMember),
  validFrom: p.validFrom ?? '',
  validTo: p.validTo ?? '',
  active: p.active,
});

export function promotionProblem(f: PromotionForm): string | null {
  if (!/^[A-Z0-9_-]{2,32}$/.test(f.code.trim())) return 'promotions.errors.code';
  if (![f.amount, f.percentFail, f.successPercent, f.limitTotal, f.limitPerMember].every(isNum)) return 'promotions.errors.number';
  if (!(num(f.amount) > 0)) return 'promotions.errors.amount';
  if (num(f.percentFail) < 0 || num(f.percentFail) > 100 || num(f.successPercent) <= 100) return 'promotions.errors.percent';
  if (!isDate(f.validFrom) || !isDate(f.validTo)) return 'promotions.errors.date';
  return null;
}

/** progressShare is how far progress went from the minimum to the target, 0–100. */
export function progressShare(c: Pick<OpCondition, 'minimum' | 'target' | 'progress'>): number {
  const span = c.target - c.minimum;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((c.progress - c.minimum) / span) * 100)));
}

/** bonusBody is what the server stores of a bonus form. */
export function bonusBody(form: BonusForm) {
  return {
    code: form.code.trim(),
    name: form.name.trim(),
    type: form.type as OpBonus['type'],
    maxReceived: num(form.maxReceived),
    amount: num(form.amount),
    percent: num(form.percent),
    cap: num(form.cap),
    minDeposit: num(form.minDeposit),
    newMemberDays: num(form.newMemberDays),
    percentFail: num(form.percentFail),
    successPercent: num(form.successPercent),
    validFrom: date(form.validFrom),
    validTo: date(form.validTo),
    sort: num(form.sort),
    banners: textToBanners(form.banners),
    firstDepositOfDay: form.firstDepositOfDay,
    active: form.active,
  };
}

/** promotionBody is what the server stores of a promotion form. */
export function promotionBody(form: PromotionForm) {
  return {
    code: form.code.trim(),
    description: form.description,
    amount: num(form.amount),
    percentFail: num(form.percentFail),
    successPercent: num(form.successPercent),
    limitTotal: num(form.limitTotal),
    limitPerMember: num(form.limitPerMember),
    validFrom: date(form.validFrom),
    validTo: date(form.validTo),
    active: form.active,
  };
}
