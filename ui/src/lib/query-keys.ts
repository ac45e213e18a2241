// Query keys that more than one feature uses. The query cache is shared by the whole app: a
// feature that changes another's data invalidates that data's key from here, so that features
// do not import each other (docs/ui.md, "Structure").

/** walletQueryKey holds the member's balances (GET /api/wallet): the home reads, a spin and the chat socket's balances frame refresh them. */
export const walletQueryKey = ['member', 'wallet'] as const;
