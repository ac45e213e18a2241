package operator

import (
	"context"
	"regexp"
	"strings"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
)

var usernamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{2,31}$`)

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
