package account

import (
	"context"
	"testing"
	"time"
)

// sessionStore is a Store with one session; it counts the touches.
type sessionStore struct {
	Store
	sess    Session
	touches int
}

func (s *sessionStore) SessionByHash(_ context.Context, h string) (*Session, bool, error) {
	c := s.sess
	return &c, true, nil
}

func (s *sessionStore) TouchSession(_ context.Context, _ string, at time.Time) error {
	s.touches++
	s.sess.LastSeenAt = at
	return nil
}

// TestAuthenticateTouchesOnceAMinute: a read-heavy app does not write on
// every call; a session is touched at most once a minute.
func TestAuthenticateTouchesOnceAMinute(t *testing.T) {
	now := time.Date(2026, 11, 22, 2, 0, 0, 0, time.UTC)
	store := &sessionStore{sess: Session{MemberID: "m1", CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(30 * 24 * time.Hour)}}
	s := NewService(store, nil, nil, nil, DefaultConfig(), func() time.Time { return now })
	ctx := context.Background()
	for i := range 120 { // two calls a second for a minute
		now = now.Add(500 * time.Millisecond)
		c, err := s.Authenticate(ctx, "token")
		if err != nil || c.MemberID != "m1" {
			t.Fatalf("call %d: %+v, %v", i, c, err)
		}
	}
	if store.touches != 0 {
		t.Fatalf("%d touches within the first minute", store.touches)
	}
	for range 240 { // two more minutes
		now = now.Add(500 * time.Millisecond)
		if _, err := s.Authenticate(ctx, "token"); err != nil {
			t.Fatal(err)
		}
	}
	if store.touches != 2 {
		t.Fatalf("%d touches in two more minutes, want 2", store.touches)
	}
}
