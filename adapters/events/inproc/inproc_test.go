package inproc

import (
	"testing"

	"ngern/adapters/events/eventstest"
	"ngern/core/events"
)

func TestConformance(t *testing.T) {
	eventstest.Run(t, func(t *testing.T) (events.Bus, events.Bus) {
		b := New()
		t.Cleanup(func() { b.Close() })
		return b, b
	})
}
