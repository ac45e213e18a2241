package operator

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"strings"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
)

// Sign-in limits: attempts per IP in a window, per operator and address
// (account.CheckSignIn, which bounds the operator across addresses too), and
// TOTP codes tried per operator (a 6-digit code must not be guessable).
const (
	loginWindow      = 15 * time.Minute
	loginPerOperator = 10
	loginPerIP       = 30
	totpPerOperator  = 5
	touchEvery       = time.Minute
	// MinPasswordLen is the shortest password an operator may choose.
	MinPasswordLen = 12
)

// SignIn is the answer to a sign-in.
type SignIn struct {
	Token    string
	Operator Principal
	// Enrolment is set, with a TOTP_REQUIRED error, when the operator has
	// never completed a sign-in: the console shows the QR code.
	Enrolment *Enrolment
}

// Login checks a username, password and TOTP code and opens a session.
// Unknown username and wrong password answer WRONG_CREDENTIAL alike after
// the same work; the password right but no code answers TOTP_REQUIRED
// (with the enrolment when the operator is not enrolled); a wrong or used
// code TOTP_INVALID; a disabled operator INACTIVE_USER.
func (s *Service) Login(ctx context.Context, username, password, code, ip, userAgent string) (SignIn, error) {
	username = strings.ToLower(strings.TrimSpace(username))
	if username == "" || password == "" || len(username) > 64 || len(password) > 4*account.MaxPasswordLen {
		return SignIn{}, errs.New(errs.WrongCredential)
	}
	if err := s.limit(ctx, []limit{{"oplogin:ip:" + ip, loginPerIP}}); err != nil {
		return SignIn{}, err
	}
	if err := account.CheckSignIn(ctx, s.limiter, "oplogin", username, ip, loginPerOperator); err != nil {
		return SignIn{}, err
	}
	o, err := s.store.OperatorByUsername(ctx, username)
	if err != nil && !errs.HasCode(err, errs.NoData) {
		return SignIn{}, err
	}
	hash := ""
	if o != nil {
		hash = o.PasswordHash
	}
	if !s.hasher.Verify(password, hash) || o == nil {
		return SignIn{}, errs.New(errs.WrongCredential)
	}
	if o.Disabled {
		return SignIn{}, errs.New(errs.InactiveUser)
	}
	code = strings.TrimSpace(code)
	if code == "" {
		in := SignIn{}
		if !o.Enrolled {
			in.Enrolment = s.enrolment(o.Username, o.TOTPSecret)
		}
		return in, errs.New(errs.TOTPRequired)
	}
	if err := s.limit(ctx, []limit{{"optotp:op:" + o.ID, totpPerOperator}}); err != nil {
		return SignIn{}, err
	}
	now := s.now().UTC()
	step, ok := matchTOTP(o.TOTPSecret, code, now)
	if !ok {
		return SignIn{}, errs.New(errs.TOTPInvalid)
	}
	used, err := s.store.UseTOTPStep(ctx, o.ID, step, now)
	if err != nil {
		return SignIn{}, err
	}
	if !used {
		return SignIn{}, errs.New(errs.TOTPInvalid) // replayed
	}
	token := account.NewToken()
	if len(userAgent) > 200 {
		userAgent = userAgent[:200]
	}
	err = s.store.CreateSession(ctx, &Session{TokenHash: account.HashToken(token), OperatorID: o.ID, CreatedAt: now,
		LastSeenAt: now, ExpiresAt: now.Add(s.cfg.SessionAbsolute), IP: ip, UserAgent: userAgent})
	if err != nil {
		return SignIn{}, err
	}
	return SignIn{Token: token, Operator: Principal{ID: o.ID, Username: o.Username, Role: o.Role,
		TokenHash: account.HashToken(token)}}, nil
}

type limit struct {
	key string
	max int
}

func (s *Service) limit(ctx context.Context, limits []limit) error {
	for _, l := range limits {
		ok, retry, err := s.limiter.Hit(ctx, l.key, l.max, loginWindow)
		if err != nil {
			return err
		}
		if !ok {
			return errs.Limited(errs.RequestLimit, retry)
		}
	}
	return nil
}

// Authenticate resolves a bearer token: the configured token (operator
// "config", owner), compared in constant time, or an operator session.
// Missing, unknown, revoked, idle and expired tokens, and sessions of a
// disabled operator, answer invalid-token.
func (s *Service) Authenticate(ctx context.Context, token string) (Principal, error) {
	if token == "" || len(token) > 200 {
		return Principal{}, errs.New(errs.InvalidToken)
	}
	sum := sha256.Sum256([]byte(token))
	if s.hasToken && subtle.ConstantTimeCompare(sum[:], s.tokenHash[:]) == 1 {
		return Principal{Username: ConfigOperator, Role: Owner}, nil
	}
	h := account.HashToken(token)
	sess, err := s.store.SessionByHash(ctx, h)
	if err != nil {
		return Principal{}, err
	}
	now := s.now()
	if sess.RevokedAt != nil || !now.Before(sess.ExpiresAt) || now.Sub(sess.LastSeenAt) > s.cfg.SessionIdle {
		return Principal{}, errs.New(errs.InvalidToken)
	}
	o, err := s.store.OperatorByID(ctx, sess.OperatorID)
	if err != nil {
		return Principal{}, err
	}
	if o.Disabled {
		return Principal{}, errs.New(errs.InvalidToken)
	}
	if now.Sub(sess.LastSeenAt) > touchEvery {
		if err := s.store.TouchSession(ctx, h, now.UTC()); err != nil {
			return Principal{}, err
		}
	}
	return Principal{ID: o.ID, Username: o.Username, Role: o.Role, TokenHash: h}, nil
}

// Logout revokes the session of p (the configured token has none).
func (s *Service) Logout(ctx context.Context, p Principal) error {
	if p.Config() {
		return nil
	}
	return s.store.RevokeSession(ctx, p.TokenHash, s.now().UTC())
}

// ChangePassword replaces p's password and revokes p's other sessions.
func (s *Service) ChangePassword(ctx context.Context, p Principal, oldPassword, newPassword string) error {
	if p.Config() {
		return errs.Newf(errs.InvalidRequest, "the configured token has no password")
	}
	o, err := s.store.OperatorByID(ctx, p.ID)
	if err != nil {
		return err
	}
	if oldPassword == "" || len(oldPassword) > 4*account.MaxPasswordLen || !s.hasher.Verify(oldPassword, o.PasswordHash) {
		return errs.OnField(errs.WrongPassword, "oldPassword")
	}
	if len(newPassword) < MinPasswordLen || len(newPassword) > account.MaxPasswordLen || newPassword == oldPassword {
		return errs.OnField(errs.InvalidUserInfo, "newPassword")
	}
	hash, err := s.hasher.Hash(newPassword)
	if err != nil {
		return err
	}
	return s.store.ChangePassword(ctx, o.ID, hash, p.TokenHash, s.now().UTC())
}
