package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
	"ngern/core/wallet"
)

// outcome is what the fake provider does with the next transfer.
type outcome int

const (
	execute        outcome = iota // execute and answer
	refuse                        // refuse definitely
	executeAndLose                // execute, then lose the answer
	loseUnexecuted                // lose the request before executing
)

// fakeProvider is an in-memory wallet.GameProvider whose next transfer
// outcome a test chooses.
type fakeProvider struct {
	mu       sync.Mutex
	balances map[string]money.Satang // by game/username
	done     map[string]bool         // executed refs
	next     outcome
}

func newFakeProvider() *fakeProvider {
	return &fakeProvider{balances: map[string]money.Satang{}, done: map[string]bool{}}
}

func (p *fakeProvider) CreateAccount(_ context.Context, game, memberRef string) (wallet.Credentials, error) {
	return wallet.Credentials{Username: "u" + memberRef[:8], Password: "pw-" + game}, nil
}

func (p *fakeProvider) ResetPassword(context.Context, string, string) (string, error) {
	return "new-password", nil
}

func (p *fakeProvider) Balance(_ context.Context, game, username string) (money.Satang, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.balances[game+"/"+username], nil
}

func (p *fakeProvider) set(game, username string, b money.Satang) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.balances[game+"/"+username] = b
}

func (p *fakeProvider) transfer(game, username, ref string, amount money.Satang) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	next := p.next
	p.next = execute
	key := game + "/" + username
	switch next {
	case refuse:
		return &wallet.Rejected{Reason: "REFUSED"}
	case loseUnexecuted:
		return wallet.ErrUnknown
	}
	if p.balances[key]+amount < 0 {
		return &wallet.Rejected{Reason: "INSUFFICIENT_BALANCE"}
	}
	p.balances[key] += amount
	p.done[ref] = true
	if next == executeAndLose {
		return wallet.ErrUnknown
	}
	return nil
}

func (p *fakeProvider) TransferIn(_ context.Context, game, username, ref string, amount money.Satang) error {
	return p.transfer(game, username, ref, amount)
}

func (p *fakeProvider) TransferOut(_ context.Context, game, username, ref string, amount money.Satang) error {
	return p.transfer(game, username, ref, -amount)
}

func (p *fakeProvider) TransferStatus(_ context.Context, _, ref string) (wallet.TransferStatus, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done[ref] {
		return wallet.StatusDone, nil
	}
	return wallet.StatusNotFound, nil
}

func (p *fakeProvider) LaunchURL(_ context.Context, game, username, _ string) (string, error) {
	return "/play/" + game + "/" + username, nil
}

func (p *fakeProvider) Bets(context.Context, string, string, int) ([]wallet.Bet, string, error) {
	return nil, "", nil
}

// walletEnv is a wallet service on a test database with a fake provider.
type walletEnv struct {
	db   *sqlstore.DB
	svc  *wallet.Service
	l    *sqlstore.Ledger
	p    *fakeProvider
	repo *sqlstore.Wallet
}

func newWalletEnv(t *testing.T, db *sqlstore.DB) *walletEnv {
	t.Helper()
	seed(t, db)
	sealer, err := wallet.NewSealer(make([]byte, wallet.KeySize))
	if err != nil {
		t.Fatal(err)
	}
	e := &walletEnv{db: db, l: sqlstore.NewLedger(db), p: newFakeProvider(), repo: sqlstore.NewWallet(db)}
	limits := settings.NewService(sqlstore.NewSettings(db), settings.Config{}, nil)
	e.svc = wallet.NewService(wallet.Deps{Store: e.repo, Ledger: e.l, Provider: e.p, Members: sqlstore.NewAccounts(db),
		Limits: limits, Sealer: sealer, Log: slog.New(slog.DiscardHandler)}, wallet.DefaultConfig())
	if n, err := e.svc.SeedDemoGames(context.Background()); err != nil || n != 8 {
		t.Fatalf("seeded %d games: %v", n, err)
	}
	t.Cleanup(func() { mustVerify(t, e.l) })
	return e
}

func (e *walletEnv) balances(t *testing.T, memberID, game string) (w, g money.Satang) {
	t.Helper()
	w, err := e.l.Balance(context.Background(), ledger.Wallet(memberID).ID)
	if err != nil {
		t.Fatal(err)
	}
	g, err = e.l.Balance(context.Background(), ledger.Game(memberID, game).ID)
	if err != nil {
		t.Fatal(err)
	}
	return w, g
}

