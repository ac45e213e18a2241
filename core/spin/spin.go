// Package spin is the prize wheel: operator-defined wheels (one active),
// spins paid in coins and drawn on the server from the wheel's weights with
// a cryptographic random source, a daily prize budget, and the coupons a
// prize becomes until the member claims it. Coins are a ledger unit of
// their own (core/ledger); docs/spin.md is the model.
package spin

import (
	"context"
	"time"

	"ngern/core/ledger"
	"ngern/core/money"
)

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
