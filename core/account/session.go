package account

import (
	"context"
	"strings"
	"time"

	"ngern/core/errs"
)

// Login limits: attempts per phone and per IP in a window.
const (
	loginWindow     = 15 * time.Minute
	loginPerAccount = 10
	loginPerIP      = 60
	touchEvery      = time.Minute
)

// Login checks a phone and password and opens a session. Unknown phone and
// wrong password answer WRONG_CREDENTIAL alike, after the same work.
func (s *Service) Login(ctx context.Context, phone, password, ip, userAgent string) (string, error) {
	phone = strings.TrimSpace(phone)
	if phone == "" || password == "" {
		return "", errs.New(errs.WrongCredential)
	}
	if len(password) > 4*MaxPasswordLen || len(phone) > 20 {
		return "", errs.New(errs.WrongCredential)
	}
	for _, l := range []struct {
		key   string
		limit int
	}{{"login:ip:" + ip, loginPerIP}, {"login:phone:" + phone, loginPerAccount}} {
		ok, retry, err := s.limiter.Hit(ctx, l.key, l.limit, loginWindow)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", errs.Limited(errs.RequestLimit, retry)
		}
	}
	m, err := s.store.MemberByPhone(ctx, phone)
	if err != nil && !errs.HasCode(err, errs.NoUser) {
		return "", err
	}
	hash := ""
	if m != nil {
		hash = m.PasswordHash
	}
	if !s.hasher.Verify(password, hash) || m == nil {
		return "", errs.New(errs.WrongCredential)
	}
	if !m.Active {
		return "", errs.New(errs.InactiveUser)
	}
	token := NewToken()
	now := s.now().UTC()
	if len(userAgent) > 200 {
		userAgent = userAgent[:200]
	}
	err = s.store.CreateSession(ctx, &Session{
		TokenHash: HashToken(token), MemberID: m.ID, CreatedAt: now, LastSeenAt: now,
		ExpiresAt: now.Add(s.cfg.SessionAbsolute), IP: ip, UserAgent: userAgent,
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// Caller is an authenticated member request.
type Caller struct {
	MemberID  string
	TokenHash string
}

// Authenticate resolves a bearer token. Missing, unknown, revoked and
// expired tokens answer invalid-token; a disabled member INACTIVE_USER.
func (s *Service) Authenticate(ctx context.Context, token string) (Caller, error) {
	if token == "" || len(token) > 100 {
		return Caller{}, errs.New(errs.InvalidToken)
	}
	h := HashToken(token)
	sess, active, err := s.store.SessionByHash(ctx, h)
	if err != nil {
		return Caller{}, err
	}
	now := s.now()
	if sess.RevokedAt != nil || !now.Before(sess.ExpiresAt) || now.Sub(sess.LastSeenAt) > s.cfg.SessionIdle {
		return Caller{}, errs.New(errs.InvalidToken)
	}
	if !active {
		return Caller{}, errs.New(errs.InactiveUser)
	}
	// Touch at most once a minute: a read-heavy app should not write on
	// every call.
	if now.Sub(sess.LastSeenAt) > touchEvery {
		if err := s.store.TouchSession(ctx, h, now.UTC()); err != nil {
			return Caller{}, err
		}
	}
	return Caller{MemberID: sess.MemberID, TokenHash: h}, nil
}

// Logout revokes the caller's session.
func (s *Service) Logout(ctx context.Context, c Caller) error {
	return s.store.RevokeSession(ctx, c.TokenHash, s.now().UTC())
}

// ChangePassword replaces the password and revokes every other session.
// Each try counts against the member's and the IP's login limits before the
// old password is checked, so that a stolen token is no password oracle.
func (s *Service) ChangePassword(ctx context.Context, c Caller, oldPassword, newPassword, ip string) error {
	if oldPassword == "" || newPassword == "" {
		return errs.New(errs.InvalidUserInfo)
	}
	m, err := s.store.MemberByID(ctx, c.MemberID)
	if err != nil {
		return err
	}
	if err := s.hit(ctx, limit{"login:ip:" + ip, loginPerIP, loginWindow}, limit{"login:phone:" + m.Phone, loginPerAccount, loginWindow}); err != nil {
		return err
	}
	if len(oldPassword) > 4*MaxPasswordLen || !s.hasher.Verify(oldPassword, m.PasswordHash) {
		return errs.OnField(errs.WrongPassword, "oldPassword")
	}
	if err := checkPassword(newPassword); err != nil {
		err.(*errs.Error).Field = "newPassword"
		return err
	}
	hash, err := s.hasher.Hash(newPassword)
	if err != nil {
		return err
	}
	return s.store.ChangePassword(ctx, m.ID, hash, c.TokenHash, s.now().UTC())
}

// Prune deletes what can no longer be used: OTPs and rate-limit windows more
// than a day old, and sessions expired or revoked more than a day ago.
func (s *Service) Prune(ctx context.Context) (int64, error) {
	return s.store.Prune(ctx, s.now().UTC().Add(-24*time.Hour))
}
