import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { components } from '@/lib/api-schema.generated';

import { opApi } from './client';
import { bonusesKey } from './get-bonuses';
import { promotionsKey } from './get-promotions';

type BonusInput = components['schemas']['OpBonusInput'];
type PromotionInput = components['schemas']['OpPromotionInput'];

export type Saved<B> = { isNew: boolean; body: B };

/** saveBonus creates a deposit bonus or replaces the one of the same code. */
export function saveBonus({ isNew, body }: Saved<BonusInput>) {
  return isNew ? opApi.post('/api/operator/bonuses', body) : opApi.put(`/api/operator/bonuses/${encodeURIComponent(body.code)}`, body);
}

/** savePromotion creates a promotion code or replaces the one of the same code. */
export function savePromotion({ isNew, body }: Saved<PromotionInput>) {
  return isNew
    ? opApi.post('/api/operator/promotions', body)
    : opApi.put(`/api/operator/promotions/${encodeURIComponent(body.code)}`, body);
}

export function useSaveBonus(onSaved: (code: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBonus,
    onSuccess: (_a, { body }) => {
      onSaved(body.code);
      client.invalidateQueries({ queryKey: bonusesKey });
    },
  });
}

export function useSavePromotion(onSaved: (code: string) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePromotion,
    onSuccess: (_a, { body }) => {
      onSaved(body.code);
      client.invalidateQueries({ queryKey: promotionsKey });
    },
  });
}
