package promo_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/spin"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

type fixture struct {
	svc   *promo.Service
	store *memStore
	deps  *memDeposits
	clk   *clock
}

const member = "m1"

var start = time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC) // Monday 10:00 in limits.Zone

func newFixture(t *testing.T) *fixture {
	t.Helper()
	st := newMemStore()
	st.since[member] = start.AddDate(0, 0, -1)
	f := &fixture{store: st, deps: &memDeposits{list: map[string][]promo.Deposit{}, store: st}, clk: &clock{t: start}}
	st.now = f.clk.now
	n := 0
	var mu sync.Mutex
	f.svc = promo.NewService(promo.Deps{Store: st, Deposits: f.deps, Now: f.clk.now, IDs: func() string {
		mu.Lock()
		defer mu.Unlock()
		n++
		return fmt.Sprint("id", n)
	}})
	ctx := context.Background()
	for _, b := range []promo.Bonus{
		{Code: "WELCOME", Name: "Welcome", Type: promo.TypeLimit, MaxReceived: 1, Fixed: 10000, PercentFail: 10, SuccessPercent: 300, Active: true},
		{Code: "DAILY", Name: "Daily", Type: promo.TypeDay, MaxReceived: 1, Fixed: 2000, Active: true},
		{Code: "WEEKLY", Name: "Weekly", Type: promo.TypeWeek, MaxReceived: 1, Fixed: 2000, Active: true},
		{Code: "DEP20", Name: "Deposit 20 %", Type: promo.TypeDay, MaxReceived: 2, Percent: 20, Cap: 5000, MinDeposit: 10000, FirstDepositOfDay: true, Active: true},
	} {
		if _, err := f.svc.SaveBonus(ctx, b); err != nil {
			t.Fatalf("save %s: %v", b.Code, err)
		}
	}
	if _, err := f.svc.SavePromotion(ctx, promo.Promotion{Code: "NGERN50", Amount: 5000, LimitTotal: 2, Active: true}); err != nil {
		t.Fatal(err)
	}
	return f
}

func wantCode(t *testing.T, err error, code errs.Code) {
	t.Helper()
	var e *errs.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("err = %v, want %s", err, code)
	}
}

func (f *fixture) wallet() money.Satang { return f.store.balances[ledger.Wallet(member).ID] }

// lose moves amount out of the member's wallet as a lost bet would (via a game).
func (f *fixture) lose(amount money.Satang) {
	f.store.move(ledger.Wallet(member), ledger.Game(member, "G"), amount)
	f.store.move(ledger.Game(member, "G"), ledger.Clearing("G"), amount)
}

func TestPeriodBoundariesInBangkok(t *testing.T) {
	for _, tc := range []struct {
		name string
		typ  promo.Type
		at   time.Time
		want string
	}{
		{"day: 23:59:59 in limits.Zone", promo.TypeDay, time.Date(2026, 11, 23, 16, 59, 59, 0, time.UTC), "2026-11-23"},
		{"day: midnight in limits.Zone", promo.TypeDay, time.Date(2026, 11, 23, 17, 0, 0, 0, time.UTC), "2026-11-24"},
		{"week: Sunday 23:30 in limits.Zone", promo.TypeWeek, time.Date(2026, 11, 29, 16, 30, 0, 0, time.UTC), "2026-11-23"},
		{"week: Monday 00:00 in limits.Zone", promo.TypeWeek, time.Date(2026, 11, 29, 17, 0, 0, 0, time.UTC), "2026-11-30"},
		{"week: Monday 06:00 UTC is Monday in limits.Zone", promo.TypeWeek, time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC), "2026-11-23"},
		{"limit", promo.TypeLimit, time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC), "all"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, _ := promo.Period(tc.typ, tc.at); got != tc.want {
				t.Fatalf("Period = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestDayAndWeekReceipts(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name      string
		code      string
		sameAt    time.Time // still the same period: refused
		nextAt    time.Time // the next period: allowed
		firstAtBk time.Time
	}{
		{"day", "DAILY", time.Date(2026, 11, 23, 16, 59, 59, 0, time.UTC), time.Date(2026, 11, 23, 17, 0, 0, 0, time.UTC), start},
		{"week", "WEEKLY", time.Date(2026, 11, 29, 16, 59, 59, 0, time.UTC), time.Date(2026, 11, 29, 17, 0, 0, 0, time.UTC), start},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			if _, err := f.svc.ActivateBonus(ctx, member, tc.code); err != nil {
				t.Fatal(err)
			}
			// While its condition is active nothing else may be received.
			_, err := f.svc.ActivateBonus(ctx, member, "WELCOME")
			wantCode(t, err, errs.BonusAlreadyActive)
			f.lose(2000) // progress 0 < minimum: the condition fails
			if _, active := f.svc.Evaluate(ctx, member); active {
				t.Fatal("condition still active after the balance fell below the minimum")
			}
			f.clk.set(tc.sameAt)
			_, err = f.svc.ActivateBonus(ctx, member, tc.code)
			wantCode(t, err, errs.BonusMaxClaimed)
			f.clk.set(tc.nextAt)
			if _, err := f.svc.ActivateBonus(ctx, member, tc.code); err != nil {
				t.Fatalf("next period: %v", err)
			}
		})
	}
}

