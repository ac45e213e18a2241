package httpapi

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"ngern/core/errs"
)

// serveLimited serves h behind the adapter's limits and listener on a real
// loopback socket and returns its address.
func serveLimited(t *testing.T, cfg Config, h http.Handler) string {
	t.Helper()
	s := &Server{cfg: cfg, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: s.limits(h), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(s.Listener(ln))
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// dialFrom opens a connection to addr from the loopback address from
// (127.0.0.2, 127.0.0.3 …: every 127/8 address is this machine).
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 2 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// rawGet sends a whole GET on c and answers the status, or an error when the
// server closed the connection without answering.
func rawGet(c net.Conn, path string) (int, error) {
	c.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path); err != nil {
		return 0, err
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// TestConnectionsPerAddress: slow connections of one address beyond the
// bound are closed at once while another address is still answered, and a
// closed connection gives its place back.
func TestConnectionsPerAddress(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxConnsPerIP = 3
	addr := serveLimited(t, cfg, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
	var slow []net.Conn
	for i := 0; i < 3; i++ {
		c := dialFrom(t, "127.0.0.2", addr)
		fmt.Fprint(c, "GET /healthz HTTP/1.1\r\nHo") // dripping headers
		slow = append(slow, c)
	}
	time.Sleep(100 * time.Millisecond) // the server has accepted them
	t.Run("ErrOverBoundClosed", func(t *testing.T) {
		if st, err := rawGet(dialFrom(t, "127.0.0.2", addr), "/healthz"); err == nil {
			t.Fatalf("a fourth connection of the address was answered %d", st)
		}
	})
	t.Run("OtherAddressAnswered", func(t *testing.T) {
		if st, err := rawGet(dialFrom(t, "127.0.0.3", addr), "/healthz"); err != nil || st != 204 {
			t.Fatalf("status %d, %v", st, err)
		}
	})
	t.Run("PlaceGivenBack", func(t *testing.T) {
		slow[0].Close()
		deadline := time.Now().Add(2 * time.Second)
		for {
			st, err := rawGet(dialFrom(t, "127.0.0.2", addr), "/healthz")
			if err == nil && st == 204 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("no place after a close: %d %v", st, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	t.Run("TrustedProxyNotBounded", func(t *testing.T) {
		cfg := cfg
		cfg.TrustProxy = true
		cfg.MaxConnsPerIP = 1
		addr := serveLimited(t, cfg, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
		dialFrom(t, "127.0.0.1", addr)
		time.Sleep(50 * time.Millisecond)
		if st, err := rawGet(dialFrom(t, "127.0.0.1", addr), "/healthz"); err != nil || st != 204 {
			t.Fatalf("status %d, %v", st, err)
		}
	})
}

// TestUploadDeadline: an upload path's body gets the long deadline only
// once its caller is authenticated; before that it has the short one, and a
// refused caller's connection is closed without reading the body.
func TestUploadDeadline(t *testing.T) {
	cfg := DefaultConfig()
	cfg.RequestTimeout, cfg.UploadTimeout = 300*time.Millisecond, 10*time.Second
	s := &Server{cfg: cfg}
	read := func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			w.WriteHeader(http.StatusRequestTimeout)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
	mux := http.NewServeMux()
	// As member and customer do: authenticate, then grant.
	mux.HandleFunc("POST /api/wallet/slip", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer ok" {
			refuse(w, r, errs.New(errs.InvalidToken))
			return
		}
		s.grantUpload(w, r)
		read(w, r)
	})
	// A handler that reads before anyone is authenticated.
	mux.HandleFunc("POST /api/chat/upload-image", read)
	addr := serveLimited(t, cfg, mux)
	const size = 10
	drip := func(t *testing.T, path, auth string, every time.Duration) (status int, took time.Duration) {
		c := dialFrom(t, "127.0.0.2", addr)
		start := time.Now()
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: x\r\nAuthorization: %s\r\nContent-Length: %d\r\n\r\n", path, auth, size)
		done := make(chan int, 1)
		go func() {
			c.SetReadDeadline(time.Now().Add(5 * time.Second))
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				done <- 0
				return
			}
			resp.Body.Close()
			if resp.Close {
				// the server said it closes: nothing more is read
				_, err := c.Read(make([]byte, 1))
				if err == nil {
					done <- -1
					return
				}
			}
			done <- resp.StatusCode
		}()
		for i := 0; i < size; i++ {
			select {
			case st := <-done:
				return st, time.Since(start)
			case <-time.After(every):
			}
			if _, err := c.Write([]byte("x")); err != nil {
				break
			}
		}
		return <-done, time.Since(start)
	}
	t.Run("ErrUnauthenticatedCutAtShortDeadline", func(t *testing.T) {
		st, took := drip(t, "/api/chat/upload-image", "none", 100*time.Millisecond)
		if st == http.StatusOK || took > 900*time.Millisecond {
			t.Fatalf("status %d after %v: the body was read past the short deadline", st, took)
		}
	})
	t.Run("ErrRefusedClosedAtOnce", func(t *testing.T) {
		st, took := drip(t, "/api/wallet/slip", "Bearer wrong", 100*time.Millisecond)
		if st != http.StatusUnauthorized || took > 250*time.Millisecond {
			t.Fatalf("status %d after %v", st, took)
		}
	})
	t.Run("AuthenticatedGetsUploadDeadline", func(t *testing.T) {
		st, took := drip(t, "/api/wallet/slip", "Bearer ok", 100*time.Millisecond)
		if st != http.StatusOK || took < 500*time.Millisecond {
			t.Fatalf("status %d after %v", st, took)
		}
	})
}
