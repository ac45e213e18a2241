// Package seamless is the seamless wallet: the game aggregators that call
// Ngern's wallet on every bet, win and rollback (Hub88, Ngern's own
// generic protocol, the simulated aggregator). The player never moves money
// into a game account; every callback is one journal between the member's
// wallet and the aggregator's system account (ledger.Games), in the one
// ledger (docs/adapters.md, "Seamless aggregators").
//
// The rules every protocol adapter relies on (Service):
//   - A callback is recorded once per (provider, transaction id), by a
//     unique key in the store, not by a look-up first. The same id with the
//     same content answers the original answer, whatever the number of
//     retries; the same id with other content is refused (ErrMismatch).
//   - A rollback of a bet never seen succeeds and leaves a tombstone under
//     the bet's id, so the bet arriving late is refused (ErrRolledBack) and
//     never debits.
//   - A win or a rollback is accepted on an expired session token (the
//     aggregators require it); a bet is refused on an expired token
//     (ErrTokenExpired), a locked or terminated member (ErrBlocked), or a
//     balance below its amount (ErrInsufficient, answered with the balance).
//   - The wallet never goes negative (the ledger's guarded debit).
//
// Protocol adapters (adapters/gameprovider/...) authenticate the call as
// their protocol demands, translate it into a Callback, call the Service
// and translate its Answer or error back. They hold no money rule.
package seamless

