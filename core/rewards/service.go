package rewards

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"ngern/core/promo"
	"ngern/core/wallet"
)

// Promotions is what rewards asks of the promotions engine.
type Promotions interface {
	// Active reports whether the member holds an active condition (after
	// evaluating it, so a condition just met does not block).
	Active(ctx context.Context, memberID string) (promo.Progress, bool, error)
}

// Deps are what the service needs.
type Deps struct {
	Store    Store
	Provider wallet.GameProvider // nil: nothing to collect
	// Games lists the game codes whose bet history is collected.
	Games      func(ctx context.Context) ([]string, error)
	Promotions Promotions
	Log        *slog.Logger
	Now        func() time.Time
	IDs        func() string
}

// Service implements game-result collection, the accrual of refunds and
// invite commissions, and the members' and operators' calls.
type Service struct {
	store    Store
	provider wallet.GameProvider
	games    func(ctx context.Context) ([]string, error)
	promos   Promotions
	log      *slog.Logger
	now      func() time.Time
	newID    func() string
	collect  sync.Mutex // one collection at a time on this node
	closeMu  sync.Mutex // one accrual at a time on this node

	cacheMu sync.Mutex
	cache   map[Program]cachedSettings
}

// NewService returns the rewards service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, provider: d.Provider, games: d.Games, promos: d.Promotions, log: d.Log,
		now: d.Now, newID: d.IDs}
}
