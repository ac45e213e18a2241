// Package inproc is the event bus of a single node: messages go from
// publisher to subscribers inside the process, through one delivery
// goroutine, so that a handler never runs inside Publish and messages keep
// their order.
package inproc

import (
	"context"
	"sync"

	"ngern/adapters/events/internal/hub"
	"ngern/core/events"
)

// Bus is an in-process events.Bus. It is always live.
type Bus struct {
	hub    hub.Hub
	mu     sync.Mutex
	cond   *sync.Cond
	queue  []message
	closed bool
	done   chan struct{}
}

type message struct{ topic, payload string }

var _ events.Bus = (*Bus)(nil)

// New starts a bus; Close stops it.
func New() *Bus {
	b := &Bus{done: make(chan struct{})}
	b.cond = sync.NewCond(&b.mu)
	go b.deliver()
	return b
}

// Publish queues a message for delivery.
func (b *Bus) Publish(ctx context.Context, topic, payload string) error {
	if len(payload) > events.MaxPayload {
		return events.ErrTooLarge
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return context.Canceled
	}
	b.queue = append(b.queue, message{topic, payload})
	b.cond.Signal()
	return nil
}

// Subscribe registers h for topic.
func (b *Bus) Subscribe(topic string, h func(string)) func() { return b.hub.Subscribe(topic, h) }

// Epoch is always (0, true): nothing is ever missed inside a process.
func (b *Bus) Epoch() (uint64, bool) { return 0, true }

// Close delivers what is queued and stops the bus.
func (b *Bus) Close() error {
	b.mu.Lock()
	b.closed = true
	b.cond.Signal()
	b.mu.Unlock()
	<-b.done
	return nil
}

func (b *Bus) deliver() {
	defer close(b.done)
	for {
		b.mu.Lock()
		for len(b.queue) == 0 && !b.closed {
			b.cond.Wait()
		}
		batch := b.queue
		b.queue = nil
		closed := b.closed
		b.mu.Unlock()
		for _, m := range batch {
			b.hub.Deliver(m.topic, m.payload)
		}
		if closed && len(batch) == 0 {
			return
		}
	}
}
