// Package hub keeps the subscribers of a bus and hands them messages.
package hub

import "sync"

// Hub maps topics to handlers.
type Hub struct {
	mu     sync.RWMutex
	next   uint64
	topics map[string]map[uint64]func(string)
}

// Subscribe adds h to topic until the returned function is called.
func (h *Hub) Subscribe(topic string, fn func(string)) func() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.topics == nil {
		h.topics = map[string]map[uint64]func(string){}
	}
	h.next++
	id := h.next
	if h.topics[topic] == nil {
		h.topics[topic] = map[uint64]func(string){}
	}
	h.topics[topic][id] = fn
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.topics[topic], id)
		if len(h.topics[topic]) == 0 {
			delete(h.topics, topic)
		}
	}
}

// Deliver calls every handler of topic with payload.
func (h *Hub) Deliver(topic, payload string) {
	h.mu.RLock()
	fns := make([]func(string), 0, len(h.topics[topic]))
	for _, fn := range h.topics[topic] {
		fns = append(fns, fn)
	}
	h.mu.RUnlock()
	for _, fn := range fns {
		fn(payload)
	}
}
