package sqlstore_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
	"ngern/core/wallet"
)

func must(b []byte, err error) json.RawMessage {
	if err != nil {
		panic(err)
	}
	return b
}

// autoEnv is a wallet service with the auto-approval rules on.
func autoEnv(t *testing.T, db *sqlstore.DB, rules settings.AutoWithdraw) (*wallet.Service, *sqlstore.Wallet, *sqlstore.Ledger) {
	t.Helper()
	seed(t, db)
	ctx := context.Background()
	set := settings.NewService(sqlstore.NewSettings(db), settings.Config{}, nil)
	if err := sqlstore.NewSettings(db).PutSetting(ctx, settings.KeyAutoWithdraw, must(json.Marshal(rules))); err != nil {
		t.Fatal(err)
	}
	repo, l := sqlstore.NewWallet(db), sqlstore.NewLedger(db)
	svc := wallet.NewService(wallet.Deps{Store: repo, Ledger: l, Members: sqlstore.NewAccounts(db), Limits: set,
		Log: slog.New(slog.DiscardHandler), AutoRules: set, AutoStore: repo}, wallet.DefaultConfig())
	t.Cleanup(func() { mustVerify(t, l) })
	return svc, repo, l
}

// rawExec runs a statement written with ? on either database.
func rawExec(db *sqlstore.DB, q string, args ...any) (any, error) {
	if db.Dialect() == sqlstore.Postgres {
		q = sqlx.Rebind(sqlx.DOLLAR, q)
	}
	return db.SQL().ExecContext(context.Background(), q, args...)
}

// depositTo credits a deposit (a gift voucher's) at a time.
func depositTo(t *testing.T, db *sqlstore.DB, l *sqlstore.Ledger, memberID string, amount money.Satang, at time.Time) {
	t.Helper()
	j := journal(deposit.JournalKind, memberID, ledger.Move(ledger.Deposits, ledger.Wallet(memberID), amount))
	j.CreatedAt = at.UTC()
	if err := l.Post(context.Background(), j); err != nil {
		t.Fatal(err)
	}
	if _, err := rawExec(db, `INSERT INTO gift_vouchers (voucher, member_id, status, amount, journal_id, created_at, settled_at)
		VALUES (?, ?, 'SUCCESS', ?, ?, ?, ?)`, j.Ref, memberID, amount, j.ID, j.CreatedAt, j.CreatedAt); err != nil {
		t.Fatal(err)
	}
}

