import type { Bonus } from './api/bonus';

// Asia/Bangkok is UTC+7 all year: day and week boundaries are computed on that offset.
const bangkokOffsetMs = 7 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** periodStart is when the period of a bonus type began at now (0 for limit: all receipts count). */
export function periodStart(type: Bonus['type'], now: Date): number {
  if (type === 'limit') return 0;
  const local = now.getTime() + bangkokOffsetMs;
  const dayStart = Math.floor(local / dayMs) * dayMs;
  if (type === 'day') return dayStart - bangkokOffsetMs;
  const weekday = new Date(dayStart).getUTCDay(); // 0 Sunday … 6 Saturday, in Bangkok
  const sinceMonday = (weekday + 6) % 7;
  return dayStart - sinceMonday * dayMs - bangkokOffsetMs;
}

/** countedReceipts counts the receipts of a bonus that count against maxReceived (spec part 4). */
export function countedReceipts(bonus: Bonus, now: Date): number {
  const from = periodStart(bonus.type, now);
  return (bonus.userBonus?.received ?? []).filter((r) => new Date(r.updatedAt).getTime() >= from).length;
}

export type CardState = 'current' | 'received' | 'available';

/** cardState is current when its condition is active, received when the receipts counted reached maxReceived. */
export function cardState(bonus: Bonus, now: Date): CardState {
  if (bonus.userBonus?.isActive) return 'current';
  if (bonus.receivedOut || countedReceipts(bonus, now) >= bonus.maxReceived) return 'received';
  return 'available';
}

/** fillNotice fills the %percentFail% placeholder of the bonus notice. */
export function fillNotice(text: string, percentFail: number): string {
  return text.split('%percentFail%').join(String(percentFail));
}
