package spin

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"strings"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Zone is the local time of the daily limit and budget (Thailand and Laos,
// UTC+7, no daylight saving).
var Zone = time.FixedZone("ICT", 7*3600)

// Day returns the Bangkok date of t.
func Day(t time.Time) string { return t.In(Zone).Format("2006-01-02") }

// Deps are what the service needs.
type Deps struct {
	Store  Store
	Ledger ledger.Store
	Bonus  Bonus // nil: bonus prizes cannot be claimed (INVALID_COUPON_TYPE)
	// Members finds the member of an operator's grant by phone.
	Members interface {
		MemberByPhone(ctx context.Context, phone string) (*account.Member, error)
	}
	// Random is the source of draws; nil: crypto/rand.Reader.
	Random io.Reader
	Now    func() time.Time
	IDs    func() string
}

// Service runs the wheel.
type Service struct{ d Deps }

// NewService returns the wheel's service.
func NewService(d Deps) *Service {
	if d.Random == nil {
		d.Random = rand.Reader
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{d: d}
}

// Setup is what the spin page shows.
type Setup struct {
	Wheel      *Wheel
	Coins      int64
	SpinsToday int
}

// Coins returns the member's coins.
func (s *Service) Coins(ctx context.Context, memberID string) (int64, error) {
	b, err := s.d.Ledger.Balance(ctx, ledger.Coin(memberID).ID)
	return int64(b), err
}

// Setup returns the active wheel (nil when none is) and the member's coins.
func (s *Service) Setup(ctx context.Context, memberID string) (Setup, error) {
	var out Setup
	w, ok, err := s.d.Store.ActiveWheel(ctx)
	if err != nil {
		return out, err
	}
	if ok {
		out.Wheel = &w
		if out.SpinsToday, err = s.d.Store.SpinsOn(ctx, memberID, Day(s.d.Now())); err != nil {
			return out, err
		}
	}
	out.Coins, err = s.Coins(ctx, memberID)
	return out, err
}

// Active reports whether a wheel is active.
func (s *Service) Active(ctx context.Context) (bool, error) {
	_, ok, err := s.d.Store.ActiveWheel(ctx)
	return ok, err
}

// Spin takes the wheel's cost in coins from the member, draws a slice from
// the active wheel's weights and records the outcome in one transaction: a
// prize becomes a coupon, unless the day's budget is spent, when the spin
// lands on a "nothing" slice (drawn from the nothing slices' weights).
// SPIN_INACTIVE without an active wheel, NOT_ENOUGH_COIN without the
// coins, SPIN_DAILY_LIMIT past the daily limit.
func (s *Service) Spin(ctx context.Context, memberID string) (Outcome, error) {
	w, ok, err := s.d.Store.ActiveWheel(ctx)
	if err != nil {
		return Outcome{}, err
	}
	if !ok {
		return Outcome{}, errs.New(errs.SpinInactive)
	}
	now := s.d.Now().UTC()
	r, err := s.record(w, memberID, now)
	if err != nil {
		return Outcome{}, err
	}
	out, err := s.d.Store.Spin(ctx, r)
	if errs.HasCode(err, errs.MoneyNotEnough) {
		return Outcome{}, errs.New(errs.NotEnoughCoin)
	}
	return out, err
}

// record draws a spin of w: the slice from the weights, and the fallback
// from the "nothing" slices' weights.
func (s *Service) record(w Wheel, memberID string, now time.Time) (SpinRecord, error) {
	i, err := Draw(s.d.Random, w.Slices)
	if err != nil {
		return SpinRecord{}, err
	}
	var nothing []Slice
	for _, sl := range w.Slices {
		if sl.Prize.Type == PrizeNothing {
			nothing = append(nothing, sl)
		}
	}
	f, err := Draw(s.d.Random, nothing)
	if err != nil {
		return SpinRecord{}, err
	}
	id := s.d.IDs()
	r := SpinRecord{ID: id, MemberID: memberID, Wheel: w, Day: Day(now), Drawn: w.Slices[i], Fallback: nothing[f], At: now,
		Debit: ledger.Journal{ID: s.d.IDs(), Kind: KindSpin, Ref: id, MemberID: memberID, Memo: "spin " + w.Name,
			Postings: ledger.CoinMove(ledger.Coin(memberID), ledger.Coins, w.Cost), CreatedAt: now}}
	if r.Drawn.Prize.Type != PrizeNothing {
		r.Coupon = &Coupon{ID: s.d.IDs(), MemberID: memberID, SpinID: id, WheelID: w.ID, WheelName: w.Name, Slice: r.Drawn,
			Status: CouponOpen, CreatedAt: now, ExpiresAt: now.AddDate(0, 0, w.CouponDays)}
	}
	return r, nil
}

// MemberCoupons lists the member's coupons, newest first (at most 100).
func (s *Service) MemberCoupons(ctx context.Context, memberID string) ([]Coupon, error) {
	return s.d.Store.MemberCoupons(ctx, memberID, 100)
}

// Claim pays the member's coupon exactly once: cash from sys:prizes to the
// wallet, coins from sys:coins, a bonus through the condition engine.
// INVALID_CODE for no such coupon of the member, NO_CLAIMABLE_COUPON when
// claimed already, COUPON_EXPIRED past its date, BONUS_REMAINING while a
// bonus condition is active, INVALID_COUPON_TYPE for a prize that cannot
// be paid.
func (s *Service) Claim(ctx context.Context, memberID, code string) (Coupon, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 64 {
		return Coupon{}, errs.New(errs.InvalidCode)
	}
	c, err := s.d.Store.Coupon(ctx, code)
	if err != nil {
		return Coupon{}, err
	}
	if c.MemberID != memberID {
		return Coupon{}, errs.New(errs.InvalidCode)
	}
	now := s.d.Now().UTC()
	if err := claimable(c, now); err != nil {
		return c, err
	}
	p := c.Slice.Prize
	var j *ledger.Journal
	switch p.Type {
	case PrizeCash:
		j = &ledger.Journal{ID: s.d.IDs(), Kind: KindPrizeCash, Ref: c.ID, MemberID: memberID, Memo: "spin " + c.Slice.Code,
			Postings: ledger.Move(ledger.Prizes, ledger.Wallet(memberID), p.Amount), CreatedAt: now}
	case PrizeCoins:
		j = &ledger.Journal{ID: s.d.IDs(), Kind: KindPrizeCoins, Ref: c.ID, MemberID: memberID, Memo: "spin " + c.Slice.Code,
			Postings: ledger.CoinMove(ledger.Coins, ledger.Coin(memberID), p.Coins), CreatedAt: now}
	case PrizeBonus:
		if s.d.Bonus == nil {
			return c, errs.New(errs.InvalidCouponType)
		}
		err := s.d.Bonus.GrantPrize(ctx, memberID, c.ID, c.Slice.Code, p.Amount, p.SuccessPercent, p.PercentFail)
		switch {
		case errs.HasCode(err, errs.BonusAlreadyActive):
			return c, errs.New(errs.BonusRemaining)
		case errs.HasCode(err, errs.BonusMaxClaimed):
			// Credited before (a claim that stopped before marking the
			// coupon): mark it now; this claim pays nothing.
			if _, err := s.d.Store.ClaimCoupon(ctx, c.ID, memberID, now, nil); err != nil {
				return c, err
			}
			return c, errs.New(errs.NoClaimableCoupon)
		case err != nil:
			return c, err
		}
	default:
		return c, errs.New(errs.InvalidCouponType)
	}
	ok, err := s.d.Store.ClaimCoupon(ctx, c.ID, memberID, now, j)
	if errors.Is(err, ledger.ErrDuplicate) {
		ok, err = false, nil
	}
	if err != nil {
		return c, err
	}
	if !ok && p.Type != PrizeBonus {
		// Another claim won the race, or the coupon expired meanwhile.
		if c, err = s.d.Store.Coupon(ctx, c.ID); err != nil {
			return c, err
		}
		if err := claimable(c, now); err != nil {
			return c, err
		}
		return c, errs.New(errs.NoClaimableCoupon)
	}
	c.Status, c.ClaimedAt = CouponClaimed, &now
	return c, nil
}

func claimable(c Coupon, now time.Time) error {
	switch {
	case c.Status != CouponOpen:
		return errs.New(errs.NoClaimableCoupon)
	case c.Expired(now):
		return errs.New(errs.CouponExpired)
	}
	return nil
}

// Wheels lists every wheel, the active one first.
func (s *Service) Wheels(ctx context.Context) ([]Wheel, error) { return s.d.Store.Wheels(ctx) }

// ActiveWheel returns the active wheel and its budget today (NO_DATA when
// no wheel is active).
func (s *Service) ActiveWheel(ctx context.Context) (Wheel, Budget, error) {
	w, ok, err := s.d.Store.ActiveWheel(ctx)
	if err != nil {
		return w, Budget{}, err
	}
	if !ok {
		return w, Budget{}, errs.New(errs.NoData)
	}
	b, err := s.BudgetToday(ctx, w)
	return w, b, err
}

// BudgetToday returns w's budget use today.
func (s *Service) BudgetToday(ctx context.Context, w Wheel) (Budget, error) {
	b, err := s.d.Store.Budget(ctx, w.ID, Day(s.d.Now()))
	b.Budget = w.DailyBudget
	return b, err
}

// SaveWheel validates and stores a wheel (a new one when w.ID is empty).
func (s *Service) SaveWheel(ctx context.Context, w Wheel, by string) (Wheel, error) {
	if err := w.Validate(); err != nil {
		return w, err
	}
	if w.ID == "" {
		w.ID = s.d.IDs()
	}
	w.UpdatedAt, w.UpdatedBy = s.d.Now().UTC(), by
	return w, s.d.Store.SaveWheel(ctx, w)
}

// Coupons lists every coupon for operators, newest first.
func (s *Service) Coupons(ctx context.Context, offset, limit int) ([]Coupon, int, error) {
	return s.d.Store.Coupons(ctx, offset, limit)
}

// Grants lists operator grants of coins, newest first.
func (s *Service) Grants(ctx context.Context, offset, limit int) ([]Grant, int, error) {
	return s.d.Store.Grants(ctx, offset, limit)
}

// GrantCoinsByPhone is GrantCoins to the member with phone (NO_USER); it
// returns the member's id and coins after.
func (s *Service) GrantCoinsByPhone(ctx context.Context, phone string, n int64, reason, by string) (string, int64, error) {
	m, err := s.d.Members.MemberByPhone(ctx, strings.TrimSpace(phone))
	if err != nil {
		return "", 0, err
	}
	coins, err := s.GrantCoins(ctx, m.ID, n, reason, by, "")
	return m.ID, coins, err
}

// GrantCoins gives a member coins (a negative n takes them back, never
// below zero: NOT_ENOUGH_COIN), recorded in the ledger as made by by with
// the reason. ref makes a retry safe (the ledger's (kind, ref) is unique).
// It returns the member's coins after.
func (s *Service) GrantCoins(ctx context.Context, memberID string, n int64, reason, by, ref string) (int64, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case n == 0 || n > MaxGrant || n < -MaxGrant:
		return 0, errs.Newf(errs.InvalidAmount, "coins: a whole number, not 0, at most %d either way", MaxGrant)
	case reason == "" || len([]rune(reason)) > 200:
		return 0, errs.OnField(errs.InvalidRequest, "reason")
	}
	if ref == "" {
		ref = s.d.IDs()
	}
	postings := ledger.CoinMove(ledger.Coins, ledger.Coin(memberID), n)
	if n < 0 {
		postings = ledger.CoinMove(ledger.Coin(memberID), ledger.Coins, -n)
	}
	j := ledger.Journal{ID: s.d.IDs(), Kind: KindCoinGrant, Ref: ref, MemberID: memberID, Memo: reason, By: by,
		Postings: postings, CreatedAt: s.d.Now().UTC()}
	err := s.d.Ledger.Post(ctx, j)
	if errs.HasCode(err, errs.MoneyNotEnough) {
		return 0, errs.New(errs.NotEnoughCoin)
	}
	if err != nil && !errors.Is(err, ledger.ErrDuplicate) {
		return 0, err
	}
	return s.Coins(ctx, memberID)
}

// Payout is the expected payout of one spin of a wheel.
type Payout struct {
	Baht  money.Satang `json:"baht"`
	Coins float64      `json:"coins"`
}

// Expected returns the expected payout per spin of w from its weights.
func Expected(w Wheel) Payout {
	b, c := ExpectedPayout(w.Slices)
	return Payout{Baht: money.Satang(b*100 + 0.5), Coins: c}
}
