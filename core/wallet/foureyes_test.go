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
	e := newEnv(t)
	if _, err := e.svc.QueryTransfer(ctx, "nope"); !errs.HasCode(err, errs.NoData) {
		t.Fatalf("unknown transfer: %v", err)
	}
}
