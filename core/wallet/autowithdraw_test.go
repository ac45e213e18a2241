package wallet

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

var testRules = settings.AutoWithdraw{Enabled: true, MaxAmount: money.FromBaht(1000), MaxDayTotal: money.FromBaht(3000),
	MaxDayCount: 3, MinAccountAgeDays: 7, RequireNoBonus: true, MinDepositPercent: 50}

// TestEvaluateAuto: each rule stops the withdrawal on its own, at its
// bound, and every rule passing approves it.
func TestEvaluateAuto(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	passing := AutoFacts{RegisteredAt: now.AddDate(0, 0, -7), DayCount: 1, DayTotal: money.FromBaht(500),
		DepositsSinceLast: money.FromBaht(250)}
	cases := []struct {
		name      string
		rules     func(*settings.AutoWithdraw)
		facts     func(*AutoFacts)
		amount    money.Satang
		threshold money.Satang
		want      AutoRule
	}{
		{name: "OKAllPass", want: AutoRuleAll},
		{name: "OKAtEveryBound", amount: money.FromBaht(1000), threshold: money.FromBaht(1000),
			facts: func(f *AutoFacts) {
				f.DayCount, f.DayTotal, f.DepositsSinceLast = 3, money.FromBaht(3000), money.FromBaht(500)
			},
			want: AutoRuleAll},
		{name: "OKBonusAllowed", rules: func(r *settings.AutoWithdraw) { r.RequireNoBonus = false },
			facts: func(f *AutoFacts) { f.BonusHeld = true }, want: AutoRuleAll},
		{name: "OKNoDepositCondition", rules: func(r *settings.AutoWithdraw) { r.MinDepositPercent = 0 },
			facts: func(f *AutoFacts) { f.DepositsSinceLast = 0 }, want: AutoRuleAll},
		{name: "OKAnyAge", rules: func(r *settings.AutoWithdraw) { r.MinAccountAgeDays = 0 },
			facts: func(f *AutoFacts) { f.RegisteredAt = now }, want: AutoRuleAll},
		{name: "StopLocked", facts: func(f *AutoFacts) { f.Locked = true }, want: AutoRuleLocked},
		{name: "StopAmount", amount: money.FromBaht(1000) + 1, want: AutoRuleAmount},
		{name: "StopFourEyes", threshold: money.FromBaht(500) - 1, want: AutoRuleFourEyes},
		{name: "StopDayCount", facts: func(f *AutoFacts) { f.DayCount = 4 }, want: AutoRuleDayCount},
		{name: "StopDayTotal", facts: func(f *AutoFacts) { f.DayTotal = money.FromBaht(3000) + 1 }, want: AutoRuleDayTotal},
		{name: "StopAccountAge", facts: func(f *AutoFacts) { f.RegisteredAt = now.AddDate(0, 0, -7).Add(time.Second) },
			want: AutoRuleAccountAge},
		{name: "StopBonus", facts: func(f *AutoFacts) { f.BonusHeld = true }, want: AutoRuleBonus},
		{name: "StopDeposits", facts: func(f *AutoFacts) { f.DepositsSinceLast = money.FromBaht(250) - 1 }, want: AutoRuleDeposits},
		{name: "StopDepositsNone", facts: func(f *AutoFacts) { f.DepositsSinceLast = 0 }, want: AutoRuleDeposits},
		{name: "StopFirstRuleWins", amount: money.FromBaht(2000), facts: func(f *AutoFacts) { f.BonusHeld = true },
			want: AutoRuleAmount},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, f := testRules, passing
			if c.rules != nil {
				c.rules(&r)
			}
			if c.facts != nil {
				c.facts(&f)
			}
			amount, threshold := c.amount, c.threshold
			if amount == 0 {
				amount = money.FromBaht(500)
			}
			if threshold == 0 {
				threshold = money.FromBaht(20000)
			}
			ok, rule := EvaluateAuto(r, threshold, amount, f, now)
			if rule != c.want || ok != (c.want == AutoRuleAll) {
				t.Fatalf("EvaluateAuto = %v, %s; want %s", ok, rule, c.want)
			}
		})
	}
}

// fakeAuto is the rules and the facts store of the auto-approval tests.
type fakeAuto struct {
	mu        sync.Mutex
	rules     settings.AutoWithdraw
	rulesErr  error
	facts     AutoFacts
	factsErr  error
	recordErr error
	dayStart  time.Time
	decisions map[string]AutoDecision
}

func (f *fakeAuto) AutoWithdraw(context.Context) (settings.AutoWithdraw, error) {
	return f.rules, f.rulesErr
}
func (f *fakeAuto) WithdrawApprovalThreshold(context.Context) (money.Satang, error) {
	return money.FromBaht(20000), nil
}

func (f *fakeAuto) AutoWithdrawFacts(_ context.Context, _ Withdrawal, dayStart time.Time) (AutoFacts, error) {
	f.dayStart = dayStart
	return f.facts, f.factsErr
}

