package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// chatFanoutBound is how soon a message reaches a socket on another node
// (quality bars: several nodes behave as one).
const chatFanoutBound = time.Second

// memberID returns the profile id of a member token.
func (h *harness) memberID(token string) string {
	h.t.Helper()
	r := h.call("GET", "/api/account/profile", token, nil)
	h.expect(r, 200, "")
	return r.Body["profile"].(map[string]any)["_id"].(string)
}

// chatTicket asks for a websocket ticket with the given headers.
func (h *harness) chatTicket(token string, headers map[string]string) (ticket, room string) {
	h.t.Helper()
	r := h.callWith("POST", "/api/chat/ticket", token, nil, headers)
	h.expect(r, 200, "")
	return r.Body["ticket"].(string), r.Body["room"].(string)
}

// dialChat opens a chat socket with a ticket and an Origin (empty: none).
func (h *harness) dialChat(ticket, origin string) (*websocket.Conn, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hdr := http.Header{}
	if origin != "" {
		hdr.Set("Origin", origin)
	}
	u := "ws" + strings.TrimPrefix(h.srv.URL, "http") + "/api/chat/ws?ticket=" + ticket
	return websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: hdr})
}

type frame struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// readFrame reads the next frame within d.
func readFrame(t *testing.T, c *websocket.Conn, d time.Duration) (frame, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	_, b, err := c.Read(ctx)
	if err != nil {
		return frame{}, err
	}
	var f frame
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f, nil
}

func writeFrame(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	if err := c.Write(context.Background(), websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

// joinChat dials with a fresh ticket and joins the room.
func (h *harness) joinChat(token string, headers map[string]string) (*websocket.Conn, string) {
	h.t.Helper()
	ticket, room := h.chatTicket(token, headers)
	c, _, err := h.dialChat(ticket, "")
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { c.CloseNow() })
	writeFrame(h.t, c, map[string]string{"type": "join", "room": room})
	f, err := readFrame(h.t, c, 5*time.Second)
	if err != nil || f.Type != "joined" {
		h.t.Fatalf("join: %+v %v", f, err)
	}
	return c, room
}

func textMessage(s string) map[string]any {
	return map[string]any{"message": map[string]any{"message_type": "text", "payload": map[string]any{"message": s}}}
}

// upload posts a multipart file field.
func (h *harness) upload(path, token string, headers map[string]string, name string, data []byte) response {
	h.t.Helper()
	out := h.postFile(path, "file", token, headers, name, data)
	json.Unmarshal(out.Raw, &out.Body)
	return out
}

// postFile posts data as the multipart field of a form to path and
// returns the answer undecoded.
func (h *harness) postFile(path, field, token string, headers map[string]string, name string, data []byte) response {
	h.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile(field, name)
	fw.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", h.srv.URL+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
}

var pngBytes = append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...)

