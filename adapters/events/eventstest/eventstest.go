// Package eventstest is the conformance kit of the core/events port: every
// adapter runs Run.
package eventstest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/events"
)

// Wait is how long a test waits for a message that must come.
const Wait = 5 * time.Second

// Nodes returns two buses of one install, as two nodes would have them (the
// same bus twice for a single-node adapter), closed after the test.
type Nodes func(t *testing.T) (a, b events.Bus)

// Run runs the conformance tests.
func Run(t *testing.T, nodes Nodes) {
	t.Run("every node receives, the publisher's included", func(t *testing.T) {
		a, b := nodes(t)
		ra, rb := newRecorder(), newRecorder()
		defer a.Subscribe("t1", ra.add)()
		defer b.Subscribe("t1", rb.add)()
		if err := a.Publish(context.Background(), "t1", "hello"); err != nil {
			t.Fatal(err)
		}
		ra.waitFor(t, []string{"hello"})
		rb.waitFor(t, []string{"hello"})
	})
	t.Run("topics are separate", func(t *testing.T) {
		a, b := nodes(t)
		r1, r2 := newRecorder(), newRecorder()
		defer b.Subscribe("one", r1.add)()
		defer b.Subscribe("two", r2.add)()
		ctx := context.Background()
		for _, m := range [][2]string{{"one", "1a"}, {"two", "2a"}, {"three", "3a"}, {"one", "1b"}} {
			if err := a.Publish(ctx, m[0], m[1]); err != nil {
				t.Fatal(err)
			}
		}
		r1.waitFor(t, []string{"1a", "1b"})
		r2.waitFor(t, []string{"2a"})
	})
	t.Run("one publisher's messages keep their order", func(t *testing.T) {
		a, b := nodes(t)
		r := newRecorder()
		defer b.Subscribe("seq", r.add)()
		var want []string
		for i := range 50 {
			m := strings.Repeat("x", i)
			want = append(want, m)
			if err := a.Publish(context.Background(), "seq", m); err != nil {
				t.Fatal(err)
			}
		}
		r.waitFor(t, want)
	})
	t.Run("text payloads arrive intact", func(t *testing.T) {
		a, b := nodes(t)
		r := newRecorder()
		defer b.Subscribe("text", r.add)()
		want := []string{"", `{"memberId":"m1","x":"ເງິນ เงิน \" \\ \n"}`, strings.Repeat("ก", events.MaxPayload/3)}
		for _, m := range want {
			if err := a.Publish(context.Background(), "text", m); err != nil {
				t.Fatal(err)
			}
		}
		r.waitFor(t, want)
	})
	t.Run("a payload over the maximum is refused", func(t *testing.T) {
		a, b := nodes(t)
		r := newRecorder()
		defer b.Subscribe("big", r.add)()
		if err := a.Publish(context.Background(), "big", strings.Repeat("x", events.MaxPayload+1)); err != events.ErrTooLarge {
			t.Fatalf("got %v, want ErrTooLarge", err)
		}
		if err := a.Publish(context.Background(), "big", "after"); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, []string{"after"})
	})
	t.Run("unsubscribed handlers receive nothing more", func(t *testing.T) {
		a, b := nodes(t)
		gone, stay := newRecorder(), newRecorder()
		unsub := b.Subscribe("u", gone.add)
		defer b.Subscribe("u", stay.add)()
		ctx := context.Background()
		if err := a.Publish(ctx, "u", "1"); err != nil {
			t.Fatal(err)
		}
		gone.waitFor(t, []string{"1"})
		unsub()
		if err := a.Publish(ctx, "u", "2"); err != nil {
			t.Fatal(err)
		}
		stay.waitFor(t, []string{"1", "2"})
		if got := gone.get(); len(got) != 1 {
			t.Fatalf("after unsubscribing got %q", got)
		}
	})
	t.Run("typed topics", func(t *testing.T) {
		a, b := nodes(t)
		type msg struct {
			Member string `json:"m"`
			N      int    `json:"n"`
		}
		topic := events.Topic[msg]("typed")
		got := make(chan msg, 1)
		defer topic.Subscribe(b, func(m msg) { got <- m })()
		if err := topic.Publish(context.Background(), a, msg{"m1", 7}); err != nil {
			t.Fatal(err)
		}
		select {
		case m := <-got:
			if m != (msg{"m1", 7}) {
				t.Fatalf("got %+v", m)
			}
		case <-time.After(Wait):
			t.Fatal("no message")
		}
	})
	t.Run("live when connected", func(t *testing.T) {
		a, b := nodes(t)
		for _, bus := range []events.Bus{a, b} {
			if _, live := bus.Epoch(); !live {
				t.Fatal("a freshly opened bus is not live")
			}
		}
	})
}

type recorder struct {
	mu   sync.Mutex
	got  []string
	more chan struct{}
}

func newRecorder() *recorder { return &recorder{more: make(chan struct{}, 1)} }

func (r *recorder) add(p string) {
	r.mu.Lock()
	r.got = append(r.got, p)
	r.mu.Unlock()
	select {
	case r.more <- struct{}{}:
	default:
	}
}

func (r *recorder) get() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.got...)
}

// waitFor waits until exactly want was received, in order.
func (r *recorder) waitFor(t *testing.T, want []string) {
	t.Helper()
	deadline := time.After(Wait)
	for {
		got := r.get()
		if len(got) >= len(want) {
			if strings.Join(got, "\x01") != strings.Join(want, "\x01") {
				t.Fatalf("got %d messages %.200q, want %.200q", len(got), got, want)
			}
			// Nothing more may follow.
			select {
			case <-r.more:
				if g := r.get(); len(g) != len(want) {
					t.Fatalf("got %d messages, want %d", len(g), len(want))
				}
			case <-time.After(100 * time.Millisecond):
			}
			return
		}
		select {
		case <-r.more:
		case <-deadline:
			t.Fatalf("after %s got %d messages %.200q, want %d", Wait, len(got), got, len(want))
		}
	}
}
