package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"

	"ngern/core/chat"
	"ngern/core/errs"
	"ngern/core/operator"
)

// Websocket limits.
const (
	maxFrame     = 4096             // a client frame's largest size; larger closes the socket
	socketQueue  = 64               // frames waiting for a socket; a socket that falls behind is closed
	writeTimeout = 10 * time.Second // a frame not written within this closes the socket
	pingEvery    = 30 * time.Second
)

// originAllowed reports whether a websocket may come from origin: the
// server's own origin (the web app it serves) or a configured web origin.
// A missing Origin (the native apps) is allowed, as the ticket is required
// either way.
func (s *Server) originAllowed(r *http.Request, origin string) bool {
	if origin == "" {
		return true
	}
	if s.corsAllowed(origin) {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && u.Host == r.Host
}

// clientFrame is a frame a client sends.
type clientFrame struct {
	Type string `json:"type"`
	Room string `json:"room"`
}

// socket is one websocket connection and a chat.Listener. An idle socket
// costs no goroutine but the one reading it: frames to send are queued
// and written by a goroutine that lives only while the queue is not empty,
// and pings run from a timer. A socket whose queue is full is closed.
type socket struct {
	conn *websocket.Conn
	ctx  context.Context

	mu      sync.Mutex
	queue   [][]byte
	writing bool
	closed  bool
	pinger  *time.Timer
	// still reports, at each ping, whether the socket's holder may still
	// listen (nil: always).
	still func(context.Context) bool
}

func newSocket(ctx context.Context, conn *websocket.Conn) *socket {
	k := &socket{conn: conn, ctx: ctx}
	k.pinger = time.AfterFunc(pingEvery, k.ping)
	return k
}

// Deliver queues a messaging frame, or closes a socket that cannot keep up.
func (k *socket) Deliver(it chat.Item) {
	k.send(marshalFrame("messaging", it))
}

// balancesFrame tells a member's app that its home changed
// (wallet.BalancesChanged): it reads GET /api/wallet again.
var balancesFrame = []byte(`{"type":"balances"}`)

// BalancesChanged queues a balances frame, unless one is already waiting
// (one re-read covers every change before it), so that a burst of
// changes never fills the queue (chat.BalancesListener).
func (k *socket) BalancesChanged() {
	k.send(balancesFrame)
}

func (k *socket) send(b []byte) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.closed {
		return
	}
	if bytes.Equal(b, balancesFrame) && slices.ContainsFunc(k.queue, func(q []byte) bool { return bytes.Equal(q, balancesFrame) }) {
		return
	}
	if len(k.queue) >= socketQueue {
		k.closeLocked(websocket.StatusPolicyViolation, "too slow")
		return
	}
	k.queue = append(k.queue, b)
	if !k.writing {
		k.writing = true
		go k.flush()
	}
}

// flush writes the queue until it is empty.
func (k *socket) flush() {
	for {
		k.mu.Lock()
		if k.closed || len(k.queue) == 0 {
			k.writing = false
			k.queue = nil
			k.mu.Unlock()
			return
		}
		b := k.queue[0]
		k.queue = k.queue[1:]
		k.mu.Unlock()
		ctx, cancel := context.WithTimeout(k.ctx, writeTimeout)
		err := k.conn.Write(ctx, websocket.MessageText, b)
		cancel()
		if err != nil {
			k.close(websocket.StatusGoingAway, "write failed")
		}
	}
}

func (k *socket) ping() {
	ctx, cancel := context.WithTimeout(k.ctx, writeTimeout)
	err := k.conn.Ping(ctx)
	allowed := err != nil || k.still == nil || k.still(ctx)
	cancel()
	k.mu.Lock()
	defer k.mu.Unlock()
	if err != nil {
		k.closeLocked(websocket.StatusGoingAway, "no pong")
		return
	}
	if !allowed {
		k.closeLocked(websocket.StatusPolicyViolation, "signed out")
		return
	}
	if !k.closed {
		k.pinger.Reset(pingEvery)
	}
}

// Revoke is told that a session of the socket's member ended (on any
// node): the socket checks at once whether it may still listen, and
// closes if not (chat.Revocable).
func (k *socket) Revoke() {
	if k.still == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(k.ctx, writeTimeout)
		allowed := k.still(ctx)
		cancel()
		if !allowed {
			k.close(websocket.StatusPolicyViolation, "signed out")
		}
	}()
}

func (k *socket) close(code websocket.StatusCode, reason string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.closeLocked(code, reason)
}

func (k *socket) closeLocked(code websocket.StatusCode, reason string) {
	if k.closed {
		return
	}
	k.closed = true
	k.pinger.Stop()
	go k.conn.Close(code, reason)
}

