// Package ledger is Ngern's double-entry book: every movement of money is a
// journal whose postings sum to zero, in satang. Member accounts (a WALLET
// per member and a GAME account per member and game) never go below zero;
// system accounts (deposits, withdrawals, provider clearing per game,
// expenses, adjustments) may.
//
// Coins are a unit of their own, kept in the same book: a member's COIN
// account ("coin:<member>", whole coins, never below zero) against the
// system account sys:coins (what has been issued, negative). A journal
// never mixes the two units (Validate), so every journal, and the book,
// balances in each unit on its own, and no sum of baht ever adds a coin.
package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"ngern/core/money"
)

// Kind classifies an account.
type Kind string

// Account kinds. Only system accounts may have a negative balance.
const (
	KindWallet Kind = "wallet"
	KindGame   Kind = "game"
	KindSystem Kind = "system"
	// KindCoin is a member's coin account: its amounts are whole coins,
	// not satang.
	KindCoin Kind = "coin"
)

// Unit is what an account's amounts count.
type Unit string

// Units.
const (
	UnitSatang Unit = "satang"
	UnitCoin   Unit = "coin"
)

// Account is a ledger account. ID is derived from the owner so that a
// posting never needs a look-up: "wallet:<member>", "game:<member>:<game>",
// "clearing:<game>" or "sys:<name>".
type Account struct {
	ID       string
	Kind     Kind
	MemberID string // set on member accounts
	Game     string // set on GAME and clearing accounts
}

// Member reports whether a is a member's account (never negative).
func (a Account) Member() bool { return a.Kind != KindSystem }

// Unit returns what a's amounts count: coins for a member's COIN account
// and sys:coins, satang for every other account.
func (a Account) Unit() Unit {
	if a.Kind == KindCoin || a.ID == Coins.ID {
		return UnitCoin
	}
	return UnitSatang
}

// Coin is the member's coin account (whole coins).
func Coin(memberID string) Account {
	return Account{ID: "coin:" + memberID, Kind: KindCoin, MemberID: memberID}
}

// Wallet is the member's main baht wallet.
func Wallet(memberID string) Account {
	return Account{ID: "wallet:" + memberID, Kind: KindWallet, MemberID: memberID}
}

// Game is the member's account with a game: the mirror of the provider
// balance.
func Game(memberID, game string) Account {
	return Account{ID: "game:" + memberID + ":" + game, Kind: KindGame, MemberID: memberID, Game: game}
}

// Clearing is the provider clearing account of a game: money on its way to
// or from the provider, and the provider's side of bets and wins.
func Clearing(game string) Account {
	return Account{ID: "clearing:" + game, Kind: KindSystem, Game: game}
}

// System accounts.
var (
	Deposits           = system("deposits")
	WithdrawalsPending = system("withdrawals-pending")
	WithdrawalsOut     = system("withdrawals-out")
	Adjustments        = system("adjustments")
	PromotionExpense   = system("promotions")
	RefundExpense      = system("refunds") // cashback refunds (core/rewards)
	InviteExpense      = system("invites") // invite commissions (core/rewards)
	// Prizes pays the spin wheel's cash prizes.
	Prizes = system("prizes")
	// Coins is the issuer of coins: its balance (in coins, negative) is
	// minus every coin the members hold.
	Coins = system("coins")
)

func system(name string) Account { return Account{ID: "sys:" + name, Kind: KindSystem} }

// Games is a seamless aggregator's system account ("sys:games:<provider>"):
// the other side of every bet, win and rollback its callbacks book against
// members' wallets (core/seamless).
func Games(provider string) Account { return system("games:" + provider) }

// JournalKind names what a journal records.
type JournalKind string