// TestChatSecurity: nobody reads or joins a conversation that is not theirs.
func TestChatSecurity(t *testing.T) {
	db := storetest.Open(t, sqlstore.SQLite)
	h := newHarness(t, db, func(c *Config) { c.CORSOrigins = []string{"https://app.ngern.test"} })
	a := h.signUp("0871111111", "7111111111")
	b := h.signUp("0872222222", "7222222222")
	aID, bID := h.memberID(a), h.memberID(b)
	g := h.call("POST", "/api/chat/guest", "", nil)
	h.expect(g, 201, "")
	guest := map[string]string{"X-Guest-Token": g.Body["guestToken"].(string)}
	guestID := g.Body["guestId"].(string)

	cfg := h.call("GET", "/api/chat/config", "", nil)
	h.expect(cfg, 200, "")
	prefix := cfg.Body["PREFIX"].(string)

	t.Run("a socket cannot join another member's or a guest's room", func(t *testing.T) {
		h := h.sub(t)
		for _, room := range []string{prefix + "-" + bID, prefix + "-" + guestID} {
			ticket, own := h.chatTicket(a, nil)
			if own != prefix+"-"+aID {
				t.Fatalf("room %q", own)
			}
			c, _, err := h.dialChat(ticket, "")
			if err != nil {
				t.Fatal(err)
			}
			writeFrame(t, c, map[string]string{"type": "join", "room": room})
			f, err := readFrame(t, c, 5*time.Second)
			if err != nil || f.Type != "error" || !strings.Contains(string(f.Data), "CHAT_ROOM_FORBIDDEN") {
				t.Fatalf("%+v %v", f, err)
			}
			if _, err := readFrame(t, c, 5*time.Second); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Fatalf("socket not closed: %v", err)
			}
		}
		if !strings.Contains(h.logs.String(), "chat join refused") {
			t.Fatal("refusal not logged")
		}
	})
	t.Run("forged and reused tickets fail", func(t *testing.T) {
		h := h.sub(t)
		ticket, _ := h.chatTicket(a, nil)
		c, _, err := h.dialChat(ticket, "")
		if err != nil {
			t.Fatal(err)
		}
		c.CloseNow()
		for _, tk := range []string{ticket, strings.Repeat("x", 43), ""} {
			_, resp, err := h.dialChat(tk, "")
			if err == nil || resp == nil || resp.StatusCode != 401 {
				t.Fatalf("ticket %q: %v %v", tk, resp, err)
			}
		}
	})
	t.Run("a foreign Origin fails, configured and own origins pass", func(t *testing.T) {
		h := h.sub(t)
		ticket, _ := h.chatTicket(a, nil)
		if _, resp, err := h.dialChat(ticket, "https://evil.test"); err == nil || resp == nil || resp.StatusCode != 403 {
			t.Fatalf("%v %v", resp, err)
		}
		for _, origin := range []string{"https://app.ngern.test", h.srv.URL} {
			ticket, _ := h.chatTicket(a, nil)
			c, _, err := h.dialChat(ticket, origin)
			if err != nil {
				t.Fatalf("%s: %v", origin, err)
			}
			c.CloseNow()
		}
	})
	t.Run("an oversize frame closes the socket", func(t *testing.T) {
		h := h.sub(t)
		c, _ := h.joinChat(a, nil)
		c.Write(context.Background(), websocket.MessageText, bytes.Repeat([]byte("x"), 64<<10))
		if _, err := readFrame(t, c, 5*time.Second); websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
			t.Fatalf("socket not closed for size: %v", err)
		}
	})
	t.Run("history and media of another member are 404", func(t *testing.T) {
		h := h.sub(t)
		up := h.upload("/api/chat/upload-image", a, nil, "a.png", pngBytes)
		h.expect(up, 200, "")
		path := up.Body["path"].(string)
		h.expect(h.call("POST", "/api/chat/send-message", a, map[string]any{"message": map[string]any{"message_type": "media",
			"payload": map[string]any{"message": "", "url": path, "fileType": "image", "filePath": path, "name": "a.png"}}}), 200, "")
		h.expect(h.call("POST", "/api/chat/history", b, map[string]any{"userId": aID, "limit": 10}), 404, "NOT_FOUND")
		h.expect(h.call("POST", "/api/chat/history", "", map[string]any{"userId": aID}), 401, "GUEST_TOKEN_INVALID")
		h.expect(h.callWith("POST", "/api/chat/history", "", map[string]any{"userId": aID}, guest), 404, "NOT_FOUND")
		own := h.call("POST", "/api/chat/history", a, map[string]any{"userId": aID, "limit": 10})
		h.expect(own, 200, "")
		h.expect(h.call("GET", path, b, nil), 404, "NOT_FOUND")
		h.expect(h.callWith("GET", path, "", nil, guest), 404, "NOT_FOUND")
		mine := h.call("GET", path, a, nil)
		if mine.Status != 200 || !bytes.Equal(mine.Raw, pngBytes) || mine.Header.Get("X-Content-Type-Options") != "nosniff" || mine.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("%d %v", mine.Status, mine.Header)
		}
		// b cannot send a's file as its own either.
		h.expect(h.call("POST", "/api/chat/send-message", b, map[string]any{"message": map[string]any{"message_type": "media",
			"payload": map[string]any{"filePath": path, "fileType": "image"}}}), 400, "CHAT_MESSAGE_INVALID")
		op := h.operator("sue", operator.Support)
		h.expect(h.call("GET", path, op, nil), 200, "")
		fin := h.operator("fin", operator.Finance)
		h.expect(h.call("GET", path, fin, nil), 404, "NOT_FOUND")
		h.expect(h.call("GET", "/api/operator/chat/conversations", fin, nil), 403, "FORBIDDEN_ROLE")
	})
	t.Run("uploads are sniffed and limited", func(t *testing.T) {
		h := h.sub(t)
		h.expect(h.upload("/api/chat/upload-image", a, nil, "x.png", []byte("<svg onload=alert(1)></svg>")), 400, "CHAT_FILE_NOT_SUPPORTED")
		h.expect(h.upload("/api/chat/upload-video", a, nil, "x.mp4", pngBytes), 400, "CHAT_FILE_NOT_SUPPORTED")
		big := append(append([]byte(nil), pngBytes...), make([]byte, 10<<20)...)
		h.expect(h.upload("/api/chat/upload-image", a, nil, "big.png", big), 413, "CHAT_FILE_TOO_LARGE")
	})
	t.Run("text is at most 2000 characters", func(t *testing.T) {
		h := h.sub(t)
		h.expect(h.call("POST", "/api/chat/send-message", b, textMessage(strings.Repeat("ก", 2001))), 400, "CHAT_MESSAGE_INVALID")
		h.expect(h.call("POST", "/api/chat/send-message", b, textMessage("   ")), 400, "CHAT_MESSAGE_INVALID")
	})
}