func TestConditionEnds(t *testing.T) {
	ctx := context.Background()
	t.Run("success at successPercent of the base", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 10000, start.Add(-time.Hour))
		c, err := f.svc.ActivateBonus(ctx, member, "WELCOME")
		if err != nil {
			t.Fatal(err)
		}
		if c.Base != 20000 || c.Target() != 60000 || c.Minimum() != 2000 {
			t.Fatalf("base %s target %s minimum %s", c.Base, c.Target(), c.Minimum())
		}
		wantCode(t, f.svc.CheckWithdraw(ctx, member), errs.BonusRemaining)
		// Into a game, where it wins up to 599.99: not yet.
		f.store.move(ledger.Wallet(member), ledger.Game(member, "G"), 20000)
		f.store.move(ledger.Clearing("G"), ledger.Game(member, "G"), 39999)
		wantCode(t, f.svc.CheckWithdraw(ctx, member), errs.BonusRemaining)
		f.store.move(ledger.Clearing("G"), ledger.Game(member, "G"), 1)
		if err := f.svc.CheckWithdraw(ctx, member); err != nil {
			t.Fatalf("withdraw after success: %v", err)
		}
		got, _ := f.store.Condition(ctx, c.ID)
		if got.Status != promo.Success || got.Forfeited != 0 {
			t.Fatalf("condition %+v", got)
		}
		if f.store.balances[ledger.Game(member, "G").ID] != 60000 {
			t.Fatal("success moved money")
		}
	})
	t.Run("a deposit during the condition does not count", func(t *testing.T) {
		f := newFixture(t)
		if _, err := f.svc.ActivateBonus(ctx, member, "WELCOME"); err != nil {
			t.Fatal(err)
		}
		f.clk.set(start.Add(time.Minute))
		f.deps.deposit(member, 100000, start.Add(time.Minute))
		wantCode(t, f.svc.CheckWithdraw(ctx, member), errs.BonusRemaining)
	})
	t.Run("fail below percentFail of the base", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 10000, start.Add(-time.Hour))
		c, _ := f.svc.ActivateBonus(ctx, member, "WELCOME") // base 200.00, minimum 20.00
		f.lose(18000)                                       // 20.00 left: not below
		if _, active := f.svc.Evaluate(ctx, member); !active {
			t.Fatal("ended at exactly the minimum")
		}
		f.lose(1) // 19.99
		if n, err := f.svc.EvaluateAll(ctx); err != nil || n != 1 {
			t.Fatalf("EvaluateAll = %d, %v", n, err)
		}
		got, _ := f.store.Condition(ctx, c.ID)
		if got.Status != promo.Failed || f.wallet() != 1999 {
			t.Fatalf("condition %s, wallet %s", got.Status, f.wallet())
		}
		// Idempotent: evaluating again changes nothing.
		if n, _ := f.svc.EvaluateAll(ctx); n != 0 {
			t.Fatal("ended twice")
		}
	})
	t.Run("cancel forfeits the bonus", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 10000, start.Add(-time.Hour))
		f.svc.ActivateBonus(ctx, member, "WELCOME")
		c, err := f.svc.Clear(ctx, member)
		if err != nil {
			t.Fatal(err)
		}
		if c.Status != promo.Cancelled || c.Forfeited != 10000 || f.wallet() != 10000 {
			t.Fatalf("condition %+v, wallet %s", c, f.wallet())
		}
		_, err = f.svc.Clear(ctx, member)
		wantCode(t, err, errs.NoData)
		if f.store.balances[ledger.PromotionExpense.ID] != 0 {
			t.Fatalf("promotion expense %s after a full forfeit", f.store.balances[ledger.PromotionExpense.ID])
		}
	})
	t.Run("cancel with the bonus in a game waits for the money to come back", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 10000, start.Add(-time.Hour))
		f.svc.ActivateBonus(ctx, member, "WELCOME")
		f.store.move(ledger.Wallet(member), ledger.Game(member, "G"), 15000) // wallet 50.00, game 150.00
		_, err := f.svc.Clear(ctx, member)
		wantCode(t, err, errs.MoneyNotEnough)
		if _, active := f.svc.Evaluate(ctx, member); !active || f.wallet() != 5000 {
			t.Fatal("a refused cancel changed something")
		}
		// Brought back, the whole bonus is forfeited.
		f.store.move(ledger.Game(member, "G"), ledger.Wallet(member), 15000)
		c, err := f.svc.Clear(ctx, member)
		if err != nil || c.Forfeited != 10000 || f.wallet() != 10000 {
			t.Fatalf("%+v %v, wallet %s", c, err, f.wallet())
		}
	})
	t.Run("partial forfeit after losses in a game: never more than what is left", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 10000, start.Add(-time.Hour))
		f.svc.ActivateBonus(ctx, member, "WELCOME") // base 200.00, minimum 20.00
		f.store.move(ledger.Wallet(member), ledger.Game(member, "G"), 15000)
		f.store.move(ledger.Game(member, "G"), ledger.Clearing("G"), 12000) // lost 120.00: total 80.00
		f.store.move(ledger.Game(member, "G"), ledger.Wallet(member), 3000) // back: wallet 80.00
		c, err := f.svc.Clear(ctx, member)
		if err != nil || c.Forfeited != 8000 || f.wallet() != 0 {
			t.Fatalf("%+v %v, wallet %s", c, err, f.wallet())
		}
		if f.store.balances[ledger.PromotionExpense.ID] != -2000 {
			t.Fatalf("promotion expense %s, want the 20.00 the member lost of the bonus", f.store.balances[ledger.PromotionExpense.ID])
		}
	})
	t.Run("operator ends without forfeit", func(t *testing.T) {
		f := newFixture(t)
		c, _ := f.svc.ActivateBonus(ctx, member, "WELCOME")
		got, err := f.svc.EndByOperator(ctx, c.ID, "op1", false)
		if err != nil || got.Status != promo.Ended || got.EndedBy != "op1" || f.wallet() != 10000 {
			t.Fatalf("%+v %v", got, err)
		}
		_, err = f.svc.EndByOperator(ctx, c.ID, "op1", false)
		wantCode(t, err, errs.NoData)
	})
}

