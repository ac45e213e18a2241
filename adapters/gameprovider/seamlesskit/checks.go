package seamlesskit

import (
	"context"
	"fmt"
	"sync"

	"ngern/core/money"
	"ngern/core/seamless"
)

func checkBalance(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1234)
	if err != nil {
		return err
	}
	r, err := e.drv.Balance(ctx, tok, "m1")
	if err := e.want("balance", r, err, OK, "m1", 1234); err != nil {
		return err
	}
	r, err = e.drv.Balance(ctx, "not-a-token", "m1")
	return e.want("balance with an unknown token", r, err, InvalidToken, "m1", 1234)
}

func checkBetAndWin(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
	if err := e.want("bet", r, err, OK, "m1", 700); err != nil {
		return err
	}
	w := call(tok, "m1", "w1", 550)
	w.RoundID, w.RoundClosed = "round-b1", true
	r, err = e.drv.Win(ctx, w)
	if err := e.want("win", r, err, OK, "m1", 1250); err != nil {
		return err
	}
	r, err = e.drv.Bet(ctx, call(tok, "m1", "b2", 1))
	return e.want("a second bet", r, err, OK, "m1", 1249)
}

func checkDuplicateBet(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	first, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
	if err := e.want("bet", first, err, OK, "m1", 700); err != nil {
		return err
	}
	// The wallet moves between the deliveries: the retry answers the
	// first answer all the same.
	r, err := e.drv.Win(ctx, call(tok, "m1", "w1", 100))
	if err := e.want("win", r, err, OK, "m1", 800); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		again, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
		if err != nil || again.Status != OK {
			return fmt.Errorf("repeated bet: %s, %v; want OK", again.Status, err)
		}
		if again.Ref != first.Ref || again.Balance != first.Balance {
			return fmt.Errorf("repeated bet answered ref %q balance %d, the first ref %q balance %d", again.Ref, again.Balance, first.Ref, first.Balance)
		}
	}
	if got := e.store.Wallet("m1"); got != 800 {
		return fmt.Errorf("after repeated bets the wallet holds %d, want 800", got)
	}
	return nil
}

func checkDuplicateWin(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	first, err := e.drv.Win(ctx, call(tok, "m1", "w1", 250))
	if err := e.want("win", first, err, OK, "m1", 1250); err != nil {
		return err
	}
	again, err := e.drv.Win(ctx, call(tok, "m1", "w1", 250))
	if err := e.want("repeated win", again, err, OK, "m1", 1250); err != nil {
		return err
	}
	if again.Ref != first.Ref {
		return fmt.Errorf("repeated win answered ref %q, the first %q", again.Ref, first.Ref)
	}
	return nil
}

func checkMismatch(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
	if err := e.want("bet", r, err, OK, "m1", 700); err != nil {
		return err
	}
	r, err = e.drv.Bet(ctx, call(tok, "m1", "b1", 400))
	if err := e.want("bet with the same id and another amount", r, err, Mismatch, "m1", 700); err != nil {
		return err
	}
	r, err = e.drv.Win(ctx, call(tok, "m1", "b1", 300))
	return e.want("win with a bet's id", r, err, Mismatch, "m1", 700)
}

func checkUnknownToken(ctx context.Context, e *env) error {
	if _, err := e.player(ctx, "m1", 1000); err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call("not-a-token", "m1", "b1", 300))
	if err := e.want("bet with an unknown token", r, err, InvalidToken, "m1", 1000); err != nil {
		return err
	}
	r, err = e.drv.Win(ctx, call("not-a-token", "m1", "w1", 300))
	return e.want("win with an unknown token", r, err, InvalidToken, "m1", 1000)
}

func checkTombstone(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Rollback(ctx, cancel(tok, "m1", "x1", "b1"))
	if err := e.want("rollback of a bet never seen", r, err, OK, "m1", 1000); err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		r, err = e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
		if err := e.want("the late bet", r, err, RolledBack, "m1", 1000); err != nil {
			return err
		}
	}
	return nil
}

func checkExpiredToken(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
	if err := e.want("bet", r, err, OK, "m1", 700); err != nil {
		return err
	}
	e.clock.advance(ttl)
	r, err = e.drv.Bet(ctx, call(tok, "m1", "b2", 100))
	if err := e.want("bet on an expired token", r, err, Expired, "m1", 700); err != nil {
		return err
	}
	r, err = e.drv.Win(ctx, call(tok, "m1", "w1", 500))
	if err := e.want("win on an expired token", r, err, OK, "m1", 1200); err != nil {
		return err
	}
	r, err = e.drv.Rollback(ctx, cancel(tok, "m1", "x1", "b1"))
	return e.want("rollback on an expired token", r, err, OK, "m1", 1500)
}

