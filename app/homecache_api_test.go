package app

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// TestHomeReachesEveryNode: two `ngern serve` nodes on one PostgreSQL (on
// SQLite, the single node twice), each with its home cache (docs/operations.md,
// "Home cache"). Node B has the member's home in memory; a credit, a game
// account opened and a transfer, each made on node A, show in node B's
// GET /api/wallet within a second (the same bound as a revocation), and on
// node A at once. The member's socket open on node B is told each time
// ({"type":"balances"}, wallet.BalancesChanged over the bus).
func TestHomeReachesEveryNode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		noOTP := func(c *Config) { c.RegisterOTP = false }
		a := newHarness(t, db, noOTP)
		b := a
		if db.Dialect() == sqlstore.Postgres {
			db2, err := sqlstore.Open(context.Background(), db.URL(), "")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db2.Close() })
			b = newHarness(t, db2, noOTP)
		}
		token := a.member("0877777777", "7777777777", 0)
		home := func(h *harness) response {
			r := h.call("GET", "/api/wallet", token, nil)
			h.expect(r, 200, "")
			return r
		}
		// shows reads the home on node A at once, and on node B until it
		// shows want (wallet amount and the SIAMSLOT slot's, "" for none).
		slot := func(r response) string {
			slots, _ := r.Body["slots"].([]any)
			for _, s := range slots {
				if s, _ := s.(map[string]any); s["code"] == "SIAMSLOT" && s["isActive"] == true {
					return s["amount"].(interface{ String() string }).String()
				}
			}
			return ""
		}
		shows := func(t *testing.T, wallet, game string) {
			t.Helper()
			if r := home(a); walletAmount(r) != wallet || slot(r) != game {
				t.Fatalf("node A: wallet %s, SIAMSLOT %q; want %s and %q", walletAmount(r), slot(r), wallet, game)
			}
			start := time.Now()
			for {
				r := home(b)
				if walletAmount(r) == wallet && slot(r) == game {
					t.Logf("node B after %v", time.Since(start).Round(time.Millisecond))
					return
				}
				if time.Since(start) > revocationBound {
					t.Fatalf("node B: wallet %s, SIAMSLOT %q a second after the write; want %s and %q",
						walletAmount(r), slot(r), wallet, game)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		shows(t, "0.00", "")

		ticket, _ := b.chatTicket(token, nil)
		conn, _, err := b.dialChat(ticket, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.CloseNow() })
		// A read that times out closes the socket: one reader hands the
		// frames over.
		frames := make(chan frame, 16)
		go func() {
			defer close(frames)
			for {
				_, raw, err := conn.Read(context.Background())
				if err != nil {
					return
				}
				var f frame
				if json.Unmarshal(raw, &f) == nil {
					frames <- f
				}
			}
		}()
		// told waits for a balances frame on node B's socket, after
		// forgetting those of earlier writes.
		drain := func() {
			for {
				select {
				case <-frames:
				case <-time.After(50 * time.Millisecond):
					return
				}
			}
		}
		told := func(t *testing.T) {
			t.Helper()
			deadline := time.After(revocationBound)
			for {
				select {
				case f, ok := <-frames:
					if !ok {
						t.Fatal("the member's socket closed")
					}
					if f.Type == "balances" {
						return
					}
				case <-deadline:
					t.Fatal("no balances frame on node B's socket a second after the write")
				}
			}
		}

		t.Run("Credit", func(t *testing.T) {
			home(b)
			drain()
			a.credit("0877777777", 500_00)
			shows(t, "500.00", "")
			told(t)
		})
		t.Run("GameAccountOpened", func(t *testing.T) {
			home(b)
			drain()
			a.expect(a.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "SUCCESS")
			shows(t, "500.00", "0.00")
			told(t)
		})
		t.Run("Transfer", func(t *testing.T) {
			home(b)
			drain()
			r := a.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 120.25})
			a.expect(r, 200, "")
			shows(t, "379.75", "120.25")
			told(t)
		})
	})
}
