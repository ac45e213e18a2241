package chat

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/objects"
)

// fakeStore is an in-memory Store.
type fakeStore struct {
	mu      sync.Mutex
	guests  map[string]*Guest
	tickets map[string]*Ticket
	convs   map[string]*Conversation
	msgs    []Message
	canned  []Canned
}

func newFakeStore() *fakeStore {
	return &fakeStore{guests: map[string]*Guest{}, tickets: map[string]*Ticket{}, convs: map[string]*Conversation{}}
}

func (f *fakeStore) CreateGuest(_ context.Context, g *Guest) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := *g
	f.guests[g.TokenHash] = &c
	return nil
}
func (f *fakeStore) GuestByTokenHash(_ context.Context, h string) (*Guest, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if g, ok := f.guests[h]; ok {
		c := *g
		return &c, nil
	}
	return nil, errs.New(errs.NoData)
}
func (f *fakeStore) GuestByID(_ context.Context, id string) (*Guest, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, g := range f.guests {
		if g.ID == id {
			c := *g
			return &c, nil
		}
	}
	return nil, errs.New(errs.NoData)
}
func (f *fakeStore) CreateTicket(_ context.Context, t *Ticket) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := *t
	f.tickets[t.Hash] = &c
	return nil
}
func (f *fakeStore) UseTicket(_ context.Context, h string, now time.Time) (*Ticket, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.tickets[h]
	if !ok || t.UsedAt != nil || !t.ExpiresAt.After(now) {
		return nil, errs.New(errs.NoData)
	}
	t.UsedAt = &now
	c := *t
	return &c, nil
}
func (f *fakeStore) AddMessage(_ context.Context, c *Conversation, m *Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	conv, ok := f.convs[c.Room]
	if !ok {
		cc := *c
		cc.Status, cc.CreatedAt = Open, m.CreatedAt
		conv = &cc
		f.convs[c.Room] = conv
	}
	conv.LastMessageAt = m.CreatedAt
	switch m.Sender {
	case Customer:
		conv.Status = Open
		if conv.WaitingSince == nil {
			at := m.CreatedAt
			conv.WaitingSince = &at
		}
	case Agent:
		conv.WaitingSince = nil
	}
	f.msgs = append(f.msgs, *m)
	return nil
}
func (f *fakeStore) Message(_ context.Context, id string) (*Message, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, m := range f.msgs {
		if m.ID == id {
			return &m, nil
		}
	}
	return nil, errs.New(errs.NoData)
}
func (f *fakeStore) History(_ context.Context, room string, limit, skip int, before string) ([]Message, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var all []Message
	found := before == ""
	for _, m := range f.msgs {
		if m.Room == room {
			if m.ID == before {
				found = true
				break
			}
			all = append(all, m)
		}
	}
	if !found {
		return nil, errs.New(errs.NoData)
	}
	end := max(len(all)-skip, 0)
	return append([]Message(nil), all[max(end-limit, 0):end]...), nil
}
func (f *fakeStore) Conversation(_ context.Context, room string) (*Conversation, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.convs[room]; ok {
		cc := *c
		return &cc, nil
	}
	return nil, errs.New(errs.NoData)
}
func (f *fakeStore) Inbox(_ context.Context, fl InboxFilter) ([]Summary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Summary
	for _, c := range f.convs {
		if fl.Status == "all" || c.Status == fl.Status {
			out = append(out, Summary{Conversation: *c})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Room < out[j].Room })
	return out, nil
}
func (f *fakeStore) MarkRead(_ context.Context, room string, customer bool, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.convs[room]; ok {
		if customer {
			c.CustomerReadAt = &at
		} else {
			c.OperatorReadAt = &at
		}
	}
	return nil
}
func (f *fakeStore) update(room string, fn func(*Conversation)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.convs[room]
	if !ok {
		return errs.New(errs.NoData)
	}
	fn(c)
	return nil
}
func (f *fakeStore) Assign(_ context.Context, room, op string) error {
	return f.update(room, func(c *Conversation) { c.AssignedTo = op })
}
func (f *fakeStore) SetStatus(_ context.Context, room, st string) error {
	return f.update(room, func(c *Conversation) { c.Status = st })
}
func (f *fakeStore) SetAutoReply(_ context.Context, room string, at time.Time) error {
	return f.update(room, func(c *Conversation) { c.AutoReplyAt = &at })
}
func (f *fakeStore) AttachGuest(_ context.Context, guestID, memberID, from, to string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, g := range f.guests {
		if g.ID == guestID {
			g.MemberID = memberID
		}
	}
	for i := range f.msgs {
		if f.msgs[i].Room == from {
			f.msgs[i].Room = to
		}
	}
	return nil
}

