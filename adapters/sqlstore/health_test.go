package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/health"
	"ngern/core/wallet"
)

func TestHealthSnapshot(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		h := sqlstore.NewHealth(db)
		now := time.Now()
		s, err := h.Snapshot(ctx, now, now.Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if s.Transfers["UNKNOWN"] != 0 || !s.OldestUnknown.IsZero() || !s.OldestDue.IsZero() {
			t.Fatalf("empty install: %+v", s)
		}
		if len(s.Queues) != 7 || len(s.Deposits) != 8 {
			t.Fatalf("queues %v, deposits %v", s.Queues, s.Deposits)
		}

		e := newWalletEnv(t, db)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: 1000_00, Reason: "welcome", By: "test"}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Withdraw(ctx, m.ID, 500_00); err != nil {
			t.Fatal(err)
		}
		s, err = h.Snapshot(ctx, time.Now(), now.Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range s.Queues {
			want := 0
			if q.Name == health.QueueWithdrawals {
				want = 1
			}
			if q.Size != want || q.Oldest.IsZero() != (want == 0) {
				t.Fatalf("queue %+v, want %d", q, want)
			}
		}
	})
}
