package wallet

import "ngern/core/events"

// BalancesChanged carries the ids of members whose home (MemberHome, what
// GET /api/wallet answers) changed. It lives here because the home is the
// wallet's: its balances above all, and also what the home shows with
// them (profile, bank, game accounts, the invite bonus waiting). One event
// covers them all, since every listener does the same thing with any of
// them: read the home again.
//
// The rules:
//   - It is published after the commit of every transaction that changed
//     a member's home, by the storage of the ledger and of the home's other
//     rows (adapters/sqlstore): every journal posted announces the members
//     it posts to, with no call of its own.
//   - On the node that wrote, the home cache forgets the members before the
//     write returns; the message to every node (that one included) may go
//     a few milliseconds later, together with other commits' (a message
//     per commit would cost the transfers a sixth of their throughput,
//     docs/performance.md, "Sixth pass"). A message carries at most
//     events.MaxPayload bytes; more members go in several messages.
//   - It may be published in vain (a transaction that rolled back, or
//     whose commit could not be confirmed): a listener re-reads, nothing
//     more.
//   - Delivery is not durable (events.Bus): a listener that caches trusts
//     what it has only within the bus's epoch.
//
// Listeners: the home cache (adapters/sqlstore) and the members' open
// sockets (adapters/httpapi), which tell the app to refresh its home.
const BalancesChanged events.Topic[[]string] = "wallet.balances"
