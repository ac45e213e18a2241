package seamless_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"ngern/core/money"
	"ngern/core/seamless"
)

func TestBet(t *testing.T) {
	tests := []struct {
		name string
		// before runs first; then call is delivered.
		before      func(f *fixture, tok string)
		call        func(tok string) seamless.Callback
		wantErr     error
		wantBalance money.Satang // the answer's and the wallet's after
		wantDup     bool
	}{
		{name: "OK", call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) }, wantBalance: 700},
		{name: "OKWithoutPlayer", call: func(tok string) seamless.Callback { return call(tok, "", "b1", 300) }, wantBalance: 700},
		{name: "OKWholeBalance", call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 1000) }, wantBalance: 0},
		{name: "Duplicate", before: bet("b1", 300), call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) },
			wantBalance: 700, wantDup: true},
		{name: "DuplicateAfterExpiry", before: func(f *fixture, tok string) { bet("b1", 300)(f, tok); f.advance(2 * time.Hour) },
			call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) }, wantBalance: 700, wantDup: true},
		{name: "DuplicateAfterLock", before: func(f *fixture, tok string) { bet("b1", 300)(f, tok); f.members.blocked["m1"] = true },
			call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) }, wantBalance: 700, wantDup: true},
		{name: "ErrMismatchAmount", before: bet("b1", 300), call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 301) },
			wantErr: seamless.ErrMismatch, wantBalance: 700},
		{name: "ErrMismatchRound", before: bet("b1", 300), call: func(tok string) seamless.Callback {
			c := call(tok, "m1", "b1", 300)
			c.RoundID = "other"
			return c
		}, wantErr: seamless.ErrMismatch, wantBalance: 700},
		{name: "ErrMismatchKind", before: win("b1", 300), call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) },
			wantErr: seamless.ErrMismatch, wantBalance: 1300},
		{name: "ErrTokenExpired", before: func(f *fixture, _ string) { f.advance(time.Hour) },
			call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) }, wantErr: seamless.ErrTokenExpired, wantBalance: 1000},
		{name: "ErrBlocked", before: func(f *fixture, _ string) { f.members.blocked["m1"] = true },
			call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) }, wantErr: seamless.ErrBlocked, wantBalance: 1000},
		{name: "ErrInsufficient", call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 1001) },
			wantErr: seamless.ErrInsufficient, wantBalance: 1000},
		{name: "ErrInvalidZero", call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 0) },
			wantErr: seamless.ErrInvalid, wantBalance: 1000},
		{name: "ErrInvalidNegative", call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", -5) },
			wantErr: seamless.ErrInvalid, wantBalance: 1000},
		{name: "ErrInvalidNoID", call: func(tok string) seamless.Callback { return call(tok, "m1", "", 5) },
			wantErr: seamless.ErrInvalid, wantBalance: 1000},
		{name: "ErrCurrency", call: func(tok string) seamless.Callback {
			c := call(tok, "m1", "b1", 300)
			c.Currency = "LAK"
			return c
		}, wantErr: seamless.ErrCurrency, wantBalance: 1000},
		{name: "ErrToken", call: func(string) seamless.Callback { return call("forged", "m1", "b1", 300) },
			wantErr: seamless.ErrToken, wantBalance: 1000},
		{name: "ErrTokenOtherPlayer", call: func(tok string) seamless.Callback { return call(tok, "m2", "b1", 300) },
			wantErr: seamless.ErrToken, wantBalance: 1000},
		{name: "ErrRolledBackTombstone", before: cancel("x1", "b1"),
			call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) }, wantErr: seamless.ErrRolledBack, wantBalance: 1000},
		{name: "ErrRolledBackAfterRollback", before: func(f *fixture, tok string) { bet("b1", 300)(f, tok); cancel("x1", "b1")(f, tok) },
			call: func(tok string) seamless.Callback { return call(tok, "m1", "b1", 300) }, wantErr: seamless.ErrRolledBack, wantBalance: 1000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tok := f.launch("m1", 1000)
			if tt.before != nil {
				tt.before(f, tok)
			}
			first := len(f.store.Journals())
			a, err := f.svc.Bet(context.Background(), tt.call(tok))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if got := f.store.Wallet("m1"); got != tt.wantBalance {
				t.Fatalf("wallet = %d, want %d", got, tt.wantBalance)
			}
			if (err == nil || errors.Is(err, seamless.ErrInsufficient)) && a.Balance != tt.wantBalance {
				t.Fatalf("answered balance = %d, want %d", a.Balance, tt.wantBalance)
			}
			if err == nil && a.Duplicate != tt.wantDup {
				t.Fatalf("Duplicate = %v, want %v", a.Duplicate, tt.wantDup)
			}
			posted := len(f.store.Journals()) - first
			if want := map[bool]int{true: 1, false: 0}[err == nil && !tt.wantDup]; posted != want {
				t.Fatalf("%d journals posted, want %d", posted, want)
			}
			if err == nil && (a.Ref == "" || a.Currency != "THB") {
				t.Fatalf("answer = %+v", a)
			}
		})
	}
}

