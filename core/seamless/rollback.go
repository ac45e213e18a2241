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
	if r, ok, err := s.recorded(ctx, c); err != nil || ok {
		if err != nil {
			return Answer{}, err
		}
		return s.repeated(ctx, c, r, m)
	}
	// Only the member's own bets: a record's member never changes, so this
	// look-up cannot go stale.
	bet, ok, err := s.recorded(ctx, Callback{Provider: c.Provider, TxID: c.RefTxID})
	if err != nil {
		return Answer{}, err
	}
	if ok && bet.State != Tombstone && (bet.Kind != Bet || bet.MemberID != m.ID) {
		return Answer{}, ErrInvalid
	}
	rec, existed, err := s.store.Cancel(ctx, s.record(c, m.ID))
	if err != nil {
		return Answer{}, err
	}
	if existed {
		return s.repeated(ctx, c, rec, m)
	}
	return answer(rec, false, cur), nil
}
