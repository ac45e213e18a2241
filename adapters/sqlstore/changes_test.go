package sqlstore_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/changes"
	"ngern/core/errs"
)

func newChange(target string) *changes.Change {
	return &changes.Change{ID: account.NewID(), Kind: changes.KindSetting, Scope: changes.ScopeSetting, Target: target,
		Payload: `{"amount":1}`, Summary: `{"amount":1}`, Base: "b", ProposedBy: "alice", ProposerID: "a1",
		ProposedAt: time.Now().UTC().Truncate(time.Microsecond), Status: changes.Pending}
}

func TestChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewChanges(db)
		c := newChange("withdrawApprovalThreshold")
		if err := s.CreateChange(ctx, c); err != nil {
			t.Fatal(err)
		}

		t.Run("ErrOnePendingPerTarget", func(t *testing.T) {
			if err := s.CreateChange(ctx, newChange("withdrawApprovalThreshold")); !errs.HasCode(err, errs.ChangePending) {
				t.Fatalf("second pending change: %v", err)
			}
			other := newChange("withdrawApprovalThreshold")
			other.Scope = changes.ScopeOperator // another scope may name the same target
			if err := s.CreateChange(ctx, other); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("OKReadAndList", func(t *testing.T) {
			got, err := s.Change(ctx, c.ID)
			if err != nil || got.Target != c.Target || got.Status != changes.Pending || got.DecidedAt != nil || !got.ProposedAt.Equal(c.ProposedAt) {
				t.Fatalf("%+v %v", got, err)
			}
			if _, err := s.Change(ctx, "nope"); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
			list, err := s.Changes(ctx, changes.Pending, 10)
			if err != nil || len(list) != 2 {
				t.Fatalf("%d %v", len(list), err)
			}
		})
		t.Run("ConcurrentDecisionsMoveItOnce", func(t *testing.T) {
			var wg sync.WaitGroup
			var won atomic.Int32
			for range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					now := time.Now().UTC()
					ok, err := s.DecideChange(ctx, c.ID, changes.Pending, changes.Applied, "bob", &now)
					if err != nil {
						t.Error(err)
					}
					if ok {
						won.Add(1)
					}
				}()
			}
			wg.Wait()
			if won.Load() != 1 {
				t.Fatalf("%d decisions won", won.Load())
			}
			got, _ := s.Change(ctx, c.ID)
			if got.Status != changes.Applied || got.DecidedBy != "bob" || got.DecidedAt == nil {
				t.Fatalf("%+v", got)
			}
			// Decided, the target is free for a new proposal.
			if err := s.CreateChange(ctx, newChange("withdrawApprovalThreshold")); err != nil {
				t.Fatal(err)
			}
		})
	})
}
