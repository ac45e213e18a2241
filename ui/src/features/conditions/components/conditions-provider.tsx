import { createContext, useCallback, useContext, useState } from 'react';

import { ConditionsModal } from './conditions-modal';

const OpenConditions = createContext<(() => void) | null>(null);

/**
 * ConditionsProvider renders the member shell's one conditions modal; anything inside it opens
 * that modal with useOpenConditions (the menu's button, the home's widget).
 */
export function ConditionsProvider({ children }: { children: React.ReactNode }) {
  const [visible, setVisible] = useState(false);
  const open = useCallback(() => setVisible(true), []);
  return (
    <OpenConditions.Provider value={open}>
      {children}
      <ConditionsModal visible={visible} onClose={() => setVisible(false)} />
    </OpenConditions.Provider>
  );
}

/** useOpenConditions returns the function that opens the conditions modal of the ConditionsProvider above. */
export function useOpenConditions(): () => void {
  const open = useContext(OpenConditions);
  if (!open) throw new Error('useOpenConditions needs a ConditionsProvider above it');
  return open;
}