// Journal kinds. A journal's (kind, ref) is unique, so a transfer is
// reserved, settled or reversed at most once, whatever retries happen.
const (
	Adjustment      JournalKind = "adjustment"       // operator credit or debit; ref: the adjustment
	TransferReserve JournalKind = "transfer_reserve" // ref: the transfer
	TransferSettle  JournalKind = "transfer_settle"
	TransferReverse JournalKind = "transfer_reverse"
	WithdrawHold    JournalKind = "withdraw_hold" // ref: the withdrawal
	WithdrawPay     JournalKind = "withdraw_pay"
	WithdrawReturn  JournalKind = "withdraw_return"
	GameResult      JournalKind = "game_result" // bets and wins booked from a provider balance
	// A seamless aggregator's callbacks (core/seamless); ref:
	// "<provider>:<transaction id>".
	GameBet      JournalKind = "game_bet"
	GameWin      JournalKind = "game_win"
	GameRollback JournalKind = "game_rollback"
)

// Posting moves Amount into Account (negative: out of it).
type Posting struct {
	Account Account
	Amount  money.Satang
}

// Journal is one balanced transaction.
type Journal struct {
	ID        string
	Kind      JournalKind
	Ref       string
	MemberID  string // the member the journal concerns, for statements
	Memo      string
	By        string // the operator who made it, for adjustments
	Postings  []Posting
	CreatedAt time.Time
}

// CoinMove returns the two postings that move n whole coins from one coin
// account to another (a posting's Amount is in its account's unit).
func CoinMove(from, to Account, n int64) []Posting {
	return Move(from, to, money.Satang(n))
}

// Move returns the two postings that move amount from one account to another.
func Move(from, to Account, amount money.Satang) []Posting {
	return []Posting{{Account: from, Amount: -amount}, {Account: to, Amount: amount}}
}

// Validate checks that j is well formed: an id, kind and ref, at least two
// postings, none zero, each account once, all in one unit (coins and satang
// never meet in a journal), summing to zero.
func (j Journal) Validate() error {
	if j.ID == "" || j.Kind == "" || j.Ref == "" {
		return fmt.Errorf("ledger: journal without id, kind or ref")
	}
	if len(j.Postings) < 2 {
		return fmt.Errorf("ledger: journal %s has %d postings", j.ID, len(j.Postings))
	}
	var sum money.Satang
	seen := make(map[string]bool, len(j.Postings))
	for _, p := range j.Postings {
		if p.Amount == 0 || p.Account.ID == "" {
			return fmt.Errorf("ledger: journal %s has an empty posting", j.ID)
		}
		if seen[p.Account.ID] {
			return fmt.Errorf("ledger: journal %s posts to %s twice", j.ID, p.Account.ID)
		}
		seen[p.Account.ID] = true
		if p.Account.Unit() != j.Postings[0].Account.Unit() {
			return fmt.Errorf("ledger: journal %s mixes coins and satang", j.ID)
		}
		sum += p.Amount
	}
	if sum != 0 {
		return fmt.Errorf("ledger: journal %s does not balance (%s)", j.ID, sum)
	}
	return nil
}

// Store keeps the ledger.
type Store interface {
	// Post records j and applies its postings to the balances in one
	// transaction. A member account that would go below zero refuses with
	// MONEY_NOT_ENOUGH and nothing is recorded; a journal whose kind and ref
	// were recorded before answers ErrDuplicate.
	Post(ctx context.Context, j Journal) error
	// Balance returns the balance of an account (0 when it has none yet).
	Balance(ctx context.Context, accountID string) (money.Satang, error)
	// Verify checks the ledger's invariants; transfers still open at
	// openBefore count as stuck.
	Verify(ctx context.Context, openBefore time.Time) (Report, error)
}

// ErrDuplicate answers a journal whose kind and ref were recorded before.
var ErrDuplicate = errors.New("ledger: journal already recorded")

// Report is the outcome of Verify.
type Report struct {
	Journals      int
	Accounts      int
	OpenTransfers int
	// Problems are the broken invariants, one line each (capped).
	Problems []string
}

// OK reports whether every invariant holds.
func (r Report) OK() bool { return len(r.Problems) == 0 }

// Summary is a one-line account of the report.
func (r Report) Summary() string {
	state := "ok"
	if !r.OK() {
		state = fmt.Sprintf("%d problem(s)", len(r.Problems))
	}
	return fmt.Sprintf("ledger %s: %d journals, %d accounts, %d open transfers", state, r.Journals, r.Accounts, r.OpenTransfers)
}
