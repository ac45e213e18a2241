package spin

import (
	"context"

	"ngern/core/errs"
	"ngern/core/money"
)

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
