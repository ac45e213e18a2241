package seamless

import (
	"context"
	"strings"
	"time"
)

// Rollback cancels the bet c.RefTxID, once per transaction id: the bet's
// amount comes back once, however many rollbacks name it. A rollback of a
// bet never seen succeeds and leaves a tombstone, so that the bet arriving
// late is refused. It is accepted on an expired token.
func (s *Service) Rollback(ctx context.Context, c Callback) (a Answer, err error) {
	c.Kind = Rollback
	defer s.observe(c, time.Now(), &a, &err)
	_, m, err := s.caller(ctx, c)
	if err != nil {
		return Answer{}, err
	}
	cur := m.Currency
	if c.TxID == "" || c.RefTxID == "" || c.TxID == c.RefTxID || c.Amount < 0 {
		return Answer{}, ErrInvalid
	}
	if c.Currency != "" && !strings.EqualFold(c.Currency, cur) {
		return Answer{}, ErrCurrency
	}
	// The store looks the id up, then the bet: only the member's own bets
	// (a record's member never changes, so this look-up cannot go stale).
	rec, found, err := s.store.Record(ctx, s.record(c, m.ID), false)
	switch {
	case err != nil:
		return Answer{}, err
	case found == Existing:
		return s.repeated(ctx, c, rec, m)
	case found == NotABet:
		return Answer{}, ErrInvalid
	}
	return answer(rec, false, cur), nil
}
