package wallet

import (
	"context"
	"testing"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

func TestApproveFourEyes(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		amount money.Satang
		steps  []string // approvers, in order
		codes  []errs.Code
		paid   []bool
		final  WithdrawalStatus
	}{
		{"OKAtThresholdOneApproval", money.FromBaht(20000), []string{"a"}, []errs.Code{""}, []bool{true}, WithdrawalApproved},
		{"OKAboveThresholdTwoApprovers", money.FromBaht(20000) + 1, []string{"a", "b"}, []errs.Code{"", ""}, []bool{false, true}, WithdrawalApproved},
		{"ErrSameApproverTwice", money.FromBaht(30000), []string{"a", "a"}, []errs.Code{"", errs.SameApprover}, []bool{false, false}, WithdrawalPending},
		{"OKConfigCountsAsOperator", money.FromBaht(30000), []string{"config", "a"}, []errs.Code{"", ""}, []bool{false, true}, WithdrawalApproved},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.store.fund(t, ledger.Wallet(member), money.FromBaht(40000))
			e.store.limits.Max = money.FromBaht(50000)
			w, err := e.svc.Withdraw(ctx, member, c.amount)
			if err != nil {
				t.Fatal(err)
			}
			for i, by := range c.steps {
				got, paid, err := e.svc.Approve(ctx, w.ID, by)
				wantCode(t, err, c.codes[i])
				if paid != c.paid[i] {
					t.Fatalf("step %d: paid = %v", i, paid)
				}
				if err == nil && !paid && (got.Status != WithdrawalPending || len(got.ApprovedBy) != 1) {
					t.Fatalf("step %d: first approval answered %+v", i, got)
				}
			}
			stored, _ := e.store.Withdrawal(ctx, w.ID)
			if stored.Status != c.final {
				t.Fatalf("status = %s", stored.Status)
			}
			wantOut := money.Satang(0)
			if c.final == WithdrawalApproved {
				wantOut = c.amount
			}
			if out := e.store.bal(ledger.WithdrawalsOut); out != wantOut {
				t.Fatalf("paid out %s, want %s", out, wantOut)
			}
		})
	}
}

func TestQueryTransferSettlesOnlyOnDefiniteAnswer(t *testing.T) {
	ctx := context.Background()
	a := game(0)
	cases := []struct {
		name   string
		fate   fate
		down   bool
		status TransferStatus
		state  TransferState
		wallet money.Satang
	}{
		{"OKExecutedIsSettled", executeAndLose, false, StatusDone, Done, 700},
		{"OKNotExecutedIsReversed", loseUnexecuted, false, StatusNotFound, Failed, 1000},
		{"OKNoAnswerStaysOpen", executeAndLose, true, "", Unknown, 700},
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
			// The lost answer left it UNKNOWN; asked at once, before its next check.
			q, err := e.svc.QueryTransfer(ctx, id)
			if err != nil || q.ProviderStatus != c.status || q.Transfer.State != c.state || q.Before != Unknown || e.wallet() != c.wallet {
				t.Fatalf("query = %+v, %v; wallet %s", q, err, e.wallet())
			}
			if c.state != Unknown {
				_, err = e.svc.QueryTransfer(ctx, id)
				wantCode(t, err, errs.NoData) // final: nothing more to ask
			}
		})
	}
	t.Run("ErrUnknownTransfer", func(t *testing.T) {
		_, err := newEnv(t).svc.QueryTransfer(ctx, "nope")
		wantCode(t, err, errs.NoData)
	})
}
