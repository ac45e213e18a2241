package account

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
)

// sessionStore is a Store of sessions; it counts reads and touches.
type sessionStore struct {
	Store
	mu       sync.Mutex
	sessions map[string]*Session
	inactive map[string]bool
	reads    int
	touches  int
	// duringRead runs inside SessionByHash, before it answers.
	duringRead func()
}

func newSessionStore(now time.Time, hashes ...string) *sessionStore {
	s := &sessionStore{sessions: map[string]*Session{}, inactive: map[string]bool{}}
	for i, h := range hashes {
		s.sessions[h] = &Session{TokenHash: h, MemberID: fmt.Sprintf("m%d", i+1), CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(30 * 24 * time.Hour)}
	}
	return s
}

func (s *sessionStore) SessionByHash(_ context.Context, h string) (*Session, bool, error) {
	s.mu.Lock()
	s.reads++
	hook := s.duringRead
	var c *Session
	if ses, ok := s.sessions[h]; ok {
		cp := *ses
		c = &cp
	}
	active := c != nil && !s.inactive[c.MemberID]
	s.mu.Unlock()
	if hook != nil {
		hook()
	}
	if c == nil {
		return nil, false, errs.New(errs.InvalidToken)
	}
	return c, active, nil
}

func (s *sessionStore) TouchSessions(_ context.Context, touches map[string]time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for h, at := range touches {
		s.touches++
		if ses := s.sessions[h]; ses != nil && ses.LastSeenAt.Before(at) {
			ses.LastSeenAt = at
		}
	}
	return nil
}

func (s *sessionStore) RevokeSession(_ context.Context, h string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ses := s.sessions[h]; ses != nil && ses.RevokedAt == nil {
		ses.RevokedAt = &at
	}
	return nil
}

func (s *sessionStore) RevokeMemberSessions(_ context.Context, id string, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ses := range s.sessions {
		if ses.MemberID == id && ses.RevokedAt == nil {
			ses.RevokedAt = &at
		}
	}
	return nil
}

func (s *sessionStore) readCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads
}

// fakeBus is an events.Bus whose state the test sets; it delivers when the
// test calls deliver, as a bus delivers after Publish returns.
type fakeBus struct {
	mu       sync.Mutex
	epoch    uint64
	dead     bool
	handlers map[string][]func(string)
	queue    [][2]string
	fail     error
}

func (b *fakeBus) Publish(_ context.Context, topic, payload string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail != nil {
		return b.fail
	}
	b.queue = append(b.queue, [2]string{topic, payload})
	return nil
}

func (b *fakeBus) Subscribe(topic string, h func(string)) func() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.handlers == nil {
		b.handlers = map[string][]func(string){}
	}
	b.handlers[topic] = append(b.handlers[topic], h)
	return func() {}
}

func (b *fakeBus) Epoch() (uint64, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.epoch, !b.dead
}

// deliver hands every queued message to the subscribers.
func (b *fakeBus) deliver() {
	b.mu.Lock()
	q := b.queue
	b.queue = nil
	b.mu.Unlock()
	for _, m := range q {
		b.inject(m[0], m[1])
	}
}

// inject delivers a message as if another node had published it.
func (b *fakeBus) inject(topic, payload string) {
	b.mu.Lock()
	hs := append([]func(string){}, b.handlers[topic]...)
	b.mu.Unlock()
	for _, h := range hs {
		h(payload)
	}
}

func (b *fakeBus) set(epoch uint64, dead bool) {
	b.mu.Lock()
	b.epoch, b.dead = epoch, dead
	b.mu.Unlock()
}

