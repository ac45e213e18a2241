package wallet

import (
	"context"
	"sync"
	"testing"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// lockPromos is a Promotions whose condition is active while locked.
type lockPromos struct {
	mu      sync.Mutex
	locked  bool
	changed []string
}

func (p *lockPromos) CheckWithdraw(context.Context, string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.locked {
		return errs.New(errs.BonusRemaining)
	}
	return nil
}

func (p *lockPromos) BalanceChanged(_ context.Context, memberID string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.changed = append(p.changed, memberID)
}

func TestPromotionGate(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		withdraw func(e *env) error
	}{
		{"Withdraw", func(e *env) error { _, err := e.svc.Withdraw(ctx, member, money.FromBaht(100)); return err }},
		{"WithdrawAll", func(e *env) error { _, err := e.svc.WithdrawAll(ctx, member, 0); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			p := &lockPromos{locked: true}
			e.svc.promos = p
			e.activate(t, game(0))
			e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
			// Transfers keep working while a condition is active. Into a
			// game the member's total stays as it was: nothing to tell.
			if _, err := e.svc.Transfer(ctx, member, WalletCode, game(0), money.FromBaht(300)); err != nil {
				t.Fatalf("transfer in: %v", err)
			}
			if len(p.changed) != 0 {
				t.Fatalf("balance changes told after a transfer into a game: %v", p.changed)
			}
			// Out of a game the refresh may have booked wins or losses: the
			// engine hears of it.
			if _, err := e.svc.Transfer(ctx, member, game(0), WalletCode, money.FromBaht(100)); err != nil {
				t.Fatalf("transfer out: %v", err)
			}
			if len(p.changed) != 1 || p.changed[0] != member {
				t.Fatalf("balance changes told: %v", p.changed)
			}
			if err := tc.withdraw(e); !errs.HasCode(err, errs.BonusRemaining) {
				t.Fatalf("err = %v, want BONUS_REMAINING", err)
			}
			if bal, _ := e.store.WalletBalance(ctx, member); bal != money.FromBaht(800) {
				t.Fatalf("wallet %s after a refused withdrawal", bal)
			}
			p.locked = false
			if err := tc.withdraw(e); err != nil {
				t.Fatalf("unlocked: %v", err)
			}
		})
	}
}
