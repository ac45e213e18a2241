// Package idempotency makes retried requests safe: the first request with a
// key runs and its answer is stored; a retry, at once or later, gets that
// answer again and changes nothing; the same key with another request is a
// conflict.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"ngern/core/errs"
)

// Key names one request: who sent it (Scope, e.g. a member id), to which
// route, and the caller's key.
type Key struct {
	Scope string
	Route string
	Key   string
}

// Record is what is stored under a key.
type Record struct {
	RequestHash string    `db:"request_hash"`
	Done        bool      `db:"done"`
	Status      int       `db:"status"` // the transport's status code of the answer
	Body        []byte    `db:"body"`
	CreatedAt   time.Time `db:"created_at"`

	// Awaits, when set, says that the answer is not final: it was given
	// while something it depends on was still open (e.g. a transfer the
	// provider has not confirmed), which Awaits describes for the caller
	// that stored it. A retry re-evaluates it rather than replay it.
	Awaits string `db:"awaits"`
}

// Store keeps keys with a unique index, so that of two concurrent claims
// exactly one wins on every database.
type Store interface {
	// Claim stores k as in progress with requestHash. It reports true when
	// this call stored it; otherwise it returns the record found.
	Claim(ctx context.Context, k Key, requestHash string, at time.Time) (bool, Record, error)
	// Get returns the record of k.
	Get(ctx context.Context, k Key) (Record, error)
	// Complete stores the answer of k, final unless awaits is set.
	Complete(ctx context.Context, k Key, status int, body []byte, awaits string, at time.Time) error
	// Release deletes k while it is in progress, so that a retry runs
	// the request again.
	Release(ctx context.Context, k Key) error
	// Purge deletes keys created before before.
	Purge(ctx context.Context, before time.Time) (int, error)
}

// Service applies the rules with a store.
type Service struct {
	store Store
	now   func() time.Time
	// Poll is how often a retry looks for the first request's answer;
	// Stale is how long a request may be in progress before a retry stops
	// waiting for it.
	Poll  time.Duration
	Stale time.Duration
}

// NewService returns a service; now may be nil (system clock). stale should
// exceed the longest a request may run.
func NewService(store Store, now func() time.Time, stale time.Duration) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now, Poll: 20 * time.Millisecond, Stale: stale}
}

// Hash returns the fingerprint of a request.
func Hash(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Begin claims k for a request with hash. It returns nil when the caller
// owns the key and must run the request, then call Finish; or the stored
// answer of the first request, to be sent as it is. A key used with another
// request, or whose first request is still running when ctx ends or has
// been running longer than Stale, answers IDEMPOTENCY_CONFLICT.
func (s *Service) Begin(ctx context.Context, k Key, hash string) (*Record, error) {
	won, rec, err := s.store.Claim(ctx, k, hash, s.now().UTC())
	if err != nil || won {
		return nil, err
	}
	for {
		if rec.RequestHash != hash {
			return nil, errs.Newf(errs.IdempotencyConflict, "the key was used with another request")
		}
		if rec.Done {
			return &rec, nil
		}
		if s.now().Sub(rec.CreatedAt) > s.Stale {
			return nil, errs.Newf(errs.IdempotencyConflict, "the first request with this key did not finish")
		}
		select {
		case <-ctx.Done():
			return nil, errs.Newf(errs.IdempotencyConflict, "the first request with this key is still running")
		case <-time.After(s.Poll):
		}
		if rec, err = s.store.Get(ctx, k); err != nil {
			return nil, err
		}
	}
}

// Finish stores the answer of the request that owns k. With awaits set the
// answer is provisional: retries get the record to re-evaluate it, and the
// final answer, once known, is stored with Finish again (awaits empty).
func (s *Service) Finish(ctx context.Context, k Key, status int, body []byte, awaits string) error {
	return s.store.Complete(context.WithoutCancel(ctx), k, status, body, awaits, s.now().UTC())
}

// Release gives up the key of a request that changed nothing (e.g. the
// database could not be reached), so that a retry with it runs anew.
func (s *Service) Release(ctx context.Context, k Key) error {
	return s.store.Release(context.WithoutCancel(ctx), k)
}

// Purge deletes keys older than age.
func (s *Service) Purge(ctx context.Context, age time.Duration) (int, error) {
	return s.store.Purge(ctx, s.now().Add(-age).UTC())
}