// TestAuthenticateTouchesOnceAMinute: a read-heavy app does not write on
// every call, nor on the request path: a session's last use is queued at
// most once a minute and written by FlushTouches.
func TestAuthenticateTouchesOnceAMinute(t *testing.T) {
	for _, cached := range []bool{false, true} {
		t.Run(map[bool]string{false: "uncached", true: "cached"}[cached], func(t *testing.T) {
			now := time.Date(2026, 11, 22, 2, 0, 0, 0, time.UTC)
			h := HashToken("token")
			store := newSessionStore(now, h)
			s := NewService(store, nil, nil, nil, DefaultConfig(), func() time.Time { return now })
			if cached {
				s.UseEvents(&fakeBus{}, 0, 0)
			}
			ctx := context.Background()
			calls := func(n int) {
				t.Helper()
				for i := range n { // two calls a second
					now = now.Add(500 * time.Millisecond)
					c, err := s.Authenticate(ctx, "token")
					if err != nil || c.MemberID != "m1" {
						t.Fatalf("call %d: %+v, %v", i, c, err)
					}
				}
			}
			calls(120)
			if err := s.FlushTouches(ctx); err != nil {
				t.Fatal(err)
			}
			if store.touches != 0 {
				t.Fatalf("%d touches within the first minute", store.touches)
			}
			calls(240) // two more minutes
			if store.touches != 0 {
				t.Fatal("a touch was written on the request path")
			}
			if err := s.FlushTouches(ctx); err != nil {
				t.Fatal(err)
			}
			// One touch each minute; flushed together, the later wins.
			if store.touches != 1 || !store.sessions[h].LastSeenAt.After(now.Add(-time.Minute)) {
				t.Fatalf("%d touches, last seen %v at %v", store.touches, store.sessions[h].LastSeenAt, now)
			}
		})
	}
}