import (
	"context"
	"errors"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Kind is what a money callback does.
type Kind string

// Callback kinds.
const (
	Bet      Kind = "bet"      // debit the wallet
	Win      Kind = "win"      // credit the wallet (also a round with no bet, e.g. free spins)
	Rollback Kind = "rollback" // cancel a bet: credit its amount back once
)

// State is where a recorded transaction is.
type State string

// Record states.
const (
	Applied    State = "applied"     // its journal is posted
	RolledBack State = "rolled_back" // a bet whose rollback came after it: both journals posted
	Tombstone  State = "tombstone"   // a bet id a rollback named before the bet came: no journal, ever
)

// Callback is one money call of an aggregator, as its protocol adapter
// translated it.
type Callback struct {
	Provider string // the aggregator's code in Ngern: "hub88", "sim", …
	Kind     Kind
	// TxID is the aggregator's transaction id: processed once per provider.
	TxID string
	// Token is the session token the call presents (minted by Launch).
	Token string
	// Player is the player id the aggregator sends (the member id Ngern
	// gave it at launch); when set it must match the token's member.
	Player  string
	RoundID string
	Game    string       // the game's code at the aggregator
	Amount  money.Satang // ≥ 0; a win may be 0 (a round's close)
	// Currency is the call's currency; it must be the install's.
	Currency string
	// RefTxID is, for a rollback, the transaction id of the bet it cancels.
	RefTxID string
	// RoundClosed is set when the aggregator says the round ends here.
	RoundClosed bool
}

// Answer is what the adapter answers a callback with.
type Answer struct {
	// Balance is the member's wallet after the callback (for a duplicate:
	// the balance answered the first time; for ErrInsufficient: the
	// current balance).
	Balance  money.Satang
	Currency string
	// Ref is Ngern's id of the recorded transaction (the journal's id), the
	// same on every duplicate delivery.
	Ref string
	// Duplicate is set when this is a repeated delivery answered from the
	// record.
	Duplicate bool
}

// Session is a game session minted at launch: the token's hash, never the
// token.
type Session struct {
	TokenHash string
	MemberID  string
	Provider  string
	Game      string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Record is a stored transaction: one per (Provider, TxID).
type Record struct {
	Provider string
	TxID     string
	Kind     Kind
	State    State
	MemberID string
	RoundID  string
	Game     string
	Amount   money.Satang
	RefTxID  string
	// Fingerprint is the digest of the callback's content (Fingerprint):
	// a repeated id with another fingerprint is refused.
	Fingerprint string
	// Balance is the balance answered when the record was made.
	Balance   money.Satang
	JournalID string
	CreatedAt time.Time
}

// Player is what a protocol's "user info" call answers.
type Player struct {
	MemberID string
	Name     string
	Currency string
	Country  string
	Lang     string
	Balance  money.Satang
}

// Errors a protocol adapter maps to its statuses. The Answer returned with
// ErrInsufficient carries the current balance.
var (
	ErrToken        = errors.New("seamless: unknown session token")
	ErrTokenExpired = errors.New("seamless: session token expired")
	ErrBlocked      = errors.New("seamless: member locked or terminated")
	ErrInsufficient = errors.New("seamless: balance below the bet")
	ErrMismatch     = errors.New("seamless: transaction id repeated with other content")
	ErrRolledBack   = errors.New("seamless: bet already rolled back")
	ErrInvalid      = errors.New("seamless: invalid callback")
	ErrCurrency     = errors.New("seamless: wrong currency")
	ErrGame         = errors.New("seamless: game not offered")
)

// Store keeps sessions and transactions and posts their journals. The
// journals are built by core (Journal, Reverse); the store adds no rule.
type Store interface {
	// CreateSession stores a session; a stored session never changes (the
	// Service keeps the ones it found).
	CreateSession(ctx context.Context, s Session) error
	// Session returns the session of a token's hash (errs NO_DATA).
	Session(ctx context.Context, provider, tokenHash string) (Session, error)
	// Balance returns the member's wallet balance.
	Balance(ctx context.Context, memberID string) (money.Satang, error)
	// Apply stores r (a bet or a win) and posts its journal in one
	// transaction, filling r's Balance (the wallet after) and JournalID,
	// unless a record with r's (Provider, TxID) exists: then it returns that
	// record and true and posts nothing. The journal is Journal(r); a win
	// of 0 posts none (JournalID empty). A debit below zero stores nothing
	// and returns an error with code MONEY_NOT_ENOUGH.
	Apply(ctx context.Context, r Record) (Record, bool, error)
	// Cancel stores the rollback r, unless its (Provider, TxID) exists
	// (then that record and true), and in the same transaction: when the
	// bet (Provider, r.RefTxID) is Applied, moves it to RolledBack and
	// posts Reverse(r, bet), filling r's Amount (the bet's) and JournalID;
	// when no record has that id, stores a Tombstone under it (Kind Bet,
	// r's MemberID, no journal); otherwise posts nothing. r's Balance is
	// the wallet after, in every case (a duplicate answers it again).
	Cancel(ctx context.Context, r Record) (Record, bool, error)
	// Record is the whole write of a bet or a rollback as the Service
	// makes it, in one step: first the look-up of r's id (when recorded:
	// that record, Existing, nothing written); then, when refuse is set,
	// nothing (Refused: a new bet the Service refuses); for a rollback, the
	// look-up of the bet it names (a record there that is neither a
	// tombstone nor a bet of r's member: NotABet, nothing written); then
	// Apply (a bet, a win) or Cancel (a rollback), whose existed is
	// Existing. LookUp is Record over the other methods; a store may make
	// the look-ups and the write in one round trip.
	Record(ctx context.Context, r Record, refuse bool) (Record, Found, error)
	// Transaction returns one record (errs NO_DATA).
	Transaction(ctx context.Context, provider, txID string) (Record, error)
	// Round returns the records of one of provider's rounds, oldest first
	// (errs NO_DATA when none): the operator's round search.
	Round(ctx context.Context, provider, round string) ([]Record, error)
}

// Found is what Store.Record found of a callback.
type Found int

// What Store.Record found.
const (
	Stored   Found = iota // the callback is recorded now, its journal posted
	Existing              // its id was recorded before: that record, nothing written
	Refused               // a new callback the caller refused: nothing written
	NotABet               // a rollback naming a record that is not a bet of its member: nothing written
)

// LookUp is Store.Record over the store's Transaction, Apply and Cancel,
// each a step of its own (the look-ups are not in Apply's or Cancel's
// transaction, and need not be: the record's key decides a race, and a
// record's kind and member never change).
func LookUp(ctx context.Context, s Store, r Record, refuse bool) (Record, Found, error) {
	old, ok, err := lookUp(ctx, s, r.Provider, r.TxID)
	switch {
	case err != nil:
		return Record{}, Stored, err
	case ok:
		return old, Existing, nil
	case refuse:
		return Record{}, Refused, nil
	}
	write := s.Apply
	if r.Kind == Rollback {
		bet, ok, err := lookUp(ctx, s, r.Provider, r.RefTxID)
		if err != nil {
			return Record{}, Stored, err
		}
		if ok && bet.State != Tombstone && (bet.Kind != Bet || bet.MemberID != r.MemberID) {
			return Record{}, NotABet, nil
		}
		write = s.Cancel
	}
	r, existed, err := write(ctx, r)
	if err != nil {
		return Record{}, Stored, err
	}
	if existed {
		return r, Existing, nil
	}
	return r, Stored, nil
}

// lookUp returns the record of an id, if any.
func lookUp(ctx context.Context, s Store, provider, txID string) (Record, bool, error) {
	r, err := s.Transaction(ctx, provider, txID)
	if errs.HasCode(err, errs.NoData) {
		return Record{}, false, nil
	}
	return r, err == nil, err
}

// Journal returns the journal of an applied bet or win: a bet moves its
// amount from the member's wallet to the aggregator's account, a win the
// other way. Its (kind, ref) is unique in the ledger, a second line behind
// the record's key.
func Journal(r Record) ledger.Journal {
	j := ledger.Journal{Ref: r.Provider + ":" + r.TxID, MemberID: r.MemberID, Memo: r.Game + " " + r.RoundID}
	wallet, games := ledger.Wallet(r.MemberID), ledger.Games(r.Provider)
	switch r.Kind {
	case Bet:
		j.Kind, j.Postings = ledger.GameBet, ledger.Move(wallet, games, r.Amount)
	default:
		j.Kind, j.Postings = ledger.GameWin, ledger.Move(games, wallet, r.Amount)
	}
	return j
}

// Reverse returns the journal that gives a rolled-back bet's amount back,
// referenced by the rollback's transaction id.
func Reverse(rollback, bet Record) ledger.Journal {
	return ledger.Journal{Kind: ledger.GameRollback, Ref: rollback.Provider + ":" + rollback.TxID, MemberID: bet.MemberID,
		Memo: bet.Game + " " + bet.RoundID, Postings: ledger.Move(ledger.Games(bet.Provider), ledger.Wallet(bet.MemberID), bet.Amount)}
}

// Game is one game of an aggregator's catalogue.
type Game struct {
	Provider string // the aggregator's code in Ngern
	Code     string // the game's code at the aggregator
	Name     string
	// Category is one of Categories.
	Category string
	// Studio is the game's maker behind the aggregator (Pragmatic Play, …).
	Studio string
	Image  string // a thumbnail URL
	Demo   bool   // the aggregator offers a demo (play money) URL
}

// Categories of the lobby.
var Categories = []string{"slot", "casino", "sport", "lotto"}

// Launch asks an aggregator for the URL that opens a game for a member.
type Launch struct {
	Provider string
	Game     string
	Token    string // the session token the aggregator's callbacks present
	Player   string // the member id
	Currency string
	Country  string
	Lang     string // th, lo or en
	// ReturnURL is where the game's "home" button leads.
	ReturnURL string
	IP        string
	// Demo asks for a play-money URL (no token, no callbacks).
	Demo bool
}

// Aggregator is the calls Ngern makes to a seamless aggregator (its games
// API); the aggregator's calls to Ngern are the Service's.
type Aggregator interface {
	// Code is the aggregator's code in Ngern ("hub88", "sim").
	Code() string
	// Games returns the aggregator's catalogue.
	Games(ctx context.Context) ([]Game, error)
	// LaunchURL returns the URL that opens a game.
	LaunchURL(ctx context.Context, l Launch) (string, error)
}

// Wallet is what a protocol adapter calls for the aggregator's callbacks
// (Service implements it). Every method checks the token against the
// provider's sessions and, when player is set, that it names the token's
// member.
type Wallet interface {
	// Player answers a protocol's "user info" call: the token must be live;
	// without a token (Hub88's /user/info) player alone names the member.
	Player(ctx context.Context, provider, token, player string) (Player, error)
	// Balance answers a balance call (the token must be live).
	Balance(ctx context.Context, provider, token, player string) (Answer, error)
	Bet(ctx context.Context, c Callback) (Answer, error)
	Win(ctx context.Context, c Callback) (Answer, error)
	Rollback(ctx context.Context, c Callback) (Answer, error)
}
