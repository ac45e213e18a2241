import { useQuery } from '@tanstack/react-query';

import { opApi, opKey } from './client';
import type { OpBanner } from './upload-banner';

export type OpBonus = {
  code: string;
  name: string;
  banners: OpBanner[];
  type: 'limit' | 'day' | 'week';
  maxReceived: number;
  amount: number;
  percent: number;
  cap: number;
  minDeposit: number;
  firstDepositOfDay: boolean;
  newMemberDays: number;
  percentFail: number;
  successPercent: number;
  validFrom: string | null;
  validTo: string | null;
  active: boolean;
  sort: number;
};

export const bonusesKey = [...opKey, 'bonuses'] as const;

/** getBonuses lists the deposit bonuses. */
export function getBonuses() {
  return opApi.get<{ bonuses: OpBonus[] }>('/api/operator/bonuses');
}

export function useBonuses() {
  return useQuery({ queryKey: bonusesKey, queryFn: getBonuses });
}
