package spin

import (
	"context"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
)

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
