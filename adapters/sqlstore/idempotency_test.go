package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/idempotency"
)

func TestIdempotencyStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewIdempotency(db)
		now := time.Now().UTC()
		k := idempotency.Key{Scope: "member:1", Route: "POST /x", Key: "k"}
		claim := func(t *testing.T, want bool) idempotency.Record {
			t.Helper()
			won, rec, err := s.Claim(ctx, k, "hash", now)
			if err != nil || won != want {
				t.Fatalf("claim = %v, %+v, %v; want %v", won, rec, err, want)
			}
			return rec
		}
		claim(t, true)
		t.Run("ReleaseLetsTheKeyBeClaimedAgain", func(t *testing.T) {
			claim(t, false)
			if err := s.Release(ctx, k); err != nil {
				t.Fatal(err)
			}
			claim(t, true)
		})
		t.Run("ProvisionalAnswerKeepsWhatItAwaits", func(t *testing.T) {
			if err := s.Complete(ctx, k, 503, []byte(`{"message":"TRANSFER_PENDING"}`), `{"transfers":["t1"]}`, now); err != nil {
				t.Fatal(err)
			}
			rec := claim(t, false)
			if !rec.Done || rec.Status != 503 || rec.Awaits != `{"transfers":["t1"]}` {
				t.Fatalf("record = %+v", rec)
			}
			// A finished key is not released.
			if err := s.Release(ctx, k); err != nil {
				t.Fatal(err)
			}
			claim(t, false)
		})
		t.Run("FinalAnswerClearsIt", func(t *testing.T) {
			if err := s.Complete(ctx, k, 200, []byte(`{"message":"SUCCESS"}`), "", now); err != nil {
				t.Fatal(err)
			}
			if rec := claim(t, false); rec.Awaits != "" || rec.Status != 200 {
				t.Fatalf("record = %+v", rec)
			}
		})
	})
}
