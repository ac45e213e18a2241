package hub88_test

import (
	"testing"

	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/adapters/gameprovider/seamlesskit"
)

// The Hub88 adapter passes the seamless kit through its own wire protocol,
// signatures both ways included.
func TestHub88Conformance(t *testing.T) {
	seamlesskit.Run(t, hub88test.Mount)
}
