package spin

import (
	"context"
	"crypto/rand"
	"io"
	"time"

	"ngern/core/account"
	"ngern/core/ledger"
	"ngern/core/limits"
)

// Day returns the Bangkok date of t.
func Day(t time.Time) string { return t.In(limits.Zone).Format("2006-01-02") }

// Deps are what the service needs.
type Deps struct {
	Store  Store
	Ledger ledger.Store
	Bonus  Bonus // nil: bonus prizes cannot be claimed (INVALID_COUPON_TYPE)
	// Members finds the member of an operator's grant by phone.
	Members interface {
		MemberByPhone(ctx context.Context, phone string) (*account.Member, error)
	}
	// Random is the source of draws; nil: crypto/rand.Reader.
	Random io.Reader
	Now    func() time.Time
	IDs    func() string
}

// Service runs the wheel.
type Service struct{ d Deps }

// NewService returns the wheel's service.
func NewService(d Deps) *Service {
	if d.Random == nil {
		d.Random = rand.Reader
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{d: d}
}
