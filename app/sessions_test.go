package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
)

// revocationBound is how soon a revoked token must stop working on every
// node (quality bars: several nodes behave as one).
const revocationBound = time.Second

// TestRevocationReachesEveryNode: two `ngern serve` nodes on one
// PostgreSQL (on SQLite, the single node twice). A token validated on node
// B is answered from B's memory, yet a logout, a password change or a
// RevokeSessions on node A makes B refuse it within a second; a termination
// of the service on A closes B within a second too (its status cache is
// dropped through the bus).
func TestRevocationReachesEveryNode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		op := strings.Repeat("o", 40)
		withOperator := func(c *Config) { c.OperatorToken = op }
		a := newHarness(t, db, withOperator)
		b := a
		if db.Dialect() == sqlstore.Postgres {
			// A second node: its own pool, bus, caches and HTTP server.
			db2, err := sqlstore.Open(ctx, db.URL(), "")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db2.Close() })
			b = newHarness(t, db2, withOperator)
		}
		first := a.signUp("0866666666", "6666666666")
		profile := a.call("GET", "/api/account/profile", first, nil)
		a.expect(profile, 200, "")
		memberID := profile.Body["profile"].(map[string]any)["_id"].(string)

		// refusedWithin checks that b refuses token within the bound after
		// the revocation returned.
		refusedWithin := func(t *testing.T, b *harness, token string) {
			t.Helper()
			start := time.Now()
			for {
				r := b.call("GET", "/api/wallet", token, nil)
				if r.Status == 401 {
					b.expect(r, 401, "invalid-token")
					t.Logf("refused after %v", time.Since(start).Round(time.Millisecond))
					return
				}
				b.expect(r, 200, "")
				if time.Since(start) > revocationBound {
					t.Fatalf("node B still accepts the token %v after its revocation", time.Since(start))
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		// cachedOnB validates token on B, then revokes it behind the
		// application's back: B still answering proves it answers from memory.
		// A node whose bus stops being live (a ping slower than 750 ms on an
		// overloaded machine) rightly reads the database instead: then the
		// check is repeated, as it proves nothing either way.
		cachedOnB := func(t *testing.T, b *harness, token string) {
			t.Helper()
			set := func(revoked string) {
				q := `UPDATE sessions SET revoked_at = ` + revoked + ` WHERE token_hash = ?`
				if db.Dialect() == sqlstore.Postgres {
					q = strings.Replace(q, "?", "$1", 1)
				}
				if _, err := db.SQL().ExecContext(ctx, q, account.HashToken(token)); err != nil {
					t.Fatal(err)
				}
			}
			for try := 1; ; try++ {
				epoch, live := b.bus.Epoch()
				b.expect(b.call("GET", "/api/wallet", token, nil), 200, "")
				set("last_seen_at")
				r := b.call("GET", "/api/wallet", token, nil)
				set("NULL")
				if now, stillLive := b.bus.Epoch(); !live || !stillLive || now != epoch {
					if try == 5 {
						t.Fatal("node B's bus was not live for five tries")
					}
					time.Sleep(200 * time.Millisecond)
					continue
				}
				b.expect(r, 200, "") // answered from memory
				return
			}
		}

		t.Run("logout on A", func(t *testing.T) {
			a, b := a.sub(t), b.sub(t)
			tok := a.login("0866666666", "s3cret-pass")
			cachedOnB(t, b, tok)
			a.expect(a.call("POST", "/api/logout", tok, nil), 200, "SUCCESS")
			refusedWithin(t, b, tok)
			b.expect(b.call("GET", "/api/wallet", first, nil), 200, "")
		})
		t.Run("password change on A", func(t *testing.T) {
			a, b := a.sub(t), b.sub(t)
			other := a.login("0866666666", "s3cret-pass")
			cachedOnB(t, b, other)
			cachedOnB(t, b, first)
			a.expect(a.call("PUT", "/api/account/changepwd", first, map[string]any{"oldPassword": "s3cret-pass", "newPassword": "n3w-password"}), 200, "SUCCESS")
			refusedWithin(t, b, other)
			b.expect(b.call("GET", "/api/wallet", first, nil), 200, "") // the caller's own session stays
		})
		t.Run("RevokeSessions on A", func(t *testing.T) {
			a, b := a.sub(t), b.sub(t)
			tok := a.login("0866666666", "n3w-password")
			cachedOnB(t, b, tok)
			cachedOnB(t, b, first)
			if err := a.tools.accounts.RevokeSessions(ctx, memberID); err != nil {
				t.Fatal(err)
			}
			refusedWithin(t, b, tok)
			refusedWithin(t, b, first)
			a.expect(a.call("GET", "/api/wallet", tok, nil), 401, "invalid-token")
		})
		t.Run("B stops trusting its cache when its bus connection is lost", func(t *testing.T) {
			if db.Dialect() != sqlstore.Postgres {
				t.Skip("in-process bus: nothing to lose")
			}
			a, b := a.sub(t), b.sub(t)
			tok := a.login("0866666666", "n3w-password")
			cachedOnB(t, b, tok)
			listener, ok := b.bus.(interface{ Name() string })
			if !ok {
				t.Fatalf("node B's bus is %T", b.bus)
			}
			var killed int
			if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`,
				listener.Name()).Scan(&killed); err != nil || killed != 1 {
				t.Fatalf("killed %d listeners: %v", killed, err)
			}
			// Revoked behind the bus's back: no message will ever come.
			// B answers from its cache only while it can trust it.
			if _, err := db.SQL().ExecContext(ctx, `UPDATE sessions SET revoked_at = last_seen_at WHERE token_hash = $1`, account.HashToken(tok)); err != nil {
				t.Fatal(err)
			}
			refusedWithin(t, b, tok)
		})
		t.Run("service terminated on A", func(t *testing.T) {
			a, b := a.sub(t), b.sub(t)
			tok := a.login("0866666666", "n3w-password")
			b.expect(b.call("GET", "/api/wallet", tok, nil), 200, "")
			a.expect(a.call("PUT", "/api/operator/settings/active", op, `{"terminated":true}`), 200, "")
			start := time.Now()
			for {
				r := b.call("GET", "/api/wallet", tok, nil)
				if r.Status == 410 {
					break
				}
				b.expect(r, 200, "")
				if time.Since(start) > revocationBound {
					t.Fatalf("node B still serves members %v after the termination", time.Since(start))
				}
				time.Sleep(10 * time.Millisecond)
			}
			a.expect(a.call("PUT", "/api/operator/settings/active", op, `{"terminated":false}`), 200, "")
		})
	})
}

// TestLastSeenWrittenInTheBackground: a call more than a minute after the
// session's last recorded use queues a touch, and the server's background
// flush writes it within a couple of seconds.
func TestLastSeenWrittenInTheBackground(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		tok := h.signUp("0865555555", "5555555555")
		q := `SELECT last_seen_at FROM sessions WHERE token_hash = ?`
		if db.Dialect() == sqlstore.Postgres {
			q = strings.Replace(q, "?", "$1", 1)
		}
		lastSeen := func() time.Time {
			var at time.Time
			if err := db.SQL().QueryRowContext(context.Background(), q, account.HashToken(tok)).Scan(&at); err != nil {
				t.Fatal(err)
			}
			return at
		}
		before := lastSeen()
		h.advance(2 * time.Minute)
		h.expect(h.call("GET", "/api/wallet", tok, nil), 200, "")
		deadline := time.Now().Add(5 * time.Second)
		for !lastSeen().After(before.Add(time.Minute)) {
			if time.Now().After(deadline) {
				t.Fatalf("last_seen_at still %v, two minutes after it", before)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}