func (f *fakeStore) PurgeGuests(_ context.Context, cutoff time.Time, limit int) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	ids := []string{}
	for h, g := range f.guests {
		if len(ids) == limit || g.MemberID != "" || !g.CreatedAt.Before(cutoff) {
			continue
		}
		var conv *Conversation
		for _, c := range f.convs {
			if c.GuestID == g.ID {
				conv = c
			}
		}
		if conv != nil && !conv.LastMessageAt.Before(cutoff) {
			continue
		}
		ids = append(ids, g.ID)
		delete(f.guests, h)
		if conv == nil {
			continue
		}
		delete(f.convs, conv.Room)
		kept := f.msgs[:0]
		for _, m := range f.msgs {
			if m.Room != conv.Room {
				kept = append(kept, m)
			}
		}
		f.msgs = kept
	}
	return ids, nil
}

func (f *fakeStore) CannedReplies(_ context.Context, lang string) ([]Canned, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Canned{}
	for _, c := range f.canned {
		if lang == "" || c.Lang == lang {
			out = append(out, c)
		}
	}
	return out, nil
}
func (f *fakeStore) SaveCanned(_ context.Context, c *Canned, create bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if create {
		f.canned = append(f.canned, *c)
		return nil
	}
	for i := range f.canned {
		if f.canned[i].ID == c.ID {
			c.CreatedAt = f.canned[i].CreatedAt
			f.canned[i] = *c
			return nil
		}
	}
	return errs.New(errs.NoData)
}
func (f *fakeStore) DeleteCanned(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.canned {
		if f.canned[i].ID == id {
			f.canned = append(f.canned[:i], f.canned[i+1:]...)
			return nil
		}
	}
	return errs.New(errs.NoData)
}

// fakeLimiter allows n hits per key.
type fakeLimiter struct {
	n    int
	hits map[string]int
}

func (l *fakeLimiter) Hit(_ context.Context, key string, _ int, _ time.Duration) (bool, time.Duration, error) {
	l.hits[key]++
	return l.hits[key] <= l.n, time.Minute, nil
}

// memObjects is an in-memory objects.Store.
type memObjects map[string][]byte

func (m memObjects) Put(_ context.Context, key string, r io.Reader, _ int64, _ string) error {
	b, err := io.ReadAll(r)
	m[key] = b
	return err
}
func (m memObjects) Get(_ context.Context, key string) (io.ReadCloser, objects.Info, error) {
	b, ok := m[key]
	if !ok {
		return nil, objects.Info{}, errs.New(errs.NotFoundCode)
	}
	return io.NopCloser(bytes.NewReader(b)), objects.Info{Key: key, Size: int64(len(b))}, nil
}
func (m memObjects) Delete(_ context.Context, key string) error { delete(m, key); return nil }
func (m memObjects) DeleteAll(_ context.Context, prefix string) error {
	for k := range m {
		if strings.HasPrefix(k, prefix) {
			delete(m, k)
		}
	}
	return nil
}

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newTestService(cfg Config) (*Service, *fakeStore, *clock) {
	st := newFakeStore()
	clk := &clock{t: time.Date(2026, 3, 4, 5, 0, 0, 0, time.UTC)} // 12:00 in Bangkok
	return NewService(st, &fakeLimiter{n: 3, hits: map[string]int{}}, nil, cfg, clk.now, nil), st, clk
}

func text(s string) Content { return Content{Type: Text, Payload: Payload{Message: s}} }

