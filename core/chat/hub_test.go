package chat

import (
	"context"
	"sync"
	"testing"
	"time"
)

// loopBus is an in-memory events.Bus of one node: it delivers each
// message after Publish returns, on its own goroutine.
type loopBus struct {
	mu   sync.Mutex
	subs map[string][]func(string)
}

func (b *loopBus) Publish(_ context.Context, topic, payload string) error {
	b.mu.Lock()
	hs := append([]func(string){}, b.subs[topic]...)
	b.mu.Unlock()
	go func() {
		for _, h := range hs {
			h(payload)
		}
	}()
	return nil
}

func (b *loopBus) Subscribe(topic string, h func(string)) func() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.subs == nil {
		b.subs = map[string][]func(string){}
	}
	b.subs[topic] = append(b.subs[topic], h)
	return func() {}
}

func (b *loopBus) Epoch() (uint64, bool) { return 1, true }

type listener chan Item

func (l listener) Deliver(it Item) {
	select {
	case l <- it:
	default:
	}
}

func next(t *testing.T, l listener) (Item, bool) {
	t.Helper()
	select {
	case it := <-l:
		return it, true
	case <-time.After(300 * time.Millisecond):
		return Item{}, false
	}
}

// TestFanOut: a message reaches the listeners of its room and the
// operators' listeners, read from the store by reference; other rooms'
// listeners get nothing, and a listener that stopped gets nothing.
func TestFanOut(t *testing.T) {
	st := newFakeStore()
	clk := &clock{t: time.Date(2026, 3, 4, 5, 0, 0, 0, time.UTC)}
	s := NewService(st, &fakeLimiter{n: 100, hits: map[string]int{}}, &loopBus{}, DefaultConfig(), clk.now, nil)
	stop := s.Start(2)
	defer stop()
	ctx := context.Background()
	a, b := Who{Kind: KindMember, ID: "aa"}, Who{Kind: KindGuest, ID: "gbb"}
	la, lb, ops, gone := make(listener, 4), make(listener, 4), make(listener, 4), make(listener, 4)
	defer s.Listen(s.Room(a), la)()
	defer s.Listen(s.Room(b), lb)()
	defer s.Listen("", ops)()
	s.Listen(s.Room(a), gone)()
	if s.Listening() != 3 {
		t.Fatalf("%d listening", s.Listening())
	}

	m, err := s.Send(ctx, a, text("hello"), "")
	if err != nil {
		t.Fatal(err)
	}
	for name, l := range map[string]listener{"room": la, "operators": ops} {
		it, ok := next(t, l)
		if !ok || it.ID != m.ID || it.UserID != "aa" || it.Message.Payload.Message != "hello" || it.Sender != Customer {
			t.Fatalf("%s: %+v %v", name, it, ok)
		}
	}
	if _, ok := next(t, lb); ok {
		t.Fatal("another room's listener got the message")
	}
	if _, ok := next(t, gone); ok {
		t.Fatal("a stopped listener got the message")
	}
	if _, err := s.Reply(ctx, "sue", s.Room(b), text("x")); err == nil {
		t.Fatal("a reply to a room without a conversation was stored")
	}
	s.Send(ctx, b, text("guest here"), "")
	if it, ok := next(t, lb); !ok || it.GuestID != "gbb" {
		t.Fatalf("%+v %v", it, ok)
	}
}
