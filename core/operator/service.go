package operator

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"regexp"
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

var usernamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{2,31}$`)

// Service signs operators in and manages them.
type Service struct {
	store     Store
	limiter   Limiter
	cfg       Config
	hasher    *account.Hasher
	tokenHash [32]byte // of the configured token; zero when none
	hasToken  bool
	now       func() time.Time
}

// NewService returns a service; configToken may be empty (no configured
// token) and now nil (system clock).
func NewService(store Store, limiter Limiter, cfg Config, configToken string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{store: store, limiter: limiter, cfg: cfg, hasher: account.NewHasher(0), now: now}
	if configToken != "" {
		s.tokenHash, s.hasToken = sha256.Sum256([]byte(configToken)), true
	}
	return s
}

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

// Credentials are what a new or reset operator signs in with, shown once.
type Credentials struct {
	Username   string
	Role       Role
	Password   string
	TOTPSecret string
	TOTPURI    string
}

// Create stores an operator with a generated password and TOTP secret and
// returns them (EXISTING_USER when the username is taken).
func (s *Service) Create(ctx context.Context, username string, role Role) (Credentials, error) {
	username, role, err := CheckCreate(username, role)
	if err != nil {
		return Credentials{}, err
	}
	c, hash, err := s.newCredentials(username, role)
	if err != nil {
		return Credentials{}, err
	}
	now := s.now().UTC()
	o := &Operator{ID: account.NewID(), Username: username, PasswordHash: hash, Role: role, TOTPSecret: c.TOTPSecret,
		CreatedAt: now, UpdatedAt: now}
	if err := s.store.CreateOperator(ctx, o); err != nil {
		return Credentials{}, err
	}
	return c, nil
}

func (s *Service) newCredentials(username string, role Role) (Credentials, string, error) {
	password := NewPassword()
	hash, err := s.hasher.Hash(password)
	if err != nil {
		return Credentials{}, "", err
	}
	secret := NewTOTPSecret()
	return Credentials{Username: username, Role: role, Password: password, TOTPSecret: secret,
		TOTPURI: TOTPURI(s.cfg.Issuer, username, secret)}, hash, nil
}

// Operator returns an operator by username (NO_DATA).
func (s *Service) Operator(ctx context.Context, username string) (*Operator, error) {
	return s.store.OperatorByUsername(ctx, strings.ToLower(strings.TrimSpace(username)))
}

// List returns every operator.
func (s *Service) List(ctx context.Context) ([]Operator, error) { return s.store.Operators(ctx) }

// Update changes an operator's role and/or disabled flag (nil: unchanged),
// revoking its sessions, and returns it before and after. An operator
// cannot demote or disable itself, so that an owner never locks the last
// owner out by mistake (the configured token remains for emergencies).
func (s *Service) Update(ctx context.Context, by Principal, username string, role *Role, disabled *bool) (before, after Operator, err error) {
	before, after, err = s.CheckUpdate(ctx, by, username, role, disabled)
	if err != nil {
		return before, after, err
	}
	now := s.now().UTC()
	if err := s.store.UpdateOperator(ctx, before.ID, after.Role, after.Disabled, now); err != nil {
		return before, after, err
	}
	after.UpdatedAt = now
	return before, after, nil
}

// CheckUpdate validates an Update by by and answers the operator before
// and as it would be after; it stores nothing.
func (s *Service) CheckUpdate(ctx context.Context, by Principal, username string, role *Role, disabled *bool) (before, after Operator, err error) {
	o, err := s.Operator(ctx, username)
	if err != nil {
		return before, after, err
	}
	before, after = *o, *o
	if role != nil {
		if !role.Valid() {
			return before, after, errs.OnField(errs.InvalidRequest, "role")
		}
		after.Role = *role
	}
	if disabled != nil {
		after.Disabled = *disabled
	}
	if o.ID == by.ID && (after.Role != before.Role || after.Disabled) {
		return before, after, errs.Newf(errs.InvalidRequest, "an operator cannot change its own role or disable itself")
	}
	return before, after, nil
}

// CheckCreate validates the username and role of a new operator as Create
// does and answers them normalised; it stores nothing.
func CheckCreate(username string, role Role) (string, Role, error) {
	username = strings.ToLower(strings.TrimSpace(username))
	if !usernamePattern.MatchString(username) || username == ConfigOperator {
		return "", "", errs.OnField(errs.InvalidRequest, "username")
	}
	if !role.Valid() {
		return "", "", errs.OnField(errs.InvalidRequest, "role")
	}
	return username, role, nil
}

// Reset gives an operator a new password and TOTP secret, revokes its
// sessions and returns the new credentials.
func (s *Service) Reset(ctx context.Context, username string) (Credentials, error) {
	o, err := s.Operator(ctx, username)
	if err != nil {
		return Credentials{}, err
	}
	c, hash, err := s.newCredentials(o.Username, o.Role)
	if err != nil {
		return Credentials{}, err
	}
	if err := s.store.ResetCredentials(ctx, o.ID, hash, c.TOTPSecret, s.now().UTC()); err != nil {
		return Credentials{}, err
	}
	return c, nil
}

// Prune deletes sessions expired or revoked more than a day ago.
func (s *Service) Prune(ctx context.Context) (int64, error) {
	return s.store.PruneSessions(ctx, s.now().UTC().Add(-24*time.Hour))
}