func (e *walletEnv) expect(t *testing.T, memberID, game string, wantWallet, wantGame money.Satang) {
	t.Helper()
	w, g := e.balances(t, memberID, game)
	if w != wantWallet || g != wantGame {
		t.Fatalf("wallet %s and game %s, want %s and %s", w, g, wantWallet, wantGame)
	}
}

func TestWalletTransfers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		credit(t, e.l, m.ID, 1000_00)
		const game = "SIAMSLOT"
		if err := e.svc.Activate(ctx, m.ID, game); err != nil {
			t.Fatal(err)
		}
		cred, err := e.svc.Credentials(ctx, m.ID, game)
		if err != nil || cred.Password != "pw-"+game {
			t.Fatalf("credentials %+v, %v", cred, err)
		}

		t.Run("ErrActivateTwice", func(t *testing.T) {
			if err := e.svc.Activate(ctx, m.ID, game); !errs.HasCode(err, errs.SlotAlreadyActive) {
				t.Fatalf("err = %v", err)
			}
			if err := e.svc.Activate(ctx, m.ID, "NOPE"); !errs.HasCode(err, errs.NoGame) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("OKIn", func(t *testing.T) {
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 300_00); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, game, 700_00, 300_00)
		})
		t.Run("ErrRefusedIsReversed", func(t *testing.T) {
			e.p.next = refuse
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 100_00); !errs.HasCode(err, errs.TransferFail) {
				t.Fatalf("err = %v", err)
			}
			e.expect(t, m.ID, game, 700_00, 300_00)
		})
		t.Run("ErrMoneyNotEnough", func(t *testing.T) {
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 700_01); !errs.HasCode(err, errs.MoneyNotEnough) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", "NAGAGOLD", 1_00); !errs.HasCode(err, errs.SlotNoAccount) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.svc.Transfer(ctx, m.ID, game, game, 1_00); !errs.HasCode(err, errs.SameAccount) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 99); !errs.HasCode(err, errs.TransferMinimum) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("SwitchedOffGame", func(t *testing.T) {
			// Money may leave a switched-off game, never go in; the check is
			// part of the reservation.
			setActive := func(active bool) {
				t.Helper()
				q := `UPDATE games SET active = FALSE WHERE code = 'SIAMSLOT'`
				if active {
					q = `UPDATE games SET active = TRUE WHERE code = 'SIAMSLOT'`
				}
				if _, err := db.SQL().ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			setActive(false)
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 10_00); !errs.HasCode(err, errs.NoGame) {
				t.Fatalf("err = %v", err)
			}
			e.expect(t, m.ID, game, 700_00, 300_00)
			if bal, err := e.svc.Transfer(ctx, m.ID, game, "WALLET", 10_00); err != nil || bal != 710_00 {
				t.Fatalf("out of a switched-off game: %s, %v", bal, err)
			}
			setActive(true)
			if bal, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 10_00); err != nil || bal != 700_00 {
				t.Fatalf("in again: %s, %v", bal, err)
			}
			e.expect(t, m.ID, game, 700_00, 300_00)
		})
		t.Run("UnknownExecutedIsSettled", func(t *testing.T) {
			e.p.next = executeAndLose
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 50_00); !errs.HasCode(err, errs.TransferPending) {
				t.Fatalf("err = %v", err)
			}
			e.expect(t, m.ID, game, 650_00, 300_00) // reserved, not credited
			// The money in flight is still the member's: a promotion
			// condition measured now must not see the total short.
			if tot, err := sqlstore.NewPromo(db).TotalBalance(ctx, m.ID); err != nil || tot != 1000_00 {
				t.Fatalf("total while a transfer in is open: %s, %v", tot, err)
			}
			st, err := e.svc.Reconcile(ctx)
			if err != nil || st.Settled != 1 {
				t.Fatalf("reconcile = %+v, %v", st, err)
			}
			e.expect(t, m.ID, game, 650_00, 350_00)
			if st, _ := e.svc.Reconcile(ctx); st != (wallet.ReconcileStats{}) {
				t.Fatalf("second pass did %+v", st)
			}
		})
		t.Run("UnknownUnexecutedIsReversed", func(t *testing.T) {
			e.p.next = loseUnexecuted
			if _, err := e.svc.Transfer(ctx, m.ID, game, "WALLET", 50_00); !errs.HasCode(err, errs.TransferPending) {
				t.Fatalf("err = %v", err)
			}
			e.expect(t, m.ID, game, 650_00, 300_00)
			if tot, err := sqlstore.NewPromo(db).TotalBalance(ctx, m.ID); err != nil || tot != 1000_00 {
				t.Fatalf("total while a transfer out is open: %s, %v", tot, err)
			}
			if st, err := e.svc.Reconcile(ctx); err != nil || st.Reversed != 1 {
				t.Fatalf("reconcile = %+v, %v", st, err)
			}
			e.expect(t, m.ID, game, 650_00, 350_00)
		})
		t.Run("RefreshBooksWins", func(t *testing.T) {
			e.p.set(game, cred.Username, 420_00)
			h, err := e.svc.Refresh(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, game, 650_00, 420_00)
			if h.Wallet != 650_00 || len(h.Slots) != 8 {
				t.Fatalf("home: wallet %s, %d slots", h.Wallet, len(h.Slots))
			}
			for _, s := range h.Slots {
				if (s.Code == game) != s.IsActive || (s.Code == game && s.Amount != 420_00) {
					t.Fatalf("slot %+v", s)
				}
			}
		})
		t.Run("OutRefreshesFirst", func(t *testing.T) {
			e.p.set(game, cred.Username, 500_00) // another win
			if _, err := e.svc.Transfer(ctx, m.ID, game, "WALLET", 500_00); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, game, 1150_00, 0)
		})
		t.Run("TransferAll", func(t *testing.T) {
			if err := e.svc.Activate(ctx, m.ID, "MUAYBET"); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.TransferAll(ctx, m.ID, "MUAYBET"); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, "MUAYBET", 0, 1150_00)
			if _, err := e.svc.Transfer(ctx, m.ID, "MUAYBET", game, 150_00); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, game, 0, 150_00)
			if _, err := e.svc.TransferAll(ctx, m.ID, "WALLET"); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, "MUAYBET", 1150_00, 0)
		})
	})
}

