package wallet

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestStatement(t *testing.T) {
	e := newEnv(t)
	for i := range 73 {
		e.store.statement = append(e.store.statement, StatementItem{ID: fmt.Sprintf("s%d", i)})
	}
	cases := []struct {
		name          string
		page, limit   int
		offset, asked int // what the store is asked
		first         string
		items         int
	}{
		{"OKDefaults", 0, 0, 0, DefaultStatementLimit, "s0", 10},
		{"OKSecondPage", 2, 20, 20, 20, "s20", 20},
		{"OKNegativePageIsFirst", -3, 5, 0, 5, "s0", 5},
		{"OKLimitCapped", 1, 1000, 0, MaxStatementLimit, "s0", 50},
		{"OKLastPartialPage", 8, 10, 70, 10, "s70", 3},
		{"OKPastTheEnd", 9, 10, 80, 10, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items, total, err := e.svc.Statement(context.Background(), member, c.page, c.limit)
			if err != nil || total != 73 || len(items) != c.items || e.store.statementAsked != [2]int{c.offset, c.asked} {
				t.Fatalf("Statement = %d items of %d, %v; asked %v", len(items), total, err, e.store.statementAsked)
			}
			if c.items > 0 && items[0].ID != c.first {
				t.Fatalf("first %s, want %s", items[0].ID, c.first)
			}
		})
	}
}

func TestMemberWithdrawals(t *testing.T) {
	e := newEnv(t)
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range 25 {
		e.store.withdrawals[fmt.Sprintf("w%02d", i)] = &Withdrawal{ID: fmt.Sprintf("w%02d", i), MemberID: member,
			Status: WithdrawalRejected, CreatedAt: base.Add(time.Duration(i) * time.Minute)}
	}
	e.store.withdrawals["other"] = &Withdrawal{ID: "other", MemberID: "someone-else", CreatedAt: base.Add(time.Hour)}
	cases := []struct {
		name  string
		limit int
		items int
	}{
		{"OKDefault", 0, DefaultMemberWithdrawalsLimit},
		{"OKNegativeIsDefault", -1, DefaultMemberWithdrawalsLimit},
		{"OKAsked", 3, 3},
		{"OKCapped", 1000, MaxMemberWithdrawalsLimit},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			list, err := e.svc.MemberWithdrawals(context.Background(), member, c.limit)
			if err != nil || len(list) != c.items {
				t.Fatalf("MemberWithdrawals = %d, %v; want %d", len(list), err, c.items)
			}
			if list[0].ID != "w24" {
				t.Fatalf("first %s, want the newest w24 (only the member's own)", list[0].ID)
			}
		})
	}
}

func TestWithdrawalMemberReason(t *testing.T) {
	cases := []struct {
		name string
		w    Withdrawal
		want string
	}{
		{"OKRejectedSaysWhy", Withdrawal{Status: WithdrawalRejected, Reason: "wrong account"}, "wrong account"},
		{"OKPayoutFailedSaysWhy", Withdrawal{Status: WithdrawalApproved, Reason: "ignored", PayoutStatus: PayoutStatusFailed, PayoutReason: "account closed"}, "account closed"},
		{"OKPaidSaysNothing", Withdrawal{Status: WithdrawalApproved, PayoutStatus: PayoutStatusPaid, PayoutReason: "x"}, ""},
		{"OKPayingSaysNothing", Withdrawal{Status: WithdrawalApproved, PayoutStatus: PayoutStatusUnknown}, ""},
		{"OKPendingSaysNothing", Withdrawal{Status: WithdrawalPending}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.w.MemberReason(); got != c.want {
				t.Fatalf("MemberReason = %q, want %q", got, c.want)
			}
		})
	}
}
