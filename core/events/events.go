// Package events is the port through which the nodes of one install tell
// each other what happened: small messages on named topics (session
// revocations now, chat and balance fan-out later). A single node with
// SQLite uses an in-process bus; several nodes on one PostgreSQL use
// LISTEN/NOTIFY (adapters/events).
package events

import (
	"context"
	"encoding/json"
	"errors"
)

// MaxPayload bounds a message's payload in bytes: PostgreSQL's NOTIFY
// takes at most 8,000 bytes, topic and framing included. Large content
// (a chat image) travels by reference, not in the message.
const MaxPayload = 7000

// ErrTooLarge answers a Publish of a payload over MaxPayload.
var ErrTooLarge = errors.New("events: payload too large")

// Bus carries messages between the nodes of one install.
//
// A message published on any node is delivered, once, to every handler
// subscribed to its topic on every node, the publishing node included,
// after Publish has returned (never inside it). Messages of one publisher
// arrive in the order published. A handler runs on the bus's delivery
// goroutine: it must be quick and must not publish.
//
// Delivery is not durable: a node whose connection to the other nodes is
// lost misses what was published meanwhile. Epoch tells a subscriber that
// caches what it learns whether it can trust what it has.
type Bus interface {
	// Publish sends payload (at most MaxPayload bytes of UTF-8 text
	// without NUL) on topic (a name without newline).
	// A nil error means the message was handed to every node's delivery.
	Publish(ctx context.Context, topic, payload string) error
	// Subscribe calls h with the payload of every message on topic until
	// the returned function is called.
	Subscribe(topic string, h func(payload string)) (unsubscribe func())
	// Epoch reports whether the bus is delivering every node's messages
	// now (live), and a number that changes whenever it may have missed
	// one since the last call (a lost connection, a silent link). A cache
	// kept up to date by the bus trusts an entry only while live and only
	// if the entry was stored in the current epoch.
	Epoch() (epoch uint64, live bool)
}

// Topic is a topic whose messages carry a value of type T, as JSON.
type Topic[T any] string

// Publish sends v on t.
func (t Topic[T]) Publish(ctx context.Context, bus Bus, v T) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return bus.Publish(ctx, string(t), string(b))
}

// Subscribe calls h with every value published on t; messages that do not
// decode as a T are dropped.
func (t Topic[T]) Subscribe(bus Bus, h func(T)) (unsubscribe func()) {
	return bus.Subscribe(string(t), func(payload string) {
		var v T
		if json.Unmarshal([]byte(payload), &v) == nil {
			h(v)
		}
	})
}
