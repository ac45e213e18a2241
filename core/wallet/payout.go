package wallet

import (
	"context"
	"errors"
	"time"

	"ngern/core/money"
)

// Payouts is the port of an outside party (a bank's or a payment gateway's
// payout API) that pays an approved withdrawal to the member's bank account.
//
// Contract (adapters/payout/payouttest checks it):
//   - Submit asks the party to pay r. r.ID is our payout id and the party's
//     idempotency key: submitting the same id twice never pays twice (the
//     party answers the first payout's state).
//   - Submit answers the party's state of the payout: PayoutPending
//     (accepted, not paid yet), PayoutPaid or PayoutFailed (refused, with
//     the party's reason). A timeout, a transport error, a 5xx or an answer
//     that cannot be read is an error wrapping ErrPayoutUnknown: the payout
//     may or may not have been made, and the caller must never treat it as a
//     failure nor submit it again; it asks Status instead.
//   - Status answers what the party knows of our payout id: PayoutPending,
//     PayoutPaid, PayoutFailed, or PayoutNotFound when the party never
//     received it (only then may the caller submit it again, under the same
//     id). An error wrapping ErrPayoutUnknown when the party cannot tell.
//   - Amounts are satang. Never log credentials or full account numbers.
//     Safe for concurrent use.
type Payouts interface {
	Submit(ctx context.Context, r PayoutRequest) (PayoutResult, error)
	Status(ctx context.Context, id string) (PayoutResult, error)
}

// PayoutRequest is one payout to a member's bank account.
type PayoutRequest struct {
	ID          string // our payout id: the idempotency key
	BankCode    string // our bank code (settings.Bank.Code), e.g. "KBANK"
	AccountNo   string // digits only
	AccountName string // the holder's name as registered
	Amount      money.Satang
}

// PayoutState is what a party says of a payout.
type PayoutState string

// The states of a payout at the party.
const (
	PayoutPending  PayoutState = "PENDING"
	PayoutPaid     PayoutState = "PAID"
	PayoutFailed   PayoutState = "FAILED"
	PayoutNotFound PayoutState = "NOT_FOUND"
)

// PayoutResult is a party's answer about one payout.
type PayoutResult struct {
	State  PayoutState
	Ref    string    // the party's reference, when it gave one
	Reason string    // the party's reason for PayoutFailed (shown to operators)
	At     time.Time // when the party says it was paid or failed; zero when unknown
}

// ErrPayoutUnknown wraps every error after which a payout's outcome is not
// known (timeouts, transport errors, 5xx, unreadable answers).
var ErrPayoutUnknown = errors.New("payout: outcome unknown")