// TestChatLive: a guest and a member chat with an operator; each sees the
// other's messages live, history pages back, and a guest who logs in keeps
// the conversation.
func TestChatLive(t *testing.T) {
	db := storetest.Open(t, sqlstore.SQLite)
	h := newHarness(t, db, nil)
	op := h.operator("sue", operator.Support)
	g := h.call("POST", "/api/chat/guest", "", nil)
	guest := map[string]string{"X-Guest-Token": g.Body["guestToken"].(string)}
	gc, room := h.joinChat("", guest)

	// The operator's socket sees every room.
	ot := h.call("POST", "/api/operator/chat/ticket", op, nil)
	h.expect(ot, 200, "")
	oc, _, err := h.dialChat(ot.Body["ticket"].(string), "")
	if err != nil {
		t.Fatal(err)
	}
	defer oc.CloseNow()
	if f, err := readFrame(t, oc, 5*time.Second); err != nil || f.Type != "joined" {
		t.Fatalf("operator socket: %+v %v", f, err)
	}

	sent := h.callWith("POST", "/api/chat/send-message", "", textMessage("hello, I need help"), guest)
	h.expect(sent, 200, "")
	if _, err := time.Parse(time.RFC3339Nano, sent.Body["createdAt"].(string)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*websocket.Conn{gc, oc} {
		f, err := readFrame(t, c, 5*time.Second)
		if err != nil || f.Type != "messaging" || !strings.Contains(string(f.Data), "hello, I need help") {
			t.Fatalf("%+v %v", f, err)
		}
	}
	inbox := h.call("GET", "/api/operator/chat/conversations", op, nil)
	h.expect(inbox, 200, "")
	convs := inbox.Body["conversations"].([]any)
	if len(convs) != 1 || convs[0].(map[string]any)["room"] != room || convs[0].(map[string]any)["unread"] != json.Number("1") ||
		!strings.Contains(string(inbox.Raw), `"last":{"message_type":"text","payload":{"message":"hello, I need help"}}`) {
		t.Fatalf("%s", inbox.Raw)
	}
	h.expect(h.call("POST", "/api/operator/chat/"+room+"/assign", op, nil), 200, "")
	h.expect(h.call("POST", "/api/operator/chat/"+room+"/messages", op, textMessage("hi, how can I help?")), 201, "")
	f, err := readFrame(t, gc, 5*time.Second)
	if err != nil || !strings.Contains(string(f.Data), "how can I help") || !strings.Contains(string(f.Data), `"sender":"agent"`) {
		t.Fatalf("%+v %v", f, err)
	}
	h.expect(h.call("POST", "/api/operator/chat/"+room+"/messages", op, map[string]any{"message": map[string]any{"message_type": "quick_replies",
		"payload": map[string]any{"message": "Pick one", "quick_replies": []any{map[string]any{"title": "Deposit", "type": "postback", "payload": "DEPOSIT"}}}}}), 201, "")
	msgs := h.call("GET", "/api/operator/chat/"+room+"/messages", op, nil)
	h.expect(msgs, 200, "")
	if n := len(msgs.Body["messages"].([]any)); n != 3 {
		t.Fatalf("%d messages", n)
	}
	h.expect(h.call("POST", "/api/operator/chat/"+room+"/close", op, nil), 200, "")

	t.Run("history pages back 10 at a time", func(t *testing.T) {
		h := h.sub(t)
		for i := range 12 {
			h.expect(h.callWith("POST", "/api/chat/send-message", "", textMessage("m"+string(rune('a'+i))), guest), 200, "")
		}
		first := h.callWith("POST", "/api/chat/history", "", map[string]any{"guestId": g.Body["guestId"], "limit": 10, "skip": 0}, guest)
		h.expect(first, 200, "")
		var page []map[string]any
		json.Unmarshal(first.Raw, &page)
		if len(page) != 10 || page[9]["message"].(map[string]any)["payload"].(map[string]any)["message"] != "ml" {
			t.Fatalf("%s", first.Raw)
		}
		second := h.callWith("POST", "/api/chat/history", "", map[string]any{"guestId": g.Body["guestId"], "limit": 10, "skip": 10}, guest)
		json.Unmarshal(second.Raw, &page)
		if len(page) != 5 {
			t.Fatalf("%d on page 2", len(page))
		}
		h.expect(h.callWith("POST", "/api/chat/history", "", map[string]any{"limit": 51}, guest), 400, "INVALID_REQUEST")
		h.expect(h.callWith("PUT", "/api/chat/read-customer/", "", map[string]any{"guestId": g.Body["guestId"]}, guest), 200, "")
		conv := h.call("GET", "/api/operator/chat/"+room+"/messages", op, nil)
		if conv.Body["conversation"].(map[string]any)["customerReadAt"] == nil {
			t.Fatalf("no read mark: %s", conv.Raw)
		}
	})
	t.Run("a guest who logs in keeps the conversation", func(t *testing.T) {
		h := h.sub(t)
		m := h.signUp("0873333333", "7333333333")
		_, mroom := h.chatTicket(m, guest)
		hist := h.call("POST", "/api/chat/history", m, map[string]any{"limit": 50})
		var page []map[string]any
		json.Unmarshal(hist.Raw, &page)
		if len(page) != 15 || page[0]["room"] != mroom { // 13 of the guest, 2 of the operator
			t.Fatalf("%d messages", len(page))
		}
		h.expect(h.callWith("POST", "/api/chat/ticket", "", nil, guest), 401, "GUEST_TOKEN_INVALID")
	})
}

// TestChatAcrossNodes: two servers on one PostgreSQL; a member connected
// to node A receives an operator's reply posted through node B within a
// second.
func TestChatAcrossNodes(t *testing.T) {
	db := storetest.Open(t, sqlstore.Postgres)
	a := newHarness(t, db, nil)
	db2, err := sqlstore.Open(context.Background(), db.URL(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db2.Close() })
	b := newHarness(t, db2, nil)
	member := a.signUp("0874444444", "7444444444")
	c, room := a.joinChat(member, nil)
	a.expect(a.call("POST", "/api/chat/send-message", member, textMessage("deposit missing")), 200, "")
	if f, err := readFrame(t, c, 5*time.Second); err != nil || f.Type != "messaging" {
		t.Fatalf("%+v %v", f, err)
	}
	op := b.operator("sue", operator.Support)
	for i := range 3 {
		start := time.Now()
		b.expect(b.call("POST", "/api/operator/chat/"+room+"/messages", op, textMessage("checking it now")), 201, "")
		f, err := readFrame(t, c, chatFanoutBound)
		if err != nil || f.Type != "messaging" || !strings.Contains(string(f.Data), "checking it now") {
			t.Fatalf("reply %d not received on node A within %v: %+v %v", i, chatFanoutBound, f, err)
		}
		t.Logf("reply %d reached node A after %v", i, time.Since(start).Round(time.Millisecond))
	}
}
