package seamless

import (
	"context"
	"time"
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
	// A retry of a bet accepted before its token expired or its member was
	// locked answers what the bet answered then.
	if r, ok, err := s.recorded(ctx, c); err != nil || ok {
		if err != nil {
			return Answer{}, err
		}
		return s.repeated(ctx, c, r, m)
	}
	if !s.now().Before(ses.ExpiresAt) {
		return Answer{}, ErrTokenExpired
	}
	if m.Blocked {
		return Answer{}, ErrBlocked
	}
	return s.apply(ctx, c, m)
}
