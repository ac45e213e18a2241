package httpapi

import (
	"testing"

	"ngern/core/chat"
)

// TestSocketBalancesCoalesce: a balances frame is not queued while one
// waits (it makes the app read its whole home, which covers every change
// before it), so a burst of changes cannot fill a socket's queue; other
// frames queue as before.
func TestSocketBalancesCoalesce(t *testing.T) {
	k := &socket{writing: true} // a writer is busy: frames stay queued
	for range 3 * socketQueue {
		k.BalancesChanged()
	}
	k.Deliver(chat.Item{})
	k.BalancesChanged()
	if len(k.queue) != 2 || string(k.queue[0]) != `{"type":"balances"}` || k.closed {
		t.Fatalf("queue %q (closed %v), want one balances frame then the message", k.queue, k.closed)
	}
}