func TestDepositLinkedBonus(t *testing.T) {
	ctx := context.Background()
	t.Run("no deposit", func(t *testing.T) {
		f := newFixture(t)
		_, err := f.svc.ActivateBonus(ctx, member, "DEP20")
		wantCode(t, err, errs.BonusCondition)
	})
	t.Run("below the minimum deposit", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 9999, start.Add(-time.Minute))
		_, err := f.svc.ActivateBonus(ctx, member, "DEP20")
		wantCode(t, err, errs.BonusCondition)
	})
	t.Run("yesterday's deposit in limits.Zone does not qualify", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 30000, time.Date(2026, 11, 22, 16, 59, 0, 0, time.UTC))
		_, err := f.svc.ActivateBonus(ctx, member, "DEP20")
		wantCode(t, err, errs.BonusCondition)
	})
	t.Run("percentage with a cap, first deposit of the day only", func(t *testing.T) {
		f := newFixture(t)
		f.deps.deposit(member, 30000, time.Date(2026, 11, 22, 17, 0, 0, 0, time.UTC))
		c, err := f.svc.ActivateBonus(ctx, member, "DEP20")
		if err != nil {
			t.Fatal(err)
		}
		if c.Amount != 5000 || c.Base != 35000 {
			t.Fatalf("amount %s base %s", c.Amount, c.Base)
		}
		f.svc.Clear(ctx, member)
		// The same deposit funds one bonus only.
		_, err = f.svc.ActivateBonus(ctx, member, "DEP20")
		wantCode(t, err, errs.BonusCondition)
		// A second deposit of the day is not the first.
		f.clk.set(start.Add(time.Hour))
		f.deps.deposit(member, 10000, start.Add(time.Hour))
		_, err = f.svc.ActivateBonus(ctx, member, "DEP20")
		wantCode(t, err, errs.BonusCondition)
	})
	t.Run("new members only", func(t *testing.T) {
		f := newFixture(t)
		b, _ := f.store.Bonus(ctx, "WELCOME")
		b.NewMemberDays = 1
		f.store.SaveBonus(ctx, b)
		_, err := f.svc.ActivateBonus(ctx, member, "WELCOME")
		wantCode(t, err, errs.BonusCondition)
	})
}