func TestTickets(t *testing.T) {
	s, _, clk := newTestService(DefaultConfig())
	ctx := context.Background()
	member := Who{Kind: KindMember, ID: "abc123"}
	tk, room, err := s.NewTicket(ctx, member)
	if err != nil || room != "ngern-abc123" || len(tk) < 43 {
		t.Fatalf("%q %q %v", tk, room, err)
	}
	t.Run("OK once", func(t *testing.T) {
		got, err := s.UseTicket(ctx, tk)
		if err != nil || got.Room != room || got.Subject != member.ID || got.Kind != KindMember {
			t.Fatalf("%+v %v", got, err)
		}
	})
	t.Run("ErrReused", func(t *testing.T) {
		if _, err := s.UseTicket(ctx, tk); !errs.HasCode(err, errs.ChatTicketInvalid) {
			t.Fatal(err)
		}
	})
	t.Run("ErrForged", func(t *testing.T) {
		if _, err := s.UseTicket(ctx, strings.Repeat("A", 43)); !errs.HasCode(err, errs.ChatTicketInvalid) {
			t.Fatal(err)
		}
	})
	t.Run("ErrExpired", func(t *testing.T) {
		tk2, _, _ := s.NewTicket(ctx, member)
		clk.t = clk.t.Add(TicketTTL)
		if _, err := s.UseTicket(ctx, tk2); !errs.HasCode(err, errs.ChatTicketInvalid) {
			t.Fatal(err)
		}
	})
	t.Run("operator ticket has no room", func(t *testing.T) {
		_, room, _ := s.NewTicket(ctx, Who{Kind: KindOperator, ID: "sue"})
		if room != "" {
			t.Fatal(room)
		}
	})
}

func TestGuests(t *testing.T) {
	s, st, _ := newTestService(DefaultConfig())
	ctx := context.Background()
	g, token, err := s.NewGuest(ctx, "10.0.0.1")
	if err != nil || !strings.HasPrefix(g.ID, "g") || len(token) != 43 {
		t.Fatalf("%+v %q %v", g, token, err)
	}
	if _, ok := st.guests[token]; ok {
		t.Fatal("the token is stored in the clear")
	}
	who, err := s.Guest(ctx, token)
	if err != nil || who != (Who{Kind: KindGuest, ID: g.ID}) {
		t.Fatalf("%+v %v", who, err)
	}
	if _, err := s.Guest(ctx, "nope"); !errs.HasCode(err, errs.GuestTokenInvalid) {
		t.Fatal(err)
	}
	if _, err := s.Send(ctx, who, text("hello as a guest"), ""); err != nil {
		t.Fatal(err)
	}
	if err := s.AttachGuest(ctx, "m1", token); err != nil {
		t.Fatal(err)
	}
	h, _ := s.History(ctx, Who{Kind: KindMember, ID: "m1"}, 10, 0, "")
	if len(h) != 1 || h[0].Content.Payload.Message != "hello as a guest" {
		t.Fatalf("%+v", h)
	}
	if _, err := s.Guest(ctx, token); !errs.HasCode(err, errs.GuestTokenInvalid) {
		t.Fatal("an attached guest's token still works")
	}
	for range DefaultConfig().GuestLimit {
		s.NewGuest(ctx, "10.0.0.2")
	}
	if _, _, err := s.NewGuest(ctx, "10.0.0.2"); !errs.HasCode(err, errs.RequestLimit) {
		t.Fatal("guests are not limited per address", err)
	}
}

