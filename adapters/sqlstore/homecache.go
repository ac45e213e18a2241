package sqlstore

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/events"
	"ngern/core/wallet"
)

// The home screen's cache (docs/performance.md, "Sixth pass"; the rules in
// docs/operations.md, "Home cache"). The app reads a member's home
// (GET /api/wallet) far more often than the member's money changes: at
// every start, every focus and every refresh. So each node keeps the
// members' home reads in memory, and every write of this package that
// changes what a home read returns says so (homeChanged): at once on this
// node, after the commit, and on the other nodes through the event bus.
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
//
// Every statement of this package that writes a table the home reads
// (members, ledger_accounts, game_accounts, invite_commissions, banks) sits
// in a function that calls homeChanged, or says why the home does not
// change; TestHomeChangesAnnounced reads the source to hold that line.

// DefaultHomeCacheTTL bounds the life of an entry unless configured
// (NGERN_HOME_CACHE_TTL, docs/configuration.md).
const DefaultHomeCacheTTL = 5 * time.Second

// Home cache settings (docs/operations.md).
const (
	// homeCacheSize bounds the members kept (a home is about 1 kB).
	homeCacheSize = 50_000
	// homeAnnounceEvery spaces the messages to the other nodes: the first
	// change after a quiet spell goes at once, those that follow within
	// it go together at its end. Under load one NOTIFY then carries the
	// changes of many commits: a message per commit (or a write waiting
	// for its message) cost transfers a sixth of their throughput
	// (docs/performance.md, "Sixth pass").
	homeAnnounceEvery = 5 * time.Millisecond
	// homeAnnounceBytes bounds the member ids of one message (under
	// events.MaxPayload with the JSON around them).
	homeAnnounceBytes = 6000
)

// homeTopic carries the members whose home changed.
const homeTopic events.Topic[[]string] = "sqlstore.home"

// homeCache is the cache of one DB (see above).
type homeCache struct {
	bus events.Bus
	log *slog.Logger
	ttl time.Duration
	now func() time.Time

	mu      sync.RWMutex
	entries map[string]*homeEntry

	// The changes waiting for the next message to the other nodes.
	pubMu   sync.Mutex
	pending map[string]struct{}
	wake    chan struct{}
	stop    chan struct{}
	done    chan struct{}
	unsub   func()
	stopped bool
}

// homeEntry is one member's entry: home is nil until a read fills it.
type homeEntry struct {
	home     *wallet.MemberHome
	storedAt time.Time
	epoch    uint64
}

// UseEvents turns the home cache on: it connects db to the event bus of
// the install, through which the nodes tell each other whose home changed,
// and keeps each home read for ttl at most. With a ttl of 0 it keeps
// nothing but still tells the other nodes of this one's writes. Without it
// every home read goes to the database and no write is told. The returned
// function sends what waits and stops.
func (db *DB) UseEvents(bus events.Bus, ttl time.Duration, log *slog.Logger) (stop func() error) {
	db.homeCache = newHomeCache(bus, ttl, log)
	return db.homeCache.close
}

// newHomeCache starts a cache listening to bus; close stops it.
func newHomeCache(bus events.Bus, ttl time.Duration, log *slog.Logger) *homeCache {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	c := &homeCache{bus: bus, log: log, ttl: ttl, now: time.Now,
		entries: map[string]*homeEntry{}, pending: map[string]struct{}{},
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	c.unsub = homeTopic.Subscribe(bus, c.drop)
	go c.announce()
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

// changed forgets members here at once and queues them for the others.
func (c *homeCache) changed(members []string) {
	c.drop(members)
	c.pubMu.Lock()
	if c.stopped {
		c.pubMu.Unlock()
		return
	}
	for _, m := range members {
		c.pending[m] = struct{}{}
	}
	c.pubMu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// announce sends the queued changes to every node, a message every
// homeAnnounceEvery at most, until close.
func (c *homeCache) announce() {
	defer close(c.done)
	for {
		select {
		case <-c.wake:
		case <-c.stop:
			c.send()
			return
		}
		c.send()
		select {
		case <-time.After(homeAnnounceEvery):
		case <-c.stop:
			c.send()
			return
		}
	}
}

// send publishes what is queued, in messages of at most
// homeAnnounceBytes of ids. A message that cannot be sent is logged: the
// other nodes then keep those members' old homes until the TTL ends.
func (c *homeCache) send() {
	c.pubMu.Lock()
	pending := c.pending
	c.pending = map[string]struct{}{}
	c.pubMu.Unlock()
	var batches [][]string
	if len(pending) > 0 {
		var batch []string
		size := 0
		for m := range pending {
			if size+len(m)+3 > homeAnnounceBytes && len(batch) > 0 {
				batches = append(batches, batch)
				batch, size = nil, 0
			}
			batch = append(batch, m)
			size += len(m) + 3
		}
		batches = append(batches, batch)
	}
	for _, b := range batches {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := homeTopic.Publish(ctx, c.bus, b)
		cancel()
		if err != nil {
			c.log.Warn("home changes not sent to the other nodes: their cached homes of these members last until the TTL",
				"members", len(b), "err", err)
		}
	}
}

// close sends what waits and stops announcing and listening.
func (c *homeCache) close() error {
	c.pubMu.Lock()
	if c.stopped {
		c.pubMu.Unlock()
		return nil
	}
	c.stopped = true
	c.pubMu.Unlock()
	close(c.stop)
	<-c.done
	c.unsub()
	return nil
}

// homeChanged announces, once the write is committed, that the homes of
// members changed: with tx, when tx ends (inTx); without, at once (the
// statement has committed).
func (db *DB) homeChanged(tx *sqlx.Tx, members ...string) {
	if db.homeCache == nil {
		return
	}
	members = slices.DeleteFunc(slices.Clone(members), func(m string) bool { return m == "" })
	if len(members) == 0 {
		return
	}
	if tx == nil {
		db.homeCache.changed(members)
		return
	}
	db.touchMu.Lock()
	defer db.touchMu.Unlock()
	if db.touches == nil {
		db.touches = map[*sqlx.Tx][]string{}
	}
	t := db.touches[tx]
	for _, m := range members {
		if !slices.Contains(t, m) {
			t = append(t, m)
		}
	}
	db.touches[tx] = t
}

// txEnded announces the home changes of tx, which has ended: whether it
// committed, rolled back or failed to say, a change announced in vain
// only costs a read.
func (db *DB) txEnded(tx *sqlx.Tx) {
	if db.homeCache == nil {
		return
	}
	db.touchMu.Lock()
	members := db.touches[tx]
	delete(db.touches, tx)
	db.touchMu.Unlock()
	if len(members) > 0 {
		db.homeCache.changed(members)
	}
}
