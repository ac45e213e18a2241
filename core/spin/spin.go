// Package spin is the prize wheel: operator-defined wheels (one active),
// spins paid in coins and drawn on the server from the wheel's weights with
// a cryptographic random source, a daily prize budget, and the coupons a
// prize becomes until the member claims it. Coins are a ledger unit of
// their own (core/ledger); docs/spin.md is the model.
package spin

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// PrizeType is what a slice pays.
type PrizeType string

// Prize types.
const (
	PrizeCash    PrizeType = "cash"    // baht to the wallet, from sys:prizes
	PrizeBonus   PrizeType = "bonus"   // baht with a condition (core/promo)
	PrizeCoins   PrizeType = "coins"   // coins to the coin account
	PrizeNothing PrizeType = "nothing" // no coupon
)

// Prize is what a slice pays.
type Prize struct {
	Type   PrizeType    `json:"type"`
	Amount money.Satang `json:"amount"` // cash and bonus
	Coins  int64        `json:"coins"`  // coins
	// The bonus's condition (docs/promotions.md); 0: the promotions'
	// defaults.
	SuccessPercent int `json:"successPercent"`
	PercentFail    int `json:"percentFail"`
}

// Money reports the baht the prize pays (what counts against the budget).
func (p Prize) Money() money.Satang {
	if p.Type == PrizeCash || p.Type == PrizeBonus {
		return p.Amount
	}
	return 0
}

// Labels is a text in each language of the apps.
type Labels struct {
	TH string `json:"th"`
	LA string `json:"la"`
	EN string `json:"en"`
}

// In returns the text in lang (th, la or en), Thai when unknown or empty.
func (l Labels) In(lang string) string {
	switch {
	case lang == "la" && l.LA != "":
		return l.LA
	case lang == "en" && l.EN != "":
		return l.EN
	}
	return l.TH
}

// Slice is one slice of a wheel.
type Slice struct {
	Code            string `json:"code"`
	Label           Labels `json:"label"`
	BgColor         string `json:"bgColor"`
	TextColor       string `json:"textColor"`
	HTMLDescription string `json:"htmlDescription"`
	Weight          int    `json:"weight"`
	Prize           Prize  `json:"prize"`
}

// Wheel is an operator-defined wheel.
type Wheel struct {
	ID     string
	Name   string
	Active bool
	// Cost is the coins one spin takes.
	Cost int64
	// DailyLimit is the spins a member may make per Bangkok day (0: no
	// limit).
	DailyLimit int
	// DailyBudget is the baht the wheel may give away (cash and bonus
	// prizes) per Bangkok day; 0: no budget. When a prize would go over
	// it, the spin lands on a "nothing" slice instead.
	DailyBudget money.Satang
	// CouponDays is how long a coupon can be claimed.
	CouponDays int
	Slices     []Slice
	UpdatedAt  time.Time
	UpdatedBy  string
}

// Defaults of a wheel saved without them.
const (
	DefaultCost       = 1
	DefaultCouponDays = 7
)

// Limits of a wheel.
const (
	MinSlices    = 2
	MaxSlices    = 24
	MaxWeight    = 1_000_000
	MaxCost      = 1_000
	MaxPrizeCoin = 1_000_000
	MaxGrant     = 1_000_000 // coins one operator grant may move
)

var (
	codeRE  = regexp.MustCompile(`^[A-Z0-9_-]{1,32}$`)
	colorRE = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)
)

