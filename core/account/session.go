package account

import (
	"context"
	"strings"
	"time"

	"ngern/core/errs"
)

// Login limits: attempts per IP in a window (per phone: CheckSignIn).
const (
	loginWindow = 15 * time.Minute
	touchEvery  = time.Minute
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
	if err := s.signInLimits(ctx, phone, ip); err != nil {
		return "", err
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

// signInLimits counts a password try of phone from ip: the address's
// limit, then the sign-in limits of the phone (CheckSignIn).
func (s *Service) signInLimits(ctx context.Context, phone, ip string) error {
	if err := s.hit(ctx, limit{"login:ip:" + ip, s.cfg.LoginPerIP, loginWindow}); err != nil {
		return err
	}
	return CheckSignIn(ctx, s.limiter, "login", phone, ip, s.cfg.LoginPerPhone)
}

// Caller is an authenticated member request.
type Caller struct {
	MemberID  string
	TokenHash string
}

// Authenticate resolves a bearer token. Missing, unknown, revoked and
// expired tokens answer invalid-token; a disabled member INACTIVE_USER.
//
// A session validated in the last few seconds is answered from memory
// (sessioncache.go): its revocation on any node drops it at once. Idle and
// absolute expiry are checked on every call, cached or not. The last use
// is written at most once a minute, in the background (FlushTouches).
func (s *Service) Authenticate(ctx context.Context, token string) (Caller, error) {
	if token == "" || len(token) > 100 {
		return Caller{}, errs.New(errs.InvalidToken)
	}
	h := HashToken(token)
	now := s.now()
	cache := s.sessions.cache
	e := cache.lookup(h, now)
	if e == nil {
		gen, epoch, live := cache.mark()
		sess, active, err := s.store.SessionByHash(ctx, h)
		if err != nil {
			return Caller{}, err
		}
		if sess.RevokedAt != nil {
			return Caller{}, errs.New(errs.InvalidToken)
		}
		if !active {
			if s.expired(sess.ExpiresAt, sess.LastSeenAt, now) {
				return Caller{}, errs.New(errs.InvalidToken)
			}
			return Caller{}, errs.New(errs.InactiveUser)
		}
		e = &cachedSession{memberID: sess.MemberID, expiresAt: sess.ExpiresAt, lastSeen: sess.LastSeenAt, storedAt: now}
		cache.store(h, e, gen, epoch, live)
	}
	e.mu.Lock()
	lastSeen := e.lastSeen
	touch := now.Sub(lastSeen) > touchEvery
	if touch && !s.expired(e.expiresAt, lastSeen, now) {
		e.lastSeen = now
	}
	e.mu.Unlock()
	if s.expired(e.expiresAt, lastSeen, now) {
		return Caller{}, errs.New(errs.InvalidToken)
	}
	if touch {
		s.sessions.queueTouch(h, now.UTC())
	}
	return Caller{MemberID: e.memberID, TokenHash: h}, nil
}

// expired reports whether a session is past its absolute expiry or was
// idle too long.
func (s *Service) expired(expiresAt, lastSeen, now time.Time) bool {
	return !now.Before(expiresAt) || now.Sub(lastSeen) > s.cfg.SessionIdle
}

// Logout revokes the caller's session, on every node.
func (s *Service) Logout(ctx context.Context, c Caller) error {
	if err := s.store.RevokeSession(ctx, c.TokenHash, s.now().UTC()); err != nil {
		return err
	}
	return s.forget(ctx, sessionDrop{TokenHash: c.TokenHash})
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
	if err := s.signInLimits(ctx, m.Phone, ip); err != nil {
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
	if err := s.store.ChangePassword(ctx, m.ID, hash, c.TokenHash, s.now().UTC()); err != nil {
		return err
	}
	// The other sessions were revoked with the password: every node drops
	// the member's cached sessions (the caller's is read again).
	return s.forget(ctx, sessionDrop{MemberID: m.ID})
}

// Prune deletes what can no longer be used: OTPs and rate-limit windows more
// than a day old, and sessions expired or revoked more than a day ago.
func (s *Service) Prune(ctx context.Context) (int64, error) {
	return s.store.Prune(ctx, s.now().UTC().Add(-24*time.Hour))
}
