package app

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/limits"
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

// readFrame reads the next frame within d, past the balances frames that
// any change of a member's money may send to the member's socket at any
// time (TestHomeReachesEveryNode tests those).
func readFrame(t *testing.T, c *websocket.Conn, d time.Duration) (frame, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			return frame{}, err
		}
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatal(err)
		}
		if f.Type != "balances" {
			return f, nil
		}
	}
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

// pngBytes is a real PNG: chat images' headers are read before they are stored.
var pngBytes = func() []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 2, 2)))
	return b.Bytes()
}()

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
	t.Run("a guest's media stays readable by the member it becomes, and by no one else", func(t *testing.T) {
		h := h.sub(t)
		g := h.call("POST", "/api/chat/guest", "", nil)
		was := map[string]string{"X-Guest-Token": g.Body["guestToken"].(string)}
		up := h.upload("/api/chat/upload-image", "", was, "g.png", pngBytes)
		h.expect(up, 200, "")
		path := up.Body["path"].(string)
		if !strings.HasPrefix(path, "/api/chat/media/"+prefix+"-"+g.Body["guestId"].(string)+"/") {
			t.Fatalf("path %s", path)
		}
		h.expect(h.callWith("POST", "/api/chat/send-message", "", map[string]any{"message": map[string]any{"message_type": "media",
			"payload": map[string]any{"url": path, "fileType": "image", "filePath": path, "name": "g.png"}}}, was), 200, "")
		m := h.signUp("0874444444", "7444444444")
		h.chatTicket(m, was) // the guest logs in: the conversation moves
		hist := h.call("POST", "/api/chat/history", m, map[string]any{"limit": 10})
		if !strings.Contains(string(hist.Raw), path) {
			t.Fatalf("the member's history lacks the media: %s", hist.Raw)
		}
		mine := h.call("GET", path, m, nil)
		if mine.Status != 200 || !bytes.Equal(mine.Raw, pngBytes) {
			t.Fatalf("the member reads %d", mine.Status)
		}
		h.expect(h.call("GET", path, h.operator("ann", operator.Support), nil), 200, "")
		h.expect(h.call("GET", path, b, nil), 404, "NOT_FOUND")
		h.expect(h.callWith("GET", path, "", nil, was), 404, "NOT_FOUND")   // the guest token ended
		h.expect(h.callWith("GET", path, "", nil, guest), 404, "NOT_FOUND") // another guest
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
		h.expect(h.call("POST", "/api/chat/send-message", b, textMessage(strings.Repeat("ก", limits.ChatText+1))), 400, "CHAT_MESSAGE_INVALID")
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

// socketClosedWithin reports whether c is closed by the server (policy
// violation: signed out) within d.
func socketClosedWithin(t *testing.T, c *websocket.Conn, d time.Duration) error {
	t.Helper()
	start := time.Now()
	for {
		f, err := readFrame(t, c, d-time.Since(start))
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				return fmt.Errorf("not closed for the session within %v: %v", d, err)
			}
			t.Logf("closed after %v", time.Since(start).Round(time.Millisecond))
			return nil
		}
		if f.Type != "messaging" {
			return fmt.Errorf("unexpected frame %+v", f)
		}
	}
}

// socketOpen reports whether c is still open: it receives a message of
// its room sent now.
func (h *harness) socketOpen(c *websocket.Conn, token string) bool {
	h.t.Helper()
	h.expect(h.call("POST", "/api/chat/send-message", token, textMessage("still here?")), 200, "")
	f, err := readFrame(h.t, c, 5*time.Second)
	return err == nil && f.Type == "messaging"
}