// Validate checks a wheel an operator saves and fills its defaults
// (INVALID_REQUEST with what is wrong).
func (w *Wheel) Validate() error {
	bad := func(format string, args ...any) error {
		return errs.Newf(errs.InvalidRequest, "wheel: "+format, args...)
	}
	if w.Cost == 0 {
		w.Cost = DefaultCost
	}
	if w.CouponDays == 0 {
		w.CouponDays = DefaultCouponDays
	}
	switch {
	case len([]rune(w.Name)) < 1 || len([]rune(w.Name)) > 64:
		return bad("name must have 1 to 64 characters")
	case w.Cost < 1 || w.Cost > MaxCost:
		return bad("cost must be 1 to %d coins", MaxCost)
	case w.DailyLimit < 0 || w.DailyLimit > 10_000:
		return bad("dailyLimit must be 0 (none) to 10000")
	case w.DailyBudget < 0 || w.DailyBudget > money.Max:
		return bad("dailyBudget must be 0 (none) or a positive amount")
	case w.CouponDays < 1 || w.CouponDays > 90:
		return bad("couponDays must be 1 to 90")
	case len(w.Slices) < MinSlices || len(w.Slices) > MaxSlices:
		return bad("a wheel has %d to %d slices", MinSlices, MaxSlices)
	}
	seen := map[string]bool{}
	var total, nothing int
	for i := range w.Slices {
		s := &w.Slices[i]
		if !codeRE.MatchString(s.Code) || seen[s.Code] {
			return bad("slice %d: code must be unique, A-Z 0-9 _ - and at most 32 characters", i+1)
		}
		seen[s.Code] = true
		for _, l := range []string{s.Label.TH, s.Label.LA, s.Label.EN} {
			if n := len([]rune(l)); n < 1 || n > 40 {
				return bad("slice %s: a label in th, la and en of 1 to 40 characters", s.Code)
			}
		}
		if !colorRE.MatchString(s.BgColor) || !colorRE.MatchString(s.TextColor) {
			return bad("slice %s: colours are #RRGGBB", s.Code)
		}
		if len(s.HTMLDescription) > 2000 {
			return bad("slice %s: htmlDescription over 2000 characters", s.Code)
		}
		if s.Weight < 0 || s.Weight > MaxWeight {
			return bad("slice %s: weight must be 0 to %d", s.Code, MaxWeight)
		}
		total += s.Weight
		p := &s.Prize
		switch p.Type {
		case PrizeCash, PrizeBonus:
			if p.Amount <= 0 || p.Amount > money.Max {
				return bad("slice %s: a %s prize needs a positive amount", s.Code, p.Type)
			}
			p.Coins = 0
			if p.Type == PrizeBonus {
				if p.SuccessPercent == 0 {
					p.SuccessPercent = 200
				}
				if p.PercentFail == 0 {
					p.PercentFail = 10
				}
				if p.SuccessPercent < 100 || p.SuccessPercent > 10_000 || p.PercentFail < 0 || p.PercentFail >= p.SuccessPercent {
					return bad("slice %s: successPercent 100 to 10000 and percentFail below it", s.Code)
				}
			} else {
				p.SuccessPercent, p.PercentFail = 0, 0
			}
		case PrizeCoins:
			if p.Coins < 1 || p.Coins > MaxPrizeCoin {
				return bad("slice %s: a coins prize needs 1 to %d coins", s.Code, MaxPrizeCoin)
			}
			p.Amount, p.SuccessPercent, p.PercentFail = 0, 0, 0
		case PrizeNothing:
			*p = Prize{Type: PrizeNothing}
			if s.Weight > 0 {
				nothing++
			}
		default:
			return bad("slice %s: prize type is cash, bonus, coins or nothing", s.Code)
		}
	}
	if total <= 0 {
		return bad("the weights must not all be 0")
	}
	if nothing == 0 {
		return bad("a wheel needs a \"nothing\" slice with a weight, where prizes land once the budget is spent")
	}
	return nil
}

// Draw picks a slice with probability weight / total weight, with r as
// the random source (crypto/rand.Reader in production): one uniform
// integer below the total, so no slice is favoured by rounding.
func Draw(r io.Reader, slices []Slice) (int, error) {
	var total int64
	for _, s := range slices {
		total += int64(s.Weight)
	}
	if total <= 0 {
		return 0, fmt.Errorf("spin: a wheel without weights")
	}
	n, err := rand.Int(r, big.NewInt(total))
	if err != nil {
		return 0, err
	}
	x := n.Int64()
	for i, s := range slices {
		if x < int64(s.Weight) {
			return i, nil
		}
		x -= int64(s.Weight)
	}
	return 0, fmt.Errorf("spin: draw out of range")
}

// ExpectedPayout is what one spin pays on average, from the weights alone
// (the budget can only lower it): baht (cash and bonus) and coins.
func ExpectedPayout(slices []Slice) (baht float64, coins float64) {
	var total int64
	for _, s := range slices {
		total += int64(s.Weight)
	}
	if total == 0 {
		return 0, 0
	}
	for _, s := range slices {
		p := float64(s.Weight) / float64(total)
		baht += p * float64(s.Prize.Money()) / 100
		coins += p * float64(s.Prize.Coins)
	}
	return baht, coins
}

// CouponStatus is where a coupon stands.
type CouponStatus string

// Coupon statuses. An OPEN coupon past ExpiresAt is expired (Expired).
const (
	CouponOpen    CouponStatus = "OPEN"
	CouponClaimed CouponStatus = "CLAIMED"
)

// Coupon is a prize won and not yet (or already) claimed. It keeps the
// slice as it was when won.
type Coupon struct {
	ID        string
	MemberID  string
	SpinID    string
	WheelID   string
	WheelName string
	Slice     Slice
	Status    CouponStatus
	CreatedAt time.Time
	ExpiresAt time.Time
	ClaimedAt *time.Time
	// Phone identifies the member in operator listings.
	Phone string
}

// Expired reports whether an open coupon can no longer be claimed at now.
func (c Coupon) Expired(now time.Time) bool {
	return c.Status == CouponOpen && !now.Before(c.ExpiresAt)
}

