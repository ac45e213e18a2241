package idempotency

import (
	"context"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
)

// memStore is an in-memory Store.
type memStore struct {
	mu   sync.Mutex
	recs map[Key]Record
}

func (m *memStore) Claim(_ context.Context, k Key, hash string, at time.Time) (bool, Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if r, ok := m.recs[k]; ok {
		return false, r, nil
	}
	m.recs[k] = Record{RequestHash: hash, CreatedAt: at}
	return true, Record{}, nil
}

func (m *memStore) Get(_ context.Context, k Key) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.recs[k], nil
}

func (m *memStore) Complete(_ context.Context, k Key, status int, body []byte, awaits string, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.recs[k]
	r.Done, r.Status, r.Body, r.Awaits = true, status, body, awaits
	m.recs[k] = r
	return nil
}

func (m *memStore) Release(_ context.Context, k Key) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.recs[k].Done {
		delete(m.recs, k)
	}
	return nil
}

func (m *memStore) Purge(context.Context, time.Time) (int, error) { return 0, nil }

func TestBegin(t *testing.T) {
	ctx := context.Background()
	store := &memStore{recs: map[Key]Record{}}
	s := NewService(store, nil, time.Minute)
	s.Poll = time.Millisecond
	k := Key{Scope: "member:1", Route: "POST /x", Key: "k1"}
	h := Hash([]byte("/x"), []byte(`{"a":1}`))

	if rec, err := s.Begin(ctx, k, h); rec != nil || err != nil {
		t.Fatalf("first Begin = %v, %v; want to own the key", rec, err)
	}
	t.Run("RetryWaitsForTheAnswer", func(t *testing.T) {
		go func() {
			time.Sleep(20 * time.Millisecond)
			if err := s.Finish(ctx, k, 200, []byte("body"), ""); err != nil {
				t.Error(err)
			}
		}()
		rec, err := s.Begin(ctx, k, h)
		if err != nil || rec == nil || rec.Status != 200 || string(rec.Body) != "body" {
			t.Fatalf("retry = %+v, %v", rec, err)
		}
	})
	t.Run("ErrOtherRequest", func(t *testing.T) {
		if _, err := s.Begin(ctx, k, Hash([]byte("/x"), []byte(`{"a":2}`))); !errs.HasCode(err, errs.IdempotencyConflict) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrStillRunning", func(t *testing.T) {
		k2 := Key{Scope: "member:1", Route: "POST /x", Key: "k2"}
		if _, err := s.Begin(ctx, k2, h); err != nil {
			t.Fatal(err)
		}
		short, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
		defer cancel()
		if _, err := s.Begin(short, k2, h); !errs.HasCode(err, errs.IdempotencyConflict) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ErrStale", func(t *testing.T) {
		k3 := Key{Scope: "member:1", Route: "POST /x", Key: "k3"}
		if _, _, err := store.Claim(ctx, k3, h, time.Now().Add(-2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Begin(ctx, k3, h); !errs.HasCode(err, errs.IdempotencyConflict) {
			t.Fatalf("err = %v", err)
		}
	})
}
