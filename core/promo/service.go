package promo

import (
	"log/slog"
	"time"

	"ngern/core/objects"
)

// Deps are what the service needs.
type Deps struct {
	Store    Store
	Deposits Deposits      // nil: no deposits (deposit-linked bonuses are never eligible)
	Objects  objects.Store // banner pictures; nil: no uploads
	Log      *slog.Logger
	Now      func() time.Time
	IDs      func() string
}

// Service implements promotions.
type Service struct {
	store    Store
	deposits Deposits
	objects  objects.Store
	log      *slog.Logger
	now      func() time.Time
	newID    func() string
}

// NewService returns the promotions service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, deposits: d.Deposits, objects: d.Objects, log: d.Log, now: d.Now, newID: d.IDs}
}
