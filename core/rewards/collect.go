package rewards

import (
	"context"
	"fmt"
	"time"

	"ngern/core/errs"
)

// Collection tuning.
const (
	// BetPage is how many bets one bet-history call asks for.
	BetPage = 500
	// maxPages bounds one collection of a game, so that a huge backlog is
	// taken over several runs rather than one long one.
	maxPages = 40
)

// CollectGame reads game's bet history from the stored cursor until the
// provider has no more (at most maxPages pages) and stores the new bets.
// It returns how many were new. A failure is recorded for the console and
// returned; what was stored before it stays (the cursor moves with each
// page, in the page's transaction). A provider's failure is returned as
// PROVIDER_UNAVAILABLE wrapping the provider's error; the store's as it is.
func (s *Service) CollectGame(ctx context.Context, game string) (int, error) {
	if s.provider == nil {
		return 0, nil
	}
	st, err := s.store.CollectState(ctx, game)
	if err != nil {
		return 0, err
	}
	cursor, added := st.Cursor, 0
	for page := 0; page < maxPages; page++ {
		bets, next, err := s.provider.Bets(ctx, game, cursor, BetPage)
		if err != nil {
			if ferr := s.store.CollectFailed(context.WithoutCancel(ctx), game, err.Error(), s.now().UTC()); ferr != nil {
				s.log.Error("collection failure not recorded", "game", game, "err", ferr)
			}
			// PROVIDER_UNAVAILABLE first, so that the provider's error (a
			// network error, say) is never taken for the database's; the
			// cause stays in the chain for the log, not for the caller.
			return added, fmt.Errorf("rewards: collect %s: %w: %w", game,
				errs.Newf(errs.ProviderUnavailable, "bet history of %s", game), err)
		}
		for i := range bets {
			bets[i].Game = game
		}
		n, err := s.store.SaveBets(ctx, game, bets, next, s.now().UTC())
		if err != nil {
			return added, err
		}
		added += n
		if len(bets) == 0 || next == cursor {
			break
		}
		cursor = next
	}
	return added, nil
}

// Collect collects every game's bet history; a game that fails does not
// stop the others. It returns the bets stored and the first error.
func (s *Service) Collect(ctx context.Context) (int, error) {
	if s.provider == nil || s.games == nil {
		return 0, nil
	}
	s.collect.Lock()
	defer s.collect.Unlock()
	games, err := s.games(ctx)
	if err != nil {
		return 0, err
	}
	total := 0
	var first error
	for _, g := range games {
		n, err := s.CollectGame(ctx, g)
		total += n
		if err != nil && first == nil {
			first = err
		}
	}
	return total, first
}

// CollectStates is the console's collection status, with the lag.
func (s *Service) CollectStates(ctx context.Context) ([]CollectState, error) {
	list, err := s.store.CollectStates(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for i := range list {
		list[i].Lag = -1
		if list[i].LastBetAt != nil {
			list[i].Lag = int64(now.Sub(*list[i].LastBetAt) / time.Second)
		}
	}
	return list, nil
}

// Results lists day results (the console's per-member history).
func (s *Service) Results(ctx context.Context, memberID, fromDay, toDay string, limit int) ([]DayResult, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	return s.store.Results(ctx, memberID, fromDay, toDay, limit)
}
