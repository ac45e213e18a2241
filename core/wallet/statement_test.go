package wallet

import (
	"context"
	"fmt"
	"testing"
	"time"

	"ngern/core/errs"
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

func TestStatementBefore(t *testing.T) {
	e := newEnv(t)
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range 23 {
		// Two items a minute: the id breaks the tie.
		e.store.statement = append(e.store.statement, StatementItem{ID: fmt.Sprintf("s%02d", 99-i),
			CreatedAt: base.Add(-time.Duration(i/2) * time.Minute)})
	}
	var got []string
	var cursor StatementCursor
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("the pages never end")
		}
		items, next, err := e.svc.StatementBefore(context.Background(), member, cursor, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			got = append(got, it.ID)
		}
		if next.IsZero() {
			break
		}
		if back, err := ParseStatementCursor(next.String()); err != nil || back != next {
			t.Fatalf("cursor %q read back as %+v, %v", next.String(), back, err)
		}
		cursor = next
	}
	if len(got) != 23 || got[0] != "s99" || got[22] != "s77" {
		t.Fatalf("pages read %v", got)
	}
	t.Run("ErrNotACursor", func(t *testing.T) {
		for _, s := range []string{"x", "2026-01-02T03:04:05Z", "2026-01-02T03:04:05Z_", "yesterday_s1"} {
			if _, err := ParseStatementCursor(s); !errs.HasCode(err, errs.InvalidRequest) {
				t.Errorf("%q: %v", s, err)
			}
		}
	})
}