func TestWalletWithdrawals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		accounts := sqlstore.NewAccounts(db)
		m, other := newMember("0812345678", "1234567890"), newMember("0899999999", "9999999999")
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		if err := accounts.CreateMember(ctx, other, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: 1000_00, Reason: "welcome", By: "test"}); err != nil {
			t.Fatal(err)
		}

		var first wallet.Withdrawal
		t.Run("ErrLimits", func(t *testing.T) {
			if _, err := e.svc.Withdraw(ctx, m.ID, 99_99); !errs.HasCode(err, errs.WithdrawMinimum) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.svc.Withdraw(ctx, m.ID, 50000_01); !errs.HasCode(err, errs.WithdrawMaximum) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.svc.Withdraw(ctx, m.ID, 1000_01); !errs.HasCode(err, errs.MoneyNotEnough) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("OKReject", func(t *testing.T) {
			w, err := e.svc.Withdraw(ctx, m.ID, 400_00)
			if err != nil {
				t.Fatal(err)
			}
			first = w
			if _, err := e.svc.Withdraw(ctx, m.ID, 100_00); !errs.HasCode(err, errs.WithdrawPending) {
				t.Fatalf("err = %v", err)
			}
			e.expect(t, m.ID, "SIAMSLOT", 600_00, 0)
			if _, err := e.svc.Reject(ctx, w.ID, "", "test"); !errs.HasCode(err, errs.InvalidRequest) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.svc.Reject(ctx, w.ID, "name mismatch", "test"); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, "SIAMSLOT", 1000_00, 0)
			if _, _, err := e.svc.Approve(ctx, w.ID, "test"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("approving a rejected withdrawal: %v", err)
			}
		})
		t.Run("OKApprove", func(t *testing.T) {
			w, err := e.svc.Withdraw(ctx, m.ID, 250_00)
			if err != nil {
				t.Fatal(err)
			}
			list, err := e.svc.Withdrawals(ctx, wallet.WithdrawalPending)
			if err != nil || len(list) != 1 || list[0].ID != w.ID || list[0].Phone != m.Phone {
				t.Fatalf("pending = %+v, %v", list, err)
			}
			if _, _, err := e.svc.Approve(ctx, w.ID, "test"); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, "SIAMSLOT", 750_00, 0)
			if b, _ := e.l.Balance(ctx, ledger.WithdrawalsOut.ID); b != 250_00 {
				t.Fatalf("withdrawals out = %s", b)
			}
		})
		t.Run("OKHistory", func(t *testing.T) {
			approved, err := e.svc.Withdrawals(ctx, wallet.WithdrawalApproved)
			if err != nil || len(approved) != 1 || approved[0].Status != wallet.WithdrawalApproved || approved[0].DecidedBy != "test" ||
				approved[0].DecidedAt == nil || len(approved[0].ApprovedBy) != 1 {
				t.Fatalf("approved = %+v, %v", approved, err)
			}
			rejected, err := e.svc.Withdrawals(ctx, wallet.WithdrawalRejected)
			if err != nil || len(rejected) != 1 || rejected[0].Reason != "name mismatch" {
				t.Fatalf("rejected = %+v, %v", rejected, err)
			}
			if pending, _ := e.svc.Withdrawals(ctx, wallet.WithdrawalPending); len(pending) != 0 {
				t.Fatalf("pending = %+v", pending)
			}
			if _, err := e.svc.Withdrawals(ctx, "PAID"); !errs.HasCode(err, errs.InvalidRequest) {
				t.Fatalf("unknown status: %v", err)
			}
		})
		t.Run("OKMemberWithdrawals", func(t *testing.T) {
			list, err := e.svc.MemberWithdrawals(ctx, m.ID, 0)
			if err != nil || len(list) != 2 {
				t.Fatalf("member withdrawals = %+v, %v", list, err)
			}
			if list[0].Progress() != "APPROVED" || list[0].Amount != 250_00 || list[1].ID != first.ID ||
				list[1].Progress() != "REJECTED" || list[1].MemberReason() != "name mismatch" {
				t.Fatalf("newest first, with progress and reason: %+v", list)
			}
			if one, err := e.svc.MemberWithdrawals(ctx, m.ID, 1); err != nil || len(one) != 1 || one[0].ID != list[0].ID {
				t.Fatalf("limit 1 = %+v, %v", one, err)
			}
			if none, err := e.svc.MemberWithdrawals(ctx, other.ID, 0); err != nil || none == nil || len(none) != 0 {
				t.Fatalf("another member's = %+v, %v", none, err)
			}
		})
		t.Run("ErrAdjustBelowZero", func(t *testing.T) {
			if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: -750_01, Reason: "x", By: "test"}); !errs.HasCode(err, errs.MoneyNotEnough) {
				t.Fatalf("err = %v", err)
			}
			bal, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: -50_00, Reason: "correction", By: "test"})
			if err != nil || bal != 700_00 {
				t.Fatalf("balance %s, %v", bal, err)
			}
			if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: "0800000000", Amount: 1, Reason: "x"}); !errs.HasCode(err, errs.NoUser) {
				t.Fatalf("err = %v", err)
			}
			a := wallet.Adjustment{Phone: other.Phone, Amount: 10_00, Reason: "once", Ref: "once:" + other.ID}
			if _, err := e.svc.Adjust(ctx, a); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Adjust(ctx, a); !errors.Is(err, ledger.ErrDuplicate) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("Statement", func(t *testing.T) {
			items, total, err := e.svc.Statement(ctx, m.ID, 1, 3)
			if err != nil {
				t.Fatal(err)
			}
			// welcome, first withdrawal, second withdrawal, correction.
			if total != 4 || len(items) != 3 {
				t.Fatalf("total %d, %d items", total, len(items))
			}
			want := []struct{ typ, status, source string }{
				{"withdraw", "SUCCESS", "adjustment"}, {"withdraw", "SUCCESS", ""}, {"withdraw", "FAILED", ""},
			}
			for i, w := range want {
				if items[i].Type != w.typ || items[i].Status != w.status || items[i].Source != w.source {
					t.Fatalf("item %d = %+v, want %+v", i, items[i], w)
				}
			}
			if items[2].ID != first.ID || items[2].Description != "name mismatch" {
				t.Fatalf("rejected withdrawal = %+v", items[2])
			}
			page2, _, _ := e.svc.Statement(ctx, m.ID, 2, 3)
			if len(page2) != 1 || page2[0].Type != "deposit" || page2[0].Amount != 1000_00 || page2[0].From != "ADJUSTMENT" {
				t.Fatalf("page 2 = %+v", page2)
			}
			theirs, total, _ := e.svc.Statement(ctx, other.ID, 1, 50)
			if total != 1 || len(theirs) != 1 || theirs[0].Amount != 10_00 {
				t.Fatalf("other member's statement = %d %+v", total, theirs)
			}
		})
	})
}

