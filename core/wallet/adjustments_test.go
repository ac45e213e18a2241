package wallet

import (
	"context"
	"errors"
	"testing"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

func TestAdjust(t *testing.T) {
	ctx := context.Background()
	const phone = "0812345678"
	cases := []struct {
		name   string
		adj    Adjustment
		want   errs.Code
		wallet money.Satang // after, from 100 baht
	}{
		{name: "OKCredit", adj: Adjustment{Phone: phone, Amount: 2550, Reason: "bonus", By: "op1"}, wallet: 12550},
		{name: "OKDebit", adj: Adjustment{Phone: " " + phone + " ", Amount: -10000, Reason: "correction"}, wallet: 0},
		{name: "ErrDebitBelowZero", adj: Adjustment{Phone: phone, Amount: -10001, Reason: "x"},
			want: errs.MoneyNotEnough, wallet: 10000},
		{name: "ErrZero", adj: Adjustment{Phone: phone, Reason: "x"}, want: errs.InvalidAmount, wallet: 10000},
		{name: "ErrTooLarge", adj: Adjustment{Phone: phone, Amount: money.Max + 1, Reason: "x"},
			want: errs.InvalidAmount, wallet: 10000},
		{name: "ErrNoReason", adj: Adjustment{Phone: phone, Amount: 100, Reason: " "}, want: errs.InvalidRequest,
			wallet: 10000},
		{name: "ErrUnknownPhone", adj: Adjustment{Phone: "0899999999", Amount: 100, Reason: "x"}, want: errs.NoUser,
			wallet: 10000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.store.members[phone] = &account.Member{ID: member, Phone: phone}
			e.store.fund(t, ledger.Wallet(member), 10000)
			bal, err := e.svc.Adjust(ctx, c.adj)
			wantCode(t, err, c.want)
			if e.wallet() != c.wallet || (err == nil && bal != c.wallet) {
				t.Fatalf("Adjust = %s; wallet %s, want %s", bal, e.wallet(), c.wallet)
			}
			if err != nil {
				return
			}
			j, ok := e.store.journals[string(ledger.Adjustment)+"/"+idN(1)]
			if !ok || j.Memo != c.adj.Reason || j.By != c.adj.By || j.MemberID != member {
				t.Fatalf("journal %+v (found %v)", j, ok)
			}
		})
	}
	t.Run("ErrSameRefTwice", func(t *testing.T) {
		e := newEnv(t)
		e.store.members[phone] = &account.Member{ID: member, Phone: phone}
		adj := Adjustment{Phone: phone, Amount: 500, Reason: "promo", Ref: "promo-1"}
		if _, err := e.svc.Adjust(ctx, adj); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Adjust(ctx, adj); !errors.Is(err, ledger.ErrDuplicate) {
			t.Fatalf("second adjustment: %v", err)
		}
		if e.wallet() != 500 {
			t.Fatalf("wallet %s", e.wallet())
		}
	})
}
