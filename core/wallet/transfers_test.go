package wallet

import (
	"context"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
)

func TestTransfer(t *testing.T) {
	ctx := context.Background()
	a, b := game(0), game(1)
	cases := []struct {
		name     string
		from, to string
		amount   money.Satang
		fate     fate
		setup    func(e *env)
		want     errs.Code
		wallet   money.Satang // after, from 500 baht
		inA, inB money.Satang
		state    TransferState // of the first transfer made, "" when none
	}{
		{name: "OKWalletToGame", from: "wallet", to: a, amount: 3000, wallet: 47000, inA: 3000, state: Done},
		{name: "OKSpacesAndCase", from: " Wallet ", to: a, amount: 100, wallet: 49900, inA: 100, state: Done},
		{name: "OKGameToWallet", from: a, to: WalletCode, amount: 1000, setup: func(e *env) { e.into(a, 5000) },
			wallet: 46000, inA: 4000, state: Done},
		{name: "OKGameToGame", from: a, to: b, amount: 1000, setup: func(e *env) { e.into(a, 5000) },
			wallet: 45000, inA: 4000, inB: 1000, state: Done},
		{name: "OKGameWinsBookedFirst", from: a, to: WalletCode, amount: 7000,
			setup:  func(e *env) { e.into(a, 5000); e.p.set(a, "u-"+member, 8000) },
			wallet: 52000, inA: 1000, state: Done},
		{name: "ErrNoFrom", from: " ", to: a, amount: 100, want: errs.InvalidRequest, wallet: 50000},
		{name: "ErrNoTo", from: WalletCode, to: "", amount: 100, want: errs.InvalidRequest, wallet: 50000},
		{name: "ErrBelowMinimum", from: WalletCode, to: a, amount: 99, want: errs.TransferMinimum, wallet: 50000},
		{name: "ErrBelowKipMinimum", from: WalletCode, to: a, amount: limits.Kip.TransferMin - 1, want: errs.TransferMinimum, wallet: 50000,
			setup: func(e *env) { e.svc.cfg.TransferMin = limits.Kip.TransferMin }},
		{name: "ErrSameAccount", from: a, to: a, amount: 100, want: errs.SameAccount, wallet: 50000},
		{name: "ErrMoneyNotEnough", from: WalletCode, to: a, amount: 50001, want: errs.MoneyNotEnough, wallet: 50000},
		{name: "ErrGameMoneyNotEnough", from: a, to: WalletCode, amount: 100, want: errs.MoneyNotEnough, wallet: 50000},
		{name: "ErrNoGame", from: WalletCode, to: "NOPE", amount: 100, want: errs.NoGame, wallet: 50000},
		{name: "ErrNoAccount", from: WalletCode, to: game(2), amount: 100, want: errs.SlotNoAccount, wallet: 50000},
		{name: "ErrSwitchedOff", from: WalletCode, to: a, amount: 100, setup: func(e *env) { e.switchOff(a) },
			want: errs.NoGame, wallet: 50000},
		{name: "ErrSecondGameSwitchedOffBeforeMoneyLeaves", from: a, to: b, amount: 100,
			setup: func(e *env) { e.into(a, 5000); e.switchOff(b) }, want: errs.NoGame, wallet: 45000, inA: 5000},
		{name: "ErrRefused", from: WalletCode, to: a, amount: 100, fate: refuse, want: errs.TransferFail,
			wallet: 50000, state: Failed},
		{name: "ErrRefusedIntoSecondGameLeavesMoneyInWallet", from: a, to: b, amount: 1000,
			setup: func(e *env) { e.into(a, 5000); e.nextTransfers(execute, refuse) },
			want:  errs.TransferFail, wallet: 46000, inA: 4000, state: Done},
		{name: "ErrUnknownHoldsTheMoney", from: WalletCode, to: a, amount: 100, fate: executeAndLose,
			want: errs.TransferPending, wallet: 49900, state: Unknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.activate(t, a, b)
			e.store.fund(t, ledger.Wallet(member), money.FromBaht(500))
			if c.setup != nil {
				c.setup(e)
			}
			e.p.next = c.fate
			first := e.ids + 1
			bal, err := e.svc.Transfer(ctx, member, c.from, c.to, c.amount)
			wantCode(t, err, c.want)
			if err == nil && bal != c.wallet {
				t.Errorf("answered wallet %s, want %s", bal, c.wallet)
			}
			if e.wallet() != c.wallet || e.gameBal(a) != c.inA || e.gameBal(b) != c.inB {
				t.Errorf("wallet %s, %s %s, %s %s; want %s, %s, %s", e.wallet(), a, e.gameBal(a), b, e.gameBal(b),
					c.wallet, c.inA, c.inB)
			}
			tr := e.firstTransfer(first)
			if tr.State != c.state {
				t.Errorf("transfer %+v, want state %q", tr, c.state)
			}
			if c.state != "" && (tr.Amount != c.amount || tr.CreatedAt != e.now) {
				t.Errorf("transfer %+v", tr)
			}
		})
	}
}

