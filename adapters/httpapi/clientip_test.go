package httpapi

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

// TestClientIP forges X-Forwarded-For chains: whatever a client writes on
// the left of the header must never become its address once a proxy of
// ours stands in front.
func TestClientIP(t *testing.T) {
	nets := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.5/32")}
	cases := []struct {
		name  string
		trust bool
		hops  int
		nets  []netip.Prefix
		peer  string
		xff   []string // header lines, in order
		want  string
	}{
		{"NoTrustIgnoresHeader", false, 1, nil, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"OneProxy", true, 1, nil, "10.0.0.2:4000", []string{"198.51.100.7"}, "198.51.100.7"},
		{"OneProxyForgedLeft", true, 1, nil, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7"}, "198.51.100.7"},
		{"OneProxyManyForged", true, 1, nil, "10.0.0.2:4000", []string{"1.1.1.1, 2.2.2.2, 3.3.3.3, 198.51.100.7"}, "198.51.100.7"},
		{"OneProxyForgedGarbage", true, 1, nil, "10.0.0.2:4000", []string{"not-an-ip, 198.51.100.7"}, "198.51.100.7"},
		{"OneProxySplitHeaders", true, 1, nil, "10.0.0.2:4000", []string{"1.2.3.4", "198.51.100.7"}, "198.51.100.7"},
		{"TwoProxies", true, 2, nil, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7, 10.0.0.3"}, "198.51.100.7"},
		{"TwoProxiesShortChain", true, 2, nil, "10.0.0.2:4000", []string{"10.0.0.3"}, "10.0.0.3"},
		{"NoHeaderIsPeer", true, 1, nil, "203.0.113.9:4000", nil, "203.0.113.9"},
		{"IPv6", true, 1, nil, "[fd00::1]:4000", []string{"1.2.3.4, 2001:db8::7"}, "2001:db8::7"},
		{"MappedIPv4", true, 1, nil, "10.0.0.2:4000", []string{"::ffff:198.51.100.7"}, "198.51.100.7"},
		{"EntryWithPort", true, 1, nil, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7:5123"}, "198.51.100.7"},
		{"IPv6EntryWithPort", true, 1, nil, "10.0.0.2:4000", []string{"[2001:db8::7]:5123"}, "2001:db8::7"},
		{"ProxyWroteGarbage", true, 1, nil, "10.0.0.2:4000", []string{"1.2.3.4, junk"}, "10.0.0.2"},
		{"NetsSkipTrusted", true, 0, nets, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7, 10.1.2.3, 192.168.1.5"}, "198.51.100.7"},
		{"NetsUntrustedPeer", true, 0, nets, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"NetsForgedTrustedLeft", true, 0, nets, "10.0.0.2:4000", []string{"10.9.9.9, 198.51.100.7"}, "198.51.100.7"},
		{"NetsAllTrusted", true, 0, nets, "10.0.0.2:4000", []string{"10.0.0.7"}, "10.0.0.7"},
		{"NetsGarbageBeforeClient", true, 0, nets, "10.0.0.2:4000", []string{"junk, 10.0.0.3"}, "10.0.0.2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.TrustProxy, cfg.TrustedHops, cfg.TrustedNets = c.trust, c.hops, c.nets
			s := &Server{cfg: cfg}
			r := httptest.NewRequest("GET", "/api/x", nil)
			r.RemoteAddr = c.peer
			for _, v := range c.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := s.clientIP(r); got != c.want {
				t.Fatalf("clientIP = %q, want %q", got, c.want)
			}
		})
	}
}
