// Package account is registration, OTP, login, sessions and the member's
// profile.
package account

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"ngern/core/settings"
)

// Member is a registered player. Phone is the username.
type Member struct {
	ID              string    `db:"id"`
	Code            string    `db:"code"` // the short member code players see (codes.go)
	Phone           string    `db:"phone"`
	Name            string    `db:"name"`
	PasswordHash    string    `db:"password_hash"`
	SourceCode      string    `db:"source_code"`
	InviteCode      string    `db:"invite_code"` // the code the member registered with
	InvitedBy       *string   `db:"invited_by"`  // the inviter's member id, when the code resolved
	BankCode        string    `db:"bank_code"`
	BankAccountName string    `db:"bank_account_name"`
	BankAccountNo   string    `db:"bank_account_no"`
	Currency        string    `db:"currency"`
	Active          bool      `db:"active"`
	Coin            int64     `db:"coin"` // read only: the balance of the member's coin account in the ledger
	CreatedAt       time.Time `db:"created_at"`
	UpdatedAt       time.Time `db:"updated_at"`
}

// Session is a login. Only the hash of its token is stored.
type Session struct {
	TokenHash  string     `db:"token_hash"`
	MemberID   string     `db:"member_id"`
	CreatedAt  time.Time  `db:"created_at"`
	LastSeenAt time.Time  `db:"last_seen_at"`
	ExpiresAt  time.Time  `db:"expires_at"` // absolute expiry
	RevokedAt  *time.Time `db:"revoked_at"`
	IP         string     `db:"ip"`
	UserAgent  string     `db:"user_agent"`
}

// OTP is a one-time password sent to a phone for registration.
type OTP struct {
	ID         string     `db:"id"`
	Phone      string     `db:"phone"`
	Ref        string     `db:"ref"`
	TokenHash  string     `db:"token_hash"`
	CodeHash   string     `db:"code_hash"`
	Attempts   int        `db:"attempts"`
	ExpiresAt  time.Time  `db:"expires_at"`
	VerifiedAt *time.Time `db:"verified_at"`
	ConsumedAt *time.Time `db:"consumed_at"`
	CreatedAt  time.Time  `db:"created_at"`
}

// Store keeps members, sessions and OTPs.
type Store interface {
	// CreateMember inserts m; when otpID is set it consumes that verified OTP
	// in the same transaction (UNVERIFIED_OTP if it was consumed meanwhile).
	// Duplicates answer EXISTING_USER or EXISTING_BANK, a taken m.Code
	// ErrCodeTaken.
	CreateMember(ctx context.Context, m *Member, otpID string) error
	MemberByID(ctx context.Context, id string) (*Member, error)       // NO_USER
	MemberByPhone(ctx context.Context, phone string) (*Member, error) // NO_USER
	MemberByCode(ctx context.Context, code string) (*Member, error)   // NO_USER
	// MembersWithoutCode lists, in id order, up to limit members after id
	// after registered before member codes; SetMemberCode gives one its
	// code (ErrCodeTaken when another member has it; nothing when it has
	// one already).
	MembersWithoutCode(ctx context.Context, after string, limit int) ([]string, error)
	SetMemberCode(ctx context.Context, id, code string) error
	PhoneTaken(ctx context.Context, phone string) (bool, error)
	BankAccountTaken(ctx context.Context, bankCode, accountNo string) (bool, error)
	UpdateProfile(ctx context.Context, id, name, bankAccountName string, at time.Time) error
	// ChangePassword stores the new hash and revokes every session of the
	// member but keepTokenHash, in one transaction.
	ChangePassword(ctx context.Context, id, hash, keepTokenHash string, at time.Time) error
	// ResetPassword consumes the reset OTP otpID (OTP_TOKEN_INVALID when it
	// was consumed meanwhile), stores the new hash of an active member
	// (INACTIVE_USER when locked) and revokes every session of the member,
	// in one transaction.
	ResetPassword(ctx context.Context, id, otpID, hash string, at time.Time) error

	CreateSession(ctx context.Context, s *Session) error
	// SessionByHash returns the session with its member's active flag.
	SessionByHash(ctx context.Context, tokenHash string) (*Session, bool, error) // invalid-token
	// TouchSessions records the last use of sessions (token hash → time);
	// a touch never moves a session's last use back.
	TouchSessions(ctx context.Context, touches map[string]time.Time) error
	RevokeSession(ctx context.Context, tokenHash string, at time.Time) error
	// SetMemberActive locks (false) or unlocks a member (NO_USER).
	SetMemberActive(ctx context.Context, id string, active bool, at time.Time) error
	// MemberSessions lists the member's live sessions (not revoked, not
	// past their absolute expiry at now), newest first.
	MemberSessions(ctx context.Context, memberID string, now time.Time) ([]Session, error)
	// RevokeMemberSessions revokes every session of the member.
	RevokeMemberSessions(ctx context.Context, memberID string, at time.Time) error

	CreateOTP(ctx context.Context, o *OTP) error
	OTPByTokenHash(ctx context.Context, tokenHash string) (*OTP, error) // OTP_TOKEN_INVALID
	// CountOTPAttempt adds one wrong attempt if fewer than max were made,
	// and reports whether it was counted.
	CountOTPAttempt(ctx context.Context, id string, max int) (bool, error)
	MarkOTPVerified(ctx context.Context, id string, at time.Time) error

	// Prune deletes OTPs and rate-limit windows started before before, and
	// sessions that expired or were revoked before it; it returns how many
	// rows went.
	Prune(ctx context.Context, before time.Time) (int64, error)
}