// into moves amount from outside into the member's game account, at the
// provider and on the ledger alike.
func (e *env) into(code string, amount money.Satang) {
	e.store.mu.Lock()
	e.store.balances[ledger.Game(member, code).ID] += amount
	e.store.balances[ledger.Wallet(member).ID] -= amount
	e.store.mu.Unlock()
	e.p.set(code, "u-"+member, amount)
}

func (e *env) switchOff(code string) {
	e.store.mu.Lock()
	g := e.store.games[code]
	g.Active = false
	e.store.games[code] = g
	e.store.mu.Unlock()
	e.svc.InvalidateCatalogue()
}

// nextTransfers makes the provider meet the next transfers with fates in
// turn (only the first two are honoured).
func (e *env) nextTransfers(first, second fate) {
	e.p.next = first
	e.p.then = &second
}

// firstTransfer returns the first transfer made with an id from id-n on.
func (e *env) firstTransfer(n int) Transfer {
	for i := n; i <= e.ids; i++ {
		if tr := e.store.transfer(idN(i)); tr.ID != "" {
			return tr
		}
	}
	return Transfer{}
}

func TestTransferUsesIDsAsProviderRefs(t *testing.T) {
	e := newEnv(t)
	e.activate(t, game(0))
	e.store.fund(t, ledger.Wallet(member), 1000)
	before := e.ids
	if _, err := e.svc.Transfer(context.Background(), member, WalletCode, game(0), 500); err != nil {
		t.Fatal(err)
	}
	want := idN(before + 1)
	if len(e.p.refs) != 1 || e.p.refs[0] != want || e.store.transfer(want).State != Done {
		t.Fatalf("refs %v, want [%s]", e.p.refs, want)
	}
	for _, kind := range []ledger.JournalKind{ledger.TransferReserve, ledger.TransferSettle} {
		if _, ok := e.store.journals[string(kind)+"/"+want]; !ok {
			t.Errorf("no %s journal for %s", kind, want)
		}
	}
}

func TestTransferAll(t *testing.T) {
	ctx := context.Background()
	a, b := game(0), game(1)
	t.Run("OKToWallet", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a, b)
		e.store.fund(t, ledger.Wallet(member), 10000)
		e.into(a, 3000)
		e.into(b, 2000)
		bal, err := e.svc.TransferAll(ctx, member, "wallet")
		if err != nil || bal != 10000 || e.gameBal(a) != 0 || e.gameBal(b) != 0 {
			t.Fatalf("TransferAll = %s, %v; games %s %s", bal, err, e.gameBal(a), e.gameBal(b))
		}
	})
	t.Run("ErrOneGameFailsOthersStillCome", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a, b)
		e.store.fund(t, ledger.Wallet(member), 10000)
		e.into(a, 3000)
		e.into(b, 2000)
		e.p.next = refuse // the first game asked refuses
		_, err := e.svc.TransferAll(ctx, member, WalletCode)
		wantCode(t, err, errs.TransferFail)
		refused, other := a, b
		if b < a { // memStore lists game accounts in code order
			refused, other = b, a
		}
		if e.gameBal(refused) == 0 || e.gameBal(other) != 0 || e.wallet() != 10000-e.gameBal(refused) {
			t.Fatalf("wallet %s, games %s %s", e.wallet(), e.gameBal(a), e.gameBal(b))
		}
	})
	t.Run("OKToGame", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), 10000)
		bal, err := e.svc.TransferAll(ctx, member, a)
		if err != nil || bal != 0 || e.gameBal(a) != 10000 {
			t.Fatalf("TransferAll = %s, %v; game %s", bal, err, e.gameBal(a))
		}
	})
	t.Run("ErrEmptyWallet", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		_, err := e.svc.TransferAll(ctx, member, a)
		wantCode(t, err, errs.MoneyNotEnough)
	})
	t.Run("ErrNoTo", func(t *testing.T) {
		e := newEnv(t)
		_, err := e.svc.TransferAll(ctx, member, "  ")
		wantCode(t, err, errs.InvalidRequest)
	})
	t.Run("ErrSwitchedOff", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), 10000)
		e.switchOff(a)
		_, err := e.svc.TransferAll(ctx, member, a)
		wantCode(t, err, errs.NoGame)
	})
}

