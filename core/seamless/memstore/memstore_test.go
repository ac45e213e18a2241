package memstore_test

import (
	"context"
	"sync"
	"testing"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

func bet(tx string, amount int64) seamless.Record {
	return seamless.Record{Provider: "sim", TxID: tx, Kind: seamless.Bet, MemberID: "m1", RoundID: "r", Game: "g", Amount: money.Satang(amount)}
}

func TestApply(t *testing.T) {
	ctx := context.Background()
	t.Run("OK", func(t *testing.T) {
		s := memstore.New()
		s.Seed("m1", 1000)
		r, existed, err := s.Apply(ctx, bet("b1", 300))
		if err != nil || existed || r.Balance != 700 || r.JournalID == "" || r.State != seamless.Applied {
			t.Fatalf("Apply = %+v, %v, %v", r, existed, err)
		}
	})
	t.Run("ErrMoneyNotEnough", func(t *testing.T) {
		s := memstore.New()
		s.Seed("m1", 100)
		if _, _, err := s.Apply(ctx, bet("b1", 101)); errs.CodeOf(err) != errs.MoneyNotEnough {
			t.Fatalf("err = %v, want MONEY_NOT_ENOUGH", err)
		}
		if _, err := s.Transaction(ctx, "sim", "b1"); errs.CodeOf(err) != errs.NoData {
			t.Fatalf("a refused bet was stored: %v", err)
		}
	})
	t.Run("OncePerIDConcurrently", func(t *testing.T) {
		s := memstore.New()
		s.Seed("m1", 1000)
		var wg sync.WaitGroup
		var mu sync.Mutex
		fresh := 0
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, existed, err := s.Apply(ctx, bet("b1", 300))
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				defer mu.Unlock()
				if !existed {
					fresh++
				}
			}()
		}
		wg.Wait()
		if fresh != 1 || s.Wallet("m1") != 700 || len(s.Journals()) != 1 {
			t.Fatalf("%d stored, wallet %d, %d journals", fresh, s.Wallet("m1"), len(s.Journals()))
		}
	})
}

func TestCancel(t *testing.T) {
	ctx := context.Background()
	rb := seamless.Record{Provider: "sim", TxID: "x1", Kind: seamless.Rollback, MemberID: "m1", RefTxID: "b1"}
	t.Run("Reverses", func(t *testing.T) {
		s := memstore.New()
		s.Seed("m1", 1000)
		if _, _, err := s.Apply(ctx, bet("b1", 300)); err != nil {
			t.Fatal(err)
		}
		r, existed, err := s.Cancel(ctx, rb)
		if err != nil || existed || r.Balance != 1000 || r.Amount != 300 || r.JournalID == "" {
			t.Fatalf("Cancel = %+v, %v, %v", r, existed, err)
		}
		b, _ := s.Transaction(ctx, "sim", "b1")
		if b.State != seamless.RolledBack {
			t.Fatalf("bet state %s", b.State)
		}
		if _, existed, _ := s.Cancel(ctx, rb); !existed || s.Wallet("m1") != 1000 {
			t.Fatalf("repeated cancel: existed %v, wallet %d", existed, s.Wallet("m1"))
		}
	})
	t.Run("Tombstone", func(t *testing.T) {
		s := memstore.New()
		s.Seed("m1", 1000)
		if _, _, err := s.Cancel(ctx, rb); err != nil {
			t.Fatal(err)
		}
		r, existed, err := s.Apply(ctx, bet("b1", 300))
		if err != nil || !existed || r.State != seamless.Tombstone || s.Wallet("m1") != 1000 {
			t.Fatalf("late bet: %+v, %v, %v, wallet %d", r, existed, err, s.Wallet("m1"))
		}
	})
}
