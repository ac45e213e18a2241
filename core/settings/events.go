package settings

import (
	"time"

	"ngern/core/events"
)

// statusTopic tells every node that the service status (KeyActive)
// changed, so that a termination applies on all of them at once rather
// than when their two-second status cache runs out.
const statusTopic events.Topic[struct{}] = "settings.status"

// UseEvents connects the service to the install's event bus; the returned
// function stops listening.
func (s *Service) UseEvents(bus events.Bus) (stop func()) {
	s.bus = bus
	stopStatus := statusTopic.Subscribe(bus, func(struct{}) { s.forgetStatus() })
	stopQR := qrTopic.Subscribe(bus, func(struct{}) { s.forgetQR() })
	return func() { stopStatus(); stopQR() }
}

// forgetStatus makes the next Terminated read the database.
func (s *Service) forgetStatus() {
	s.mu.Lock()
	s.checkedAt = time.Time{}
	s.mu.Unlock()
}