func TestPromotionCodes(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, err := f.svc.FindPromotion(ctx, "nope"); err == nil {
		t.Fatal("found an unknown code")
	}
	c, err := f.svc.ActivatePromotion(ctx, member, "ngern50")
	if err != nil || c.Amount != 5000 || c.Type != promo.TypePromotion {
		t.Fatalf("%+v %v", c, err)
	}
	if p, ok, _ := f.svc.CurrentPromotion(ctx, member); !ok || p.Code != "NGERN50" {
		t.Fatal("no current promotion")
	}
	f.svc.Clear(ctx, member)
	_, err = f.svc.ActivatePromotion(ctx, member, "NGERN50")
	wantCode(t, err, errs.PromotionReceived)
	f.store.since["m2"], f.store.since["m3"] = start, start
	if _, err := f.svc.ActivatePromotion(ctx, "m2", "NGERN50"); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.ActivatePromotion(ctx, "m3", "NGERN50")
	wantCode(t, err, errs.BonusFull)
}

func TestSaveValidates(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	for _, tc := range []struct {
		name  string
		b     promo.Bonus
		field string
	}{
		{"lowercase code is uppercased, bad characters refused", promo.Bonus{Code: "a b", Name: "x", Type: promo.TypeDay, MaxReceived: 1, Fixed: 1}, "code"},
		{"type", promo.Bonus{Code: "AB", Name: "x", Type: "month", MaxReceived: 1, Fixed: 1}, "type"},
		{"maxReceived", promo.Bonus{Code: "AB", Name: "x", Type: promo.TypeDay, Fixed: 1}, "maxReceived"},
		{"no amount", promo.Bonus{Code: "AB", Name: "x", Type: promo.TypeDay, MaxReceived: 1}, "fixed"},
		{"success at or below 100 %", promo.Bonus{Code: "AB", Name: "x", Type: promo.TypeDay, MaxReceived: 1, Fixed: 1, SuccessPercent: 100}, "successPercent"},
		{"percentFail over 100", promo.Bonus{Code: "AB", Name: "x", Type: promo.TypeDay, MaxReceived: 1, Fixed: 1, PercentFail: 101}, "percentFail"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.SaveBonus(ctx, tc.b)
			var e *errs.Error
			if !errors.As(err, &e) || e.Field != tc.field {
				t.Fatalf("err = %v, want a fault on %s", err, tc.field)
			}
		})
	}
	b, err := f.svc.SaveBonus(ctx, promo.Bonus{Code: "daily2", Name: "x", Type: promo.TypeDay, MaxReceived: 1, Fixed: 1})
	if err != nil || b.Code != "DAILY2" || b.SuccessPercent != promo.DefaultSuccessPercent || b.PercentFail != promo.DefaultPercentFail {
		t.Fatalf("%+v %v", b, err)
	}
}

