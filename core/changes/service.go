package changes

import (
	"time"

	"ngern/core/operator"
	"ngern/core/settings"
)

// Service proposes, approves, rejects and lists changes.
type Service struct {
	store     Store
	settings  *settings.Service
	operators *operator.Service
	sealer    Sealer
	now       func() time.Time
}

// NewService returns a service; now may be nil (system clock).
func NewService(store Store, s *settings.Service, ops *operator.Service, sealer Sealer, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, settings: s, operators: ops, sealer: sealer, now: now}
}
