package seamless_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"ngern/core/seamless"
)

// stuckRound places two bets of round r-b1 (the second under the same
// round) and waits until it is stuck.
func stuckRound(t *testing.T, f *fixture) string {
	t.Helper()
	tok := f.launch("m1", 10000)
	ctx := context.Background()
	if _, err := f.svc.Bet(ctx, call(tok, "m1", "b1", 1000)); err != nil {
		t.Fatal(err)
	}
	second := call(tok, "m1", "b2", 500)
	second.RoundID = "r-b1"
	f.advance(time.Second)
	if _, err := f.svc.Bet(ctx, second); err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestRoundStuck(t *testing.T) {
	f := newFixture(t)
	tok := stuckRound(t, f)
	ctx := context.Background()
	v, err := f.svc.Round(ctx, provider, "r-b1")
	if err != nil || v.Stuck || v.Stake != 1500 || v.MemberID != "m1" || len(v.Txs) != 2 {
		t.Fatalf("fresh round = %+v, %v; want 2 bets of 1500, not stuck", v, err)
	}
	if _, err := f.svc.Resolve(ctx, provider, "r-b1", seamless.Refund); !errors.Is(err, seamless.ErrNotStuck) {
		t.Fatalf("Resolve of a fresh round = %v, want ErrNotStuck", err)
	}
	f.advance(seamless.StuckAfter)
	if v, _ = f.svc.RoundOf(ctx, provider, "b2"); !v.Stuck || v.RoundID != "r-b1" {
		t.Fatalf("round after StuckAfter = %+v, want stuck", v)
	}
	t.Run("a win closes it", func(t *testing.T) {
		w := call(tok, "m1", "w1", 0)
		w.RoundID = "r-b1"
		if _, err := f.svc.Win(ctx, w); err != nil {
			t.Fatal(err)
		}
		if v, _ := f.svc.Round(ctx, provider, "r-b1"); v.Stuck {
			t.Fatalf("round with its win is stuck: %+v", v)
		}
	})
}

func TestResolveRefund(t *testing.T) {
	f := newFixture(t)
	tok := stuckRound(t, f)
	f.advance(seamless.StuckAfter)
	ctx := context.Background()
	res, err := f.svc.Resolve(ctx, provider, "r-b1", seamless.Refund)
	if err != nil || res.Refunded != 1500 || res.Balance != 10000 || res.Duplicate || res.Round.Resolved != seamless.Refund {
		t.Fatalf("Resolve = %+v, %v; want 1500 back, balance 10000", res, err)
	}
	t.Run("repeated", func(t *testing.T) {
		again, err := f.svc.Resolve(ctx, provider, "r-b1", seamless.Refund)
		if err != nil || !again.Duplicate || again.Refunded != 0 || f.store.Wallet("m1") != 10000 {
			t.Fatalf("repeated Resolve = %+v, %v; wallet %d", again, err, f.store.Wallet("m1"))
		}
	})
	t.Run("the other way", func(t *testing.T) {
		if _, err := f.svc.Resolve(ctx, provider, "r-b1", seamless.Lost); !errors.Is(err, seamless.ErrResolved) {
			t.Fatalf("Lost after Refund = %v, want ErrResolved", err)
		}
	})
	t.Run("a late rollback of the bet credits nothing", func(t *testing.T) {
		a, err := f.svc.Rollback(ctx, rollback(tok, "m1", "rb1", "b1"))
		if err != nil || a.Balance != 10000 || f.store.Wallet("m1") != 10000 {
			t.Fatalf("late rollback = %+v, %v; wallet %d, want 10000", a, err, f.store.Wallet("m1"))
		}
	})
	t.Run("a late bet retry stays rolled back", func(t *testing.T) {
		if _, err := f.svc.Bet(ctx, call(tok, "m1", "b1", 1000)); !errors.Is(err, seamless.ErrRolledBack) {
			t.Fatalf("bet retry = %v, want ErrRolledBack", err)
		}
	})
	t.Run("a late win is credited", func(t *testing.T) {
		w := call(tok, "m1", "w1", 700)
		w.RoundID = "r-b1"
		a, err := f.svc.Win(ctx, w)
		if err != nil || a.Balance != 10700 {
			t.Fatalf("late win = %+v, %v; want 10700", a, err)
		}
	})
	if n := len(f.store.Journals()); n != 2+2+1 {
		t.Fatalf("journals = %d, want 2 bets, 2 refunds, 1 win", n)
	}
}

func TestResolveLost(t *testing.T) {
	f := newFixture(t)
	tok := stuckRound(t, f)
	f.advance(seamless.StuckAfter)
	ctx := context.Background()
	for i, dup := range []bool{false, true} {
		res, err := f.svc.Resolve(ctx, provider, "r-b1", seamless.Lost)
		if err != nil || res.Duplicate != dup || res.Refunded != 0 || res.Balance != 8500 || res.Round.Resolved != seamless.Lost || res.Round.Stuck {
			t.Fatalf("Resolve #%d = %+v, %v; want balance 8500, duplicate %v", i, res, err, dup)
		}
	}
	if _, err := f.svc.Resolve(ctx, provider, "r-b1", seamless.Refund); !errors.Is(err, seamless.ErrResolved) {
		t.Fatalf("Refund after Lost = %v, want ErrResolved", err)
	}
	w := call(tok, "m1", "w1", 300)
	w.RoundID = "r-b1"
	if a, err := f.svc.Win(ctx, w); err != nil || a.Balance != 8800 {
		t.Fatalf("late win = %+v, %v; want 8800", a, err)
	}
	if n := len(f.store.Journals()); n != 3 {
		t.Fatalf("journals = %d, want 2 bets and the win: the close moves nothing", n)
	}
}

func TestResolveInvalid(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for name, c := range map[string]struct {
		round string
		how   seamless.Resolution
		want  error
	}{
		"no round":      {"", seamless.Refund, seamless.ErrInvalid},
		"bad way":       {"r-x", "maybe", seamless.ErrInvalid},
		"unknown round": {"r-x", seamless.Lost, nil},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := f.svc.Resolve(ctx, provider, c.round, c.how)
			if err == nil || (c.want != nil && !errors.Is(err, c.want)) {
				t.Fatalf("Resolve = %v, want %v", err, c.want)
			}
		})
	}
}

