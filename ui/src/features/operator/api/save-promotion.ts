import { useMutation, useQueryClient } from '@tanstack/react-query';

import { opApi } from './client';
import { bonusesKey, type OpBonus } from './get-bonuses';
import { promotionsKey, type OpPromotion } from './get-promotions';

export type Saved<B> = { isNew: boolean; body: B };

/** saveBonus creates a deposit bonus or replaces the one of the same code. */
export function saveBonus({
  isNew,
  body,
}: Saved<Omit<OpBonus, 'validFrom' | 'validTo'> & { validFrom: string | null; validTo: string | null }>) {
  return isNew ? opApi.post('/api/operator/bonuses', body) : opApi.put(`/api/operator/bonuses/${encodeURIComponent(body.code)}`, body);
}

/** savePromotion creates a promotion code or replaces the one of the same code. */
export function savePromotion({ isNew, body }: Saved<Omit<OpPromotion, 'used'>>) {
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
