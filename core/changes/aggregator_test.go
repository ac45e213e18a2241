package changes

import (
	"net/netip"
	"testing"

	"ngern/core/seamless"
)

// What of an aggregator's change waits for a second owner: whatever could
// let money move that did not.
func TestAggregatorUpdateNeedsTwoOwners(t *testing.T) {
	secret := "a-new-secret-a-new-secret-0123456789"
	list := func(s ...string) []netip.Prefix {
		var out []netip.Prefix
		for _, v := range s {
			out = append(out, netip.MustParsePrefix(v))
		}
		return out
	}
	on := seamless.AggregatorSettings{Enabled: true, Allow: list("203.0.113.0/24", "198.51.100.7/32")}
	off := on
	off.Enabled = false
	for name, c := range map[string]struct {
		before, after seamless.AggregatorSettings
		secret        *string
		want          bool
	}{
		"saving the settings in effect":    {on, on, nil, false},
		"the same list in another order":   {on, seamless.AggregatorSettings{Enabled: true, Allow: list("198.51.100.7/32", "203.0.113.0/24")}, nil, false},
		"switching off":                    {on, off, nil, false},
		"switching on":                     {off, on, nil, true},
		"a new secret":                     {on, on, &secret, true},
		"a new secret while switching off": {on, off, &secret, true},
		"a wider allow-list":               {on, seamless.AggregatorSettings{Enabled: true, Allow: list("0.0.0.0/0")}, nil, true},
		"no allow-list (any address)":      {on, seamless.AggregatorSettings{Enabled: true}, nil, true},
		"a narrower allow-list":            {on, seamless.AggregatorSettings{Enabled: true, Allow: list("198.51.100.7/32")}, nil, true},
	} {
		t.Run(name, func(t *testing.T) {
			if got := AggregatorUpdateNeedsTwoOwners(c.before, c.after, seamless.AggregatorUpdate{Secret: c.secret}); got != c.want {
				t.Fatalf("got %t, want %t", got, c.want)
			}
		})
	}
}
