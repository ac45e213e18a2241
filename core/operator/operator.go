// Package operator is the people who run Ngern: operator accounts with a
// role, a password and a TOTP second factor, their sessions, and the audit
// log of what they do. The configured token (NGERN_OPERATOR_TOKEN) stays as
// an automation and break-glass credential acting as operator "config" with
// the owner role.
package operator

import (
	"context"
	"time"

	"ngern/core/errs"
)

// Role is what an operator may do.
type Role string

// Roles. Owner may do everything; finance handles money; support handles
// members. Which endpoint each role may call is declared with the endpoint.
const (
	Owner   Role = "owner"
	Finance Role = "finance"
	Support Role = "support"
)

// Roles lists every role.
var Roles = []Role{Owner, Finance, Support}

// Valid reports whether r is a known role.
func (r Role) Valid() bool { return r == Owner || r == Finance || r == Support }

// ParseRole returns the role named s (INVALID_REQUEST on field role).
func ParseRole(s string) (Role, error) {
	if r := Role(s); r.Valid() {
		return r, nil
	}
	return "", errs.OnField(errs.InvalidRequest, "role")
}

// Operator is a person allowed to use the operator console.
type Operator struct {
	ID           string     `db:"id"`
	Username     string     `db:"username"`
	PasswordHash string     `db:"password_hash"`
	Role         Role       `db:"role"`
	TOTPSecret   string     `db:"totp_secret"` // base32
	TOTPLastStep int64      `db:"totp_last_step"`
	Enrolled     bool       `db:"enrolled"` // completed a sign-in with TOTP
	Disabled     bool       `db:"disabled"`
	CreatedAt    time.Time  `db:"created_at"`
	UpdatedAt    time.Time  `db:"updated_at"`
	LastLoginAt  *time.Time `db:"last_login_at"`
}

// Session is an operator sign-in. Only the hash of its token is stored.
type Session struct {
	TokenHash  string     `db:"token_hash"`
	OperatorID string     `db:"operator_id"`
	CreatedAt  time.Time  `db:"created_at"`
	LastSeenAt time.Time  `db:"last_seen_at"`
	ExpiresAt  time.Time  `db:"expires_at"` // absolute expiry
	RevokedAt  *time.Time `db:"revoked_at"`
	IP         string     `db:"ip"`
	UserAgent  string     `db:"user_agent"`
}

// Store keeps operators and their sessions.
type Store interface {
	// CreateOperator stores o (EXISTING_USER when the username is taken).
	CreateOperator(ctx context.Context, o *Operator) error
	OperatorByUsername(ctx context.Context, username string) (*Operator, error) // NO_DATA
	OperatorByID(ctx context.Context, id string) (*Operator, error)             // NO_DATA
	// Operators lists every operator by username.
	Operators(ctx context.Context) ([]Operator, error)
	// UpdateOperator stores role and disabled and revokes every session of
	// the operator, in one transaction.
	UpdateOperator(ctx context.Context, id string, role Role, disabled bool, at time.Time) error
	// ResetCredentials stores a new password hash and TOTP secret, marks
	// the operator not enrolled and revokes every session, in one
	// transaction.
	ResetCredentials(ctx context.Context, id, passwordHash, totpSecret string, at time.Time) error
	// ChangePassword stores hash and revokes every session of the operator
	// but keepTokenHash, in one transaction.
	ChangePassword(ctx context.Context, id, hash, keepTokenHash string, at time.Time) error
	// UseTOTPStep records step as the operator's last accepted TOTP
	// time-step if it is later than the stored one (atomically), marks the
	// operator enrolled and signed in at at, and reports whether it did.
	UseTOTPStep(ctx context.Context, id string, step int64, at time.Time) (bool, error)

	CreateSession(ctx context.Context, s *Session) error
	SessionByHash(ctx context.Context, tokenHash string) (*Session, error) // invalid-token
	TouchSession(ctx context.Context, tokenHash string, at time.Time) error
	RevokeSession(ctx context.Context, tokenHash string, at time.Time) error
	// PruneSessions deletes sessions that expired or were revoked before
	// before and reports how many went.
	PruneSessions(ctx context.Context, before time.Time) (int64, error)
}

// Limiter counts events per key in fixed windows (account.Limiter).
type Limiter interface {
	Hit(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// Config tunes operator sign-in.
type Config struct {
	// Issuer names the service in authenticator apps.
	Issuer string
	// SessionIdle and SessionAbsolute expire sessions.
	SessionIdle     time.Duration
	SessionAbsolute time.Duration
}

// DefaultConfig returns the documented defaults.
func DefaultConfig() Config {
	return Config{Issuer: "Ngern", SessionIdle: 30 * time.Minute, SessionAbsolute: 12 * time.Hour}
}

// ConfigOperator is the name under which the configured token acts.
const ConfigOperator = "config"

// Principal is an authenticated operator.
type Principal struct {
	ID        string // empty for the configured token
	Username  string
	Role      Role
	TokenHash string // of the session; empty for the configured token
}

// Config reports whether p is the configured token.
func (p Principal) Config() bool { return p.ID == "" }
