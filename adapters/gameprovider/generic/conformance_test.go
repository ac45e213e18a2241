package generic

import (
	"testing"

	"ngern/adapters/gameprovider/seamlesskit"
)

// TestGenericConformance runs the seamless conformance kit through the
// generic protocol. It builds with -tags kit until seamlesskit.Run is on
// main; then drop the build tag.
func TestGenericConformance(t *testing.T) {
	seamlesskit.Run(t, kitMount)
}