// TestConcurrentTransfersColdStart: transfers racing on a fresh pool, whose
// statements are not prepared yet, all go through. (Preparing a statement
// for the pool from inside a transaction would wait for a connection that
// other transactions hold, on SQLite until its busy timeout.)
func TestConcurrentTransfersColdStart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		e := newWalletEnv(t, db)
		const n = 24
		members := make([]string, n)
		for i := range n {
			m := newMember(fmt.Sprintf("08%08d", i), fmt.Sprintf("%010d", i))
			if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			credit(t, e.l, m.ID, 100_00)
			if err := e.svc.Activate(ctx, m.ID, "SIAMSLOT"); err != nil {
				t.Fatal(err)
			}
			members[i] = m.ID
		}
		// No transfer ran on this database yet: their statements are not
		// prepared.
		var wg sync.WaitGroup
		errc := make(chan error, n)
		for _, id := range members {
			wg.Add(1)
			go func() {
				defer wg.Done()
				bal, err := e.svc.Transfer(ctx, id, "WALLET", "SIAMSLOT", 40_00)
				if err == nil && bal != 60_00 {
					err = fmt.Errorf("wallet %s after the transfer, want 60.00", bal)
				}
				errc <- err
			}()
		}
		wg.Wait()
		close(errc)
		for err := range errc {
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, id := range members {
			e.expect(t, id, "SIAMSLOT", 60_00, 40_00)
		}
	})
}

