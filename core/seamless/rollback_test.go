package seamless_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/core/money"
	"ngern/core/seamless"
)

func TestRolledBackAnswersTheCurrentBalance(t *testing.T) {
	f := newFixture(t)
	tok := f.launch("m1", 1000)
	cancel("x1", "b1")(f, tok)
	win("w1", 200)(f, tok)
	a, err := f.svc.Bet(context.Background(), call(tok, "m1", "b1", 300))
	if !errors.Is(err, seamless.ErrRolledBack) || a.Balance != 1200 {
		t.Fatalf("late bet = %+v, %v; want ErrRolledBack with 1200", a, err)
	}
	if _, err := f.svc.Win(context.Background(), call(tok, "m1", "b1", 300)); !errors.Is(err, seamless.ErrMismatch) {
		t.Fatalf("win under a tombstoned id: %v, want ErrMismatch", err)
	}
}

func TestRollback(t *testing.T) {
	tests := []struct {
		name        string
		before      func(f *fixture, tok string)
		call        func(tok string) seamless.Callback
		wantErr     error
		wantBalance money.Satang
		wantDup     bool
	}{
		{name: "OK", before: bet("b1", 300), call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "b1") },
			wantBalance: 1000},
		{name: "OKExpiredToken", before: func(f *fixture, tok string) { bet("b1", 300)(f, tok); f.advance(48 * time.Hour) },
			call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "b1") }, wantBalance: 1000},
		{name: "OKBlocked", before: func(f *fixture, tok string) { bet("b1", 300)(f, tok); f.members.blocked["m1"] = true },
			call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "b1") }, wantBalance: 1000},
		{name: "OKBeforeBet", call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "b1") }, wantBalance: 1000},
		{name: "DuplicateCreditsOnce", before: func(f *fixture, tok string) { bet("b1", 300)(f, tok); cancel("x1", "b1")(f, tok) },
			call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "b1") }, wantBalance: 1000, wantDup: true},
		{name: "SecondRollbackCreditsNothing", before: func(f *fixture, tok string) { bet("b1", 300)(f, tok); cancel("x1", "b1")(f, tok) },
			call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x2", "b1") }, wantBalance: 1000},
		{name: "SecondRollbackOfTombstone", before: cancel("x1", "b1"),
			call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x2", "b1") }, wantBalance: 1000},
		{name: "ErrMismatch", before: func(f *fixture, tok string) {
			bet("b1", 300)(f, tok)
			bet("b2", 100)(f, tok)
			cancel("x1", "b1")(f, tok)
		},
			call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "b2") }, wantErr: seamless.ErrMismatch, wantBalance: 900},
		{name: "ErrInvalidRollbackOfWin", before: win("w1", 300),
			call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "w1") }, wantErr: seamless.ErrInvalid, wantBalance: 1300},
		{name: "ErrInvalidNoRef", call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "") },
			wantErr: seamless.ErrInvalid, wantBalance: 1000},
		{name: "ErrInvalidSelf", call: func(tok string) seamless.Callback { return rollback(tok, "m1", "x1", "x1") },
			wantErr: seamless.ErrInvalid, wantBalance: 1000},
		{name: "ErrToken", before: bet("b1", 300), call: func(string) seamless.Callback { return rollback("forged", "m1", "x1", "b1") },
			wantErr: seamless.ErrToken, wantBalance: 700},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tok := f.launch("m1", 1000)
			if tt.before != nil {
				tt.before(f, tok)
			}
			a, err := f.svc.Rollback(context.Background(), tt.call(tok))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if got := f.store.Wallet("m1"); got != tt.wantBalance {
				t.Fatalf("wallet = %d, want %d", got, tt.wantBalance)
			}
			if err == nil && (a.Balance != tt.wantBalance || a.Ref == "" || a.Duplicate != tt.wantDup) {
				t.Fatalf("answer = %+v, want balance %d, duplicate %v", a, tt.wantBalance, tt.wantDup)
			}
		})
	}
	t.Run("ErrInvalidOtherMembersBet", func(t *testing.T) {
		f := newFixture(t)
		tok1, tok2 := f.launch("m1", 1000), f.launch("m2", 1000)
		bet("b1", 300)(f, tok1)
		if _, err := f.svc.Rollback(context.Background(), rollback(tok2, "m2", "x1", "b1")); !errors.Is(err, seamless.ErrInvalid) {
			t.Fatalf("err = %v, want ErrInvalid", err)
		}
		if f.store.Wallet("m1") != 700 || f.store.Wallet("m2") != 1000 {
			t.Fatalf("wallets = %d, %d", f.store.Wallet("m1"), f.store.Wallet("m2"))
		}
	})
	t.Run("TombstoneThenLateBet", func(t *testing.T) {
		f := newFixture(t)
		tok := f.launch("m1", 1000)
		if _, err := f.svc.Rollback(context.Background(), rollback(tok, "m1", "x1", "b1")); err != nil {
			t.Fatal(err)
		}
		r, err := f.store.Transaction(context.Background(), provider, "b1")
		if err != nil || r.State != seamless.Tombstone {
			t.Fatalf("record of b1 = %+v, %v; want a tombstone", r, err)
		}
		for i := 0; i < 3; i++ {
			if _, err := f.svc.Bet(context.Background(), call(tok, "m1", "b1", 300)); !errors.Is(err, seamless.ErrRolledBack) {
				t.Fatalf("late bet err = %v, want ErrRolledBack", err)
			}
		}
		if got := f.store.Wallet("m1"); got != 1000 || len(f.store.Journals()) != 0 {
			t.Fatalf("wallet = %d, %d journals; the late bet moved money", got, len(f.store.Journals()))
		}
	})
}

func TestBetRollbackRace(t *testing.T) {
	f := newFixture(t)
	tok := f.launch("m1", 100000)
	for i := 0; i < 100; i++ {
		id := fmt.Sprintf("b%d", i)
		var betErr, rbErr error
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); _, betErr = f.svc.Bet(context.Background(), call(tok, "m1", id, 300)) }()
		go func() {
			defer wg.Done()
			_, rbErr = f.svc.Rollback(context.Background(), rollback(tok, "m1", "x"+id, id))
		}()
		wg.Wait()
		if rbErr != nil || (betErr != nil && !errors.Is(betErr, seamless.ErrRolledBack)) {
			t.Fatalf("round %d: bet %v, rollback %v", i, betErr, rbErr)
		}
		// Either order leaves the wallet whole.
		if got := f.store.Wallet("m1"); got != 100000 {
			t.Fatalf("round %d: wallet = %d, want 100000 (bet %v)", i, got, betErr)
		}
	}
}
