// Package rewards is the two recurring rewards computed from game results:
// cashback refunds ("คืนยอดเสีย", a share of a member's net loss) and invite
// commissions (a share of invited friends' net loss). It collects the
// providers' bet history, closes periods into accruals (one per member per
// period), and credits them with a promotions condition attached.
// docs/rewards.md is the model.
package rewards

import (
	"context"
	"time"

	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/wallet"
)

// Program names a reward program.
type Program string

// Programs.
const (
	Refund Program = "refund"
	Invite Program = "invite"
)

// Period kinds of a program's settings.
const (
	PeriodDaily  = "daily"
	PeriodWeekly = "weekly"
)

// Journal kinds of the credits (ref: the claim id, which is also the
// promotions receipt and condition id).
const (
	KindRefund ledger.JournalKind = "refund"
	KindInvite ledger.JournalKind = "invite"
)

// Promotions sources of the conditions attached to the credits.
const (
	SourceRefund promo.Source = "refund"
	SourceInvite promo.Source = "invite"
)

// Settings are an operator's settings of one program. Percentages are whole
// numbers; the rate is in hundredths of a percent (500 = 5.00 %) so that
// 0.5 % can be set.
type Settings struct {
	Active bool   `json:"active"`
	Period string `json:"period"` // daily | weekly
	// RateBP is the share of the net loss, in basis points (1/100 %).
	RateBP int `json:"rateBP"`
	// MinNetLoss is the net loss (per member for refunds, per invitee for
	// invites) below which nothing accrues.
	MinNetLoss money.Satang `json:"minNetLoss"`
	// MaxPerPeriod caps one member's accrual of a period (0: no cap); for
	// invites, the inviter's total of the period.
	MaxPerPeriod money.Satang `json:"maxPerPeriod"`
	// Games whose bets count; empty: every game.
	Games []string `json:"games"`
	// SuccessPercent and FailPercent are the condition attached to the
	// credit (refundSuccess/refundFail, invite success/fail).
	SuccessPercent int `json:"successPercent"`
	FailPercent    int `json:"failPercent"`
	// Info is the explanatory html the member sees, per language
	// (th, la, en; "" is every language).
	Info map[string]string `json:"info"`
	// Banners are the carousel shown before the modal.
	Banners   []promo.Banner `json:"banners"`
	UpdatedAt time.Time      `json:"updatedAt"`
	UpdatedBy string         `json:"updatedBy,omitempty"`
}

// DefaultSettings are a program's settings before an operator saves any:
// inactive, daily, 5 % of net loss (refund) or 1 % (invite).
func DefaultSettings(p Program) Settings {
	s := Settings{Active: false, Period: PeriodDaily, RateBP: 500, MinNetLoss: money.FromBaht(100),
		SuccessPercent: 200, FailPercent: 10, Games: []string{}, Info: map[string]string{}, Banners: []promo.Banner{}}
	if p == Invite {
		s.RateBP = 100
		s.MinNetLoss = money.FromBaht(1)
	}
	return s
}

// Accrue is a rule: the amount a net loss earns, and whether it counts.
func (s Settings) Accrue(netLoss money.Satang) money.Satang {
	if netLoss <= 0 || netLoss < s.MinNetLoss {
		return 0
	}
	a := money.Satang(int64(netLoss) * int64(s.RateBP) / 10000)
	if s.MaxPerPeriod > 0 && a > s.MaxPerPeriod {
		a = s.MaxPerPeriod
	}
	return a
}

// CollectState is where the collector stands with one game.
type CollectState struct {
	Game        string     `json:"game"`
	Cursor      string     `json:"cursor"`
	Bets        int64      `json:"bets"`
	LastBetAt   *time.Time `json:"lastBetAt"`
	LastRunAt   *time.Time `json:"lastRunAt"`
	LastOKAt    *time.Time `json:"lastOkAt"`
	LastError   string     `json:"lastError"`
	LastErrorAt *time.Time `json:"lastErrorAt"`
	// Lag is how long ago the newest stored bet was placed, in seconds
	// (the console's view of how far behind collection is); -1: no bet.
	Lag int64 `json:"lag"`
}

// DayResult is a member's result with one game on one Bangkok day.
type DayResult struct {
	MemberID string       `json:"memberId"`
	Game     string       `json:"game"`
	Day      string       `json:"day"`
	Bets     int          `json:"bets"`
	Stake    money.Satang `json:"stake"`
	Payout   money.Satang `json:"payout"`
	Net      money.Satang `json:"net"` // payout − stake: negative is a loss
}

// MemberNet is a member's stake and payout over the bets a run counts.
type MemberNet struct {
	MemberID string
	// InviterID is set for invite runs: who invited the member (the
	// abuse rules have already removed invitees that do not count).
	InviterID string
	Bets      int
	Stake     money.Satang
	Payout    money.Satang
}

// NetLoss is stake − payout (negative: the member won).
func (m MemberNet) NetLoss() money.Satang { return m.Stake - m.Payout }

// Run is one closed period of a program.
type Run struct {
	ID        string       `json:"id"`
	Program   Program      `json:"program"`
	Period    string       `json:"period"`
	EndsAt    time.Time    `json:"endsAt"`
	Bets      int          `json:"bets"`
	Members   int          `json:"members"`
	Stake     money.Satang `json:"stake"`
	Payout    money.Satang `json:"payout"`
	Amount    money.Satang `json:"amount"`
	Settings  Settings     `json:"settings"`
	By        string       `json:"by"`
	CreatedAt time.Time    `json:"createdAt"`
}

