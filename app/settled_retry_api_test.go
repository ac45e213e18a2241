package app

import (
	"context"
	"testing"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/ledger"
	"ngern/core/money"
)

// TestIdempotentRetryAfterSettlement: a retry with the Idempotency-Key of
// a call answered TRANSFER_PENDING answers the same while the transfer is
// open, and the settled outcome once the reconciler finished it — never
// running the call again.
func TestIdempotentRetryAfterSettlement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		ctx := context.Background()
		token := h.member("0816660000", "6660000000", money.FromBaht(1000))
		memberID := h.call("GET", "/api/wallet", token, nil).Body["profile"].(map[string]any)["_id"].(string)
		for _, g := range []string{"SIAMSLOT", "NAGAGOLD"} {
			h.expect(h.call("GET", "/api/wallet/activate/"+g, token, nil), 200, "SUCCESS")
		}
		h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "NAGAGOLD", "amount": 100}), 200, "SUCCESS")

		cases := []struct {
			name   string
			path   string
			body   map[string]any
			dir    string
			fault  sim.FaultKind
			status int
			code   string
			moved  money.Satang // out of the wallet, once settled
		}{
			{"SettledAnswersSuccess", "/api/wallet/transfer", map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 10}, "in", sim.FaultDrop, 200, "SUCCESS", money.FromBaht(10)},
			{"ReversedAnswersTransferFail", "/api/wallet/transfer", map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 10}, "in", sim.FaultError, 502, "TRANSFER_FAIL", 0},
			{"TransferAllSettled", "/api/wallet/transferAll", map[string]any{"to": "WALLET"}, "out", sim.FaultDrop, 200, "SUCCESS", -money.FromBaht(110)}, // both games' money back
			// The first leg (NAGAGOLD → wallet) settled, but the second never
			// ran: the call did not do what was asked.
			{"StoppedCallAnswersTransferFail", "/api/wallet/transfer", map[string]any{"from": "NAGAGOLD", "to": "SIAMSLOT", "amount": 10}, "out", sim.FaultDrop, 502, "TRANSFER_FAIL", -money.FromBaht(10)},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				if c.name == "StoppedCallAnswersTransferFail" {
					h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "NAGAGOLD", "amount": 10}), 200, "SUCCESS")
				}
				key := map[string]string{"Idempotency-Key": "settle-" + c.name}
				before := h.ledgerBalance(ledger.Wallet(memberID).ID)
				h.faults.arm(c.dir, c.fault)
				h.expect(h.callWith("POST", c.path, token, c.body, key), 503, "TRANSFER_PENDING")
				r := h.callWith("POST", c.path, token, c.body, key)
				h.expect(r, 503, "TRANSFER_PENDING")
				if r.Header.Get("Idempotent-Replayed") != "true" {
					t.Fatal("the retry ran the call again")
				}
				if st, err := h.tools.wallet.Reconcile(ctx); err != nil || st.Settled+st.Reversed != 1 {
					t.Fatalf("reconcile = %+v, %v", st, err)
				}
				for try := 0; try < 2; try++ {
					r := h.callWith("POST", c.path, token, c.body, key)
					h.expect(r, c.status, c.code)
					if r.Header.Get("Idempotent-Replayed") != "true" {
						t.Fatal("the retry ran the call again")
					}
					after := h.ledgerBalance(ledger.Wallet(memberID).ID)
					if after != before-c.moved {
						t.Fatalf("wallet %s, want %s", after, before-c.moved)
					}
					if c.status == 200 && walletAmount(r) != after.String() {
						t.Fatalf("answer's wallet %s, want %s", walletAmount(r), after)
					}
				}
			})
		}
	})
}
