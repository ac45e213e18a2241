package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"ngern/core/chat"
)

// TestSlowSocketIsClosed: a socket whose client does not read fills its
// queue and is closed, instead of holding more and more frames.
func TestSlowSocketIsClosed(t *testing.T) {
	accepted := make(chan *websocket.Conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		accepted <- c
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	client, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer client.CloseNow()
	conn := <-accepted

	k := newSocket(context.Background(), conn)
	// Hold the writer as if the client's connection were stuck.
	k.mu.Lock()
	k.writing = true
	k.mu.Unlock()
	item := chat.Item{ID: "m", Room: "ngern-x", Sender: chat.Agent, Message: chat.Content{Type: chat.Text, Payload: chat.Payload{Message: "hi"}}}
	for range socketQueue {
		k.Deliver(item)
	}
	k.mu.Lock()
	open, queued := !k.closed, len(k.queue)
	k.mu.Unlock()
	if !open || queued != socketQueue {
		t.Fatalf("open %v with %d queued, want open with %d", open, queued, socketQueue)
	}
	k.Deliver(item) // one too many
	k.mu.Lock()
	closed := k.closed
	k.mu.Unlock()
	if !closed {
		t.Fatal("a socket over its queue stays open")
	}
	if _, _, err := client.Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("client read %v, want close 1008", err)
	}
	k.Deliver(item) // after close: dropped, no panic
}

// TestSocketEndsWhenItsHolderMayNoLonger: at a ping, a socket whose holder
// was locked or disabled (still answers false) is closed; otherwise it
// stays open.
func TestSocketEndsWhenItsHolderMayNoLonger(t *testing.T) {
	for _, allowed := range []bool{true, false} {
		accepted := make(chan *websocket.Conn, 1)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			c, err := websocket.Accept(w, r, nil)
			if err != nil {
				t.Error(err)
				return
			}
			accepted <- c
			c.Read(context.Background()) // answers pings until closed
		}))
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		client, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
		if err != nil {
			t.Fatal(err)
		}
		closed := make(chan error, 1)
		go func() {
			_, _, err := client.Read(ctx) // answers the server's pings
			closed <- err
		}()
		k := newSocket(context.Background(), <-accepted)
		k.still = func(context.Context) bool { return allowed }
		k.ping()
		k.mu.Lock()
		isClosed := k.closed
		k.mu.Unlock()
		if isClosed == allowed {
			t.Fatalf("allowed %v: closed %v", allowed, isClosed)
		}
		if !allowed {
			if err := <-closed; websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("client got %v, want close 1008", err)
			}
		}
		k.close(websocket.StatusNormalClosure, "")
		client.CloseNow()
		cancel()
		srv.Close()
	}
}

func TestOriginAllowed(t *testing.T) {
	s := &Server{cfg: Config{CORSOrigins: []string{"https://app.ngern.test"}}}
	r := httptest.NewRequest("GET", "http://ngern.test/api/chat/ws", nil)
	for origin, want := range map[string]bool{
		"":                       true, // native apps; the ticket is required anyway
		"http://ngern.test":      true, // the server's own web app
		"https://app.ngern.test": true,
		"https://evil.test":      false,
		"http://ngern.test.evil": false,
		"null":                   false,
	} {
		if got := s.originAllowed(r, origin); got != want {
			t.Errorf("%q: %v, want %v", origin, got, want)
		}
	}
}

// TestSocketBalancesCoalesce: a balances frame is not queued while one
// waits (it makes the app read its whole home, which covers every change
// before it), so a burst of changes cannot fill a socket's queue; other
// frames queue as before.
func TestSocketBalancesCoalesce(t *testing.T) {
	k := &socket{writing: true} // a writer is busy: frames stay queued
	for range 3 * socketQueue {
		k.BalancesChanged()
	}
	k.Deliver(chat.Item{})
	k.BalancesChanged()
	if len(k.queue) != 2 || string(k.queue[0]) != `{"type":"balances"}` || k.closed {
		t.Fatalf("queue %q (closed %v), want one balances frame then the message", k.queue, k.closed)
	}
}
