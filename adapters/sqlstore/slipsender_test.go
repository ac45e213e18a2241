package sqlstore_test

import (
	"context"
	"slices"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
)

// TestSenderAccounts: the accounts of other members of a bank that hold a
// slip's visible digits, for telling whether the slip singles out its sender.
func TestSenderAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		store := sqlstore.NewDeposits(db)
		a, b, c, d := newMember("0815550001", "2222678902"), newMember("0815550002", "3333678904"),
			newMember("0815550003", "4444123405"), newMember("0815550004", "5555678906")
		d.BankCode = "SCB"
		for _, m := range []*account.Member{a, b, c, d} {
			if err := accounts.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
		}
		for _, tc := range []struct {
			name, bank, digits, except string
			limit                      int
			want                       []string
		}{
			{"OtherMembersOfTheBank", "KBANK", "7890", a.ID, 10, []string{"3333678904"}},
			{"NotTheUploader", "KBANK", "1234", c.ID, 10, nil},
			{"AnyPosition", "KBANK", "22", c.ID, 10, []string{"2222678902"}},
			{"OtherBank", "SCB", "7890", a.ID, 10, []string{"5555678906"}},
			{"Limit", "KBANK", "78", c.ID, 1, []string{"?"}},
			{"NoneHoldsIt", "KBANK", "9999", "", 10, nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, err := store.SenderAccounts(ctx, tc.bank, tc.digits, tc.except, tc.limit)
				if err != nil {
					t.Fatal(err)
				}
				if len(tc.want) == 1 && tc.want[0] == "?" {
					if len(got) != 1 {
						t.Fatalf("%v: want one (the limit)", got)
					}
					return
				}
				slices.Sort(got)
				if !slices.Equal(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
					t.Fatalf("%v, want %v", got, tc.want)
				}
			})
		}
		t.Run("ErrNotDigits", func(t *testing.T) {
			if _, err := store.SenderAccounts(ctx, "KBANK", "7%", a.ID, 10); err == nil {
				t.Fatal("a pattern that is not digits was run")
			}
		})
	})
}
