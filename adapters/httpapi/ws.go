package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/coder/websocket"

	"ngern/core/chat"
	"ngern/core/errs"
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

// socket is one websocket connection: a chat.Listener whose frames a
// writer goroutine sends; a socket whose queue is full is closed.
type socket struct {
	conn   *websocket.Conn
	out    chan []byte
	closed chan struct{}
	once   sync.Once
}

// Deliver queues a messaging frame, or closes a socket that cannot keep up.
func (k *socket) Deliver(it chat.Item) {
	k.send(marshalFrame("messaging", it))
}

func (k *socket) send(b []byte) {
	select {
	case <-k.closed:
	case k.out <- b:
	default:
		k.close(websocket.StatusPolicyViolation, "too slow")
	}
}

func (k *socket) close(code websocket.StatusCode, reason string) {
	k.once.Do(func() {
		close(k.closed)
		go k.conn.Close(code, reason)
	})
}

func (k *socket) writeLoop(ctx context.Context) {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case <-k.closed:
			return
		case <-ctx.Done():
			return
		case b := <-k.out:
			wctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := k.conn.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				k.close(websocket.StatusGoingAway, "write failed")
				return
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := k.conn.Ping(pctx)
			cancel()
			if err != nil {
				k.close(websocket.StatusGoingAway, "no pong")
				return
			}
		}
	}
}

// chatSocket is GET /api/chat/ws?ticket=…: a member's or guest's socket
// joins its own room (client frame {"type":"join","room":R}); an
// operator's socket receives every room. Server frames are
// {"type":"messaging","data":item}, {"type":"joined","data":{"room":R}}
// and {"type":"error","data":{"message":CODE}}.
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
	// The origin was checked above against the configured web origins.
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return // Accept answered the client
	}
	conn.SetReadLimit(maxFrame)
	k := &socket{conn: conn, out: make(chan []byte, socketQueue), closed: make(chan struct{})}
	defer k.close(websocket.StatusNormalClosure, "")
	var stops []func()
	defer func() {
		for _, stop := range stops {
			stop()
		}
	}()
	if t.Kind == chat.KindOperator {
		stops = append(stops, s.chat.Listen("", k))
	}
	go k.writeLoop(context.WithoutCancel(ctx))
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
				conn.Write(wctx, websocket.MessageText, marshalFrame("error", map[string]string{"message": string(errs.ChatRoomForbidden)}))
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
