package account

import (
	"context"
	"time"

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

// Sign-in limits. A wrong password counts against the account from the
// address it came from, so that nobody can lock a known member (or operator)
// out by guessing from elsewhere; across every address the account has a
// much higher bound that backs off: a burst waits out a minute, a sustained
// attack an hour. The window left is answered as REQUEST_LIMIT with
// Retry-After.
const (
	// signInWindow is the window of the tries per (account, address).
	signInWindow = 15 * time.Minute
	// accountFactor: an account takes accountFactor times the tries per
	// address in an hour from all addresses, and a tenth of that a minute.
	accountFactor = 20
	accountWindow = time.Hour
	burstWindow   = time.Minute
)

// CheckSignIn counts one sign-in try of an account (a member's phone, an
// operator's name; kind keeps their keys apart) from address ip, before the
// password is checked: perAddress tries per (account, address) in 15
// minutes, then accountFactor×perAddress tries of the account in an hour and
// a tenth of those in a minute. A try refused by one bound does not count
// against the next, so an address over its own bound adds nothing to the
// account's. Over a bound: REQUEST_LIMIT with the time until it frees.
func CheckSignIn(ctx context.Context, l Limiter, kind, id, ip string, perAddress int) error {
	perAccount := accountFactor * perAddress
	for _, b := range []limit{
		{kind + ":addr:" + id + "|" + ip, perAddress, signInWindow},
		{kind + ":burst:" + id, max(perAccount/10, 1), burstWindow},
		{kind + ":acct:" + id, perAccount, accountWindow},
	} {
		ok, retry, err := l.Hit(ctx, b.key, b.limit, b.window)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Limited(errs.RequestLimit, retry)
		}
	}
	return nil
}