// TestLostFinishIsReconciled: a settlement or reversal lost after the
// provider answered (its commit does not wait for the disk on PostgreSQL,
// so a database crash may drop it) leaves the transfer PENDING with its
// reservation; the reconciler asks the provider and finishes it, once.
func TestLostFinishIsReconciled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		credit(t, e.l, m.ID, 100_00)
		const game = "SIAMSLOT"
		if err := e.svc.Activate(ctx, m.ID, game); err != nil {
			t.Fatal(err)
		}
		// Two transfers reserved three minutes ago (past the pending grace):
		// the provider executed the first and never saw the second, and
		// neither was finished.
		at := time.Now().UTC().Add(-3 * time.Minute)
		var refs []string
		for i, amount := range []money.Satang{30_00, 20_00} {
			tr := wallet.Transfer{ID: fmt.Sprintf("lost-%d", i), MemberID: m.ID, Game: game, Direction: wallet.In,
				Amount: amount, State: wallet.Pending, CreatedAt: at, UpdatedAt: at, NextCheckAt: at}
			j := ledger.Journal{ID: "j-" + tr.ID, Kind: ledger.TransferReserve, Ref: tr.ID, MemberID: m.ID, CreatedAt: at,
				Postings: ledger.Move(ledger.Wallet(m.ID), ledger.Clearing(game), amount)}
			r, err := e.repo.ReserveTransfer(ctx, tr, j)
			if err != nil || r.Username == "" || r.Left != 100_00-30_00-money.Satang(i)*20_00 {
				t.Fatalf("reserve %d: %+v, %v", i, r, err)
			}
			refs = append(refs, tr.ID)
		}
		cred, _ := e.svc.Credentials(ctx, m.ID, game)
		if err := e.p.TransferIn(ctx, game, cred.Username, refs[0], 30_00); err != nil {
			t.Fatal(err)
		}
		e.expect(t, m.ID, game, 50_00, 0)
		st, err := e.svc.Reconcile(ctx)
		if err != nil || st != (wallet.ReconcileStats{Settled: 1, Reversed: 1}) {
			t.Fatalf("reconcile: %+v, %v", st, err)
		}
		e.expect(t, m.ID, game, 70_00, 30_00)
		if st, err := e.svc.Reconcile(ctx); err != nil || st != (wallet.ReconcileStats{}) {
			t.Fatalf("second pass: %+v, %v", st, err)
		}
	})
}