func TestValidate(t *testing.T) {
	s, _, _ := newTestService(DefaultConfig())
	room := "ngern-abc"
	media := func(path, ft string) Content {
		return Content{Type: Media, Payload: Payload{FilePath: path, FileType: ft, Name: "a.png"}}
	}
	file := "/api/chat/media/ngern-abc/0123456789abcdef0123456789abcdef.png"
	for _, tc := range []struct {
		name string
		c    Content
		from Sender
		ok   bool
	}{
		{"text", text("hi"), Customer, true},
		{"blank text", text("  \n"), Customer, false},
		{"2000 characters", text(strings.Repeat("ก", limits.ChatText)), Customer, true},
		{"2001 characters", text(strings.Repeat("ก", limits.ChatText+1)), Customer, false},
		{"own media", media(file, "image"), Customer, true},
		{"media of another room", media(strings.Replace(file, "ngern-abc", "ngern-abd", 1), "image"), Customer, false},
		{"media outside the chat", media("/etc/passwd", "image"), Customer, false},
		{"wrong fileType", media(file, "video"), Customer, false},
		{"postback", Content{Type: Postback, Payload: Payload{Title: "Yes", Payload: "YES"}}, Customer, true},
		{"postback by an agent", Content{Type: Postback, Payload: Payload{Title: "Yes"}}, Agent, false},
		{"buttons by a customer", Content{Type: Buttons, Payload: Payload{Message: "m", Buttons: []Button{{Title: "a"}}}}, Customer, false},
		{"buttons", Content{Type: Buttons, Payload: Payload{Message: "m", Buttons: []Button{{Title: "a", Type: "web", Payload: "https://x.test"}}}}, Agent, true},
		{"javascript link", Content{Type: Buttons, Payload: Payload{Message: "m", Buttons: []Button{{Title: "a", Type: "web", Payload: "javascript:alert(1)"}}}}, Agent, false},
		{"quick replies", Content{Type: QuickReplies, Payload: Payload{Message: "m", QuickReplies: []Button{{Title: "a", Type: "postback", Payload: "A"}}}}, Agent, true},
		{"generic", Content{Type: Generic, Payload: Payload{Cards: []Card{{Title: "t", ImageURL: "https://x.test/i.png"}}}}, Agent, true},
		{"generic without cards", Content{Type: Generic}, Agent, false},
		{"unknown", Content{Type: "sticker"}, Customer, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.validate(tc.c, room, tc.from)
			if tc.ok != (err == nil) || (err != nil && !errs.HasCode(err, errs.ChatMessageInvalid)) {
				t.Fatalf("ok %v, got %v", tc.ok, err)
			}
		})
	}
}

func TestSendLimitAndAutoReply(t *testing.T) {
	cfg := DefaultConfig()
	bkk := time.FixedZone("ICT", 7*3600)
	cfg.Hours = OfficeHours{Start: 9 * time.Hour, End: 18 * time.Hour, Location: bkk}
	s, st, clk := newTestService(cfg)
	ctx := context.Background()
	who := Who{Kind: KindMember, ID: "m1"}
	if _, err := s.Send(ctx, who, text("in hours"), ""); err != nil {
		t.Fatal(err)
	}
	clk.t = time.Date(2026, 3, 4, 14, 0, 0, 0, time.UTC) // 21:00 in Bangkok
	s.Send(ctx, who, text("late"), "")
	s.Send(ctx, who, text("later"), "")
	h, _ := s.History(ctx, who, 10, 0, "")
	var got []Sender
	for _, m := range h {
		got = append(got, m.Sender)
	}
	if want := []Sender{Customer, Customer, System, Customer}; strings.Join(senders(got), ",") != strings.Join(senders(want), ",") {
		t.Fatalf("senders %v, want %v (one automatic reply an hour)", got, want)
	}
	if _, err := s.Send(ctx, who, text("fourth"), ""); !errs.HasCode(err, errs.RequestLimit) {
		t.Fatalf("fourth message: %v, want REQUEST_LIMIT", err)
	}
	if st.convs["ngern-m1"].WaitingSince == nil {
		t.Fatal("not waiting")
	}
	if _, err := s.Reply(ctx, "sue", "ngern-m1", text("hello")); err != nil {
		t.Fatal(err)
	}
	if st.convs["ngern-m1"].WaitingSince != nil {
		t.Fatal("a reply did not end the wait")
	}
	if _, err := s.Reply(ctx, "sue", "ngern-nobody", text("hello")); !errs.HasCode(err, errs.NotFoundCode) {
		t.Fatal(err)
	}
}

func senders(s []Sender) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = string(v)
	}
	return out
}

