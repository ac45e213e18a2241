package account

import (
	"context"

	"ngern/core/errs"
)

// SetActive locks (active false) or unlocks a member. A locked member gets
// INACTIVE_USER at login, and every session is revoked, so that calls with
// a token issued before answer invalid-token.
func (s *Service) SetActive(ctx context.Context, memberID string, active bool) (*Member, error) {
	if err := s.store.SetMemberActive(ctx, memberID, active, s.now().UTC()); err != nil {
		return nil, err
	}
	if !active {
		if err := s.RevokeSessions(ctx, memberID); err != nil {
			return nil, err
		}
	}
	return s.store.MemberByID(ctx, memberID)
}

// Sessions lists a member's live sessions, newest first.
func (s *Service) Sessions(ctx context.Context, memberID string) ([]Session, error) {
	return s.store.MemberSessions(ctx, memberID, s.now().UTC())
}

// SessionID is the identifier operators see for a session: derived from
// the stored token hash, so it reveals nothing that opens the session.
func SessionID(tokenHash string) string { return HashToken(tokenHash)[:16] }

// RevokeSession revokes one session of a member by its SessionID (NO_DATA
// when the member has no such live session), on every node.
func (s *Service) RevokeSession(ctx context.Context, memberID, sessionID string) error {
	list, err := s.Sessions(ctx, memberID)
	if err != nil {
		return err
	}
	for _, ses := range list {
		if SessionID(ses.TokenHash) == sessionID {
			if err := s.store.RevokeSession(ctx, ses.TokenHash, s.now().UTC()); err != nil {
				return err
			}
			return s.forget(ctx, sessionDrop{TokenHash: ses.TokenHash})
		}
	}
	return errs.New(errs.NoData)
}

// Member returns a member by id (NO_USER).
func (s *Service) Member(ctx context.Context, id string) (*Member, error) {
	return s.store.MemberByID(ctx, id)
}