// sessionClosesSockets checks that a member's socket closes within a second
// of the end of its session (logout, password change, lock, an operator's
// revoke), and only the sockets whose session ended. Sockets are on node
// a; the session ends through node b (the same node on SQLite).
func sessionClosesSockets(t *testing.T, a, b *harness) {
	owner := b.operator("owner1", operator.Owner)
	const bound = time.Second
	t.Run("logout", func(t *testing.T) {
		a, b := a.sub(t), b.sub(t)
		tok := a.signUp("0876000001", "7600000001")
		c, _ := a.joinChat(tok, nil)
		b.expect(b.call("POST", "/api/logout", tok, nil), 200, "")
		if err := socketClosedWithin(t, c, bound); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("password change closes the other sessions' sockets", func(t *testing.T) {
		a, b := a.sub(t), b.sub(t)
		keep := a.signUp("0876000002", "7600000002")
		other := a.login("0876000002", "s3cret-pass")
		kc, _ := a.joinChat(keep, nil)
		oc, _ := a.joinChat(other, nil)
		b.expect(b.call("PUT", "/api/account/changepwd", keep, map[string]any{"oldPassword": "s3cret-pass", "newPassword": "n3w-s3cret-pass"}), 200, "")
		if err := socketClosedWithin(t, oc, bound); err != nil {
			t.Fatal(err)
		}
		if !a.socketOpen(kc, keep) {
			t.Fatal("the socket of the session that changed the password closed")
		}
	})
	t.Run("lock", func(t *testing.T) {
		a, b := a.sub(t), b.sub(t)
		tok := a.signUp("0876000003", "7600000003")
		id := a.memberID(tok)
		c, _ := a.joinChat(tok, nil)
		b.expect(b.call("POST", "/api/operator/members/"+id+"/lock", owner, map[string]any{"reason": "test"}), 200, "")
		if err := socketClosedWithin(t, c, bound); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("an operator ends one session, by the session_id of its messages", func(t *testing.T) {
		a, b := a.sub(t), b.sub(t)
		ended := a.signUp("0876000004", "7600000004")
		kept := a.login("0876000004", "s3cret-pass")
		id := a.memberID(ended)
		ec, _ := a.joinChat(ended, nil)
		kc, _ := a.joinChat(kept, nil)
		a.expect(a.call("POST", "/api/chat/send-message", ended, map[string]any{"deviceToken": "phone-1",
			"message": map[string]any{"message_type": "text", "payload": map[string]any{"message": "hi"}}}), 200, "")
		var item struct {
			SessionID   string `json:"session_id"`
			Username    string `json:"username"`
			DeviceToken string `json:"deviceToken"`
		}
		for _, c := range []*websocket.Conn{ec, kc} {
			f, err := readFrame(t, c, 5*time.Second)
			if err != nil || json.Unmarshal(f.Data, &item) != nil || item.SessionID == "" || item.Username != "0876000004" || item.DeviceToken != "phone-1" {
				t.Fatalf("%s %v", f.Data, err)
			}
		}
		b.expect(b.call("DELETE", "/api/operator/members/"+id+"/sessions/"+item.SessionID, owner, nil), 200, "")
		if err := socketClosedWithin(t, ec, bound); err != nil {
			t.Fatal(err)
		}
		if !a.socketOpen(kc, kept) {
			t.Fatal("another session's socket closed")
		}
	})
}

// TestChatSocketsCloseWithTheSession: on SQLite (the in-process bus) and
// on two PostgreSQL nodes (LISTEN/NOTIFY), a member's socket closes within
// a second of the end of its session.
func TestChatSocketsCloseWithTheSession(t *testing.T) {
	t.Run("inproc", func(t *testing.T) {
		h := newHarness(t, storetest.Open(t, sqlstore.SQLite), nil)
		sessionClosesSockets(t, h, h)
	})
	t.Run("pgnotify", func(t *testing.T) {
		db := storetest.Open(t, sqlstore.Postgres)
		a := newHarness(t, db, nil)
		db2, err := sqlstore.Open(context.Background(), db.URL(), "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db2.Close() })
		b := newHarness(t, db2, nil)
		sessionClosesSockets(t, a, b)
	})
}

// TestChatConsole: the console pages a conversation back beyond the
// newest 50, and operators edit the canned replies (seeded per language).
func TestChatConsole(t *testing.T) {
	h := newHarness(t, storetest.Open(t, sqlstore.SQLite), nil)
	op := h.operator("sue", operator.Support)
	fin := h.operator("fin", operator.Finance)
	member := h.signUp("0877000001", "7700000001")
	_, room := h.chatTicket(member, nil)
	t.Run("older messages page back before a message", func(t *testing.T) {
		h := h.sub(t)
		h.expect(h.call("POST", "/api/chat/send-message", member, textMessage("n0")), 200, "")
		for i := 1; i < 60; i++ {
			h.expect(h.call("POST", "/api/operator/chat/"+room+"/messages", op, textMessage(fmt.Sprint("n", i))), 201, "")
		}
		first := h.call("GET", "/api/operator/chat/"+room+"/messages", op, nil)
		h.expect(first, 200, "")
		var page struct {
			Messages []struct {
				ID      string `json:"_id"`
				Message struct {
					Payload struct{ Message string } `json:"payload"`
				} `json:"message"`
			} `json:"messages"`
			More bool `json:"more"`
		}
		json.Unmarshal(first.Raw, &page)
		if len(page.Messages) != 50 || !page.More || page.Messages[49].Message.Payload.Message != "n59" {
			t.Fatalf("%d messages, more %v", len(page.Messages), page.More)
		}
		older := h.call("GET", "/api/operator/chat/"+room+"/messages?before="+page.Messages[0].ID, op, nil)
		h.expect(older, 200, "")
		json.Unmarshal(older.Raw, &page)
		if len(page.Messages) != 10 || page.More || page.Messages[0].Message.Payload.Message != "n0" || page.Messages[9].Message.Payload.Message != "n9" {
			t.Fatalf("%s", older.Raw)
		}
		h.expect(h.call("GET", "/api/operator/chat/"+room+"/messages?before=nope", op, nil), 400, "INVALID_REQUEST")
		h.expect(h.call("GET", "/api/operator/chat/"+room+"/messages?limit=x", op, nil), 400, "INVALID_REQUEST")
		h.expect(h.call("GET", "/api/operator/chat/"+room+"/messages?limit=51", op, nil), 400, "INVALID_REQUEST")
	})
	t.Run("canned replies", func(t *testing.T) {
		h := h.sub(t)
		list := h.call("GET", "/api/operator/chat/canned?lang=la", op, nil)
		h.expect(list, 200, "")
		if n := len(list.Body["canned"].([]any)); n != 4 {
			t.Fatalf("%d seeded Lao replies", n)
		}
		made := h.call("POST", "/api/operator/chat/canned", op, map[string]any{"lang": "en", "title": "Withdraw", "body": "Your withdrawal is on its way."})
		h.expect(made, 201, "")
		id := made.Body["id"].(string)
		if made.Body["updatedBy"] != "sue" || made.Body["position"] != json.Number("5") {
			t.Fatalf("%s", made.Raw)
		}
		h.expect(h.call("PUT", "/api/operator/chat/canned/"+id, op, map[string]any{"lang": "en", "title": "Withdrawal", "body": "On its way.", "position": 1}), 200, "")
		h.expect(h.call("POST", "/api/operator/chat/canned", op, map[string]any{"lang": "en", "title": "", "body": "x"}), 400, "CHAT_CANNED_INVALID")
		h.expect(h.call("POST", "/api/operator/chat/canned", op, map[string]any{"lang": "de", "title": "x", "body": "x"}), 400, "CHAT_CANNED_INVALID")
		h.expect(h.call("PUT", "/api/operator/chat/canned/nope", op, map[string]any{"lang": "en", "title": "x", "body": "x"}), 404, "NOT_FOUND")
		h.expect(h.call("POST", "/api/operator/chat/canned", fin, map[string]any{"lang": "en", "title": "x", "body": "x"}), 403, "FORBIDDEN_ROLE")
		en := h.call("GET", "/api/operator/chat/canned?lang=en", op, nil)
		if !strings.Contains(string(en.Raw), `"title":"Withdrawal"`) {
			t.Fatalf("%s", en.Raw)
		}
		h.expect(h.call("DELETE", "/api/operator/chat/canned/"+id, op, nil), 200, "")
		h.expect(h.call("DELETE", "/api/operator/chat/canned/"+id, op, nil), 404, "NOT_FOUND")
		h.expect(h.call("GET", "/api/operator/chat/canned?lang=xx", op, nil), 400, "INVALID_REQUEST")
	})
	t.Run("ngern chat purge-guests", func(t *testing.T) {
		h := h.sub(t)
		g := h.call("POST", "/api/chat/guest", "", nil)
		guest := map[string]string{"X-Guest-Token": g.Body["guestToken"].(string)}
		h.expect(h.callWith("POST", "/api/chat/send-message", "", textMessage("anyone?"), guest), 200, "")
		var out bytes.Buffer
		if err := runChat(context.Background(), h.chat, nil, []string{"purge-guests"}, &out); err != nil || out.String() != "0 chat guests purged\n" {
			t.Fatalf("%q %v", out.String(), err)
		}
		h.advance(31 * 24 * time.Hour)
		out.Reset()
		if err := runChat(context.Background(), h.chat, nil, []string{"purge-guests"}, &out); err != nil || out.String() != "1 chat guests purged\n" {
			t.Fatalf("%q %v", out.String(), err)
		}
		h.expect(h.callWith("POST", "/api/chat/history", "", map[string]any{}, guest), 401, "GUEST_TOKEN_INVALID")
		if err := runChat(context.Background(), h.chat, nil, []string{"nope"}, &out); err == nil {
			t.Fatal("a bad command passed")
		}
	})
}

// TestChatGuestRetentionConfig: NGERN_CHAT_GUEST_RETENTION is a duration of
// at least an hour; 30 days by default.
func TestChatGuestRetentionConfig(t *testing.T) {
	cases := []struct {
		name, value string
		want        time.Duration
		bad         bool
	}{
		{"Default", "", 30 * 24 * time.Hour, false},
		{"SevenDays", "168h", 7 * 24 * time.Hour, false},
		{"ErrTooShort", "30m", 0, true},
		{"ErrNotADuration", "30d", 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string {
				if k == "NGERN_CHAT_GUEST_RETENTION" {
					return c.value
				}
				return ""
			})
			if c.bad {
				if err == nil || !strings.Contains(err.Error(), "NGERN_CHAT_GUEST_RETENTION") {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil || cfg.Chat.GuestRetention != c.want {
				t.Fatalf("%v %v", cfg.Chat.GuestRetention, err)
			}
		})
	}
}

// TestChatHostileClients: the findings of an outside test against the
// guest chat. Guests of one address share hourly budgets of messages and
// upload megabytes however many guests it makes; an image whose header
// claims 20000 × 20000 pixels is refused before it is stored; a member
// holds at most SocketsPerHolder sockets.
func TestChatHostileClients(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) {
			c.TrustProxy = true // the harness reaches the server from loopback, a trusted proxy
			c.Chat.GuestSendPerIP, c.Chat.GuestUploadMBPerIP, c.Chat.SocketsPerHolder = 3, 1, 2
		})
		from := func(addr string) map[string]string { return map[string]string{"X-Forwarded-For": addr} }
		guest := func(h *harness, addr string) map[string]string {
			g := h.callWith("POST", "/api/chat/guest", "", nil, from(addr))
			h.expect(g, 201, "")
			return map[string]string{"X-Guest-Token": g.Body["guestToken"].(string), "X-Forwarded-For": addr}
		}
		msg := map[string]any{"message": map[string]any{"message_type": "text", "payload": map[string]any{"message": "hi"}}}
		t.Run("ErrMessagesPerAddress", func(t *testing.T) {
			h := h.sub(t)
			for i := 0; i < 3; i++ { // three guests of one address, a message each
				h.expect(h.callWith("POST", "/api/chat/send-message", "", msg, guest(h, "198.51.100.10")), 200, "")
			}
			h.expect(h.callWith("POST", "/api/chat/send-message", "", msg, guest(h, "198.51.100.10")), 429, "REQUEST_LIMIT")
			h.expect(h.callWith("POST", "/api/chat/send-message", "", msg, guest(h, "198.51.100.11")), 200, "")
		})
		t.Run("ErrUploadMegabytesPerAddress", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.upload("/api/chat/upload-image", "", guest(h, "198.51.100.20"), "a.png", pngBytes), 200, "")
			h.expect(h.upload("/api/chat/upload-image", "", guest(h, "198.51.100.20"), "b.png", pngBytes), 429, "REQUEST_LIMIT")
			h.expect(h.upload("/api/chat/upload-image", "", guest(h, "198.51.100.21"), "c.png", pngBytes), 200, "")
		})
		t.Run("ErrImageBomb", func(t *testing.T) {
			h := h.sub(t)
			bomb := append([]byte(nil), pngBytes...)
			binary.BigEndian.PutUint32(bomb[16:], 20000)
			binary.BigEndian.PutUint32(bomb[20:], 20000)
			binary.BigEndian.PutUint32(bomb[29:], crc32.ChecksumIEEE(bomb[12:29]))
			m := h.signUp("0873333333", "7333333333")
			h.expect(h.upload("/api/chat/upload-image", m, nil, "bomb.png", bomb), 413, "CHAT_FILE_TOO_LARGE")
		})
		t.Run("ErrSocketsPerMember", func(t *testing.T) {
			h := h.sub(t)
			m := h.signUp("0874444444", "7444444444")
			for i := 0; i < 2; i++ {
				ticket, _ := h.chatTicket(m, nil)
				c, _, err := h.dialChat(ticket, "")
				if err != nil {
					t.Fatal(err)
				}
				defer c.CloseNow()
			}
			ticket, _ := h.chatTicket(m, nil)
			if _, resp, err := h.dialChat(ticket, ""); err == nil || resp == nil || resp.StatusCode != 429 {
				t.Fatalf("a third socket: %v", err)
			}
		})
	})
}