// Limiter counts events per key in fixed windows.
type Limiter interface {
	// Hit counts one event for key and reports whether it is within limit
	// events per window, and when the window ends.
	Hit(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// SMSSender delivers a text message to a phone number.
type SMSSender interface {
	Send(ctx context.Context, phone, text string) error
}

// Banks is the bank directory the account rules need.
type Banks interface {
	Bank(ctx context.Context, code string) (settings.Bank, error) // the active ones (INVALID_BANK)
	// DirectoryBank answers inactive banks too (NOT_FOUND when absent): a
	// member registered with a bank an operator later switched off keeps it.
	DirectoryBank(ctx context.Context, code string) (settings.Bank, error)
	SourceExists(ctx context.Context, code string) (bool, error)
}

// Config tunes the account rules.
type Config struct {
	Laos        bool
	RegisterOTP bool
	// OTPTTL is how long a code is valid; OTPMaxAttempts wrong codes block it;
	// OTPVerifiedTTL is how long a verified phone may register.
	OTPTTL         time.Duration
	OTPMaxAttempts int
	OTPVerifiedTTL time.Duration
	// SessionIdle and SessionAbsolute expire sessions.
	SessionIdle     time.Duration
	SessionAbsolute time.Duration
	// LoginPerPhone limits sign-in and change-password tries per member
	// and client address in 15 minutes; from all addresses a member takes
	// 20 times as many in an hour, a tenth of those in a minute
	// (CheckSignIn). Per-IP limits: the same tries in 15 minutes, phone
	// look-ups (validate, register, OTP send) and OTP sends in an hour.
	// Many members of a mobile carrier may share one address.
	LoginPerPhone int
	LoginPerIP    int
	LookupPerIP   int
	OTPPerIP      int
}

// DefaultConfig returns the documented defaults (docs/configuration.md).
func DefaultConfig() Config {
	return Config{
		RegisterOTP:     true,
		OTPTTL:          5 * time.Minute,
		OTPMaxAttempts:  5,
		OTPVerifiedTTL:  30 * time.Minute,
		SessionIdle:     7 * 24 * time.Hour,
		SessionAbsolute: 30 * 24 * time.Hour,
		LoginPerPhone:   10,
		LoginPerIP:      60,
		LookupPerIP:     60,
		OTPPerIP:        20,
	}
}

// Service implements the account rules.
type Service struct {
	store   Store
	limiter Limiter
	sms     SMSSender
	banks   Banks
	cfg     Config
	now     func() time.Time
	hasher  *Hasher
	// sessions caches validated sessions and queues their touches
	// (sessioncache.go).
	sessions sessionState
	// background counts the reset codes being sent (reset.go).
	background sync.WaitGroup
	logger     *slog.Logger
}

// NewService returns an account service. now may be nil (system clock).
func NewService(store Store, limiter Limiter, sms SMSSender, banks Banks, cfg Config, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, limiter: limiter, sms: sms, banks: banks, cfg: cfg, now: now, hasher: NewHasher(0)}
}
