package operator

import (
	"crypto/sha256"
	"time"

	"ngern/core/account"
)

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