// TestOnlyPlayMovesProgress credits the member, while WELCOME's condition
// (base 200.00, target 600.00, minimum 20.00) is active, with every kind
// of credit the server makes: only a game result may end it.
func TestOnlyPlayMovesProgress(t *testing.T) {
	ctx := context.Background()
	const amount = money.Satang(50000) // 500.00: total 700.00, past the target
	wallet := ledger.Wallet(member)
	for _, tc := range []struct {
		name   string
		before func(f *fixture) // before the bonus is received
		during func(f *fixture)
		want   promo.Status
		play   money.Satang
	}{
		{name: "deposit by slip", during: func(f *fixture) { f.deps.deposit(member, amount, f.clk.now()) }, want: promo.Active},
		{name: "deposit by QR", during: func(f *fixture) { f.store.post(deposit.JournalKind, ledger.Deposits, wallet, amount) }, want: promo.Active},
		{name: "deposit by gift voucher", during: func(f *fixture) { f.store.post(deposit.JournalKind, ledger.Deposits, wallet, amount) }, want: promo.Active},
		{name: "operator adjustment credit", during: func(f *fixture) { f.store.post(ledger.Adjustment, ledger.Adjustments, wallet, amount) }, want: promo.Active},
		{name: "spin wheel cash coupon", during: func(f *fixture) { f.store.post(spin.KindPrizeCash, ledger.Prizes, wallet, amount) }, want: promo.Active},
		{name: "rejected withdrawal returned",
			before: func(f *fixture) {
				f.deps.deposit(member, amount, start.Add(-time.Hour))
				f.store.post(ledger.WithdrawHold, wallet, ledger.WithdrawalsPending, amount)
			},
			during: func(f *fixture) { f.store.post(ledger.WithdrawReturn, ledger.WithdrawalsPending, wallet, amount) },
			want:   promo.Active},
		{name: "cashback refund", during: func(f *fixture) { f.store.post(rewards.KindRefund, ledger.RefundExpense, wallet, amount) }, want: promo.Active},
		{name: "invite commission", during: func(f *fixture) { f.store.post(rewards.KindInvite, ledger.InviteExpense, wallet, amount) }, want: promo.Active},
		{name: "transfer into a game and back", during: func(f *fixture) {
			f.store.move(wallet, ledger.Game(member, "G"), 20000)
			f.store.move(ledger.Game(member, "G"), wallet, 20000)
		}, want: promo.Active},
		{name: "operator adjustment debit does not fail it", during: func(f *fixture) {
			f.store.post(ledger.Adjustment, wallet, ledger.Adjustments, 19000)
		}, want: promo.Active},
		{name: "a game win", during: func(f *fixture) {
			f.store.move(wallet, ledger.Game(member, "G"), 20000)
			f.store.move(ledger.Clearing("G"), ledger.Game(member, "G"), 40000)
		}, want: promo.Success, play: 40000},
		{name: "a game loss", during: func(f *fixture) { f.lose(18001) }, want: promo.Failed, play: -18001},
		{name: "a seamless game win", during: func(f *fixture) {
			f.store.post(ledger.GameBet, wallet, ledger.Games("sim"), 20000)
			f.store.post(ledger.GameWin, ledger.Games("sim"), wallet, 60000)
		}, want: promo.Success, play: 40000},
		{name: "a seamless game loss", during: func(f *fixture) {
			f.store.post(ledger.GameBet, wallet, ledger.Games("sim"), 18001)
		}, want: promo.Failed, play: -18001},
		{name: "a seamless bet rolled back is no play", during: func(f *fixture) {
			f.store.post(ledger.GameBet, wallet, ledger.Games("sim"), 18001)
			f.store.post(ledger.GameRollback, ledger.Games("sim"), wallet, 18001)
		}, want: promo.Active},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.deps.deposit(member, 10000, start.Add(-2*time.Hour))
			if tc.before != nil {
				tc.before(f)
			}
			c, err := f.svc.ActivateBonus(ctx, member, "WELCOME")
			if err != nil {
				t.Fatal(err)
			}
			if c.Base != 20000 {
				t.Fatalf("base %s", c.Base)
			}
			f.clk.set(start.Add(time.Minute))
			tc.during(f)
			p, _, err := f.svc.Active(ctx, member)
			if err != nil {
				t.Fatal(err)
			}
			if p.Status != tc.want || p.Play != tc.play || p.Progress != c.Base+tc.play {
				t.Fatalf("status %s play %s progress %s (total %s), want %s play %s", p.Status, p.Play, p.Progress,
					p.Total, tc.want, tc.play)
			}
			got, _ := f.store.Condition(ctx, c.ID)
			if got.Status != tc.want {
				t.Fatalf("stored status %s, want %s", got.Status, tc.want)
			}
		})
	}
}

// TestPlayBookedBeforeTheStartIsNotCounted: a game result booked before the
// condition started is in its base, not in its progress, even when booked
// within PlayWindow.
func TestPlayBookedBeforeTheStartIsNotCounted(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.deps.deposit(member, 10000, start.Add(-2*time.Hour))
	f.store.move(ledger.Wallet(member), ledger.Game(member, "G"), 10000)
	f.clk.set(start.Add(-time.Minute))
	f.store.move(ledger.Clearing("G"), ledger.Game(member, "G"), 30000) // won 300.00 a minute before
	f.clk.set(start)
	c, err := f.svc.ActivateBonus(ctx, member, "WELCOME") // base 500.00, target 1,500.00
	if err != nil || c.Base != 50000 || c.PlayMark != 30000 {
		t.Fatalf("%+v %v", c, err)
	}
	p, active, err := f.svc.Active(ctx, member)
	if err != nil || !active || p.Play != 0 || p.Progress != 50000 {
		t.Fatalf("%+v active %v %v", p, active, err)
	}
}
