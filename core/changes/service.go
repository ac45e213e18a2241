package changes

import (
	"time"

	"ngern/core/operator"
	"ngern/core/seamless"
	"ngern/core/settings"
)

// Service proposes, approves, rejects and lists changes.
type Service struct {
	store     Store
	settings  *settings.Service
	operators *operator.Service
	// aggregators are the seamless aggregators' settings (nil: none).
	aggregators *seamless.Aggregators
	sealer      Sealer
	now         func() time.Time
}

// NewService returns a service; aggs may be nil (no aggregators), now too
// (system clock).
func NewService(store Store, s *settings.Service, ops *operator.Service, aggs *seamless.Aggregators, sealer Sealer,
	now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, settings: s, operators: ops, aggregators: aggs, sealer: sealer, now: now}
}
