package seamless

import (
	"context"
	"time"
)

// Win credits a win to the member's wallet, once per transaction id. It is
// accepted on an expired token and for a blocked member (the round was
// played before), and for a round Ngern never saw a bet of (free spins).
// A win of 0 closes a round and moves nothing.
func (s *Service) Win(ctx context.Context, c Callback) (a Answer, err error) {
	c.Kind = Win
	defer s.observe(c, time.Now(), &a, &err)
	_, m, err := s.caller(ctx, c)
	if err != nil {
		return Answer{}, err
	}
	if err := moneyCall(c, 0, m.Currency); err != nil {
		return Answer{}, err
	}
	return s.apply(ctx, c, m)
}
