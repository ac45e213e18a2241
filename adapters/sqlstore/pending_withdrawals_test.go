package sqlstore_test

import (
	"context"
	"fmt"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/wallet"
)

// TestPendingWithdrawals checks the queue's store reads (migration 0039):
// the count and sum of every PENDING withdrawal, decided ones left out, and
// the queue's oldest first, cut at its limit.
func TestPendingWithdrawals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		var waiting []string
		var sum money.Satang
		for i := range 4 {
			m := newMember(fmt.Sprintf("081234567%d", i), fmt.Sprintf("123456789%d", i))
			if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: 1_000_00, Reason: "top up", By: "test"}); err != nil {
				t.Fatal(err)
			}
			amount := money.Satang(i+1) * 100_00
			w, err := e.svc.Withdraw(ctx, m.ID, amount)
			if err != nil {
				t.Fatal(err)
			}
			if i == 1 { // decided: neither counted nor listed
				if _, err := e.svc.Reject(ctx, w.ID, "name mismatch", "test"); err != nil {
					t.Fatal(err)
				}
				continue
			}
			waiting = append(waiting, w.ID)
			sum += amount
		}
		n, total, err := e.svc.PendingWithdrawals(ctx)
		if err != nil || n != len(waiting) || total != sum {
			t.Fatalf("pending %d, %s, %v; want %d, %s", n, total, err, len(waiting), sum)
		}
		for _, c := range []struct {
			name  string
			limit int
			want  []string
		}{
			{"every one", 0, waiting},
			{"the oldest two", 2, waiting[:2]},
			{"more than wait", 10, waiting},
		} {
			t.Run(c.name, func(t *testing.T) {
				list, err := e.repo.Withdrawals(ctx, wallet.WithdrawalPending, c.limit)
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, w := range list {
					got = append(got, w.ID)
				}
				if fmt.Sprint(got) != fmt.Sprint(c.want) {
					t.Fatalf("queue %v, want %v", got, c.want)
				}
			})
		}
	})
}
