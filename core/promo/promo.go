// Package promo is promotions: operator-defined bonuses and promotion
// codes, the receipts that count them, and the condition engine that locks a
// member's withdrawals until the condition attached to a credit ends
// (success, fail, cancel or an operator's end). docs/promotions.md is the
// model with worked examples.
package promo

import (
	"context"
	"time"

	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Type says which receipts of a bonus count against maxReceived.
type Type string

// Bonus types (spec part 4).
const (
	TypeLimit Type = "limit" // all receipts
	TypeDay   Type = "day"   // since 00:00 Asia/limits.Zone
	TypeWeek  Type = "week"  // since Monday 00:00 Asia/limits.Zone
)

// TypePromotion is the type check/active answers for a promotion code's
// condition.
const TypePromotion = "promotion"

// Source names where a credit came from (the statement's description
// source).
type Source string

// Sources.
const (
	SourceBonus     Source = "bonus"
	SourcePromotion Source = "promotion"
	// SourceRefund and SourceInvite are the cashback refunds and invite
	// commissions of core/rewards, credited with a condition attached.
	SourceRefund Source = "refund"
	SourceInvite Source = "invite"
)

// Expense is the system account a source's credits come from and its
// forfeits go back to.
func Expense(src Source) ledger.Account {
	switch src {
	case SourceRefund:
		return ledger.RefundExpense
	case SourceInvite:
		return ledger.InviteExpense
	}
	return ledger.PromotionExpense
}

// Journal kinds of promotions.
const (
	// KindBonus credits a bonus or promotion: sys:promotions → wallet; ref
	// the condition id; memo "<source>:<code>".
	KindBonus ledger.JournalKind = "bonus"
	// KindForfeit takes the remaining bonus part back when a condition is
	// cancelled: wallet → sys:promotions; ref the condition id.
	KindForfeit ledger.JournalKind = "bonus_forfeit"
	// KindDeposit is the kind of the deposits service's credits
	// (sys:deposits → wallet), which the Deposits port reads.
	KindDeposit = deposit.JournalKind
	// KindPlay is the play of transfer-wallet games: the game results
	// (bets and wins) booked to the member's game accounts. With
	// SeamlessPlay it is all that moves a condition's progress. Every
	// other credit or debit (deposits, spin prizes, adjustments, returned
	// withdrawals, refunds, invite commissions, transfers between the
	// member's own accounts) leaves it where it was.
	KindPlay = ledger.GameResult
)

// SeamlessPlay are the kinds of the seamless games' play: the bets, wins
// and rollbacks that the aggregators' callbacks post on the member's
// wallet. Their net on the wallet is play as a game result's on a game
// account is: wins minus bets, a rollback giving its bet's play back.
var SeamlessPlay = []ledger.JournalKind{ledger.GameBet, ledger.GameWin, ledger.GameRollback}

// PlayWindow is how long before a condition starts its play is read from:
// the store records, in the transaction that sets the base, the game
// results already booked since then (the play mark), and progress counts
// only what was booked after them. The window covers a game result dated
// just before the condition but booked just after (or by a server whose
// clock is a little behind): it is counted once, in the base or in the
// progress, never in both or in neither.
const PlayWindow = time.Hour

// Defaults of a bonus or promotion saved without them.
const (
	DefaultSuccessPercent = 200
	DefaultPercentFail    = 10
)

// Banner is one picture of a bonus's carousel with its html.
type Banner struct {
	Lang  string `json:"lang,omitempty"` // th, la, en; empty: every language
	Image string `json:"image"`
	HTML  string `json:"html"`
}

// Bonus is an operator-defined bonus.
type Bonus struct {
	Code        string
	Name        string
	Banners     []Banner
	Type        Type
	MaxReceived int
	// Amount rule: Fixed, or Percent of the qualifying deposit capped at
	// Cap (0: no cap) when Percent > 0.
	Fixed   money.Satang
	Percent int
	Cap     money.Satang
	// Eligibility.
	MinDeposit        money.Satang
	FirstDepositOfDay bool
	NewMemberDays     int
	// Condition.
	PercentFail    int
	SuccessPercent int
	// Validity; nil: open.
	ValidFrom *time.Time
	ValidTo   *time.Time
	Active    bool
	Sort      int
	UpdatedAt time.Time
}

// Promotion is an operator-defined promotion code.
type Promotion struct {
	Code           string
	Description    string // html
	Amount         money.Satang
	PercentFail    int
	SuccessPercent int
	LimitTotal     int // 0: unlimited
	LimitPerMember int
	Used           int // receipts in all
	ValidFrom      *time.Time
	ValidTo        *time.Time
	Active         bool
	UpdatedAt      time.Time
}

// Receipt records that a member received a bonus or a promotion.
type Receipt struct {
	ID        string
	MemberID  string
	Source    Source
	Code      string
	Period    string // "all", a limits.Zone date, or the date of the week's Monday
	Slot      int
	Amount    money.Satang
	UpdatedAt time.Time
}

// Status is where a condition stands.
type Status string

// Condition statuses.
const (
	Active    Status = "ACTIVE"
	Success   Status = "SUCCESS"
	Failed    Status = "FAILED"
	Cancelled Status = "CANCELLED"
	Ended     Status = "ENDED" // by an operator
)

// Condition locks a member's withdrawals until it ends.
type Condition struct {
	ID             string
	MemberID       string
	Source         Source
	Code           string
	Type           string // the bonus's type, or "promotion"
	Amount         money.Satang
	Base           money.Satang
	SuccessPercent int
	PercentFail    int
	Status         Status
	Forfeited      money.Satang
	EndedBy        string
	CreatedAt      time.Time
	EndedAt        *time.Time
	// PlayFrom and PlayMark are set by the store with Base: play is read
	// from PlayFrom (CreatedAt − PlayWindow), and PlayMark is what had
	// been played from then when the base was read.
	PlayFrom time.Time
	PlayMark money.Satang
	// Phone and Name identify the member in operator listings.
	Phone string
	Name  string
}

// Target is the progress at which the condition succeeds.
func (c Condition) Target() money.Satang {
	return money.Satang((int64(c.Base)*int64(c.SuccessPercent) + 99) / 100)
}

// Minimum is the progress below which the condition fails.
func (c Condition) Minimum() money.Satang {
	return money.Satang(int64(c.Base) * int64(c.PercentFail) / 100)
}

// Grant is one receipt to record atomically: the receipt in its slot, the
// credit journal and the condition.
type Grant struct {
	Receipt   Receipt
	Journal   ledger.Journal
	Condition Condition // Base is set by the store, from the balances after the credit
	// MaxSlot bounds Receipt.Slot (the bonus's maxReceived or the
	// promotion's limitPerMember).
	MaxSlot int
}

// Store keeps promotions.
type Store interface {
	Bonuses(ctx context.Context) ([]Bonus, error)
	// Bonus returns a bonus (NO_DATA).
	Bonus(ctx context.Context, code string) (Bonus, error)
	// SaveBonus creates or replaces a bonus.
	SaveBonus(ctx context.Context, b Bonus) error
	Promotions(ctx context.Context) ([]Promotion, error)
	// Promotion returns a promotion (NO_PROMOTION).
	Promotion(ctx context.Context, code string) (Promotion, error)
	// SavePromotion creates or replaces a promotion (its Used count is kept).
	SavePromotion(ctx context.Context, p Promotion) error

	// Receipts lists the member's receipts, newest first.
	Receipts(ctx context.Context, memberID string) ([]Receipt, error)
	// Grant records g in one transaction: BONUS_ALREADY_ACTIVE when the
	// member has an active condition; for a bonus BONUS_MAX_CLAIMED when
	// the receipt's slot is taken or beyond MaxSlot; for a promotion
	// PROMOTION_RECEIVED when the member's slot is taken or beyond MaxSlot
	// and BONUS_FULL when its LimitTotal is reached (a conditional
	// counter). It posts the journal, sets the condition's base to the
	// member's total balance after it, its PlayFrom to CreatedAt −
	// PlayWindow and its PlayMark to Play(PlayFrom), read together with
	// the base (one snapshot), and returns the condition. On any error
	// nothing is recorded.
	Grant(ctx context.Context, g Grant) (Condition, error)

	// ActiveCondition returns the member's active condition, if any.
	ActiveCondition(ctx context.Context, memberID string) (Condition, bool, error)
	// Condition returns a condition (NO_DATA).
	Condition(ctx context.Context, id string) (Condition, error)
	// ActiveConditions lists every active condition, oldest first.
	ActiveConditions(ctx context.Context) ([]Condition, error)
	// EndCondition moves an ACTIVE condition to status and, with forfeit,
	// posts it (MONEY_NOT_ENOUGH when the wallet no longer holds it), in
	// one transaction. It reports false, changing nothing, when the
	// condition was not active.
	EndCondition(ctx context.Context, id string, status Status, by string, at time.Time, forfeit *ledger.Journal) (bool, error)

	// TotalBalance is the member's wallet plus every game account plus
	// the money in the member's open transfers (in flight between them).
	TotalBalance(ctx context.Context, memberID string) (money.Satang, error)
	// WalletBalance is the member's wallet.
	WalletBalance(ctx context.Context, memberID string) (money.Satang, error)
	// Play is the net of the member's play at or after since: the game
	// results (KindPlay) booked to the member's game accounts and the
	// seamless games' journals (SeamlessPlay) on the wallet, wins minus
	// bets.
	Play(ctx context.Context, memberID string, since time.Time) (money.Satang, error)
	// MemberSince is when the member registered (NO_USER).
	MemberSince(ctx context.Context, memberID string) (time.Time, error)
}

// Deposit is one deposit credited to a member's wallet.
type Deposit struct {
	Ref    string
	Amount money.Satang
	At     time.Time
}

// Deposits reads a member's deposits (the qualifying deposit of a
// deposit-linked bonus; a condition's progress does not read them).
//
// Contract: Since returns the deposits credited to the member's wallet at
// or after since, oldest first: the ledger's journals of KindDeposit moving
// money from sys:deposits to wallet:<member>.
type Deposits interface {
	Since(ctx context.Context, memberID string, since time.Time) ([]Deposit, error)
}
