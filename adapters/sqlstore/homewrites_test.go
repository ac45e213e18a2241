package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/rewards"
	"ngern/core/wallet"
)

// TestHomeWritesAnnounced: the writes of a home's rows besides those of
// TestHomeCache (the ledger, transfers, game accounts, the profile) are
// announced too, by their behaviour: a home cached before the write is not
// served after it, on the node that wrote, as soon as the write returns.
// No writer announces by a call of its own (announce.go); this is what
// holds a new one to it.
func TestHomeWritesAnnounced(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newRewardsEnv(t, db, bkk("2026-11-23 08:00"))
		stop := db.UseEvents((&sqlstore.TestNet{}).Bus(), sqlstore.DefaultHomeCacheTTL, nil)
		t.Cleanup(func() { stop() })
		node := sqlstore.NewWallet(db)
		inviter := e.player(t, 1, "")
		e.player(t, 2, inviter)
		e.settings(t, rewards.Invite, func(s *rewards.Settings) { s.RateBP = 500; s.MaxPerPeriod = money.FromBaht(1000) })
		e.feed.add(testGame, "u2", money.FromBaht(1000), 0, bkk("2026-11-23 09:00"))

		home := func(t *testing.T) *wallet.MemberHome {
			t.Helper()
			h, err := node.MemberHome(ctx, inviter)
			if err != nil {
				t.Fatal(err)
			}
			return h
		}
		// cached returns the home once two reads a while apart are the
		// same answer from memory (the bus's messages of earlier writes,
		// which drop it too, have all arrived).
		cached := func(t *testing.T) *wallet.MemberHome {
			t.Helper()
			for range 50 {
				h := home(t)
				time.Sleep(20 * time.Millisecond)
				if home(t) == h {
					return h
				}
			}
			t.Fatal("the home is never served from memory")
			return nil
		}

		cases := []struct {
			name  string
			write func(t *testing.T) error
			bonus money.Satang // the invite bonus the home shows after
		}{
			{"InviteAccrued", func(t *testing.T) error {
				e.set(bkk("2026-11-24 00:10"))
				_, err := e.svc.AccrueDue(ctx)
				return err
			}, money.FromBaht(50)},
			{"InviteReceived", func(t *testing.T) error {
				_, err := e.svc.ReceiveInvite(ctx, inviter)
				return err
			}, 0},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				before := cached(t)
				if err := c.write(t); err != nil {
					t.Fatal(err)
				}
				after := home(t)
				if after == before {
					t.Fatal("the home cached before the write is served after it")
				}
				if after.InviteBonus != c.bonus {
					t.Fatalf("invite bonus %s, want %s", after.InviteBonus, c.bonus)
				}
			})
		}
	})
}