// chatSocket is GET /api/chat/ws?ticket=…: a member's or guest's socket
// joins its own room (client frame {"type":"join","room":R}); an
// operator's socket receives every room at once (it is sent
// {"type":"joined","data":{"room":""}}). Server frames are
// {"type":"messaging","data":item}, {"type":"joined","data":{"room":R}},
// {"type":"error","data":{"message":CODE}} and, to a member's socket from
// its opening, {"type":"balances"} when the member's home changed on any
// node (wallet.BalancesChanged), so that the app reads it again without
// polling.
func (s *Server) chatSocket(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if origin := r.Header.Get("Origin"); !s.originAllowed(r, origin) {
		logger(ctx).WarnContext(ctx, "chat socket refused: origin", "origin", origin)
		writeError(w, r, errs.New(errs.OriginNotAllowed))
		return
	}
	t, err := s.chat.UseTicket(ctx, r.URL.Query().Get("ticket"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	// A member or guest has at most SocketsPerHolder sockets on a node.
	release, err := s.chat.HoldSocket(t.Kind, t.Subject)
	if err != nil {
		writeError(w, r, err)
		return
	}
	// The origin was checked above against the configured web origins.
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		release()
		return // Accept answered the client
	}
	conn.SetReadLimit(maxFrame)
	// The socket outlives this request: the handler returns (net/http
	// leaves a hijacked connection alone) and a fresh goroutine, with a
	// small stack, reads the socket.
	k := newSocket(context.WithoutCancel(ctx), conn)
	switch t.Kind {
	case chat.KindOperator:
		// An operator disabled, or moved to a role without the chat, stops
		// listening at the next ping.
		k.still = func(ctx context.Context) bool { return s.operatorMayChat(ctx, t.Subject) }
	case chat.KindMember:
		// A member's socket lives as long as the login session it was
		// opened with: it closes at once when that session ends on any
		// node (logout, password change, lock, an operator's revoke: the
		// account's revocations on the event bus), and at the next ping
		// should the bus have missed one.
		k.still = func(ctx context.Context) bool { return s.memberMayChat(ctx, t.Subject, t.Session) }
	}
	stops := []func(){release}
	// Counted while open: the request ends here, the socket when its
	// reader returns.
	if s.obs != nil {
		s.obs.Socket(1)
		stops = append(stops, func() { s.obs.Socket(-1) })
	}
	if t.Kind == chat.KindMember {
		stops = append(stops, s.chat.TrackSession(t.Subject, t.Session, k))
	}
	if t.Kind == chat.KindOperator {
		// An operator's socket listens to every room from the start and
		// says so, so that the client knows from when it misses nothing.
		stops = append(stops, s.chat.Listen("", k))
		k.send(marshalFrame("joined", map[string]string{"room": ""}))
	}
	go s.readSocket(k, t, stops)
}

// readSocket reads a socket's frames until it closes: joins of its own
// room, pings. Anything else closes it.
func (s *Server) readSocket(k *socket, t *chat.Ticket, stops []func()) {
	ctx, conn := k.ctx, k.conn
	defer k.close(websocket.StatusNormalClosure, "")
	defer func() {
		for _, stop := range stops {
			stop()
		}
	}()
	joined := false
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return // closed, oversize (the library closes with 1009) or gone
		}
		var f clientFrame
		if typ != websocket.MessageText || json.Unmarshal(data, &f) != nil {
			k.close(websocket.StatusUnsupportedData, "frames are JSON text")
			return
		}
		switch f.Type {
		case "join":
			if t.Room == "" || f.Room != t.Room {
				logger(ctx).WarnContext(ctx, "chat join refused", "kind", t.Kind, "subject", t.Subject, "asked", f.Room)
				wctx, cancel := context.WithTimeout(ctx, time.Second)
				_ = conn.Write(wctx, websocket.MessageText, marshalFrame("error", map[string]string{"message": string(errs.ChatRoomForbidden)}))
				cancel()
				k.close(websocket.StatusPolicyViolation, "not your room")
				return
			}
			if !joined {
				joined = true
				stops = append(stops, s.chat.Listen(t.Room, k))
			}
			k.send(marshalFrame("joined", map[string]string{"room": t.Room}))
		case "ping":
			k.send(marshalFrame("pong", nil))
		}
	}
}

// operatorMayChat reports whether the operator named may still use the
// chat: enabled and of a chat role (the configured token's operator
// always may).
func (s *Server) operatorMayChat(ctx context.Context, username string) bool {
	if username == operator.ConfigOperator {
		return true
	}
	o, err := s.operators.Operator(ctx, username)
	if err != nil {
		return errs.As(err) == nil // a database hiccup keeps the socket; a missing operator does not
	}
	return !o.Disabled && operator.Allowed(o.Role, chatRoles)
}

// memberMayChat reports whether a member's socket may stay open: the
// member exists, is not locked, and the login session the socket was
// opened with is live (a ticket without a session, issued before
// sessions were recorded on tickets, checks the member only).
func (s *Server) memberMayChat(ctx context.Context, id, session string) bool {
	if session == "" {
		m, err := s.accounts.Member(ctx, id)
		if err != nil {
			return errs.As(err) == nil // a database hiccup keeps the socket
		}
		return m.Active
	}
	live, err := s.accounts.SessionLive(ctx, id, session)
	if err != nil {
		return errs.As(err) == nil // a database hiccup keeps the socket
	}
	return live
}