func TestReconcile(t *testing.T) {
	ctx := context.Background()
	a := game(0)
	cases := []struct {
		name    string
		fate    fate
		down    bool          // the provider cannot tell the status
		after   time.Duration // from the transfer to the pass
		stats   ReconcileStats
		state   TransferState
		wallet  money.Satang
		inGame  money.Satang
		attempt int
	}{
		{name: "OKExecutedIsSettled", fate: executeAndLose, stats: ReconcileStats{Settled: 1}, state: Done,
			wallet: 700, inGame: 300, attempt: 1},
		{name: "OKNotExecutedIsReversed", fate: loseUnexecuted, stats: ReconcileStats{Reversed: 1}, state: Failed,
			wallet: 1000, attempt: 1},
		{name: "OKStatusUnknownStaysOpen", fate: executeAndLose, down: true, stats: ReconcileStats{Unresolved: 1},
			state: Unknown, wallet: 700, attempt: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.activate(t, a)
			e.store.fund(t, ledger.Wallet(member), 1000)
			e.p.next = c.fate
			first := e.ids + 1
			_, err := e.svc.Transfer(ctx, member, WalletCode, a, 300)
			wantCode(t, err, errs.TransferPending)
			id := e.firstTransfer(first).ID
			e.p.down = c.down
			st, err := e.svc.Reconcile(ctx)
			if err != nil || st != c.stats {
				t.Fatalf("Reconcile = %+v, %v; want %+v", st, err, c.stats)
			}
			tr := e.store.transfer(id)
			if tr.State != c.state || tr.Attempts != c.attempt || e.wallet() != c.wallet || e.gameBal(a) != c.inGame {
				t.Fatalf("transfer %+v, wallet %s, game %s", tr, e.wallet(), e.gameBal(a))
			}
			if c.state == Unknown {
				// Asked again only after the back-off: not at once.
				if !tr.NextCheckAt.After(e.now) {
					t.Fatalf("next check %v, now %v", tr.NextCheckAt, e.now)
				}
				if st, _ := e.svc.Reconcile(ctx); st != (ReconcileStats{}) {
					t.Fatalf("asked again before the back-off: %+v", st)
				}
				e.now = tr.NextCheckAt
				e.p.down = false
				if st, _ := e.svc.Reconcile(ctx); st != (ReconcileStats{Settled: 1}) {
					t.Fatalf("after the back-off: %+v", st)
				}
			}
		})
	}
	t.Run("OKPendingLeftToItsRequestDuringGrace", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), 1000)
		// A transfer reserved and never answered: the request died.
		tr := Transfer{ID: "t-stuck", MemberID: member, Game: a, Direction: In, Amount: 200, State: Pending,
			CreatedAt: e.now, UpdatedAt: e.now, NextCheckAt: e.now}
		if _, err := e.store.ReserveTransfer(ctx, tr, ledger.Journal{ID: "j", Kind: ledger.TransferReserve,
			Ref: tr.ID, Postings: ledger.Move(ledger.Wallet(member), ledger.Clearing(a), 200)}); err != nil {
			t.Fatal(err)
		}
		if st, _ := e.svc.Reconcile(ctx); st != (ReconcileStats{}) {
			t.Fatalf("within the grace: %+v", st)
		}
		e.now = e.now.Add(DefaultConfig().PendingGrace + time.Second)
		if st, _ := e.svc.Reconcile(ctx); st != (ReconcileStats{Reversed: 1}) || e.wallet() != 1000 {
			t.Fatalf("after the grace: %+v, wallet %s", st, e.wallet())
		}
	})
}