func TestBetRepeatedByAnotherMember(t *testing.T) {
	f := newFixture(t)
	tok1, tok2 := f.launch("m1", 1000), f.launch("m2", 1000)
	bet("b1", 300)(f, tok1)
	if _, err := f.svc.Bet(context.Background(), call(tok2, "m2", "b1", 300)); !errors.Is(err, seamless.ErrMismatch) {
		t.Fatalf("err = %v, want ErrMismatch", err)
	}
	if f.store.Wallet("m2") != 1000 {
		t.Fatalf("wallet of m2 = %d", f.store.Wallet("m2"))
	}
}

func TestBetDuplicateAnswersTheOriginal(t *testing.T) {
	f := newFixture(t)
	tok := f.launch("m1", 1000)
	first, err := f.svc.Bet(context.Background(), call(tok, "m1", "b1", 300))
	if err != nil {
		t.Fatal(err)
	}
	// The wallet moves in between: the retry still answers the balance of
	// the first answer, and the same ref.
	if _, err := f.svc.Win(context.Background(), call(tok, "m1", "w1", 50)); err != nil {
		t.Fatal(err)
	}
	again, err := f.svc.Bet(context.Background(), call(tok, "m1", "b1", 300))
	if err != nil {
		t.Fatal(err)
	}
	if again.Ref != first.Ref || again.Balance != first.Balance || !again.Duplicate {
		t.Fatalf("retry = %+v, first = %+v", again, first)
	}
}

func TestConcurrentDuplicateBets(t *testing.T) {
	f := newFixture(t)
	tok := f.launch("m1", 1000)
	const n = 50
	answers, errors := make([]seamless.Answer, n), make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			answers[i], errors[i] = f.svc.Bet(context.Background(), call(tok, "m1", "b1", 300))
		}(i)
	}
	close(start)
	wg.Wait()
	fresh := 0
	for i := range answers {
		if errors[i] != nil {
			t.Fatalf("delivery %d: %v", i, errors[i])
		}
		if answers[i].Ref != answers[0].Ref || answers[i].Balance != 700 {
			t.Fatalf("delivery %d answered %+v, delivery 0 %+v", i, answers[i], answers[0])
		}
		if !answers[i].Duplicate {
			fresh++
		}
	}
	if fresh != 1 || f.store.Wallet("m1") != 700 || len(f.store.Journals()) != 1 {
		t.Fatalf("%d first answers, wallet %d, %d journals; want 1, 700, 1", fresh, f.store.Wallet("m1"), len(f.store.Journals()))
	}
}

// bet, win and cancel are setup steps that must succeed.
func bet(tx string, amount money.Satang) func(f *fixture, tok string) {
	return func(f *fixture, tok string) {
		f.t.Helper()
		if _, err := f.svc.Bet(context.Background(), call(tok, "", tx, amount)); err != nil {
			f.t.Fatalf("setup bet %s: %v", tx, err)
		}
	}
}

func win(tx string, amount money.Satang) func(f *fixture, tok string) {
	return func(f *fixture, tok string) {
		f.t.Helper()
		if _, err := f.svc.Win(context.Background(), call(tok, "m1", tx, amount)); err != nil {
			f.t.Fatalf("setup win %s: %v", tx, err)
		}
	}
}

func cancel(tx, ref string) func(f *fixture, tok string) {
	return func(f *fixture, tok string) {
		f.t.Helper()
		if _, err := f.svc.Rollback(context.Background(), rollback(tok, "m1", tx, ref)); err != nil {
			f.t.Fatalf("setup rollback %s: %v", tx, err)
		}
	}
}
