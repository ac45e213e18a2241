// Package seamlesskit is the conformance kit every seamless protocol
// adapter runs (docs/adapters.md, "Seamless aggregators"): idempotency,
// tombstones, the expired-token rules, concurrent duplicates, insufficient
// balance and forged calls, asked through the adapter's own wire protocol
// against the real core rules (core/seamless) on an in-memory store.
//
// An adapter's test gives Run a function that mounts the adapter's
// callback handler on the kit's wallet and returns a Driver speaking the
// protocol to it.
package seamlesskit

import (
	"context"

	"ngern/core/money"
	"ngern/core/seamless"
)

// Status is a protocol's answer read back in the kit's words.
type Status string

// Statuses a driver reads from the adapter's answers.
const (
	OK           Status = "OK"
	Insufficient Status = "INSUFFICIENT"
	InvalidToken Status = "INVALID_TOKEN"
	Expired      Status = "TOKEN_EXPIRED"
	Blocked      Status = "BLOCKED"
	Mismatch     Status = "MISMATCH"
	RolledBack   Status = "ROLLED_BACK"
	Invalid      Status = "INVALID"
	// Refused is an answer to a call that failed authentication.
	Refused Status = "REFUSED"
	// Failed is an answer that says the fault is Ngern's (retry later).
	Failed Status = "FAILED"
)

// Result is an answer as the driver read it.
type Result struct {
	Status  Status
	Balance money.Satang
	Ref     string
}

// Call is a money call as the kit asks for it; the driver turns it into
// its protocol's request (amounts in its units, its field names).
type Call struct {
	Token       string
	Player      string
	TxID        string
	RefTxID     string // rollback: the bet it cancels
	RoundID     string
	Game        string
	Amount      money.Satang
	Currency    string
	RoundClosed bool
}

// Driver speaks one protocol to the adapter under test.
type Driver interface {
	Balance(ctx context.Context, token, player string) (Result, error)
	Bet(ctx context.Context, c Call) (Result, error)
	Win(ctx context.Context, c Call) (Result, error)
	Rollback(ctx context.Context, c Call) (Result, error)
	// Forge sends kind's call so that it must fail authentication (a bad
	// signature, or an address the adapter refuses).
	Forge(ctx context.Context, kind seamless.Kind, c Call) (Result, error)
}

// Mount builds the adapter under test on wallet (the real core rules) for
// provider and returns the driver that calls it.
type Mount func(wallet seamless.Wallet, provider string) Driver