func checkBlocked(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
	if err := e.want("bet", r, err, OK, "m1", 700); err != nil {
		return err
	}
	e.members.block("m1")
	r, err = e.drv.Bet(ctx, call(tok, "m1", "b2", 100))
	if err := e.want("bet of a blocked member", r, err, Blocked, "m1", 700); err != nil {
		return err
	}
	r, err = e.drv.Rollback(ctx, cancel(tok, "m1", "x1", "b1"))
	return e.want("rollback for a blocked member", r, err, OK, "m1", 1000)
}

func checkInsufficient(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 1001))
	if err := e.want("bet above the balance", r, err, Insufficient, "m1", 1000); err != nil {
		return err
	}
	r, err = e.drv.Bet(ctx, call(tok, "m1", "b2", 1000))
	return e.want("bet of the whole balance", r, err, OK, "m1", 0)
}

func checkConcurrentBets(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	const n = 50
	results, errors := make([]Result, n), make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			results[i], errors[i] = e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
		}(i)
	}
	close(start)
	wg.Wait()
	for i := range results {
		if err := e.want(fmt.Sprintf("concurrent delivery %d", i), results[i], errors[i], OK, "m1", 700); err != nil {
			return err
		}
		if results[i].Ref != results[0].Ref {
			return fmt.Errorf("concurrent deliveries answered refs %q and %q", results[0].Ref, results[i].Ref)
		}
	}
	if n := len(e.store.Journals()); n != 1 {
		return fmt.Errorf("%d concurrent deliveries of one bet posted %d journals, want 1", 50, n)
	}
	return nil
}

func checkRollbackTwice(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
	if err := e.want("bet", r, err, OK, "m1", 700); err != nil {
		return err
	}
	first, err := e.drv.Rollback(ctx, cancel(tok, "m1", "x1", "b1"))
	if err := e.want("rollback", first, err, OK, "m1", 1000); err != nil {
		return err
	}
	again, err := e.drv.Rollback(ctx, cancel(tok, "m1", "x1", "b1"))
	if err := e.want("repeated rollback", again, err, OK, "m1", 1000); err != nil {
		return err
	}
	if again.Ref != first.Ref {
		return fmt.Errorf("repeated rollback answered ref %q, the first %q", again.Ref, first.Ref)
	}
	r, err = e.drv.Rollback(ctx, cancel(tok, "m1", "x2", "b1"))
	if err := e.want("another rollback of the same bet", r, err, OK, "m1", 1000); err != nil {
		return err
	}
	r, err = e.drv.Bet(ctx, call(tok, "m1", "b1", 300))
	return e.want("the bet again after its rollback", r, err, RolledBack, "m1", 1000)
}

// checkForged sends each kind forged and then genuine with the same id: the
// genuine call must be a first delivery (nothing was recorded) and the
// forged one must have moved nothing.
func checkForged(ctx context.Context, e *env) error {
	tok, err := e.player(ctx, "m1", 1000)
	if err != nil {
		return err
	}
	r, err := e.drv.Bet(ctx, call(tok, "m1", "b0", 100))
	if err := e.want("bet", r, err, OK, "m1", 900); err != nil {
		return err
	}
	steps := []struct {
		kind    seamless.Kind
		call    Call
		genuine func(context.Context, Call) (Result, error)
		after   money.Satang // the wallet after the genuine call
	}{
		{seamless.Bet, call(tok, "m1", "b1", 300), e.drv.Bet, 600},
		{seamless.Win, call(tok, "m1", "w1", 500), e.drv.Win, 1100},
		{seamless.Rollback, cancel(tok, "m1", "x1", "b0"), e.drv.Rollback, 1200},
	}
	before := e.store.Wallet("m1")
	for _, s := range steps {
		journals := len(e.store.Journals())
		r, err := e.drv.Forge(ctx, s.kind, s.call)
		if err := e.want("forged "+string(s.kind), r, err, Refused, "m1", before); err != nil {
			return err
		}
		if len(e.store.Journals()) != journals {
			return fmt.Errorf("forged %s posted a journal", s.kind)
		}
		r, err = s.genuine(ctx, s.call)
		if err := e.want("genuine "+string(s.kind)+" after a forged one with its id", r, err, OK, "m1", s.after); err != nil {
			return err
		}
		before = e.store.Wallet("m1")
	}
	return nil
}
