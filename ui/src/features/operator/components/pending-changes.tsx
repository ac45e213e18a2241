// Changes that wait for a second owner (docs/operations.md, "Four-eyes changes"): the pages that
// propose them show what is waiting; the Pending changes page approves or rejects them.
import { useQuery } from '@tanstack/react-query';

import { AppText } from '@/components/ui/text';

import { opApi } from '../api/client';
import type { PendingChange } from '../api/types';
import { useOpT } from '../i18n';
import { useMe } from '../session';

export const changesKey = ['operator', 'changes'] as const;

/** usePendingChanges lists the pending changes; only owners may (the others get none). */
export function usePendingChanges() {
  const me = useMe();
  return useQuery({
    queryKey: changesKey,
    queryFn: () => opApi.get<{ changes: PendingChange[] }>('/api/operator/changes'),
    enabled: me.data?.role === 'owner',
  });
}

/** PendingNotice says which changes of kind (and target, when given) await a second owner. */
export function PendingNotice({ kinds, target }: { kinds: readonly PendingChange['kind'][]; target?: string }) {
  const { t } = useOpT();
  const q = usePendingChanges();
  const waiting = (q.data?.changes ?? []).filter((c) => kinds.includes(c.kind) && (target === undefined || c.target === target));
  if (!waiting.length) return null;
  return (
    <>
      {waiting.map((c) => (
        <AppText key={c.id} role="status" variant="caption" testID="pending-notice">
          {t('changes.awaiting', { what: t(`changes.kinds.${c.kind}`, { target: c.target }), by: c.proposedBy })}
        </AppText>
      ))}
    </>
  );
}
