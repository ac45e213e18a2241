package sqlstore_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/wallet"
)

// TestHomeCache: with the home cache on (UseEvents), a member's home is
// read from memory until a write changes it; every write path drops it at
// once on the node that wrote and, through the bus (wallet.BalancesChanged),
// on the other node
// (PostgreSQL: a second pool on the same database, as a second
// `ngern serve` has). Each case first renames the member behind the
// application's back, which a cached read does not see: the read after the
// write must see it, so the write dropped the entry.
func TestHomeCache(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		net := &sqlstore.TestNet{}
		busA := net.Bus()
		stop := db.UseEvents(busA, sqlstore.DefaultHomeCacheTTL, nil)
		t.Cleanup(func() { stop() })
		nodes := []*sqlstore.Wallet{e.repo}
		if db.Dialect() == sqlstore.Postgres {
			db2, err := sqlstore.Open(ctx, db.URL(), "")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db2.Close() })
			stop2 := db2.UseEvents(net.Bus(), sqlstore.DefaultHomeCacheTTL, nil)
			t.Cleanup(func() { stop2() })
			nodes = append(nodes, sqlstore.NewWallet(db2))
		}
		m := newMember("0819990000", "9990000000")
		accounts := sqlstore.NewAccounts(db)
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		credit(t, e.l, m.ID, 500_00)

		home := func(t *testing.T, node *sqlstore.Wallet) *wallet.MemberHome {
			t.Helper()
			h, err := node.MemberHome(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			return h
		}
		rename := func(t *testing.T, name string) {
			t.Helper()
			q := `UPDATE members SET name = ? WHERE id = ?`
			if db.Dialect() == sqlstore.Postgres {
				q = `UPDATE members SET name = $1 WHERE id = $2`
			}
			if _, err := db.SQL().ExecContext(ctx, q, name, m.ID); err != nil {
				t.Fatal(err)
			}
		}
		// cached reads the home on every node, renames the member behind
		// their back and checks that every node still answers from memory;
		// it returns the name now stored. The message of an earlier write
		// may still be on its way and drop an entry just made (the bus
		// delivers after a few milliseconds, to the writing node too): then
		// it tries again, with a name of its own each time.
		cached := func(t *testing.T, name string) string {
			t.Helper()
			for try := 1; ; try++ {
				before := make([]string, len(nodes))
				for i, n := range nodes {
					before[i] = home(t, n).Member.Name
				}
				stored := fmt.Sprintf("%s (%d)", name, try)
				rename(t, stored)
				fromMemory := true
				for i, n := range nodes {
					fromMemory = fromMemory && home(t, n).Member.Name == before[i]
				}
				if fromMemory {
					return stored
				}
				if try == 20 {
					t.Fatalf("a node reads %q from the database 20 times: nothing is cached", stored)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		// seen checks that every node sees name (the writing node at once,
		// the others within the bus's second) and returns the home.
		seen := func(t *testing.T, name string) *wallet.MemberHome {
			t.Helper()
			if got := home(t, nodes[0]).Member.Name; got != name {
				t.Fatalf("the writing node still answers %q from its cache, want %q", got, name)
			}
			for i, n := range nodes[1:] {
				deadline := time.Now().Add(time.Second)
				for home(t, n).Member.Name != name {
					if time.Now().After(deadline) {
						t.Fatalf("node %d still answers its old home a second after the write", i+1)
					}
					time.Sleep(5 * time.Millisecond)
				}
			}
			return home(t, nodes[0])
		}
		gameAmount := func(h *wallet.MemberHome, code string) money.Satang {
			for _, a := range h.Accounts {
				if a.Game == code {
					return a.Amount
				}
			}
			return -1
		}

		t.Run("ServedFromMemory", func(t *testing.T) {
			cached(t, "Cached")
			if h1, h2 := home(t, nodes[0]), home(t, nodes[0]); h1 != h2 {
				t.Fatal("two reads of an unchanged home went to the database")
			}
		})

		cases := []struct {
			name  string
			write func(t *testing.T) error
			check func(t *testing.T, h *wallet.MemberHome)
		}{
			{"LedgerPost", func(t *testing.T) error {
				return e.l.Post(ctx, journal(ledger.Adjustment, m.ID, ledger.Move(ledger.Adjustments, ledger.Wallet(m.ID), 25_00)))
			}, func(t *testing.T, h *wallet.MemberHome) {
				if h.Wallet != 525_00 {
					t.Fatalf("wallet %v, want 525.00", h.Wallet)
				}
			}},
			{"CoinPost", func(t *testing.T) error {
				return e.l.Post(ctx, journal(ledger.Adjustment, m.ID, ledger.Move(ledger.Coins, ledger.Coin(m.ID), 3)))
			}, func(t *testing.T, h *wallet.MemberHome) {
				if h.Member.Coin != 3 {
					t.Fatalf("coins %d, want 3", h.Member.Coin)
				}
			}},
			{"GameAccountOpened", func(t *testing.T) error {
				return e.svc.Activate(ctx, m.ID, "SIAMSLOT")
			}, func(t *testing.T, h *wallet.MemberHome) {
				if gameAmount(h, "SIAMSLOT") != 0 {
					t.Fatalf("game accounts %+v, want SIAMSLOT at 0", h.Accounts)
				}
			}},
			{"TransferIn", func(t *testing.T) error {
				_, err := e.svc.Transfer(ctx, m.ID, wallet.WalletCode, "SIAMSLOT", 100_00)
				return err
			}, func(t *testing.T, h *wallet.MemberHome) {
				if h.Wallet != 425_00 || gameAmount(h, "SIAMSLOT") != 100_00 {
					t.Fatalf("wallet %v, game %v; want 425.00 and 100.00", h.Wallet, gameAmount(h, "SIAMSLOT"))
				}
			}},
			{"TransferOut", func(t *testing.T) error {
				_, err := e.svc.Transfer(ctx, m.ID, "SIAMSLOT", wallet.WalletCode, 40_00)
				return err
			}, func(t *testing.T, h *wallet.MemberHome) {
				if h.Wallet != 465_00 || gameAmount(h, "SIAMSLOT") != 60_00 {
					t.Fatalf("wallet %v, game %v; want 465.00 and 60.00", h.Wallet, gameAmount(h, "SIAMSLOT"))
				}
			}},
			{"RefusedTransferChangesNothing", func(t *testing.T) error {
				if _, err := e.svc.Transfer(ctx, m.ID, wallet.WalletCode, "SIAMSLOT", 10_000_00); err == nil {
					t.Fatal("a transfer of more than the wallet holds went through")
				}
				// The refusal announced nothing it did not change, or
				// announced in vain: either way the next read is right.
				return e.l.Post(ctx, journal(ledger.Adjustment, m.ID, ledger.Move(ledger.Adjustments, ledger.Wallet(m.ID), 1)))
			}, func(t *testing.T, h *wallet.MemberHome) {
				if h.Wallet != 465_01 {
					t.Fatalf("wallet %v, want 465.01", h.Wallet)
				}
			}},
			{"ProfileUpdated", func(t *testing.T) error {
				return accounts.UpdateProfile(ctx, m.ID, "Somsri", "SOMSRI JAIDEE", time.Now())
			}, func(t *testing.T, h *wallet.MemberHome) {
				if h.Member.BankAccountName != "SOMSRI JAIDEE" {
					t.Fatalf("account name %q", h.Member.BankAccountName)
				}
			}},
		}
		for i, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				name := cached(t, fmt.Sprintf("Behind %d", i))
				if err := c.write(t); err != nil {
					t.Fatal(err)
				}
				want := name
				if c.name == "ProfileUpdated" {
					want = "Somsri" // the write itself renamed
				}
				c.check(t, seen(t, want))
			})
		}

		t.Run("NotLiveReadsDatabase", func(t *testing.T) {
			cached(t, "Before the loss")
			busA.SetLive(false)
			defer busA.SetLive(true)
			rename(t, "While lost")
			if got := home(t, nodes[0]).Member.Name; got != "While lost" {
				t.Fatalf("a node whose bus is not live answered %q from memory", got)
			}
			rename(t, "Still lost")
			if got := home(t, nodes[0]).Member.Name; got != "Still lost" {
				t.Fatalf("a read while the bus was not live was kept: %q", got)
			}
		})
		t.Run("NewEpochDistrustsEntries", func(t *testing.T) {
			name := cached(t, "Before the reconnection")
			busA.NewEpoch()
			if got := home(t, nodes[0]).Member.Name; got != name {
				t.Fatalf("an entry stored before the bus reconnected was trusted: %q", got)
			}
		})
		t.Run("EntryEndsAfterTTL", func(t *testing.T) {
			name := cached(t, "After the TTL")
			sqlstore.HomeCacheAt(db, func() time.Time { return time.Now().Add(sqlstore.DefaultHomeCacheTTL) })
			defer sqlstore.HomeCacheAt(db, time.Now)
			if got := home(t, nodes[0]).Member.Name; got != name {
				t.Fatalf("an entry older than the TTL was used: %q", got)
			}
		})
		t.Run("NoSuchMember", func(t *testing.T) {
			for range 2 {
				if _, err := nodes[0].MemberHome(ctx, "no-such-member"); err == nil {
					t.Fatal("a member that does not exist has a home")
				}
			}
		})
	})
}