func TestSessionCache(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 11, 22, 2, 0, 0, 0, time.UTC)
	type env struct {
		now   time.Time
		store *sessionStore
		bus   *fakeBus
		s     *Service
	}
	setup := func(t *testing.T, tokens ...string) *env {
		e := &env{now: start, bus: &fakeBus{}}
		var hashes []string
		for _, tok := range tokens {
			hashes = append(hashes, HashToken(tok))
		}
		e.store = newSessionStore(start, hashes...)
		e.s = NewService(e.store, nil, nil, nil, DefaultConfig(), func() time.Time { return e.now })
		e.s.UseEvents(e.bus, 30*time.Second, 4)
		return e
	}
	auth := func(t *testing.T, e *env, token string, wantCode errs.Code) {
		t.Helper()
		_, err := e.s.Authenticate(ctx, token)
		if wantCode == "" && err != nil || wantCode != "" && !errs.HasCode(err, wantCode) {
			t.Fatalf("Authenticate: %v, want %q", err, wantCode)
		}
	}
	t.Run("a validated session is answered from memory for the TTL", func(t *testing.T) {
		e := setup(t, "a")
		for range 10 {
			auth(t, e, "a", "")
		}
		if n := e.store.readCount(); n != 1 {
			t.Fatalf("%d reads, want 1", n)
		}
		e.now = e.now.Add(30 * time.Second)
		auth(t, e, "a", "")
		if n := e.store.readCount(); n != 2 {
			t.Fatalf("%d reads after the TTL, want 2", n)
		}
	})
	t.Run("logout drops the session on this node at once and tells the others", func(t *testing.T) {
		e := setup(t, "a")
		auth(t, e, "a", "")
		if err := e.s.Logout(ctx, Caller{MemberID: "m1", TokenHash: HashToken("a")}); err != nil {
			t.Fatal(err)
		}
		auth(t, e, "a", errs.InvalidToken) // before any delivery
		if len(e.bus.queue) != 1 || e.bus.queue[0][1] != `{"t":"`+HashToken("a")+`"}` {
			t.Fatalf("published %q", e.bus.queue)
		}
	})
	t.Run("another node's revocation drops the member's sessions", func(t *testing.T) {
		e := setup(t, "a", "b")
		auth(t, e, "a", "")
		auth(t, e, "b", "")
		// Revoked on another node: the database says so, this node's
		// cache does not until the message arrives.
		if err := e.store.RevokeMemberSessions(ctx, "m1", e.now); err != nil {
			t.Fatal(err)
		}
		auth(t, e, "a", "")
		e.bus.inject(string(sessionsTopic), `{"m":"m1"}`)
		auth(t, e, "a", errs.InvalidToken)
		auth(t, e, "b", "")
		if n := e.store.readCount(); n != 3 {
			t.Fatalf("%d reads, want 3 (b stays cached)", n)
		}
		if err := e.store.RevokeSession(ctx, HashToken("b"), e.now); err != nil {
			t.Fatal(err)
		}
		e.bus.inject(string(sessionsTopic), `{"t":"`+HashToken("b")+`"}`)
		auth(t, e, "b", errs.InvalidToken)
	})
	t.Run("RevokeSessions revokes, drops at once and tells every node", func(t *testing.T) {
		e := setup(t, "a", "b")
		auth(t, e, "a", "")
		if err := e.s.RevokeSessions(ctx, "m1"); err != nil {
			t.Fatal(err)
		}
		auth(t, e, "a", errs.InvalidToken)
		auth(t, e, "b", "")
		if len(e.bus.queue) != 1 || e.bus.queue[0] != [2]string{string(sessionsTopic), `{"m":"m1"}`} {
			t.Fatalf("published %q", e.bus.queue)
		}
		e.bus.deliver() // its own message comes back: harmless
		auth(t, e, "a", errs.InvalidToken)
	})
	t.Run("a failed publish is an error, the local drop stands", func(t *testing.T) {
		e := setup(t, "a")
		auth(t, e, "a", "")
		e.bus.fail = errors.New("bus down")
		if err := e.s.RevokeSessions(ctx, "m1"); err == nil {
			t.Fatal("RevokeSessions hid a failed publish")
		}
		auth(t, e, "a", errs.InvalidToken)
	})
	t.Run("a revocation during the read is not undone by caching the read", func(t *testing.T) {
		e := setup(t, "a")
		e.store.duringRead = func() {
			e.store.duringRead = nil
			e.bus.inject(string(sessionsTopic), `{"m":"m1"}`)
		}
		auth(t, e, "a", "") // read before the revocation: answers, not cached
		auth(t, e, "a", "")
		if n := e.store.readCount(); n != 2 {
			t.Fatalf("%d reads, want 2: the read racing a revocation was cached", n)
		}
	})
	t.Run("not live: every call reads the database", func(t *testing.T) {
		e := setup(t, "a")
		auth(t, e, "a", "")
		e.bus.set(1, true)
		auth(t, e, "a", "")
		auth(t, e, "a", "")
		if n := e.store.readCount(); n != 3 {
			t.Fatalf("%d reads, want 3", n)
		}
		// Live again in a new epoch: what was stored before is not trusted.
		e.bus.set(2, false)
		auth(t, e, "a", "")
		auth(t, e, "a", "")
		if n := e.store.readCount(); n != 4 {
			t.Fatalf("%d reads, want 4", n)
		}
	})
	t.Run("expiry is enforced from cached data", func(t *testing.T) {
		e := setup(t, "a", "b")
		e.s.cfg.SessionIdle = 10 * time.Second
		e.store.sessions[HashToken("b")].ExpiresAt = start.Add(5 * time.Second)
		auth(t, e, "a", "")
		auth(t, e, "b", "")
		e.now = e.now.Add(6 * time.Second)
		auth(t, e, "b", errs.InvalidToken) // absolute
		e.now = e.now.Add(5 * time.Second)
		auth(t, e, "a", errs.InvalidToken) // idle: 11 s since the last use
		if n := e.store.readCount(); n != 2 {
			t.Fatalf("%d reads: expiry was not decided from the cache", n)
		}
	})
	t.Run("the cache is bounded", func(t *testing.T) {
		tokens := []string{"t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"}
		e := setup(t, tokens...)
		for _, tok := range tokens {
			auth(t, e, tok, "")
		}
		if n := len(e.s.sessions.cache.entries); n > 4 {
			t.Fatalf("%d entries, bound 4", n)
		}
	})
	t.Run("inactive members and unknown tokens are refused and not cached", func(t *testing.T) {
		e := setup(t, "a")
		e.store.inactive["m1"] = true
		auth(t, e, "a", errs.InactiveUser)
		auth(t, e, "a", errs.InactiveUser)
		auth(t, e, "nope", errs.InvalidToken)
		if n := e.store.readCount(); n != 3 {
			t.Fatalf("%d reads, want 3", n)
		}
	})
}