// Journal kinds of coins and the wheel.
const (
	// KindCoinGrant is an operator's grant (or take-back) of coins; ref
	// the grant id.
	KindCoinGrant ledger.JournalKind = "coin_grant"
	// KindSpin pays a spin: coin:<member> → sys:coins; ref the spin id.
	KindSpin ledger.JournalKind = "spin"
	// KindPrizeCash pays a cash coupon: sys:prizes → wallet; ref the
	// coupon id.
	KindPrizeCash ledger.JournalKind = "spin_prize"
	// KindPrizeCoins pays a coins coupon: sys:coins → coin:<member>; ref
	// the coupon id.
	KindPrizeCoins ledger.JournalKind = "spin_prize_coins"
)

// SpinRecord is one spin for the store to record atomically.
type SpinRecord struct {
	ID       string
	MemberID string
	Wheel    Wheel
	Day      string // the Bangkok date the daily limit and budget count
	Drawn    Slice
	// Fallback is the "nothing" slice the spin lands on when Drawn's prize
	// would go over the budget.
	Fallback Slice
	Debit    ledger.Journal // the spin's cost
	// Coupon is the coupon of Drawn's prize (its ID, dates and member set;
	// nil for nothing).
	Coupon *Coupon
	At     time.Time
}

// Outcome is what a recorded spin gave.
type Outcome struct {
	Slice         Slice
	FellBack      bool // the budget was spent: Drawn became Fallback
	Coupon        *Coupon
	RemainingCoin int64
}

// Budget is a wheel's prize budget on one day.
type Budget struct {
	Day    string       `json:"day"`
	Budget money.Satang `json:"budget"` // 0: none
	Spent  money.Satang `json:"spent"`
	Spins  int          `json:"spins"`
}

// Exhausted reports whether no more cash or bonus prize fits today (the
// smallest prize of the wheel does not fit).
func (b Budget) Exhausted(w Wheel) bool {
	if b.Budget == 0 {
		return false
	}
	for _, s := range w.Slices {
		if m := s.Prize.Money(); m > 0 && s.Weight > 0 && b.Spent+m <= b.Budget {
			return false
		}
	}
	return true
}

// Grant is one operator grant of coins, for the console.
type Grant struct {
	ID        string    `db:"id"`
	MemberID  string    `db:"member_id"`
	Phone     string    `db:"phone"`
	Coins     int64     `db:"coins"`
	Reason    string    `db:"reason"`
	Operator  string    `db:"operator"`
	CreatedAt time.Time `db:"created_at"`
}

// Store keeps wheels, spins and coupons.
type Store interface {
	// ActiveWheel returns the active wheel, false when none is.
	ActiveWheel(ctx context.Context) (Wheel, bool, error)
	// Wheels lists every wheel, the active one first.
	Wheels(ctx context.Context) ([]Wheel, error)
	// SaveWheel creates or replaces w; when w is active every other wheel
	// is made inactive in the same transaction.
	SaveWheel(ctx context.Context, w Wheel) error
	// Spin records r in one transaction: it posts r.Debit (MONEY_NOT_ENOUGH
	// when the member lacks the coins), refuses SPIN_DAILY_LIMIT when the
	// member has made the wheel's daily limit of spins on r.Day, books the
	// prize against the day's budget (a conditional update; over it, the
	// spin lands on r.Fallback and no coupon is made), stores the spin and
	// the coupon. On any error nothing is recorded.
	Spin(ctx context.Context, r SpinRecord) (Outcome, error)
	// SpinsOn counts the member's spins on day.
	SpinsOn(ctx context.Context, memberID, day string) (int, error)
	// Budget returns a wheel's budget use on day.
	Budget(ctx context.Context, wheelID, day string) (Budget, error)

	// Coupon returns a coupon (INVALID_CODE when there is none).
	Coupon(ctx context.Context, id string) (Coupon, error)
	// MemberCoupons lists the member's coupons, newest first.
	MemberCoupons(ctx context.Context, memberID string, limit int) ([]Coupon, error)
	// Coupons lists every coupon, newest first, and how many there are.
	Coupons(ctx context.Context, offset, limit int) ([]Coupon, int, error)
	// ClaimCoupon marks an OPEN coupon of the member not expired at at
	// CLAIMED and, with j, posts j in the same transaction. It reports
	// false, changing nothing, when the coupon was not claimable.
	ClaimCoupon(ctx context.Context, id, memberID string, at time.Time, j *ledger.Journal) (bool, error)

	// Grants lists operator grants of coins, newest first, and how many.
	Grants(ctx context.Context, offset, limit int) ([]Grant, int, error)
}

// Bonus credits a bonus prize with its condition (core/promo).
type Bonus interface {
	// GrantPrize credits amount with a condition to the member, once per
	// coupon: BONUS_ALREADY_ACTIVE while the member has an active
	// condition, BONUS_MAX_CLAIMED when the coupon was credited before.
	GrantPrize(ctx context.Context, memberID, coupon, code string, amount money.Satang, successPercent, percentFail int) error
}
