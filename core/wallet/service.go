package wallet

import (
	"context"
	"log/slog"
	"time"

	"ngern/core/account"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
)

// Config tunes the wallet rules.
type Config struct {
	// PendingGrace is how long a PENDING transfer is left to the request
	// that made it before the reconciler takes it over (longer than any
	// provider call can take).
	PendingGrace time.Duration
	// RetryMax caps the wait between two status questions about one
	// transfer.
	RetryMax time.Duration
	// ReconcileBatch bounds the transfers one reconciler pass handles.
	ReconcileBatch int
	// RefreshConcurrency bounds the provider calls of one refresh.
	RefreshConcurrency int
	// CatalogueTTL is how long the games catalogue is served from memory
	// before it is read again (a change through this node shows at once).
	CatalogueTTL time.Duration
	// PayoutPoll is the first wait before asking a payout party again
	// about a payout it answered pending or whose answer was lost; it
	// doubles per call up to PayoutPollMax.
	PayoutPoll    time.Duration
	PayoutPollMax time.Duration
	// PayoutCallTimeout bounds one call to the payout party; a claim of a
	// payout lasts twice as long.
	PayoutCallTimeout time.Duration
	// PayoutEscalateAfter is how long a payout's outcome may stay unknown
	// before it joins the operators' queue (docs/operations.md).
	PayoutEscalateAfter time.Duration
	// TransferMin is the smallest transfer between the wallet and a game,
	// in the install's currency (limits.For).
	TransferMin money.Satang
}

// DefaultConfig returns the documented defaults.
func DefaultConfig() Config {
	return Config{
		PendingGrace:       time.Minute,
		RetryMax:           time.Minute,
		ReconcileBatch:     100,
		RefreshConcurrency: 4,
		CatalogueTTL:       10 * time.Second,

		PayoutPoll:          5 * time.Second,
		PayoutPollMax:       5 * time.Minute,
		PayoutCallTimeout:   30 * time.Second,
		PayoutEscalateAfter: time.Hour,

		TransferMin: limits.Baht.TransferMin,
	}
}

// Service implements the wallet rules.
type Service struct {
	store    Store
	ledger   ledger.Store
	provider GameProvider
	members  Members
	limits   Limits
	sealer   *Sealer
	cfg      Config
	log      *slog.Logger
	now      func() time.Time
	newID    func() string
	cat      catalogue
	promos   Promotions
	// autoRules and autoStore evaluate the auto-approval of withdrawals
	// (autowithdraw.go); nil: every withdrawal waits for operators.
	autoRules AutoRules
	autoStore AutoStore
	// Automatic payouts (UsePayouts): nil party means operators pay by
	// hand.
	pstore     PayoutStore
	party      Payouts
	payoutsDue chan struct{}
}

// Promotions is what the wallet asks of the promotion engine
// (core/promo): whether a condition locks the member's money, and that a
// balance changed so that the member's condition is evaluated.
type Promotions interface {
	// CheckWithdraw answers BONUS_REMAINING while a condition is active.
	CheckWithdraw(ctx context.Context, memberID string) error
	// BalanceChanged evaluates the member's condition; it never fails.
	BalanceChanged(ctx context.Context, memberID string)
}

// changed tells the promotion engine that a member's balances changed.
func (s *Service) changed(ctx context.Context, memberID string) {
	if s.promos != nil {
		s.promos.BalanceChanged(context.WithoutCancel(ctx), memberID)
	}
}

// Deps are what the service needs.
type Deps struct {
	Store    Store
	Ledger   ledger.Store
	Provider GameProvider
	Members  Members
	Limits   Limits
	Sealer   *Sealer
	Log      *slog.Logger
	Now      func() time.Time // nil: the system clock
	// IDs makes the ids of transfers, withdrawals and journals, which are
	// also the references sent to providers. nil: random ones
	// (account.NewID, from crypto/rand); tests pass a counter.
	IDs func() string
	// Promotions gates withdrawals and hears of balance changes; nil: no
	// promotions.
	Promotions Promotions
	// AutoRules and AutoStore approve withdrawals by the owner's rules;
	// nil: no auto-approval.
	AutoRules AutoRules
	AutoStore AutoStore
}

// NewService returns a wallet service.
func NewService(d Deps, cfg Config) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.IDs == nil {
		d.IDs = account.NewID
	}
	if cfg.TransferMin <= 0 {
		cfg.TransferMin = limits.Baht.TransferMin
	}
	return &Service{store: d.Store, ledger: d.Ledger, provider: d.Provider, members: d.Members, limits: d.Limits,
		sealer: d.Sealer, cfg: cfg, log: d.Log, now: d.Now, newID: d.IDs, promos: d.Promotions,
		autoRules: d.AutoRules, autoStore: d.AutoStore}
}

func (s *Service) journal(kind ledger.JournalKind, ref, memberID string, postings []ledger.Posting) ledger.Journal {
	return ledger.Journal{ID: s.newID(), Kind: kind, Ref: ref, MemberID: memberID, Postings: postings,
		CreatedAt: s.now().UTC()}
}
