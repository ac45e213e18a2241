import { useCallback, useEffect, useState } from 'react';

import { agreementDelayMs } from '@/lib/config';
import { useAgreements } from '@/lib/lookups';
import { readItem, storageKeys, writeItem } from '@/lib/storage';

/** needsAgreement: the stored accepted version differs from the server's current version. */
export function needsAgreement(stored: string | null, version: string | undefined): boolean {
  if (!version) return false;
  return stored !== version;
}

/**
 * useAgreementGate opens the agreement 1.5 s after load when the member has not accepted it;
 * open shows it again on request (the home's agreement button, spec part 2).
 */
export function useAgreementGate() {
  const agreements = useAgreements();
  const [visible, setVisible] = useState(false);
  const version = agreements.data?.version;

  useEffect(() => {
    if (!needsAgreement(readItem(storageKeys.rememberAgreement), version)) return;
    const timer = setTimeout(() => setVisible(true), agreementDelayMs);
    return () => clearTimeout(timer);
  }, [version]);

  const accept = useCallback(() => {
    if (version) writeItem(storageKeys.rememberAgreement, version);
    setVisible(false);
  }, [version]);

  const open = useCallback(() => setVisible(true), []);

  return { visible, agreements: agreements.data?.agreements ?? [], accept, open };
}
