package wallet

import (
	"context"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

func TestWithdraw(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		amount  money.Satang
		pending bool // the member has a withdrawal waiting
		want    errs.Code
		field   string
		wallet  money.Satang // after, from 1,000 baht
	}{
		{name: "OK", amount: money.FromBaht(100), wallet: money.FromBaht(900)},
		{name: "OKMaximum", amount: money.FromBaht(1000), wallet: 0},
		{name: "ErrBelowMinimum", amount: money.FromBaht(100) - 1, want: errs.WithdrawMinimum, field: "amount",
			wallet: money.FromBaht(1000)},
		{name: "ErrAboveMaximum", amount: money.FromBaht(50000) + 1, want: errs.WithdrawMaximum, field: "amount",
			wallet: money.FromBaht(1000)},
		{name: "ErrMoneyNotEnough", amount: money.FromBaht(1000) + 1, want: errs.MoneyNotEnough,
			wallet: money.FromBaht(1000)},
		{name: "ErrPending", amount: money.FromBaht(100), pending: true, want: errs.WithdrawPending,
			wallet: money.FromBaht(800)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
			if c.pending {
				if _, err := e.svc.Withdraw(ctx, member, money.FromBaht(200)); err != nil {
					t.Fatal(err)
				}
			}
			next := idN(e.ids + 1)
			w, err := e.svc.Withdraw(ctx, member, c.amount)
			wantCode(t, err, c.want)
			if c.field != "" && errs.As(err).Field != c.field {
				t.Errorf("field %q, want %q", errs.As(err).Field, c.field)
			}
			if e.wallet() != c.wallet {
				t.Errorf("wallet %s, want %s", e.wallet(), c.wallet)
			}
			if c.want != "" {
				return
			}
			if w.ID != next || w.Status != WithdrawalPending || w.Amount != c.amount || w.MemberID != member ||
				w.CreatedAt != e.now || e.store.bal(ledger.WithdrawalsPending) != c.amount {
				t.Fatalf("withdrawal %+v, held %s", w, e.store.bal(ledger.WithdrawalsPending))
			}
			list, err := e.svc.Withdrawals(ctx, WithdrawalPending)
			if err != nil || len(list) != 1 || list[0].ID != w.ID {
				t.Fatalf("Withdrawals = %+v, %v", list, err)
			}
		})
	}
	t.Run("OKLimitsAreRead", func(t *testing.T) {
		e := newEnv(t)
		e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
		e.store.limits.Min = money.FromBaht(500)
		_, err := e.svc.Withdraw(ctx, member, money.FromBaht(400))
		wantCode(t, err, errs.WithdrawMinimum)
	})
}

func TestWithdrawAll(t *testing.T) {
	ctx := context.Background()
	a := game(0)
	t.Run("OKWholeWalletWithGames", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
		e.into(a, money.FromBaht(300))
		w, err := e.svc.WithdrawAll(ctx, member, 0)
		if err != nil || w.Amount != money.FromBaht(1000) || e.wallet() != 0 || e.gameBal(a) != 0 {
			t.Fatalf("WithdrawAll = %+v, %v; wallet %s, game %s", w, err, e.wallet(), e.gameBal(a))
		}
	})
	t.Run("OKAmount", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
		e.into(a, money.FromBaht(300))
		w, err := e.svc.WithdrawAll(ctx, member, money.FromBaht(800))
		if err != nil || w.Amount != money.FromBaht(800) || e.wallet() != money.FromBaht(200) {
			t.Fatalf("WithdrawAll = %+v, %v; wallet %s", w, err, e.wallet())
		}
	})
	t.Run("ErrEmpty", func(t *testing.T) {
		e := newEnv(t)
		_, err := e.svc.WithdrawAll(ctx, member, 0)
		wantCode(t, err, errs.MoneyNotEnough)
	})
	t.Run("ErrGameMoneyNotBackNothingWithdrawn", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
		e.into(a, money.FromBaht(300))
		e.p.next = refuse
		_, err := e.svc.WithdrawAll(ctx, member, 0)
		wantCode(t, err, errs.TransferFail)
		if e.wallet() != money.FromBaht(700) || e.store.bal(ledger.WithdrawalsPending) != 0 {
			t.Fatalf("wallet %s, held %s", e.wallet(), e.store.bal(ledger.WithdrawalsPending))
		}
	})
}

func TestDecideWithdrawal(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		decide func(s *Service, id string) (Withdrawal, error)
		want   errs.Code
		status WithdrawalStatus
		wallet money.Satang // after, from 1,000 baht less 300 withdrawn
		paid   money.Satang
	}{
		{name: "OKApprove", decide: func(s *Service, id string) (Withdrawal, error) { w, _, err := s.Approve(ctx, id, "op1"); return w, err },
			status: WithdrawalApproved, wallet: money.FromBaht(700), paid: money.FromBaht(300)},
		{name: "OKReject", decide: func(s *Service, id string) (Withdrawal, error) {
			return s.Reject(ctx, id, " wrong account ", "op1")
		}, status: WithdrawalRejected, wallet: money.FromBaht(1000)},
		{name: "ErrRejectWithoutReason", decide: func(s *Service, id string) (Withdrawal, error) {
			return s.Reject(ctx, id, "  ", "op1")
		}, want: errs.InvalidRequest, status: WithdrawalPending, wallet: money.FromBaht(700)},
		{name: "ErrRejectLongReason", decide: func(s *Service, id string) (Withdrawal, error) {
			return s.Reject(ctx, id, string(make([]byte, 501)), "op1")
		}, want: errs.InvalidRequest, status: WithdrawalPending, wallet: money.FromBaht(700)},
		{name: "ErrUnknown", decide: func(s *Service, _ string) (Withdrawal, error) {
			w, _, err := s.Approve(ctx, "nope", "op1")
			return w, err
		},
			want: errs.NoData, status: WithdrawalPending, wallet: money.FromBaht(700)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.store.fund(t, ledger.Wallet(member), money.FromBaht(1000))
			w, err := e.svc.Withdraw(ctx, member, money.FromBaht(300))
			if err != nil {
				t.Fatal(err)
			}
			e.now = e.now.Add(time.Hour)
			got, err := c.decide(e.svc, w.ID)
			wantCode(t, err, c.want)
			stored, _ := e.store.Withdrawal(ctx, w.ID)
			if stored.Status != c.status || e.wallet() != c.wallet || e.store.bal(ledger.WithdrawalsOut) != c.paid {
				t.Fatalf("withdrawal %+v, wallet %s, paid %s", stored, e.wallet(), e.store.bal(ledger.WithdrawalsOut))
			}
			if c.want != "" {
				return
			}
			if got.Status != c.status || got.DecidedBy != "op1" || got.DecidedAt == nil || !got.DecidedAt.Equal(e.now) ||
				(c.status == WithdrawalRejected && got.Reason != "wrong account") {
				t.Fatalf("decided %+v", got)
			}
			// Decided once only, whichever way is asked next.
			_, _, err = e.svc.Approve(ctx, w.ID, "op2")
			wantCode(t, err, errs.NoData)
			_, err = e.svc.Reject(ctx, w.ID, "again", "op2")
			wantCode(t, err, errs.NoData)
			if e.wallet() != c.wallet || e.store.bal(ledger.WithdrawalsOut) != c.paid {
				t.Fatalf("second decision moved money: wallet %s, paid %s", e.wallet(), e.store.bal(ledger.WithdrawalsOut))
			}
			if list, _ := e.svc.Withdrawals(ctx, WithdrawalPending); len(list) != 0 {
				t.Fatalf("still listed: %+v", list)
			}
		})
	}
}
