package deposit

import (
	"time"

	"ngern/core/limits"
	"ngern/core/money"
)

// One bank transfer may be reported twice: by the bank feed (a slipless
// deposit, reference of the feed's form) and by its slip (reference of the
// slip's QR). When both references are the same key ("slip:<bank>:<ref>",
// paymentRef and slipRef) the ledger's unique journal ref credits once.
// When they are not (the SMS forwarder's, a bank API's own references),
// the transfer is told by what both reports carry: the member credited,
// the sender's bank, the amount and the time, within
// limits.SameTransferMinutes. The second report to come goes to review:
//
//   - a slip whose transfer a feed credit to the member already matches
//     (CreditSlip answers *FeedCredited) waits with NoteFeedCredited;
//   - a notification whose transfer a credited slip of the member already
//     matches is recorded NoteSlipCredited, crediting nothing;
//   - a notification waiting for review (a KBank SMS names no one) whose
//     candidates include the member of a credited slip of its transfer is
//     noted NoteSlipCredited, whichever came first, so that an operator
//     does not credit it again.
//
// The store checks inside the crediting transaction, under a per-member
// lock both paths take, so that of a slip and a notification arriving at
// once exactly one credits.

// NoteFeedCredited is the review note of a slip whose transfer was
// credited from the bank feed already (FeedCredited tells which).
const NoteFeedCredited = "FEED_CREDITED"

// TransferWindow is the span of times a report of a transfer stamped at
// may have and still be of the same transfer.
func TransferWindow(at time.Time) (from, to time.Time) {
	d := limits.SameTransferMinutes * time.Minute
	return at.Add(-d), at.Add(d)
}

// SameTransfer reports whether two reports of a transfer to one member
// (sender's bank, amount, time) are of the same transfer.
func SameTransfer(bankA string, amountA money.Satang, atA time.Time, bankB string, amountB money.Satang, atB time.Time) bool {
	from, to := TransferWindow(atA)
	return bankA != "" && bankA == bankB && amountA == amountB && !atB.Before(from) && !atB.After(to)
}

// FeedCredited answers CreditSlip when a slipless deposit of the bank
// feed credited the slip's transfer to its member already: Ref is that
// payment's reference (provider TransferProvider). Nothing was changed.
type FeedCredited struct{ Ref string }

func (e *FeedCredited) Error() string {
	return "deposit: the transfer was credited from the bank feed: " + e.Ref
}