// TestAutoWithdrawFacts: the facts the rules read, on both databases.
func TestAutoWithdrawFacts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		off := settings.DefaultAutoWithdraw // off: withdrawals stay as requested
		svc, repo, l := autoEnv(t, db, off)
		m := newMember("0812345678", "1234567890")
		m.CreatedAt = time.Now().UTC().Add(-48 * time.Hour).Truncate(time.Second)
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		dayStart := now.Add(-time.Hour)
		depositTo(t, db, l, m.ID, money.FromBaht(300), now.Add(-3*time.Hour)) // before the previous withdrawal
		credit(t, l, m.ID, money.FromBaht(2000))                              // an adjustment is no deposit

		decide := func(status wallet.WithdrawalStatus, amount money.Satang, at time.Time) {
			t.Helper()
			w := wallet.Withdrawal{ID: account.NewID(), MemberID: m.ID, Amount: amount, Status: wallet.WithdrawalPending, CreatedAt: at}
			if err := repo.RequestWithdrawal(ctx, w, journal(ledger.WithdrawHold, m.ID,
				ledger.Move(ledger.Wallet(m.ID), ledger.WithdrawalsPending, amount))); err != nil {
				t.Fatal(err)
			}
			kind, to := ledger.WithdrawPay, ledger.WithdrawalsOut
			if status == wallet.WithdrawalRejected {
				kind, to = ledger.WithdrawReturn, ledger.Wallet(m.ID)
			}
			j := journal(kind, m.ID, ledger.Move(ledger.WithdrawalsPending, to, amount))
			j.Ref = w.ID
			if ok, err := repo.DecideWithdrawal(ctx, w.ID, status, "", "op", j, at); !ok || err != nil {
				t.Fatalf("decide: %v, %v", ok, err)
			}
		}
		decide(wallet.WithdrawalApproved, money.FromBaht(100), now.Add(-2*time.Hour))    // yesterday (before dayStart), the previous one
		decide(wallet.WithdrawalRejected, money.FromBaht(150), now.Add(-30*time.Minute)) // today but rejected: neither counted nor "previous"
		depositTo(t, db, l, m.ID, money.FromBaht(400), now.Add(-20*time.Minute))
		depositTo(t, db, l, m.ID, money.FromBaht(50), now.Add(-10*time.Minute))

		w, err := svc.Withdraw(ctx, m.ID, money.FromBaht(200))
		if err != nil {
			t.Fatal(err)
		}
		t.Run("OK", func(t *testing.T) {
			f, err := repo.AutoWithdrawFacts(ctx, w, dayStart)
			if err != nil {
				t.Fatal(err)
			}
			want := wallet.AutoFacts{RegisteredAt: m.CreatedAt, DayCount: 1, DayTotal: money.FromBaht(200),
				DepositsSinceLast: money.FromBaht(450)}
			if !f.RegisteredAt.Equal(want.RegisteredAt) || f.Locked || f.BonusHeld || f.DayCount != want.DayCount ||
				f.DayTotal != want.DayTotal || f.DepositsSinceLast != want.DepositsSinceLast {
				t.Fatalf("facts %+v, want %+v", f, want)
			}
		})
		t.Run("OKLockedAndBonus", func(t *testing.T) {
			if err := sqlstore.NewAccounts(db).SetMemberActive(ctx, m.ID, false, now); err != nil {
				t.Fatal(err)
			}
			if _, err := rawExec(db, `INSERT INTO promo_receipts (id, member_id, source, code, period, slot, amount, updated_at)
				VALUES ('r1', ?, 'bonus', 'B1', 'p', 1, 100, ?)`, m.ID, now); err != nil {
				t.Fatal(err)
			}
			if _, err := rawExec(db, `INSERT INTO promo_conditions (id, member_id, source, code, type, amount, success_percent,
				percent_fail, status, created_at, ended_at, play_from) VALUES ('r1', ?, 'bonus', 'B1', 'turnover', 100, 100, 10, 'SUCCESS', ?, ?, ?)`,
				m.ID, now.Add(-5*time.Minute), now, now.Add(-5*time.Minute)); err != nil {
				t.Fatal(err)
			}
			f, err := repo.AutoWithdrawFacts(ctx, w, dayStart)
			if err != nil || !f.Locked || !f.BonusHeld {
				t.Fatalf("facts %+v, %v", f, err)
			}
		})
		t.Run("OKDecisionsRecordedOnce", func(t *testing.T) {
			d := wallet.AutoDecision{WithdrawalID: w.ID, Rule: wallet.AutoRuleDayTotal, At: now}
			if err := repo.RecordAutoDecision(ctx, d); err != nil {
				t.Fatal(err)
			}
			d2 := d
			d2.Approved, d2.Rule = true, wallet.AutoRuleAll
			if err := repo.RecordAutoDecision(ctx, d2); err != nil {
				t.Fatal(err)
			}
			got, err := repo.AutoDecisions(ctx, []string{w.ID, "none"})
			if err != nil || len(got) != 1 || got[w.ID].Rule != wallet.AutoRuleDayTotal || got[w.ID].Approved {
				t.Fatalf("decisions %+v, %v", got, err)
			}
		})
	})
}

// TestAutoWithdrawRace: a member's withdrawals racing cannot both pass a
// daily total that only one fits, on both databases.
func TestAutoWithdrawRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		rules := settings.AutoWithdraw{Enabled: true, MaxAmount: money.FromBaht(1000), MaxDayTotal: money.FromBaht(1500),
			MaxDayCount: 10}
		svc, _, l := autoEnv(t, db, rules)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		depositTo(t, db, l, m.ID, money.FromBaht(5000), time.Now().Add(-time.Minute))
		const n = 8
		var wg sync.WaitGroup
		results := make([]wallet.Withdrawal, n)
		errors := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errors[i] = svc.Withdraw(ctx, m.ID, money.FromBaht(1000))
			}()
		}
		wg.Wait()
		approved, queued := 0, 0
		for i := range n {
			switch {
			case errs.HasCode(errors[i], errs.WithdrawPending):
			case errors[i] != nil:
				t.Fatalf("withdraw: %v", errors[i])
			case results[i].Status == wallet.WithdrawalApproved:
				approved++
			default:
				queued++
			}
		}
		if approved != 1 {
			t.Fatalf("%d approved, %d queued: want exactly one approved", approved, queued)
		}
		// Once the first is decided, a second is recorded and queued by the total.
		if queued == 0 {
			w, err := svc.Withdraw(ctx, m.ID, money.FromBaht(1000))
			if err != nil || w.Status != wallet.WithdrawalPending {
				t.Fatalf("second withdrawal %+v, %v", w, err)
			}
		}
		list, err := svc.Withdrawals(ctx, wallet.WithdrawalPending)
		if err != nil || len(list) != 1 || list[0].Auto == nil || list[0].Auto.Rule != wallet.AutoRuleDayTotal {
			t.Fatalf("pending %+v, %v", list, err)
		}
	})
}
