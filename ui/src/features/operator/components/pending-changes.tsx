// Changes that wait for a second owner (docs/operations.md, "Four-eyes changes"): the pages that
// propose them show what is waiting; the Pending changes page approves or rejects them.
import { AppText } from '@/components/ui/text';

import { usePendingChanges } from '../api/get-changes';
import type { PendingChange } from '../api/types';
import { useOpT } from '../i18n';

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
