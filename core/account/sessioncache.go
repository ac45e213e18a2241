package account

import (
	"context"
	"sync"
	"time"

	"ngern/core/events"
)

// Session cache defaults (docs/operations.md).
const (
	DefaultSessionCacheTTL  = 30 * time.Second
	DefaultSessionCacheSize = 100_000
	// maxPendingTouches bounds the last_seen touches waiting for the
	// background flush; beyond it a touch is skipped (the next request of
	// that session, a minute on, asks again).
	maxPendingTouches = 100_000
)

// sessionsTopic carries, between nodes, which cached sessions to drop: one
// session (T, its token hash) or every session of a member (M).
const sessionsTopic events.Topic[sessionDrop] = "account.sessions"

type sessionDrop struct {
	TokenHash string `json:"t,omitempty"`
	MemberID  string `json:"m,omitempty"`
}

// sessionCache keeps validated sessions in memory so that a member call
// needs no database round trip to authenticate, and queues last_seen
// touches for a background flush so that no request waits for a write.
//
// It trusts an entry only while the bus is live and only if the entry was
// stored in the bus's current epoch: a node that may have missed a
// revocation goes back to the database until it is sure again. An entry
// read from the database before an invalidation that arrived while it was
// being read is not stored (gen), so a revocation cannot be undone by a
// slow read.
type sessionCache struct {
	bus  events.Bus
	ttl  time.Duration
	size int

	mu      sync.RWMutex
	entries map[string]*cachedSession
	gen     uint64 // bumped by every invalidation

	unsubscribe func()
}

// sessionState is the service's in-memory session state: the cache (nil
// until UseEvents) and the touches waiting for the background flush.
type sessionState struct {
	cache   *sessionCache
	touchMu sync.Mutex
	touches map[string]time.Time
}

type cachedSession struct {
	memberID  string
	expiresAt time.Time
	storedAt  time.Time
	epoch     uint64
	mu        sync.Mutex
	lastSeen  time.Time
}

// UseEvents connects the service to the event bus of the install: it then
// caches validated sessions (for ttl, at most size of them; zero: the
// defaults) and tells the other nodes, through the bus, of every session
// it revokes. Without it every call reads its session from the database.
// The returned function stops listening.
func (s *Service) UseEvents(bus events.Bus, ttl time.Duration, size int) (stop func()) {
	if ttl <= 0 {
		ttl = DefaultSessionCacheTTL
	}
	if size <= 0 {
		size = DefaultSessionCacheSize
	}
	c := &sessionCache{bus: bus, ttl: ttl, size: size, entries: map[string]*cachedSession{}}
	c.unsubscribe = sessionsTopic.Subscribe(bus, func(d sessionDrop) { c.drop(d) })
	s.sessions.cache = c
	return c.unsubscribe
}

// lookup returns the cached session of tokenHash if it can be trusted now.
func (c *sessionCache) lookup(tokenHash string, now time.Time) *cachedSession {
	if c == nil {
		return nil
	}
	epoch, live := c.bus.Epoch()
	if !live {
		return nil
	}
	c.mu.RLock()
	e := c.entries[tokenHash]
	c.mu.RUnlock()
	if e == nil || e.epoch != epoch || now.Sub(e.storedAt) >= c.ttl || now.Before(e.storedAt) {
		return nil
	}
	return e
}

// mark returns what store needs to know whether an invalidation came
// between it and the store.
func (c *sessionCache) mark() (gen, epoch uint64, live bool) {
	if c == nil {
		return 0, 0, false
	}
	epoch, live = c.bus.Epoch()
	c.mu.RLock()
	gen = c.gen
	c.mu.RUnlock()
	return gen, epoch, live
}

// store caches a session read from the database after mark, unless an
// invalidation or a loss of the bus came in between.
func (c *sessionCache) store(tokenHash string, e *cachedSession, gen, epoch uint64, live bool) {
	if c == nil || !live {
		return
	}
	if now, ok := c.bus.Epoch(); !ok || now != epoch {
		return
	}
	e.epoch = epoch
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if len(c.entries) >= c.size {
		// Full: drop an arbitrary eighth (map order is random); they are
		// read again from the database when used.
		n := c.size/8 + 1
		for k := range c.entries {
			delete(c.entries, k)
			if n--; n == 0 {
				break
			}
		}
	}
	c.entries[tokenHash] = e
}

// drop removes what d names from this node's cache.
func (c *sessionCache) drop(d sessionDrop) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if d.TokenHash != "" {
		delete(c.entries, d.TokenHash)
	}
	if d.MemberID != "" {
		for k, e := range c.entries {
			if e.memberID == d.MemberID {
				delete(c.entries, k)
			}
		}
	}
}

// queueTouch records that tokenHash was used at at, for the next flush.
func (st *sessionState) queueTouch(tokenHash string, at time.Time) {
	st.touchMu.Lock()
	defer st.touchMu.Unlock()
	if st.touches == nil {
		st.touches = map[string]time.Time{}
	}
	if len(st.touches) < maxPendingTouches {
		st.touches[tokenHash] = at
	}
}

// FlushTouches writes the queued last_seen touches; `ngern serve` calls it
// every second and when it stops.
func (s *Service) FlushTouches(ctx context.Context) error {
	s.sessions.touchMu.Lock()
	batch := s.sessions.touches
	s.sessions.touches = nil
	s.sessions.touchMu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	return s.store.TouchSessions(ctx, batch)
}

// forget drops d from this node's cache at once and tells every node.
func (s *Service) forget(ctx context.Context, d sessionDrop) error {
	c := s.sessions.cache
	if c == nil {
		return nil
	}
	c.drop(d)
	return sessionsTopic.Publish(ctx, c.bus, d)
}

// RevokeSessions ends every session of a member, on every node: it revokes
// them in the database, drops them from this node's cache and tells the
// other nodes to drop theirs. Every path that ends a member's sessions
// (lock, an operator's revoke) goes through it. An error after the
// database write means the other nodes may not have heard: the call is
// safe to repeat.
func (s *Service) RevokeSessions(ctx context.Context, memberID string) error {
	if err := s.store.RevokeMemberSessions(ctx, memberID, s.now().UTC()); err != nil {
		return err
	}
	return s.forget(ctx, sessionDrop{MemberID: memberID})
}

// WatchRevocations calls h whenever any node ends sessions: one session
// (sessionID, as SessionID gives it) or every session of a member
// (memberID; after a password change the caller's session lives on, so a
// watcher checks again rather than assume). h runs on the bus's delivery
// goroutine: it must be quick. The chat's sockets use it to close at once
// on logout, password change, lock and an operator's revoke.
func WatchRevocations(bus events.Bus, h func(memberID, sessionID string)) (stop func()) {
	return sessionsTopic.Subscribe(bus, func(d sessionDrop) {
		sid := ""
		if d.TokenHash != "" {
			sid = SessionID(d.TokenHash)
		}
		h(d.MemberID, sid)
	})
}

// SessionLive reports whether a member is active and still has the live
// session sessionID (read from the database, not the cache).
func (s *Service) SessionLive(ctx context.Context, memberID, sessionID string) (bool, error) {
	m, err := s.store.MemberByID(ctx, memberID)
	if err != nil {
		return false, err
	}
	if !m.Active {
		return false, nil
	}
	list, err := s.Sessions(ctx, memberID)
	if err != nil {
		return false, err
	}
	now := s.now()
	for _, ses := range list {
		if SessionID(ses.TokenHash) == sessionID {
			return !s.expired(ses.ExpiresAt, ses.LastSeenAt, now), nil
		}
	}
	return false, nil
}