// Accrual is one accrued amount of a run: a member's refund, or an
// inviter's commission from one invitee.
type Accrual struct {
	ID        string
	MemberID  string // the refunded member, or the inviter
	InviteeID string // invites only
	Stake     money.Satang
	Payout    money.Satang
	Amount    money.Satang
}

// Item is one accrual as members and operators see it.
type Item struct {
	ID         string       `json:"id"`
	MemberID   string       `json:"memberId"`
	Phone      string       `json:"phone,omitempty"`
	Name       string       `json:"name,omitempty"`
	InviteeID  string       `json:"inviteeId,omitempty"`
	FromName   string       `json:"fromName,omitempty"`
	Period     string       `json:"period"`
	Stake      money.Satang `json:"stake"`
	Payout     money.Satang `json:"payout"`
	Amount     money.Satang `json:"amount"`
	Status     string       `json:"status"`
	CreatedAt  time.Time    `json:"createdAt"`
	ReceivedAt *time.Time   `json:"receivedAt"`
	AddedAt    *time.Time   `json:"addedAt"`
}

// Invitee is a member someone invited, with the commission they earned the
// inviter in all.
type Invitee struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Amount    money.Satang `json:"amount"`
	CreatedAt time.Time    `json:"createdAt"`
}

// Amounts are a member's sums of one program.
type Amounts struct {
	Pending  money.Satang // accrued, not yet received
	Received money.Satang // refunds: received into the refund balance, not yet added to the wallet
	Claimed  bool         // anything was ever received
}

// Store keeps game results and the rewards.
type Store interface {
	// CollectState returns a game's state (the zero state when none).
	CollectState(ctx context.Context, game string) (CollectState, error)
	// CollectStates lists every game's state.
	CollectStates(ctx context.Context) ([]CollectState, error)
	// SaveBets stores the bets of game not stored before (by bet id),
	// adds each new one to its member's result of the day (members are
	// found by game username; a bet of nobody of ours is kept, for no
	// member) and moves the cursor, in one transaction. It returns how many
	// bets were new.
	SaveBets(ctx context.Context, game string, bets []wallet.Bet, cursor string, at time.Time) (int, error)
	// CollectFailed records a failed collection of game.
	CollectFailed(ctx context.Context, game, msg string, at time.Time) error
	// Results lists day results, newest first: of one member when memberID
	// is set, of days in [fromDay, toDay] (YYYY-MM-DD, either "" for open).
	Results(ctx context.Context, memberID, fromDay, toDay string, limit int) ([]DayResult, error)

	// Settings returns a program's settings (ok false: never saved).
	Settings(ctx context.Context, p Program) (Settings, bool, error)
	// SaveSettings stores a program's settings.
	SaveSettings(ctx context.Context, p Program, s Settings) error

	// Accrue closes a period in one transaction: it records the run
	// (ErrRunExists when the program's period has a run), marks every bet
	// of a member not counted by the program before and placed before
	// run.EndsAt as counted by it, sums them per member (games filtered by
	// games, nil: all; for invites per invitee with their inviter, leaving
	// out invitees the abuse rules exclude and members nobody invited),
	// asks amounts for the accruals and stores those with a positive
	// amount. It returns the run with its totals.
	Accrue(ctx context.Context, run Run, games []string, amounts func([]MemberNet) []Accrual) (Run, error)
	// Runs lists a program's runs, newest first.
	Runs(ctx context.Context, p Program, limit int) ([]Run, error)
	// Items lists accruals of a program: a member's (the inviter for
	// invites) when memberID is set, of a run when runID is set; newest
	// first, offset/limit, and the number in all.
	Items(ctx context.Context, p Program, memberID, runID string, offset, limit int) ([]Item, int, error)
	// Amounts returns a member's sums of a program.
	Amounts(ctx context.Context, p Program, memberID string) (Amounts, error)
	// Invitees lists the members memberID invited, newest first, and the
	// number in all.
	Invitees(ctx context.Context, memberID string, offset, limit int) ([]Invitee, int, error)
	// InviteePlayed reports whether any of memberID's invitees has a game
	// result.
	InviteePlayed(ctx context.Context, memberID string) (bool, error)

	// ReceiveRefunds moves the member's PENDING refunds to RECEIVED and
	// returns their sum (0: none were pending), in one transaction.
	ReceiveRefunds(ctx context.Context, memberID string, at time.Time) (money.Satang, error)
	// Claim takes every claimable accrual of the member (refunds:
	// RECEIVED → ADDED; invites: PENDING → RECEIVED) under claimID and, in
	// the same transaction, records the promotions grant build makes of
	// their sum (receipt, credit journal, condition; promo.Store.Grant's
	// rules and errors). Nothing claimable: ErrNothing and nothing changes.
	Claim(ctx context.Context, p Program, memberID, claimID string, at time.Time,
		build func(amount money.Satang) promo.Grant) (promo.Condition, error)
}

// Store errors.
var (
	ErrRunExists = errorString("rewards: the period has a run")
	ErrNothing   = errorString("rewards: nothing to claim")
)

type errorString string

func (e errorString) Error() string { return string(e) }
