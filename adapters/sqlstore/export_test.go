package sqlstore

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"ngern/core/events"
)

// ListedKinds are the journal kinds with an index journals_<kind>_idx.
var ListedKinds = listedKinds

// LargestHomeBatch is the most home reads one statement of w has served.
func LargestHomeBatch(w *Wallet) int {
	w.homes.mu.Lock()
	defer w.homes.mu.Unlock()
	return w.homes.largest
}

// TestNet joins the TestBuses of one test, as PostgreSQL's LISTEN/NOTIFY
// joins the nodes of an install.
type TestNet struct {
	// Delay is how long a Publish takes (a round trip to PostgreSQL).
	Delay time.Duration
	mu    sync.Mutex
	buses []*TestBus
	sent  atomic.Int64
}

// TestBus is an events.Bus of a TestNet: a message goes to every bus of
// the net, after Publish returned, in the order published. SetLive and
// NewEpoch play a lost connection.
type TestBus struct {
	net   *TestNet
	mu    sync.Mutex
	subs  map[string][]func(string)
	epoch atomic.Uint64
	dead  atomic.Bool
	queue chan [2]string
}

// Bus adds a bus to the net.
func (n *TestNet) Bus() *TestBus {
	b := &TestBus{net: n, subs: map[string][]func(string){}, queue: make(chan [2]string, 1024)}
	b.epoch.Store(1)
	go func() {
		for m := range b.queue {
			b.mu.Lock()
			hs := slices.Clone(b.subs[m[0]])
			b.mu.Unlock()
			for _, h := range hs {
				h(m[1])
			}
		}
	}()
	n.mu.Lock()
	n.buses = append(n.buses, b)
	n.mu.Unlock()
	return b
}

// Sent is how many messages the net's buses have published.
func (n *TestNet) Sent() int64 { return n.sent.Load() }

func (b *TestBus) Publish(_ context.Context, topic, payload string) error {
	if len(payload) > events.MaxPayload {
		return events.ErrTooLarge
	}
	b.net.sent.Add(1)
	time.Sleep(b.net.Delay)
	b.net.mu.Lock()
	defer b.net.mu.Unlock()
	for _, o := range b.net.buses {
		o.queue <- [2]string{topic, payload}
	}
	return nil
}

func (b *TestBus) Subscribe(topic string, h func(string)) func() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.subs[topic] = append(b.subs[topic], h)
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.subs[topic] = nil
	}
}

func (b *TestBus) Epoch() (uint64, bool) { return b.epoch.Load(), !b.dead.Load() }

// SetLive turns the bus live or not (not live: it may be missing messages).
func (b *TestBus) SetLive(live bool) { b.dead.Store(!live) }

// NewEpoch plays a reconnection: what was stored before is not trusted.
func (b *TestBus) NewEpoch() { b.epoch.Add(1) }

// HomeCacheAt makes db's home cache tell the time with now.
func HomeCacheAt(db *DB, now func() time.Time) { db.homeCache.now = now }

// SetAccrualBatch sets how many accruals one INSERT of a close writes,
// until the test ends.
func SetAccrualBatch(t interface{ Cleanup(func()) }, n int) {
	was := accrualBatch
	accrualBatch = n
	t.Cleanup(func() { accrualBatch = was })
}

// MemberJournals is the predicate of PostgreSQL's journals_member_own_idx.
const MemberJournals = memberJournals
