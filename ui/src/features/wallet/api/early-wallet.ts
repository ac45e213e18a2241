import type { WalletResponse } from './get-wallet';

type EarlyWindow = {
  __ngernWallet?: Promise<WalletResponse | null>;
  __ngernWalletData?: WalletResponse;
};

function early(): EarlyWindow | null {
  return typeof window === 'undefined' ? null : (window as unknown as EarlyWindow);
}

/**
 * takeEarlyWalletData returns, once, the answer of GET /api/wallet that the page's inline
 * script (src/lib/early-wallet-script.ts) has already received; undefined when there is none.
 */
export function takeEarlyWalletData(): WalletResponse | undefined {
  const w = early();
  const data = w?.__ngernWalletData;
  if (w && data) {
    delete w.__ngernWalletData;
    delete w.__ngernWallet;
  }
  return data;
}

/**
 * takeEarlyWallet returns, once, the inline script's GET /api/wallet still under way (its
 * answer, or null when it failed); null when there is none.
 */
export function takeEarlyWallet(): Promise<WalletResponse | null> | null {
  const w = early();
  const pending = w?.__ngernWallet ?? null;
  if (w) {
    delete w.__ngernWallet;
    delete w.__ngernWalletData;
  }
  return pending;
}
