package deposit

import (
	"context"
	"log/slog"
	"time"

	"ngern/core/account"
	"ngern/core/ledger"
	"ngern/core/objects"
	"ngern/core/settings"
)

// Options is where the service reads the operator's deposit settings.
type Options interface {
	DepositOptions(ctx context.Context) (settings.Deposit, error)
	SlipRules(ctx context.Context) (settings.Slip, error)
	// Bank answers a bank of the directory (for its BOT code).
	Bank(ctx context.Context, code string) (settings.Bank, error)
}

// Members finds the member who deposits.
type Members interface {
	MemberByID(ctx context.Context, id string) (*account.Member, error)
}

// Deps are what the service needs.
type Deps struct {
	Store    Store
	Ledger   ledger.Store
	Objects  objects.Store
	Reader   SlipReader
	Verifier SlipVerifier
	// OCR reads a slip's printed fields for its review and cross-checks a
	// verified slip's amount; nil: no OCR (the slip rules are unchanged).
	OCR      SlipOCR
	Redeemer GiftRedeemer
	Options  Options
	Members  Members
	Limiter  account.Limiter
	// Coins answers the operator's coins setting; nil: its default.
	Coins CoinRate
	Log   *slog.Logger
	Now   func() time.Time
	IDs   func() string
}

// Service implements the deposit rules.
type Service struct {
	d     Deps
	slips *slipGate // the slips processed at once (image.go)
}

// Clock skew allowed between a bank's transfer time and ours.
const clockSkew = 5 * time.Minute

// NewService returns a deposit service.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.IDs == nil {
		d.IDs = account.NewID
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{d: d, slips: newSlipGate(SlipDecoders, SlipQueue, SlipWait)}
}