func TestStats(t *testing.T) {
	f := newFixture(t)
	tok := f.launch("m1", 1000)
	ctx := context.Background()
	for _, c := range []seamless.Callback{call(tok, "m1", "b1", 400), call(tok, "m1", "b1", 400), call(tok, "m1", "b2", 5000)} {
		_, _ = f.svc.Bet(ctx, c)
	}
	_, _ = f.svc.Win(ctx, call(tok, "m1", "w1", 100))
	figs := f.svc.Stats().Figures(f.clock())
	if len(figs) != 1 || figs[0].Provider != provider || figs[0].Hour.Calls != 4 || figs[0].Day.Calls != 4 || figs[0].Hour.P99 <= 0 {
		t.Fatalf("figures = %+v", figs)
	}
	want := []seamless.Count{{Kind: seamless.Bet, Outcome: "applied", N: 1}, {Kind: seamless.Bet, Outcome: "duplicate", N: 1},
		{Kind: seamless.Bet, Outcome: "insufficient", N: 1}, {Kind: seamless.Win, Outcome: "applied", N: 1}}
	for i, c := range want {
		if figs[0].Hour.Counts[i] != c {
			t.Fatalf("counts = %+v, want %+v", figs[0].Hour.Counts, want)
		}
	}
	f.advance(2 * time.Hour)
	figs = f.svc.Stats().Figures(f.clock())
	if figs[0].Hour.Calls != 0 || figs[0].Day.Calls != 4 {
		t.Fatalf("two hours later = %+v, want only the day's", figs)
	}
}

// Two operators resolving one round at once, each its own way: one way
// applies, the other is ErrResolved, and the wallet moves once at most.
func TestResolveConcurrent(t *testing.T) {
	for i := 0; i < 20; i++ {
		f := newFixture(t)
		stuckRound(t, f)
		f.advance(seamless.StuckAfter)
		ctx := context.Background()
		errs := make(chan error, 2)
		for _, how := range []seamless.Resolution{seamless.Refund, seamless.Lost} {
			go func() {
				_, err := f.svc.Resolve(ctx, provider, "r-b1", how)
				errs <- err
			}()
		}
		var ok, resolved int
		for range 2 {
			switch err := <-errs; {
			case err == nil:
				ok++
			case errors.Is(err, seamless.ErrResolved):
				resolved++
			default:
				t.Fatalf("Resolve: %v", err)
			}
		}
		v, _ := f.svc.Round(ctx, provider, "r-b1")
		want := map[seamless.Resolution]int64{seamless.Refund: 10000, seamless.Lost: 8500}[v.Resolved]
		if ok != 1 || resolved != 1 || int64(f.store.Wallet("m1")) != want {
			t.Fatalf("run %d: %d applied, %d refused, resolved %q, wallet %d", i, ok, resolved, v.Resolved, f.store.Wallet("m1"))
		}
	}
}
