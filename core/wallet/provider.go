package wallet

import (
	"context"
	"errors"
	"time"

	"ngern/core/money"
)

// GameProvider is a game provider's transfer-wallet API. Each game (a
// provider product such as a slot brand) keeps its own player account and
// balance at the provider; game is the game's code in our catalogue.
//
// Outcome rules every adapter must keep (docs/adapters.md):
//   - A call that got a definite answer returns nil (done) or a *Rejected
//     error (the provider refused and nothing happened).
//   - A call whose outcome is not known (timeout, connection reset, 5xx,
//     unreadable answer) returns an error wrapping ErrUnknown. The caller then
//     asks TransferStatus; it never guesses.
//   - Transfers are idempotent by ref: repeating a ref never moves money
//     twice.
//   - TransferStatus is final: StatusNotFound promises the provider will never
//     execute that ref (a provider that cannot promise this must answer
//     ErrUnknown until it can).
type GameProvider interface {
	// CreateAccount opens the member's account for game. memberRef is a
	// stable, unique reference of the member at our side.
	CreateAccount(ctx context.Context, game, memberRef string) (Credentials, error)
	// ResetPassword sets a new random password and returns it.
	ResetPassword(ctx context.Context, game, username string) (string, error)
	// Balance returns the player's balance in game.
	Balance(ctx context.Context, game, username string) (money.Satang, error)
	// TransferIn credits the player's game balance (money leaves our wallet).
	TransferIn(ctx context.Context, game, username, ref string, amount money.Satang) error
	// TransferOut debits the player's game balance (money returns to our wallet).
	TransferOut(ctx context.Context, game, username, ref string, amount money.Satang) error
	// TransferStatus tells what became of a transfer ref.
	TransferStatus(ctx context.Context, game, ref string) (TransferStatus, error)
	// LaunchURL returns a link that opens the game logged in as the player.
	LaunchURL(ctx context.Context, game, username, password string) (string, error)
	// Bets returns settled bets of game after cursor ("" for the start), at
	// most limit, and the cursor to continue from.
	Bets(ctx context.Context, game, cursor string, limit int) ([]Bet, string, error)
}

// Credentials are a player's login at a game.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// TransferStatus is what a provider says of a transfer ref.
type TransferStatus string

// Transfer statuses.
const (
	StatusDone     TransferStatus = "DONE"      // executed
	StatusFailed   TransferStatus = "FAILED"    // refused; nothing moved
	StatusNotFound TransferStatus = "NOT_FOUND" // never executed, and never will be
)

// Bet is one settled bet at a provider.
type Bet struct {
	ID       string       `json:"id"`
	Game     string       `json:"game"`
	Username string       `json:"username"`
	Stake    money.Satang `json:"stake"`
	Payout   money.Satang `json:"payout"`
	PlacedAt time.Time    `json:"placedAt"`
}

// ErrUnknown marks a provider call whose outcome is not known.
var ErrUnknown = errors.New("provider outcome unknown")

// Rejected is a definite refusal by the provider: nothing happened.
type Rejected struct {
	Reason string
}

func (r *Rejected) Error() string { return "provider rejected: " + r.Reason }
