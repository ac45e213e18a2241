package spin

import (
	"context"

	"ngern/core/ledger"
)

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
