package sqlstore_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/wallet"
)

// TestMemberHomeBatches reads many members' homes at once: on PostgreSQL
// the reads that wait while a statement runs go together in the next one
// (homereads.go), and each must still get its own member, balances and
// games, or NO_USER for a member that does not exist, whatever else is in
// its batch.
func TestMemberHomeBatches(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		games := []string{"SIAMSLOT", "NAGAGOLD", "ELEPHANT"}
		type want struct {
			wallet money.Satang
			coin   int64
			games  map[string]money.Satang
		}
		members := make([]account.Member, 12)
		wants := map[string]want{}
		for i := range members {
			m := newMember(fmt.Sprintf("08100000%02d", i), fmt.Sprintf("55500000%02d", i))
			if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			members[i] = *m
			credit(t, e.l, m.ID, money.Satang(1000_00+i))
			w := want{wallet: money.Satang(1000_00 + i), games: map[string]money.Satang{}}
			// Odd members hold i coins (the same scan of the member's ledger
			// accounts as the wallet and games).
			if i%2 == 1 {
				j := journal(ledger.Adjustment, m.ID, ledger.Move(ledger.Coins, ledger.Coin(m.ID), money.Satang(i)))
				if err := e.l.Post(ctx, j); err != nil {
					t.Fatal(err)
				}
				w.coin = int64(i)
			}
			// Member i has i%4 game accounts, with i.00 baht in the first.
			for g, code := range games[:i%4] {
				if err := e.svc.Activate(ctx, m.ID, code); err != nil {
					t.Fatal(err)
				}
				w.games[code] = 0
				if g == 0 && i > 0 {
					if _, err := e.svc.Transfer(ctx, m.ID, wallet.WalletCode, code, money.Satang(i*100)); err != nil {
						t.Fatal(err)
					}
					w.wallet -= money.Satang(i * 100)
					w.games[code] = money.Satang(i * 100)
				}
			}
			wants[m.ID] = w
		}

		t.Run("EachGetsItsOwn", func(t *testing.T) {
			repo := sqlstore.NewWallet(db)
			var wg sync.WaitGroup
			errc := make(chan error, 400)
			for r := range 400 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					m := members[r%len(members)]
					h, err := repo.MemberHome(ctx, m.ID)
					if err != nil {
						errc <- err
						return
					}
					w := wants[m.ID]
					if h.Member.ID != m.ID || h.Member.Phone != m.Phone || h.Wallet != w.wallet || h.Member.Coin != w.coin || h.Bank.Code != m.BankCode ||
						h.Bank.NameEN == "" || len(h.Accounts) != len(w.games) {
						errc <- fmt.Errorf("home of %s: %+v, want %+v", m.Phone, h, w)
						return
					}
					for _, a := range h.Accounts {
						if bal, ok := w.games[a.Game]; !ok || bal != a.Amount {
							errc <- fmt.Errorf("home of %s: game %s %s, want %v", m.Phone, a.Game, a.Amount, w.games)
							return
						}
					}
				}()
			}
			wg.Wait()
			close(errc)
			for err := range errc {
				t.Fatal(err)
			}
			// PostgreSQL batches the reads that wait; SQLite reads one by one.
			if n := sqlstore.LargestHomeBatch(repo); db.Dialect() == sqlstore.Postgres && n < 2 {
				t.Fatalf("400 reads at once never shared a statement (largest batch %d)", n)
			} else if db.Dialect() == sqlstore.SQLite && n > 1 {
				t.Fatalf("SQLite batched %d reads", n)
			}
		})
		t.Run("ErrNoUserAmongOthers", func(t *testing.T) {
			repo := sqlstore.NewWallet(db)
			var wg sync.WaitGroup
			fails := make(chan error, 100)
			for r := range 100 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id := members[r%len(members)].ID
					if r%3 == 0 {
						id = fmt.Sprintf("no-such-member-%d", r)
					}
					_, err := repo.MemberHome(ctx, id)
					if r%3 == 0 && !errs.HasCode(err, errs.NoUser) {
						fails <- fmt.Errorf("missing member %s: %v", id, err)
					} else if r%3 != 0 && err != nil {
						fails <- fmt.Errorf("member %s: %v", id, err)
					}
				}()
			}
			wg.Wait()
			close(fails)
			for err := range fails {
				t.Fatal(err)
			}
		})
		t.Run("ErrContextEnded", func(t *testing.T) {
			done, cancel := context.WithCancel(ctx)
			cancel()
			repo := sqlstore.NewWallet(db)
			if _, err := repo.MemberHome(done, members[0].ID); err == nil {
				t.Fatal("a read with an ended context answered")
			}
			// The next read is not held up by the abandoned one.
			short, cancel2 := context.WithTimeout(ctx, 10*time.Second)
			defer cancel2()
			if h, err := repo.MemberHome(short, members[1].ID); err != nil || h.Member.ID != members[1].ID {
				t.Fatalf("after an abandoned read: %+v, %v", h, err)
			}
		})
		t.Run("SeesTheLatestCommit", func(t *testing.T) {
			repo := sqlstore.NewWallet(db)
			m := members[0]
			for i := range 5 {
				credit(t, e.l, m.ID, 1_00)
				h, err := repo.MemberHome(ctx, m.ID)
				if err != nil || h.Wallet != wants[m.ID].wallet+money.Satang(i+1)*1_00 {
					t.Fatalf("after credit %d: %+v, %v", i+1, h, err)
				}
			}
		})
	})
}