func TestOfficeHours(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 1, 1, h, m, 0, 0, time.UTC) }
	day := OfficeHours{Start: 9 * time.Hour, End: 18 * time.Hour}
	night := OfficeHours{Start: 22 * time.Hour, End: 6 * time.Hour}
	for _, tc := range []struct {
		h    OfficeHours
		t    time.Time
		open bool
	}{
		{day, at(9, 0), true}, {day, at(17, 59), true}, {day, at(18, 0), false}, {day, at(8, 59), false},
		{night, at(23, 0), true}, {night, at(5, 0), true}, {night, at(12, 0), false},
		{OfficeHours{}, at(3, 0), true},
	} {
		if got := tc.h.Open(tc.t); got != tc.open {
			t.Errorf("%+v at %v: %v", tc.h, tc.t, got)
		}
	}
}

func TestMedia(t *testing.T) {
	s, _, _ := newTestService(DefaultConfig())
	ctx := context.Background()
	store := memObjects{}
	a, b := Who{Kind: KindMember, ID: "aa"}, Who{Kind: KindMember, ID: "bb"}
	png := pngOf(3, 2)
	path, err := s.Upload(ctx, store, a, s.Room(a), Image, bytes.NewReader(png), int64(len(png)))
	if err != nil || !strings.HasPrefix(path, "/api/chat/media/ngern-aa/") || !strings.HasSuffix(path, ".png") {
		t.Fatalf("%q %v", path, err)
	}
	file := path[strings.LastIndex(path, "/")+1:]
	t.Run("owner and operators read it", func(t *testing.T) {
		for _, w := range []Who{a, {Kind: KindOperator, ID: "sue"}} {
			rc, _, err := s.OpenMedia(ctx, store, w, s.Room(a), file)
			if err != nil {
				t.Fatal(err)
			}
			rc.Close()
		}
	})
	t.Run("another member gets 404", func(t *testing.T) {
		if _, _, err := s.OpenMedia(ctx, store, b, s.Room(a), file); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatal(err)
		}
	})
	t.Run("a guest's media after it becomes a member", func(t *testing.T) {
		_, token, _ := s.NewGuest(ctx, "10.0.0.9")
		g, _ := s.Guest(ctx, token)
		path, err := s.Upload(ctx, store, g, s.Room(g), Image, bytes.NewReader(png), int64(len(png)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Send(ctx, g, Content{Type: Media, Payload: Payload{FilePath: path, FileType: "image"}}, ""); err != nil {
			t.Fatal(err)
		}
		if err := s.AttachGuest(ctx, a.ID, token); err != nil {
			t.Fatal(err)
		}
		moved, err := s.History(ctx, a, 10, 0, "")
		if err != nil || len(moved) == 0 || moved[len(moved)-1].Content.Payload.FilePath != path {
			t.Fatalf("the member's history %+v %v", moved, err)
		}
		file := path[strings.LastIndex(path, "/")+1:]
		for _, tc := range []struct {
			name string
			who  Who
			ok   bool
		}{
			{"TheMember", a, true},
			{"AnOperator", Who{Kind: KindOperator, ID: "sue"}, true},
			{"ErrAnotherMember", b, false},
			{"ErrAnotherGuest", Who{Kind: KindGuest, ID: "g0123456789abcdef01234567"}, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				rc, _, err := s.OpenMedia(ctx, store, tc.who, s.Room(g), file)
				if tc.ok {
					if err != nil {
						t.Fatal(err)
					}
					rc.Close()
				} else if !errs.HasCode(err, errs.NotFoundCode) {
					t.Fatalf("err %v, want NOT_FOUND", err)
				}
			})
		}
		t.Run("ErrTheGuest", func(t *testing.T) {
			if _, err := s.Guest(ctx, token); !errs.HasCode(err, errs.GuestTokenInvalid) {
				t.Fatalf("the attached guest's token: %v", err)
			}
		})
		t.Run("ErrMemberUploadsThere", func(t *testing.T) {
			if _, err := s.Upload(ctx, store, a, s.Room(g), Image, bytes.NewReader(png), int64(len(png))); !errs.HasCode(err, errs.NotFoundCode) {
				t.Fatal(err)
			}
		})
	})
	t.Run("upload to another room", func(t *testing.T) {
		if _, err := s.Upload(ctx, store, b, s.Room(a), Image, bytes.NewReader(png), 100); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatal(err)
		}
	})
	t.Run("sniffed, not trusted", func(t *testing.T) {
		for _, body := range [][]byte{[]byte("<svg onload=alert(1)>"), []byte("GIF89a....")} {
			if _, err := s.Upload(ctx, store, b, s.Room(b), Video, bytes.NewReader(body), int64(len(body))); !errs.HasCode(err, errs.ChatFileNotSupported) {
				t.Fatal(err)
			}
		}
	})
	t.Run("too large", func(t *testing.T) {
		if _, err := s.Upload(ctx, store, b, s.Room(b), Image, bytes.NewReader(png), int64(limits.ChatImageBytes)+1); !errs.HasCode(err, errs.ChatFileTooLarge) {
			t.Fatal(err)
		}
	})
}

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		head, ext string
	}{
		{"\x89PNG\r\n\x1a\nxxxx", "png"}, {"\xff\xd8\xff\xe0", "jpg"}, {"GIF87a", "gif"},
		{"\x00\x00\x00\x18ftypmp42", "mp4"}, {"\x00\x00\x00\x14ftypqt  ", "mov"},
		{"<html>", ""}, {"%PDF-1.4", ""}, {"", ""},
	} {
		ext, _, _, ok := Sniff([]byte(tc.head))
		if ext != tc.ext || ok != (tc.ext != "") {
			t.Errorf("%q: %q %v", tc.head, ext, ok)
		}
	}
}

