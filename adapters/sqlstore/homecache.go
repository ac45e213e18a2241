package sqlstore

import (
	"log/slog"
	"sync"
	"time"

	"ngern/core/events"
	"ngern/core/wallet"
)

// The home screen's cache (docs/performance.md, "Sixth pass"; the rules in
// docs/operations.md, "Home cache"). The app reads a member's home
// (GET /api/wallet) far more often than the member's money changes: at
// every start, every focus and every refresh. So each node keeps the
// members' home reads in memory and forgets a member's on the event
// wallet.BalancesChanged, which this package publishes after every commit
// that changed a home (announce.go): at once on this node, before the
// write returns, and on the other nodes through the event bus.
//
// The rules that keep it exact:
//   - A change is announced after its commit, so a read that starts after
//     the announcement sees the change.
//   - A read from the database is kept only if no change of its member was
//     announced on this node between the moment it was asked for and its
//     answer (the entry it was asked for is still the member's entry), so
//     a slow read cannot bring back what a change removed.
//   - The bus tells whether this node may have missed another node's
//     message (Epoch): an entry is trusted only while the bus is live and
//     only if it was stored in the current epoch.
//   - An entry lives at most its TTL (DefaultHomeCacheTTL): that bounds
//     what no message can cover, a node that died between its commit and
//     its message.

// DefaultHomeCacheTTL bounds the life of an entry unless configured
// (NGERN_HOME_CACHE_TTL, docs/configuration.md).
const DefaultHomeCacheTTL = 5 * time.Second

// homeCacheSize bounds the members kept (a home is about 1 kB).
const homeCacheSize = 50_000

// homeCache is the cache of one DB (see above).
type homeCache struct {
	bus   events.Bus
	ttl   time.Duration
	now   func() time.Time
	unsub func()

	mu      sync.RWMutex
	entries map[string]*homeEntry
}

// homeEntry is one member's entry: home is nil until a read fills it.
type homeEntry struct {
	home     *wallet.MemberHome
	storedAt time.Time
	epoch    uint64
}

// UseEvents connects db to the event bus of the install: from then on it
// publishes wallet.BalancesChanged after every commit that changed a
// member's home (announce.go), and keeps each home read for ttl at most,
// forgetting it on that event from any node. With a ttl of 0 it keeps
// nothing but still publishes. Without it every home read goes to the
// database and nothing is published. The returned function sends what
// waits and stops.
func (db *DB) UseEvents(bus events.Bus, ttl time.Duration, log *slog.Logger) (stop func() error) {
	db.homeCache = newHomeCache(bus, ttl)
	db.changes = newAnnouncer(bus, db.homeCache.drop, log)
	return func() error {
		db.changes.close()
		db.homeCache.close()
		return nil
	}
}

// newHomeCache starts a cache listening to bus; close stops it.
func newHomeCache(bus events.Bus, ttl time.Duration) *homeCache {
	c := &homeCache{bus: bus, ttl: ttl, now: time.Now, entries: map[string]*homeEntry{}}
	c.unsub = wallet.BalancesChanged.Subscribe(bus, c.drop)
	return c
}

// lookup returns member's cached home if it can be trusted now.
func (c *homeCache) lookup(member string) *wallet.MemberHome {
	epoch, live := c.bus.Epoch()
	if !live {
		return nil
	}
	c.mu.RLock()
	e := c.entries[member]
	var h *wallet.MemberHome
	if e != nil && e.home != nil && e.epoch == epoch {
		if age := c.now().Sub(e.storedAt); age >= 0 && age < c.ttl {
			h = e.home
		}
	}
	c.mu.RUnlock()
	return h
}

// ask returns the entry a read of member fills, made before the read
// starts; nil when the bus is not live (nothing is kept then).
func (c *homeCache) ask(member string) (e *homeEntry, epoch uint64) {
	epoch, live := c.bus.Epoch()
	if !live || c.ttl <= 0 {
		return nil, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e = c.entries[member]; e != nil {
		return e, epoch
	}
	if len(c.entries) >= homeCacheSize {
		// Full: drop an arbitrary eighth (map order is random); a read in
		// flight for one of them keeps nothing.
		n := homeCacheSize/8 + 1
		for k := range c.entries {
			delete(c.entries, k)
			if n--; n == 0 {
				break
			}
		}
	}
	e = &homeEntry{}
	c.entries[member] = e
	return e, epoch
}

// keep stores h, read after ask gave e, unless a change of the member or
// a loss of the bus came in between.
func (c *homeCache) keep(member string, e *homeEntry, epoch uint64, h *wallet.MemberHome) {
	if e == nil {
		return
	}
	if now, live := c.bus.Epoch(); !live || now != epoch {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[member] != e {
		return // changed (or evicted) since the read was asked for
	}
	e.home, e.storedAt, e.epoch = h, c.now(), epoch
}

// drop forgets members on this node.
func (c *homeCache) drop(members []string) {
	c.mu.Lock()
	for _, m := range members {
		delete(c.entries, m)
	}
	c.mu.Unlock()
}

// close stops listening.
func (c *homeCache) close() { c.unsub() }
