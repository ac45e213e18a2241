package app

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/wallet"
)

// TestProviderFaults makes the simulated provider fail each way on each
// transfer direction and checks that the API answers TRANSFER_PENDING, the
// reconciler settles or reverses from the provider's status, and our GAME
// account equals the provider balance afterwards.
func TestProviderFaults(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		t.Parallel() // the dialects wait on the provider's delay side by side
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		ctx := context.Background()
		token := h.member("0811111111", "1111111111", money.FromBaht(1000))
		memberID := h.call("GET", "/api/wallet", token, nil).Body["profile"].(map[string]any)["_id"].(string)
		const game = "SIAMSLOT"
		h.expect(h.call("GET", "/api/wallet/activate/"+game, token, nil), 200, "SUCCESS")
		h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": game, "amount": 500}), 200, "SUCCESS")
		username := h.call("GET", "/api/wallet/account/"+game, token, nil).Body["username"].(string)

		cases := []struct {
			name string
			dir  string // in: wallet → game; out: game → wallet
			kind sim.FaultKind
			// late: ask the provider only once a delayed call has executed.
			late    bool
			settled bool // true: the transfer happened; false: it was reversed
		}{
			{"InError", "in", sim.FaultError, false, false},
			{"InDrop", "in", sim.FaultDrop, false, true},
			{"InDelayAskedEarly", "in", sim.FaultDelay, false, false},
			{"InDelayAskedLate", "in", sim.FaultDelay, true, true},
			{"OutError", "out", sim.FaultError, false, false},
			{"OutDrop", "out", sim.FaultDrop, false, true},
			{"OutDelayAskedEarly", "out", sim.FaultDelay, false, false},
			{"OutDelayAskedLate", "out", sim.FaultDelay, true, true},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				walletBefore := h.ledgerBalance(ledger.Wallet(memberID).ID)
				gameBefore := h.ledgerBalance(ledger.Game(memberID, game).ID)
				body := map[string]any{"from": "WALLET", "to": game, "amount": 10}
				if c.dir == "out" {
					body = map[string]any{"from": game, "to": "WALLET", "amount": 10}
				}
				h.faults.arm(c.dir, c.kind)
				start := time.Now()
				h.expect(h.call("POST", "/api/wallet/transfer", token, body), 503, "TRANSFER_PENDING")
				executed := start.Add(testSimDelay + 500*time.Millisecond)
				if c.late {
					time.Sleep(time.Until(executed))
				}
				st, err := h.tools.wallet.Reconcile(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if want := (wallet.ReconcileStats{Settled: b2i(c.settled), Reversed: b2i(!c.settled)}); st != want {
					t.Fatalf("reconcile = %+v, want %+v", st, want)
				}
				if c.kind == sim.FaultDelay && !c.late {
					// The delayed call reaches the provider after the status
					// question voided its reference: it must move nothing.
					time.Sleep(time.Until(executed))
				}
				delta := money.FromBaht(10)
				if c.dir == "out" {
					delta = -delta
				}
				if !c.settled {
					delta = 0
				}
				w, g := h.ledgerBalance(ledger.Wallet(memberID).ID), h.ledgerBalance(ledger.Game(memberID, game).ID)
				if w != walletBefore-delta || g != gameBefore+delta {
					t.Fatalf("wallet %s and game %s, want %s and %s", w, g, walletBefore-delta, gameBefore+delta)
				}
				at, err := h.provider.Balance(ctx, game, username)
				if err != nil || at != g {
					t.Fatalf("provider balance %s (%v), ours %s", at, err, g)
				}
			})
		}
		t.Run("RefreshSkipsAFailingProvider", func(t *testing.T) {
			h := h.sub(t)
			h.faults.arm("balance", sim.FaultError)
			r := h.call("GET", "/api/wallet/refresh/slot", token, nil)
			h.expect(r, 200, "")
			if got := slot(r, game)["amount"]; got == nil {
				t.Fatalf("refresh = %s", r.Raw)
			}
		})
		t.Run("IdempotentRetryOfPending", func(t *testing.T) {
			h := h.sub(t)
			key := map[string]string{"Idempotency-Key": "pending-1"}
			body := map[string]any{"from": "WALLET", "to": game, "amount": 10}
			h.faults.arm("in", sim.FaultDrop)
			h.expect(h.callWith("POST", "/api/wallet/transfer", token, body, key), 503, "TRANSFER_PENDING")
			// The retry answers as the first call did and moves nothing more.
			h.expect(h.callWith("POST", "/api/wallet/transfer", token, body, key), 503, "TRANSFER_PENDING")
			if st, err := h.tools.wallet.Reconcile(ctx); err != nil || st.Settled != 1 {
				t.Fatalf("reconcile = %+v, %v", st, err)
			}
		})
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
