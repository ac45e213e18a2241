package seamless_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

// countingStore counts the session reads of a memstore.
type countingStore struct {
	*memstore.Store
	reads atomic.Int32
}

func (s *countingStore) Session(ctx context.Context, provider, hash string) (seamless.Session, error) {
	s.reads.Add(1)
	return s.Store.Session(ctx, provider, hash)
}

// TestSessionsKept: the Service reads a session once and keeps it (a stored
// session never changes); an unknown token is asked of the store each time,
// and a kept session still expires for bets.
func TestSessionsKept(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	store := &countingStore{Store: memstore.New()}
	store.Seed("m1", 1000)
	svc := seamless.NewService(store, &members{blocked: map[string]bool{}},
		seamless.Config{Currency: "THB", SessionTTL: time.Hour, Now: func() time.Time { return now }})
	tok, err := svc.Launch(ctx, "m1", provider, "book-of-ra")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OKReadOnce", func(t *testing.T) {
		for _, tx := range []string{"b1", "b2", "b3"} {
			if _, err := svc.Bet(ctx, call(tok, "m1", tx, 100)); err != nil {
				t.Fatal(err)
			}
		}
		if n := store.reads.Load(); n != 1 {
			t.Fatalf("%d session reads for three bets, want 1", n)
		}
	})
	t.Run("ErrUnknownAskedEachTime", func(t *testing.T) {
		before := store.reads.Load()
		for range 2 {
			if _, err := svc.Bet(ctx, call("forged", "m1", "b9", 100)); !errors.Is(err, seamless.ErrToken) {
				t.Fatalf("err = %v", err)
			}
		}
		if n := store.reads.Load() - before; n != 2 {
			t.Fatalf("%d reads for two unknown tokens, want 2", n)
		}
	})
	t.Run("ErrKeptSessionExpires", func(t *testing.T) {
		now = now.Add(time.Hour)
		if _, err := svc.Bet(ctx, call(tok, "m1", "b4", 100)); !errors.Is(err, seamless.ErrTokenExpired) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrKeptSessionOfAnotherPlayer", func(t *testing.T) {
		if _, err := svc.Win(ctx, call(tok, "m2", "w1", 100)); !errors.Is(err, seamless.ErrToken) {
			t.Fatalf("err = %v", err)
		}
	})
}
