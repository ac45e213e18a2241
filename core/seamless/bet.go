package seamless

import (
	"context"
	"time"

	"ngern/core/errs"
)

// Bet debits a bet from the member's wallet, once per transaction id. A
// bet is refused on an expired token (ErrTokenExpired), a blocked member
// (ErrBlocked), a balance below its amount (ErrInsufficient, with the
// balance) and an id a rollback already named (ErrRolledBack).
func (s *Service) Bet(ctx context.Context, c Callback) (a Answer, err error) {
	c.Kind = Bet
	defer s.observe(c, time.Now(), &a, &err)
	ses, m, err := s.caller(ctx, c)
	if err != nil {
		return Answer{}, err
	}
	if err := moneyCall(c, 1, m.Currency); err != nil {
		return Answer{}, err
	}
	// The store looks the id up first: a retry of a bet accepted before its
	// token expired or its member was locked answers what the bet answered
	// then; a new bet is refused on an expired token or a blocked member.
	expired := !s.now().Before(ses.ExpiresAt)
	rec, found, err := s.store.Record(ctx, s.record(c, m.ID), expired || m.Blocked)
	switch {
	case errs.CodeOf(err) == errs.MoneyNotEnough:
		return s.insufficient(ctx, m)
	case err != nil:
		return Answer{}, err
	case found == Existing:
		return s.repeated(ctx, c, rec, m)
	case found == Refused && expired:
		return Answer{}, ErrTokenExpired
	case found == Refused:
		return Answer{}, ErrBlocked
	}
	return answer(rec, false, m.Currency), nil
}
