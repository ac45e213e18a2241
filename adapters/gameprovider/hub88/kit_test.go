//go:build kit

// The seamless conformance kit's Run is not on main yet: remove this build
// tag once it is.

package hub88_test

import (
	"testing"

	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/adapters/gameprovider/seamlesskit"
)

func TestHub88Conformance(t *testing.T) {
	seamlesskit.Run(t, hub88test.Mount)
}
