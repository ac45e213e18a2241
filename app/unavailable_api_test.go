package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
)

// TestDatabaseUnavailable: while the database cannot be reached, calls
// answer 503 SERVICE_UNAVAILABLE with Retry-After (not 500) and /readyz
// fails; a money call retried with the same Idempotency-Key once the
// database is back runs once.
func TestDatabaseUnavailable(t *testing.T) {
	check := func(h *harness, token string) {
		h.t.Helper()
		for _, c := range []struct {
			name, method, path, token string
			body                      any
			key                       string
		}{
			{"Transfer", "POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 10}, "down-1"},
			{"Withdraw", "POST", "/api/wallet/withdraw", token, map[string]any{"amount": 100}, "down-2"},
			{"Wallet", "GET", "/api/wallet", token, nil, ""},
			{"Login", "POST", "/api/login", "", map[string]any{"username": "0815550000", "password": "s3cret-pass"}, ""},
			{"Lookup", "GET", "/api/lookup/banks", "", nil, ""},
		} {
			var headers map[string]string
			if c.key != "" {
				headers = map[string]string{"Idempotency-Key": c.key}
			}
			r := h.callWith(c.method, c.path, c.token, c.body, headers)
			if r.Status != 503 || r.message() != "SERVICE_UNAVAILABLE" {
				h.t.Fatalf("%s: %d %s, want 503 SERVICE_UNAVAILABLE", c.name, r.Status, r.Raw)
			}
			if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 {
				h.t.Fatalf("%s: Retry-After %q", c.name, r.Header.Get("Retry-After"))
			}
		}
		h.expect(h.call("GET", "/readyz", "", nil), 503, "")
	}

	t.Run("postgres", func(t *testing.T) {
		p, db := proxiedPostgres(t)
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		token := h.member("0815550000", "5550000000", money.FromBaht(500))
		h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "SUCCESS")
		h.expect(h.call("GET", "/readyz", "", nil), 200, "")
		p.down()
		check(h, token)
		p.up()
		h.expect(h.call("GET", "/readyz", "", nil), 200, "")
		for i := 0; i < 2; i++ {
			r := h.callWith("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 10},
				map[string]string{"Idempotency-Key": "down-1"})
			h.expect(r, 200, "SUCCESS")
			if walletAmount(r) != "490.00" {
				t.Fatalf("try %d: wallet %s, want 490.00 (one transfer)", i, walletAmount(r))
			}
		}
	})
	t.Run("sqlite", func(t *testing.T) {
		db := storetest.Open(t, sqlstore.SQLite)
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		token := h.member("0815550000", "5550000000", money.FromBaht(500))
		h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "SUCCESS")
		h.dbGone = true
		db.Close()
		check(h, token)
	})
}

// dbProxy forwards TCP connections to the database server and can drop
// them all and refuse new ones, as a network failure or a server that went
// away would.
type dbProxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

// proxiedPostgres returns a fresh migrated PostgreSQL schema reached
// through a proxy.
func proxiedPostgres(t *testing.T) (*dbProxy, *sqlstore.DB) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	base := storetest.PostgresURL()
	admin, err := sqlstore.Open(ctx, base, "")
	if err != nil {
		t.Skipf("PostgreSQL not reachable: %v", err)
	}
	defer admin.Close()
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.SQL().ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		a, err := sqlstore.Open(context.Background(), base, "")
		if err == nil {
			a.SQL().Exec("DROP SCHEMA " + schema + " CASCADE")
			a.Close()
		}
	})
	u, _ := url.Parse(base)
	p := &dbProxy{t: t, target: u.Host}
	p.up()
	t.Cleanup(p.down)
	u.Host = p.addr
	q := u.Query()
	q.Set("search_path", schema)
	q.Set("connect_timeout", "2")
	u.RawQuery = q.Encode()
	db, err := sqlstore.Open(ctx, u.String(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return p, db
}

// up listens (again, on the same address) and forwards.
func (p *dbProxy) up() {
	addr := p.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.mu.Lock()
	p.ln, p.addr = ln, ln.Addr().String()
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
}

// down refuses new connections and drops the open ones.
func (p *dbProxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}