func TestTicketLimit(t *testing.T) {
	cfg := DefaultConfig()
	s, _, _ := newTestService(cfg) // the fake limiter allows 3 hits a key
	ctx := context.Background()
	w := Who{Kind: KindGuest, ID: "gabc"}
	for range 3 {
		if _, _, err := s.NewTicket(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := s.NewTicket(ctx, w); !errs.HasCode(err, errs.RequestLimit) {
		t.Fatalf("fourth ticket: %v", err)
	}
	if _, _, err := s.NewTicket(ctx, Who{Kind: KindMember, ID: "gabc"}); err != nil {
		t.Fatal("a member and a guest share a limit:", err)
	}
}

// pngOf is a real PNG of w × h pixels.
func pngOf(w, h int) []byte {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)))
	return buf.Bytes()
}

// pngBomb is a PNG whose header claims w × h pixels (a few bytes of data).
func pngBomb(w, h uint32) []byte {
	b := pngOf(1, 1)
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// TestImagePixels: a chat image's header is checked before it is stored;
// one claiming more than limits.ChatImagePixels is refused (a 20000 × 20000 PNG
// took an operator's browser to 3 GB).
func TestImagePixels(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		err  errs.Code
	}{
		{"Small", pngOf(30, 20), ""},
		{"PhonePhoto12MP", pngBomb(4000, 3000), ""},
		{"ErrTwentyThousandSquared", pngBomb(20000, 20000), errs.ChatFileTooLarge},
		{"ErrJustOver", pngBomb(4000, limits.ChatImagePixels/4000+1), errs.ChatFileTooLarge},
		{"ErrNotAnImageAfterTheMagic", append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 100)...), errs.ChatFileNotSupported},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _, _ := newTestService(DefaultConfig())
			store := memObjects{}
			a := Who{Kind: KindMember, ID: "aa"}
			_, err := s.Upload(context.Background(), store, a, s.Room(a), Image, bytes.NewReader(c.data), int64(len(c.data)))
			if c.err == "" {
				if err != nil || len(store) != 1 {
					t.Fatalf("%v, %d stored", err, len(store))
				}
				return
			}
			if !errs.HasCode(err, c.err) || len(store) != 0 {
				t.Fatalf("%v (want %s), %d stored", err, c.err, len(store))
			}
		})
	}
}

// countingLimiter allows limit hits per key, as the real limiter does.
type countingLimiter struct{ hits map[string]int }

func (l *countingLimiter) Hit(_ context.Context, key string, limit int, _ time.Duration) (bool, time.Duration, error) {
	l.hits[key]++
	return l.hits[key] <= limit, time.Minute, nil
}

