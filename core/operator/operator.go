// Package operator authenticates the people who run Ngern: a token from the
// configuration, or tokens of operators stored (hashed) in the database.
package operator

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
)

// Operator is a person allowed to use the operator API.
type Operator struct {
	ID        string    `db:"id"`
	Name      string    `db:"name"`
	TokenHash string    `db:"token_hash"`
	CreatedAt time.Time `db:"created_at"`
}

// Store keeps operators.
type Store interface {
	CreateOperator(ctx context.Context, o Operator) error
	// OperatorByName returns an operator (NO_DATA).
	OperatorByName(ctx context.Context, name string) (Operator, error)
	// OperatorByTokenHash returns an operator (NO_DATA).
	OperatorByTokenHash(ctx context.Context, hash string) (Operator, error)
}

// ConfigOperator is the name under which the configured token acts.
const ConfigOperator = "config"

// Service authenticates operators.
type Service struct {
	store     Store
	tokenHash [32]byte // of the configured token; zero when none
	hasToken  bool
	now       func() time.Time
}

// NewService returns a service; configToken may be empty (no configured
// token) and now nil (system clock).
func NewService(store Store, configToken string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{store: store, now: now}
	if configToken != "" {
		s.tokenHash, s.hasToken = sha256.Sum256([]byte(configToken)), true
	}
	return s
}

// Authenticate returns the name of the operator a token belongs to, or
// UNAUTHORIZED. The configured token is compared in constant time (both
// sides hashed, so neither length leaks); stored tokens are found by hash.
func (s *Service) Authenticate(ctx context.Context, token string) (string, error) {
	if token == "" || len(token) > 200 {
		return "", errs.New(errs.Unauthorised)
	}
	sum := sha256.Sum256([]byte(token))
	if s.hasToken && subtle.ConstantTimeCompare(sum[:], s.tokenHash[:]) == 1 {
		return ConfigOperator, nil
	}
	o, err := s.store.OperatorByTokenHash(ctx, account.HashToken(token))
	if errs.HasCode(err, errs.NoData) {
		return "", errs.New(errs.Unauthorised)
	}
	if err != nil {
		return "", err
	}
	return o.Name, nil
}

// Create stores an operator with a fresh token and returns the token, which
// is shown this once. An operator of that name already stored answers
// created false and no token.
func (s *Service) Create(ctx context.Context, name string) (token string, created bool, err error) {
	if _, err := s.store.OperatorByName(ctx, name); err == nil {
		return "", false, nil
	} else if !errs.HasCode(err, errs.NoData) {
		return "", false, err
	}
	token = account.NewToken()
	o := Operator{ID: account.NewID(), Name: name, TokenHash: account.HashToken(token), CreatedAt: s.now().UTC()}
	if err := s.store.CreateOperator(ctx, o); err != nil {
		return "", false, err
	}
	return token, true, nil
}
