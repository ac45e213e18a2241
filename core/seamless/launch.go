package seamless

import (
	"context"

	"ngern/core/account"
)

// Launch mints the session token a member's game presents on its
// callbacks. Only the token's hash is stored; the token goes to the
// aggregator in the launch request and is never shown again.
func (s *Service) Launch(ctx context.Context, memberID, provider, game string) (string, error) {
	if memberID == "" || provider == "" || game == "" {
		return "", ErrInvalid
	}
	if _, err := s.member(ctx, memberID); err != nil {
		return "", err
	}
	token := account.NewToken()
	now := s.now().UTC()
	err := s.store.CreateSession(ctx, Session{TokenHash: account.HashToken(token), MemberID: memberID, Provider: provider,
		Game: game, CreatedAt: now, ExpiresAt: now.Add(s.ttl)})
	if err != nil {
		return "", err
	}
	return token, nil
}
