import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Wheel } from '../wheel-preview';
import { opApi } from './client';
import { activeWheelKey } from './get-spin-wheel';
import { wheelsKey } from './get-spin-wheels';

/** saveWheel creates a wheel (no id) or replaces one; saved active, it becomes the active wheel. */
export function saveWheel(w: Wheel) {
  return opApi.post<Wheel>('/api/operator/spinwheels', w);
}

export function useSaveWheel(onSaved: (w: Wheel) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWheel,
    onSuccess: (w) => {
      onSaved(w);
      client.invalidateQueries({ queryKey: activeWheelKey });
      client.invalidateQueries({ queryKey: wheelsKey });
    },
  });
}