// TestGuestBudgetPerAddress: the guests of one address share an hourly
// budget of messages and upload megabytes, whatever their number; another
// address and members are not counted in it.
func TestGuestBudgetPerAddress(t *testing.T) {
	cfg := DefaultConfig()
	cfg.SendLimit, cfg.UploadLimit = 1000, 1000
	cfg.GuestSendPerIP, cfg.GuestUploadMBPerIP = 5, 3
	guest := func(i int, addr string) Who { return Who{Kind: KindGuest, ID: fmt.Sprintf("g%02x", i), Addr: addr} }
	t.Run("Messages", func(t *testing.T) {
		s := NewService(newFakeStore(), &countingLimiter{hits: map[string]int{}}, nil, cfg, (&clock{t: time.Date(2026, 3, 4, 5, 0, 0, 0, time.UTC)}).now, nil)
		ctx := context.Background()
		for i := 0; i < 5; i++ { // five guests of one address, one message each
			if _, err := s.Send(ctx, guest(i, "198.51.100.1"), text("hi"), ""); err != nil {
				t.Fatal(i, err)
			}
		}
		if _, err := s.Send(ctx, guest(9, "198.51.100.1"), text("hi"), ""); !errs.HasCode(err, errs.RequestLimit) {
			t.Fatalf("a new guest of the address: %v, want REQUEST_LIMIT", err)
		}
		if _, err := s.Send(ctx, guest(10, "198.51.100.2"), text("hi"), ""); err != nil {
			t.Fatal("another address:", err)
		}
		if _, err := s.Send(ctx, Who{Kind: KindMember, ID: "aa", Addr: "198.51.100.1"}, text("hi"), ""); err != nil {
			t.Fatal("a member:", err)
		}
	})
	t.Run("UploadMegabytes", func(t *testing.T) {
		s := NewService(newFakeStore(), &countingLimiter{hits: map[string]int{}}, nil, cfg, time.Now, nil)
		ctx := context.Background()
		store := memObjects{}
		big := append(pngOf(10, 10), make([]byte, 3<<19)...) // 1.5 MB: two started megabytes
		g1, g2 := guest(1, "198.51.100.1"), guest(2, "198.51.100.1")
		if _, err := s.Upload(ctx, store, g1, s.Room(g1), Image, bytes.NewReader(big), int64(len(big))); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Upload(ctx, store, g2, s.Room(g2), Image, bytes.NewReader(big), int64(len(big))); !errs.HasCode(err, errs.RequestLimit) {
			t.Fatalf("over the address's megabytes: %v, want REQUEST_LIMIT", err)
		}
		g3 := guest(3, "198.51.100.2")
		if _, err := s.Upload(ctx, store, g3, s.Room(g3), Image, bytes.NewReader(big), int64(len(big))); err != nil {
			t.Fatal("another address:", err)
		}
	})
}

// TestHoldSocket: a member or guest holds at most SocketsPerHolder sockets
// on a node; a place given back is taken again; operators are not bounded.
func TestHoldSocket(t *testing.T) {
	cfg := DefaultConfig()
	cfg.SocketsPerHolder = 2
	s, _, _ := newTestService(cfg)
	cases := []struct {
		name, kind string
		bounded    bool
	}{
		{"Member", KindMember, true},
		{"Guest", KindGuest, true},
		{"Operator", KindOperator, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var releases []func()
			for i := 0; i < 2; i++ {
				r, err := s.HoldSocket(c.kind, "x1")
				if err != nil {
					t.Fatal(err)
				}
				releases = append(releases, r)
			}
			_, err := s.HoldSocket(c.kind, "x1")
			if c.bounded != errs.HasCode(err, errs.RequestLimit) {
				t.Fatalf("third socket: %v", err)
			}
			if _, err := s.HoldSocket(c.kind, "x2"); err != nil {
				t.Fatal("another holder:", err)
			}
			releases[0]()
			releases[0]() // twice gives back one place
			if r, err := s.HoldSocket(c.kind, "x1"); err != nil {
				t.Fatal("a place given back:", err)
			} else {
				r()
			}
			if _, err := s.HoldSocket(c.kind, "x1"); err != nil {
				t.Fatal(err)
			}
			if _, err := s.HoldSocket(c.kind, "x1"); c.bounded && !errs.HasCode(err, errs.RequestLimit) {
				t.Fatalf("a release counted twice: %v", err)
			}
		})
	}
}