// TestStatementPages checks that the statement's pages, each of whose
// growing branches keeps only its newest offset+limit rows, are the
// slices of the whole statement whatever the page size.
func TestStatementPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		const game = "SIAMSLOT"
		if err := e.svc.Activate(ctx, m.ID, game); err != nil {
			t.Fatal(err)
		}
		// Transfers, withdrawals and adjustments interleaved, so that a page
		// takes rows from every branch.
		for i := range 4 {
			if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: 500_00, Reason: "top up", By: "test"}); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Transfer(ctx, m.ID, "WALLET", game, 100_00); err != nil {
				t.Fatal(err)
			}
			w, err := e.svc.Withdraw(ctx, m.ID, 150_00)
			if err != nil {
				t.Fatal(err)
			}
			if i%2 == 0 {
				_, err = e.svc.Reject(ctx, w.ID, "name mismatch", "test")
			} else {
				_, _, err = e.svc.Approve(ctx, w.ID, "test")
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Transfer(ctx, m.ID, game, "WALLET", 50_00); err != nil {
				t.Fatal(err)
			}
		}
		// The withdrawals history (its status written into the statement):
		// each decided status, newest decided first.
		for _, status := range []wallet.WithdrawalStatus{wallet.WithdrawalApproved, wallet.WithdrawalRejected} {
			list, err := e.svc.Withdrawals(ctx, status)
			if err != nil || len(list) != 2 || list[0].Status != status || list[0].DecidedAt.Before(*list[1].DecidedAt) {
				t.Fatalf("%s: %+v, %v", status, list, err)
			}
		}
		checkKeysetPages(t, db, m.ID)
		all, total, err := e.repo.Statement(ctx, m.ID, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		if total != len(all) || total != 16 {
			t.Fatalf("total %d, %d items, want 16", total, len(all))
		}
		for _, size := range []int{1, 2, 3, 5, 16} {
			t.Run(fmt.Sprintf("size %d", size), func(t *testing.T) {
				var got []wallet.StatementItem
				for offset := 0; offset < total; offset += size {
					page, n, err := e.repo.Statement(ctx, m.ID, offset, size)
					if err != nil {
						t.Fatal(err)
					}
					if n != total {
						t.Fatalf("total %d at offset %d, want %d", n, offset, total)
					}
					got = append(got, page...)
				}
				if len(got) != len(all) {
					t.Fatalf("%d items over the pages, want %d", len(got), len(all))
				}
				for i := range all {
					if got[i].ID != all[i].ID || got[i].Type != all[i].Type || got[i].Amount != all[i].Amount {
						t.Fatalf("item %d: %+v, want %+v", i, got[i], all[i])
					}
				}
			})
		}
	})
}

// A statement read by page number counts each kind of item only up to
// wallet.StatementCountCap + 1: a member with more transfers than the cap
// gets a total past the cap (the API answers the cap and totalCapped),
// and the page is still the newest items.
func TestStatementCountIsCapped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		m := newMember("0812345679", "1234567891")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		const game = "SIAMSLOT"
		if err := e.svc.Activate(ctx, m.ID, game); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: 500_00, Reason: "top up", By: "test"}); err != nil {
			t.Fatal(err)
		}
		start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		const transfers = wallet.StatementCountCap + 5
		if _, err := sqlstore.NewVolume(db).Load(ctx, false, func(l *sqlstore.VolumeLoad) error {
			for i := range transfers {
				at := start.Add(time.Duration(i) * time.Minute)
				l.Add("transfers", fmt.Sprintf("t%07d", i), m.ID, game, "u", "in", int64(100), "DONE", 1, at, at, at)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		for name, tc := range map[string]struct {
			offset, limit int
			first         string
		}{
			"FirstPage": {0, 10, ""},
			"DeepPage":  {9_000, 20, fmt.Sprintf("t%07d", transfers-9_000)},
		} {
			t.Run(name, func(t *testing.T) {
				page, total, err := e.repo.Statement(ctx, m.ID, tc.offset, tc.limit)
				if err != nil {
					t.Fatal(err)
				}
				// The transfers stop at the cap + 1; the adjustment counts.
				if want := wallet.StatementCountCap + 2; total != want {
					t.Fatalf("total %d, want %d (transfers counted to the cap + 1, and the adjustment)", total, want)
				}
				if len(page) != tc.limit {
					t.Fatalf("%d items, want %d", len(page), tc.limit)
				}
				if tc.first != "" && page[0].ID != tc.first {
					t.Fatalf("first item %s, want %s", page[0].ID, tc.first)
				}
			})
		}
	})
}
