package seamlesskit

import (
	"context"
	"errors"
	"testing"

	"ngern/core/seamless"
)

// direct is an adapter with no wire: it calls the wallet and maps its
// errors as a protocol adapter does. Its knobs break it the ways real
// adapters go wrong, so that the kit is seen to catch them.
type direct struct {
	w seamless.Wallet
	p string
	// doubleApply debits every bet twice (an adapter that calls the
	// wallet again under another id).
	doubleApply bool
	// freshIDs records every delivery under a new id (an adapter that
	// keys on the request's id instead of the transaction's).
	freshIDs bool
	n        int64
	// forgeAccepted executes forged calls (no signature check).
	forgeAccepted bool
	// rolledBackOK answers a tombstoned bet OK.
	rolledBackOK bool
	// noBalance leaves the balance out of an insufficient-funds answer.
	noBalance bool
}

func mountDirect(d direct) Mount {
	return func(w seamless.Wallet, provider string) Driver {
		d.w, d.p = w, provider
		return &d
	}
}

func (d *direct) callback(kind seamless.Kind, c Call) seamless.Callback {
	tx := c.TxID
	if d.freshIDs {
		// Not concurrency-safe on purpose: it only has to differ.
		d.n++
		tx += "#" + string(rune('a'+d.n%26)) + string(rune('a'+d.n/26%26))
	}
	return seamless.Callback{Provider: d.p, Kind: kind, TxID: tx, Token: c.Token, Player: c.Player, RoundID: c.RoundID,
		Game: c.Game, Amount: c.Amount, Currency: c.Currency, RefTxID: c.RefTxID, RoundClosed: c.RoundClosed}
}

func (d *direct) result(a seamless.Answer, err error) (Result, error) {
	statuses := []struct {
		err    error
		status Status
	}{
		{seamless.ErrToken, InvalidToken}, {seamless.ErrTokenExpired, Expired}, {seamless.ErrBlocked, Blocked},
		{seamless.ErrInsufficient, Insufficient}, {seamless.ErrMismatch, Mismatch}, {seamless.ErrRolledBack, RolledBack},
		{seamless.ErrInvalid, Invalid}, {seamless.ErrCurrency, Invalid}, {seamless.ErrGame, Invalid},
	}
	if err == nil {
		return Result{Status: OK, Balance: a.Balance, Ref: a.Ref}, nil
	}
	for _, s := range statuses {
		if errors.Is(err, s.err) {
			r := Result{Status: s.status, Balance: a.Balance}
			if s.status == RolledBack && d.rolledBackOK {
				r.Status = OK
			}
			if s.status == Insufficient && d.noBalance {
				r.Balance = 0
			}
			return r, nil
		}
	}
	return Result{Status: Failed}, nil
}

func (d *direct) Balance(ctx context.Context, token, player string) (Result, error) {
	return d.result(d.w.Balance(ctx, d.p, token, player))
}

func (d *direct) Bet(ctx context.Context, c Call) (Result, error) {
	if d.doubleApply {
		again := c
		again.TxID += "-again"
		if _, err := d.w.Bet(ctx, d.callback(seamless.Bet, again)); err != nil {
			return Result{}, err
		}
	}
	return d.result(d.w.Bet(ctx, d.callback(seamless.Bet, c)))
}

func (d *direct) Win(ctx context.Context, c Call) (Result, error) {
	return d.result(d.w.Win(ctx, d.callback(seamless.Win, c)))
}

func (d *direct) Rollback(ctx context.Context, c Call) (Result, error) {
	return d.result(d.w.Rollback(ctx, d.callback(seamless.Rollback, c)))
}

func (d *direct) Forge(ctx context.Context, kind seamless.Kind, c Call) (Result, error) {
	if !d.forgeAccepted {
		return Result{Status: Refused}, nil
	}
	switch kind {
	case seamless.Bet:
		return d.Bet(ctx, c)
	case seamless.Win:
		return d.Win(ctx, c)
	}
	return d.Rollback(ctx, c)
}

func TestRunPassesACorrectAdapter(t *testing.T) {
	Run(t, mountDirect(direct{}))
}

// TestRunFailsBrokenAdapters runs the kit's checks on adapters broken on
// purpose: each must fail at least the checks named.
func TestRunFailsBrokenAdapters(t *testing.T) {
	tests := []struct {
		name     string
		adapter  direct
		mustFail []string
	}{
		{"DoubleApply", direct{doubleApply: true}, []string{"BetAndWin", "DuplicateBet", "ConcurrentDuplicateBets", "InsufficientFunds"}},
		{"FreshIDs", direct{freshIDs: true}, []string{"DuplicateBet", "DuplicateWin", "Mismatch", "RollbackTwice", "TombstoneThenLateBet"}},
		{"ForgeAccepted", direct{forgeAccepted: true}, []string{"Forged"}},
		{"RolledBackOK", direct{rolledBackOK: true}, []string{"TombstoneThenLateBet", "RollbackTwice"}},
		{"NoBalance", direct{noBalance: true}, []string{"InsufficientFunds"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			failed := map[string]error{}
			for _, c := range checks {
				if c.name == "ConcurrentDuplicateBets" && tt.adapter.freshIDs {
					continue // that knob is not safe for concurrent use
				}
				failed[c.name] = c.run(context.Background(), newEnv(mountDirect(tt.adapter)))
			}
			for _, name := range tt.mustFail {
				if failed[name] == nil {
					t.Errorf("check %s passed a broken adapter", name)
				} else {
					t.Logf("check %s: %v", name, failed[name])
				}
			}
		})
	}
}
