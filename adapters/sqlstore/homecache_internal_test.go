package sqlstore

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/core/events"
	"ngern/core/wallet"
)

// TestHomeCacheKeep: a read is kept only if nothing came between the
// moment it was asked for and its answer (a change of its member, a
// loss of the bus, a reconnection, an eviction).
func TestHomeCacheKeep(t *testing.T) {
	h := &wallet.MemberHome{Wallet: 100}
	cases := []struct {
		name    string
		between func(c *testNode, b *TestBus)
		kept    bool
	}{
		{"NothingBetween", func(*testNode, *TestBus) {}, true},
		{"OtherMemberChanged", func(c *testNode, _ *TestBus) { c.changed([]string{"other"}) }, true},
		{"MemberChanged", func(c *testNode, _ *TestBus) { c.changed([]string{"m"}) }, false},
		{"ChangedOnAnotherNode", func(c *testNode, _ *TestBus) { c.drop([]string{"m"}) }, false},
		{"BusLost", func(_ *testNode, b *TestBus) { b.SetLive(false) }, false},
		{"BusReconnected", func(_ *testNode, b *TestBus) { b.NewEpoch() }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := (&TestNet{}).Bus()
			c := newTestNode(b, DefaultHomeCacheTTL)
			t.Cleanup(func() { c.close() })
			e, epoch := c.ask("m")
			tc.between(c, b)
			c.keep("m", e, epoch, h)
			b.SetLive(true)
			if got := c.lookup("m"); tc.kept != (got == h) {
				t.Fatalf("kept %v, want %v", got == h, tc.kept)
			}
		})
	}
	t.Run("NotLiveAsksNothing", func(t *testing.T) {
		b := (&TestNet{}).Bus()
		b.SetLive(false)
		c := newTestNode(b, DefaultHomeCacheTTL)
		t.Cleanup(func() { c.close() })
		if e, _ := c.ask("m"); e != nil {
			t.Fatal("a read was prepared for keeping while the bus was not live")
		}
	})
	t.Run("NoTTLKeepsNothingButTells", func(t *testing.T) {
		net := &TestNet{}
		c := newTestNode(net.Bus(), 0)
		t.Cleanup(func() { c.close() })
		e, epoch := c.ask("m")
		c.keep("m", e, epoch, h)
		if c.lookup("m") != nil || len(c.entries) != 0 {
			t.Fatal("a cache with no TTL kept a home")
		}
		c.changed([]string{"m"})
		deadline := time.Now().Add(5 * time.Second)
		for net.Sent() == 0 {
			if time.Now().After(deadline) {
				t.Fatal("a cache with no TTL did not tell the other nodes of a change")
			}
			time.Sleep(time.Millisecond)
		}
	})
	t.Run("Bounded", func(t *testing.T) {
		c := newTestNode((&TestNet{}).Bus(), DefaultHomeCacheTTL)
		t.Cleanup(func() { c.close() })
		for i := range homeCacheSize + 10 {
			e, epoch := c.ask(string(rune(i)))
			c.keep(string(rune(i)), e, epoch, h)
		}
		if n := len(c.entries); n > homeCacheSize {
			t.Fatalf("%d entries, bound %d", n, homeCacheSize)
		}
	})
}

// TestHomeCacheAnnounces: the changes of concurrent writes go to the
// other nodes together (a message every homeAnnounceEvery at most), in
// messages within the bus's payload bound, and every one arrives; nothing
// is sent once the cache stopped.
func TestHomeCacheAnnounces(t *testing.T) {
	net := &TestNet{Delay: time.Millisecond}
	a := newTestNode(net.Bus(), DefaultHomeCacheTTL)
	t.Cleanup(func() { a.close() })
	other := net.Bus()
	var mu sync.Mutex
	seen := map[string]bool{}
	wallet.BalancesChanged.Subscribe(other, func(m []string) {
		mu.Lock()
		defer mu.Unlock()
		for _, id := range m {
			seen[id] = true
		}
	})
	arrived := func(id string) bool {
		mu.Lock()
		defer mu.Unlock()
		return seen[id]
	}

	t.Run("FirstChangeGoesAtOnce", func(t *testing.T) {
		time.Sleep(2 * homeAnnounceEvery) // a quiet spell
		start := time.Now()
		a.changed([]string{"alone"})
		for !arrived("alone") {
			if time.Since(start) > 5*time.Second {
				t.Fatal("the change never arrived")
			}
			time.Sleep(100 * time.Microsecond)
		}
		t.Logf("arrived after %v", time.Since(start))
	})
	t.Run("ConcurrentWritesShareMessages", func(t *testing.T) {
		const n = 600 // more ids than one message holds
		before := net.Sent()
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a.changed([]string{fmt.Sprintf("member-%03d-0123456789abcdef0123456789", i)})
			}()
		}
		wg.Wait()
		deadline := time.Now().Add(5 * time.Second)
		for i := range n {
			for !arrived(fmt.Sprintf("member-%03d-0123456789abcdef0123456789", i)) {
				if time.Now().After(deadline) {
					t.Fatalf("the change of member %d never arrived", i)
				}
				time.Sleep(time.Millisecond)
			}
		}
		// A message per write would be 600.
		if sent := net.Sent() - before; sent > n/10 {
			t.Fatalf("%d messages for %d concurrent writes", sent, n)
		}
	})
	t.Run("AfterCloseNothingIsSent", func(t *testing.T) {
		a.close()
		before := net.Sent()
		a.changed([]string{"after-stop"})
		if net.Sent() != before {
			t.Fatal("a change was sent after the cache stopped")
		}
	})
}

// testNode is one node's home cache and announcer, as UseEvents makes them.
type testNode struct {
	*homeCache
	a *announcer
}

func newTestNode(bus events.Bus, ttl time.Duration) *testNode {
	c := newHomeCache(bus, ttl)
	return &testNode{homeCache: c, a: newAnnouncer(bus, c.drop, nil)}
}

// changed is a commit's announcement.
func (n *testNode) changed(members []string) { n.a.changed(members) }

func (n *testNode) close() {
	n.a.close()
	n.homeCache.close()
}
