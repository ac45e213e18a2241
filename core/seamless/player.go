package seamless

import (
	"context"

	"ngern/core/errs"
)

// Player answers a protocol's "user info" call: the token must be live and
// the member not blocked. Without a token, player alone names the member:
// Hub88's /user/info carries none, and its caller is authenticated by the
// protocol's signature, not by the token; an unknown player is ErrToken.
func (s *Service) Player(ctx context.Context, provider, token, player string) (Player, error) {
	id := player
	if token != "" || player == "" {
		ses, err := s.session(ctx, provider, token, player, true)
		if err != nil {
			return Player{}, err
		}
		id = ses.MemberID
	}
	m, err := s.member(ctx, id)
	if errs.HasCode(err, errs.NoUser) || errs.HasCode(err, errs.NoData) {
		return Player{}, ErrToken
	}
	if err != nil {
		return Player{}, err
	}
	bal, err := s.store.Balance(ctx, id)
	if err != nil {
		return Player{}, err
	}
	return Player{MemberID: m.ID, Name: m.Name, Currency: m.Currency, Country: m.Country, Lang: m.Lang, Balance: bal}, nil
}

// Balance answers a balance call: the token must be live and the member not
// blocked.
func (s *Service) Balance(ctx context.Context, provider, token, player string) (Answer, error) {
	ses, err := s.session(ctx, provider, token, player, true)
	if err != nil {
		return Answer{}, err
	}
	m, err := s.member(ctx, ses.MemberID)
	if err != nil {
		return Answer{}, err
	}
	bal, err := s.store.Balance(ctx, ses.MemberID)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Balance: bal, Currency: m.Currency}, nil
}