func (f *fakeAuto) RecordAutoDecision(_ context.Context, d AutoDecision) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.recordErr != nil {
		return f.recordErr
	}
	f.decisions[d.WithdrawalID] = d
	return nil
}

func (f *fakeAuto) AutoDecisions(_ context.Context, ids []string) (map[string]AutoDecision, error) {
	out := map[string]AutoDecision{}
	for _, id := range ids {
		if d, ok := f.decisions[id]; ok {
			out[id] = d
		}
	}
	return out, nil
}

// TestWithdrawAutoApproval: a withdrawal the rules pass is approved by the
// system at once (the hold is paid out); one they stop, or that cannot be
// evaluated, waits for operators with the hold in place.
func TestWithdrawAutoApproval(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("boom")
	good := AutoFacts{RegisteredAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), DayCount: 1, DayTotal: money.FromBaht(500),
		DepositsSinceLast: money.FromBaht(1000)}
	cases := []struct {
		name     string
		setup    func(*fakeAuto)
		status   WithdrawalStatus
		recorded AutoRule // "": no decision recorded
	}{
		{name: "OKApproved", status: WithdrawalApproved, recorded: AutoRuleAll},
		{name: "QueuedByRule", setup: func(f *fakeAuto) { f.facts.BonusHeld = true }, status: WithdrawalPending, recorded: AutoRuleBonus},
		{name: "QueuedWhenOff", setup: func(f *fakeAuto) { f.rules.Enabled = false }, status: WithdrawalPending},
		{name: "QueuedRulesUnread", setup: func(f *fakeAuto) { f.rulesErr = boom }, status: WithdrawalPending},
		{name: "QueuedFactsUnread", setup: func(f *fakeAuto) { f.factsErr = boom }, status: WithdrawalPending, recorded: AutoRuleError},
		{name: "QueuedNotRecorded", setup: func(f *fakeAuto) { f.recordErr = boom }, status: WithdrawalPending},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			f := &fakeAuto{rules: testRules, facts: good, decisions: map[string]AutoDecision{}}
			if c.setup != nil {
				c.setup(f)
			}
			e.svc = NewService(Deps{Store: e.store, Ledger: e.store, Provider: e.p, Members: e.store, Limits: e.store,
				Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return e.now },
				IDs: func() string { e.ids++; return idN(e.ids) }, AutoRules: f, AutoStore: f}, DefaultConfig())
			e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
			w, err := e.svc.Withdraw(ctx, member, money.FromBaht(500))
			if err != nil {
				t.Fatal(err)
			}
			stored, _ := e.store.Withdrawal(ctx, w.ID)
			if w.Status != c.status || stored.Status != c.status {
				t.Fatalf("status %s (stored %s), want %s", w.Status, stored.Status, c.status)
			}
			held, paid := e.store.bal(ledger.WithdrawalsPending), e.store.bal(ledger.WithdrawalsOut)
			if c.status == WithdrawalApproved && (held != 0 || paid != money.FromBaht(500) || w.DecidedBy != AutoApprover) {
				t.Fatalf("approved: held %s, paid %s, by %q", held, paid, w.DecidedBy)
			}
			if c.status == WithdrawalPending && (held != money.FromBaht(500) || paid != 0) {
				t.Fatalf("pending: held %s, paid %s", held, paid)
			}
			d, ok := f.decisions[w.ID]
			if (c.recorded == "") == ok || (ok && (d.Rule != c.recorded || d.Approved != (c.recorded == AutoRuleAll))) {
				t.Fatalf("decision %+v (recorded %v), want %s", d, ok, c.recorded)
			}
			if ok {
				list, err := e.svc.Withdrawals(ctx, c.status)
				if err != nil || len(list) != 1 || list[0].Auto == nil || list[0].Auto.Rule != c.recorded {
					t.Fatalf("Withdrawals = %+v, %v", list, err)
				}
			}
		})
	}
	t.Run("OKDayStartsInBangkok", func(t *testing.T) {
		e := newEnv(t)
		e.now = time.Date(2026, 11, 22, 18, 30, 0, 0, time.UTC) // 01:30 on the 23rd in Bangkok
		f := &fakeAuto{rules: testRules, facts: good, decisions: map[string]AutoDecision{}}
		e.svc = NewService(Deps{Store: e.store, Ledger: e.store, Provider: e.p, Members: e.store, Limits: e.store,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return e.now },
			IDs: func() string { e.ids++; return idN(e.ids) }, AutoRules: f, AutoStore: f}, DefaultConfig())
		e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
		if _, err := e.svc.Withdraw(ctx, member, money.FromBaht(500)); err != nil {
			t.Fatal(err)
		}
		if want := time.Date(2026, 11, 22, 17, 0, 0, 0, time.UTC); !f.dayStart.Equal(want) {
			t.Fatalf("day start %s, want %s", f.dayStart.UTC(), want)
		}
	})
}
