package httpapi

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

// TestClientIP forges X-Forwarded-For chains: whatever a client writes on
// the left of the header must never become its address once a proxy of
// ours stands in front.
func TestClientIP(t *testing.T) {
	nets := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.5/32")}
	lo := DefaultTrustedProxies()
	cases := []struct {
		name  string
		trust bool
		nets  []netip.Prefix
		peer  string
		xff   []string // header lines, in order
		want  string
	}{
		{"NoTrustIgnoresHeader", false, nets, "10.0.0.2:4000", []string{"1.2.3.4"}, "10.0.0.2"},
		{"OneProxy", true, nets, "10.0.0.2:4000", []string{"198.51.100.7"}, "198.51.100.7"},
		{"OneProxyForgedLeft", true, nets, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7"}, "198.51.100.7"},
		{"OneProxyManyForged", true, nets, "10.0.0.2:4000", []string{"1.1.1.1, 2.2.2.2, 3.3.3.3, 198.51.100.7"}, "198.51.100.7"},
		{"OneProxyForgedGarbage", true, nets, "10.0.0.2:4000", []string{"not-an-ip, 198.51.100.7"}, "198.51.100.7"},
		{"OneProxySplitHeaders", true, nets, "10.0.0.2:4000", []string{"1.2.3.4", "198.51.100.7"}, "198.51.100.7"},
		{"TwoProxies", true, nets, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7, 10.0.0.3"}, "198.51.100.7"},
		{"NoHeaderIsPeer", true, nets, "10.0.0.2:4000", nil, "10.0.0.2"},
		{"IPv6", true, []netip.Prefix{netip.MustParsePrefix("fd00::/8")}, "[fd00::1]:4000", []string{"1.2.3.4, 2001:db8::7"}, "2001:db8::7"},
		{"MappedIPv4", true, nets, "10.0.0.2:4000", []string{"::ffff:198.51.100.7"}, "198.51.100.7"},
		{"EntryWithPort", true, nets, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7:5123"}, "198.51.100.7"},
		{"IPv6EntryWithPort", true, nets, "10.0.0.2:4000", []string{"[2001:db8::7]:5123"}, "2001:db8::7"},
		{"ProxyWroteGarbage", true, nets, "10.0.0.2:4000", []string{"1.2.3.4, junk"}, "10.0.0.2"},
		{"NetsSkipTrusted", true, nets, "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.7, 10.1.2.3, 192.168.1.5"}, "198.51.100.7"},
		{"NetsForgedTrustedLeft", true, nets, "10.0.0.2:4000", []string{"10.9.9.9, 198.51.100.7"}, "198.51.100.7"},
		{"NetsAllTrusted", true, nets, "10.0.0.2:4000", []string{"10.0.0.7"}, "10.0.0.7"},
		{"NetsGarbageBeforeClient", true, nets, "10.0.0.2:4000", []string{"junk, 10.0.0.3"}, "10.0.0.2"},
		// The finding: a client that reaches the server directly, past
		// the proxy, forges the header; it is its own peer address.
		{"DirectClientForges", true, nets, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"DirectClientForgesProxyChain", true, nets, "203.0.113.9:4000", []string{"1.2.3.4, 10.0.0.3"}, "203.0.113.9"},
		{"DefaultLoopbackProxy", true, lo, "127.0.0.1:4000", []string{"1.2.3.4, 198.51.100.7"}, "198.51.100.7"},
		{"DefaultDirectClientForges", true, lo, "198.51.100.7:4000", []string{"1.2.3.4"}, "198.51.100.7"},
		{"DefaultIPv6Loopback", true, lo, "[::1]:4000", []string{"2001:db8::7"}, "2001:db8::7"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.TrustProxy, cfg.TrustedNets = c.trust, c.nets
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

// TestForwardedProto: HTTPS told by X-Forwarded-Proto counts only from a
// proxy of ours (Strict-Transport-Security is then sent).
func TestForwardedProto(t *testing.T) {
	cases := []struct {
		name string
		peer string
		want bool
	}{
		{"FromProxy", "127.0.0.1:4000", true},
		{"Direct", "203.0.113.9:4000", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.TrustProxy = true
			s := &Server{cfg: cfg}
			r := httptest.NewRequest("GET", "/api/x", nil)
			r.RemoteAddr = c.peer
			r.Header.Set("X-Forwarded-Proto", "https")
			w := httptest.NewRecorder()
			s.secure(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).ServeHTTP(w, r)
			if got := w.Header().Get("Strict-Transport-Security") != ""; got != c.want {
				t.Fatalf("HSTS sent %v, want %v", got, c.want)
			}
		})
	}
}

// TestClientIPOfRoutes: a handler another adapter mounts reads the client
// address as the server does (behind its proxies), and the peer address
// outside a server.
func TestClientIPOfRoutes(t *testing.T) {
	cfg := DefaultConfig()
	cfg.TrustProxy, cfg.TrustedNets = true, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	s := &Server{cfg: cfg, log: slog.New(slog.DiscardHandler)}
	var got string
	h := s.observe(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = ClientIP(r) }))
	r := httptest.NewRequest("POST", "/api/games/acme/bet", nil)
	r.RemoteAddr = "10.0.0.2:4000"
	r.Header.Set("X-Forwarded-For", "1.2.3.4, 198.51.100.7")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if got != "198.51.100.7" {
		t.Fatalf("ClientIP in the server = %q", got)
	}
	if got := ClientIP(r); got != "10.0.0.2" {
		t.Fatalf("ClientIP outside a server = %q", got)
	}
}
