package httpapi

import (
	"net"
	"net/netip"
	"sync"
)

// Listener bounds the connections open at once from one peer address
// (Config.MaxConnsPerIP): a connection over the bound is closed as soon as
// it is accepted, before anything is read from it, so that one address
// dripping request bodies cannot take every descriptor of the server. Our
// own proxies (TrustedNets, with TrustProxy) carry many clients and are not
// bounded here; behind them, the proxy bounds each client. The accept path
// only counts in a map under a mutex: refusing costs a close, never a wait.
func (s *Server) Listener(ln net.Listener) net.Listener {
	if s.cfg.MaxConnsPerIP <= 0 {
		return ln
	}
	return &connLimit{Listener: ln, s: s, max: s.cfg.MaxConnsPerIP, open: map[netip.Addr]int{}}
}

type connLimit struct {
	net.Listener
	s   *Server
	max int

	mu   sync.Mutex
	open map[netip.Addr]int
}

func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap, perr := netip.ParseAddrPort(c.RemoteAddr().String())
		if perr != nil {
			return c, nil // not an IP peer (a test pipe): not bounded
		}
		a := ap.Addr().Unmap()
		if l.s.cfg.TrustProxy && trusted(a, l.s.cfg.TrustedNets) {
			return c, nil
		}
		l.mu.Lock()
		if l.open[a] >= l.max {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[a]++
		l.mu.Unlock()
		return &limitedConn{Conn: c, l: l, addr: a}, nil
	}
}

// limitedConn gives its place back once, when it closes (hijacked
// websockets included: they close this same connection).
type limitedConn struct {
	net.Conn
	l    *connLimit
	addr netip.Addr
	once sync.Once
}

func (c *limitedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.addr]--; c.l.open[c.addr] <= 0 {
			delete(c.l.open, c.addr)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}
