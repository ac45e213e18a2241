package chat

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"ngern/core/errs"
)

// TestPurgeGuests: guests with no message for the retention go, with their
// conversation, messages and every file of their room, sent or only
// uploaded; newer or talking guests stay, and so do guests attached to a
// member, whose media the member still reads. The clock is the test's.
func TestPurgeGuests(t *testing.T) {
	s, st, clk := newTestService(DefaultConfig())
	ctx := context.Background()
	files := memObjects{}
	start := clk.t
	png := string(pngOf(2, 2))
	upload := func(w Who) string {
		t.Helper()
		path, err := s.Upload(ctx, files, w, s.Room(w), Image, strings.NewReader(png), int64(len(png)))
		if err != nil {
			t.Fatal(err)
		}
		return path
	}
	sendMedia := func(w Who, path string) {
		t.Helper()
		if _, err := s.Send(ctx, w, Content{Type: Media, Payload: Payload{FilePath: path, URL: path, FileType: "image"}}, ""); err != nil {
			t.Fatal(err)
		}
	}

	silent, st0, _ := s.NewGuest(ctx, "10.0.0.1") // uploads, never sends
	silentWho, _ := s.Guest(ctx, st0)
	upload(silentWho)
	talker, tt, _ := s.NewGuest(ctx, "10.0.0.1")
	who, _ := s.Guest(ctx, tt)
	sendMedia(who, upload(who))
	upload(who) // never sent
	attached, at, _ := s.NewGuest(ctx, "10.0.0.1")
	attachedWho, _ := s.Guest(ctx, at)
	kept := upload(attachedWho)
	sendMedia(attachedWho, kept)
	if err := s.AttachGuest(ctx, "m1", at); err != nil {
		t.Fatal(err)
	}

	guests := func() map[string]bool {
		out := map[string]bool{}
		for _, g := range st.guests {
			out[g.ID] = true
		}
		return out
	}
	tests := []struct {
		name  string
		after time.Duration
		write bool // the talker writes again first
		want  int
		left  []string
		files int // objects left
	}{
		{"NoneBeforeTheRetention", 29 * 24 * time.Hour, true, 0, []string{silent.ID, talker.ID, attached.ID}, 4},
		{"SilentAfterIt", 31 * 24 * time.Hour, false, 1, []string{talker.ID, attached.ID}, 3},
		{"TalkerThirtyDaysAfterItsLastMessage", 29*24*time.Hour + 30*24*time.Hour + time.Minute, false, 1, []string{attached.ID}, 1},
		{"AttachedNever", 400 * 24 * time.Hour, false, 0, []string{attached.ID}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clk.t = start.Add(tc.after)
			if tc.write {
				if _, err := s.Send(ctx, who, text("still here"), ""); err != nil {
					t.Fatal(err)
				}
			}
			n, err := s.PurgeGuests(ctx, files)
			if err != nil || n != tc.want {
				t.Fatalf("purged %d, %v; want %d", n, err, tc.want)
			}
			got := guests()
			if len(got) != len(tc.left) {
				t.Fatalf("left %v, want %v", got, tc.left)
			}
			for _, id := range tc.left {
				if !got[id] {
					t.Fatalf("%s purged too early", id)
				}
			}
			if len(files) != tc.files {
				t.Fatalf("files left %v, want %d", files, tc.files)
			}
		})
	}
	if _, ok := files["chat/"+s.Room(attachedWho)+"/"+kept[strings.LastIndex(kept, "/")+1:]]; !ok {
		t.Fatalf("the attached guest's media is gone: %v", files)
	}
	if h, _ := s.History(ctx, who, 10, 0, ""); len(h) != 0 {
		t.Fatalf("messages left: %+v", h)
	}
	if _, err := s.Guest(ctx, tt); !errs.HasCode(err, errs.GuestTokenInvalid) {
		t.Fatal("a purged guest's token still works")
	}
}

func TestCanned(t *testing.T) {
	s, _, _ := newTestService(DefaultConfig())
	ctx := context.Background()
	first, err := s.SaveCanned(ctx, "sue", Canned{Lang: "th", Title: " ทักทาย ", Body: "สวัสดีค่ะ"})
	if err != nil || first.ID == "" || first.Title != "ทักทาย" || first.Position != 1 || first.UpdatedBy != "sue" {
		t.Fatalf("%+v %v", first, err)
	}
	second, _ := s.SaveCanned(ctx, "sue", Canned{Lang: "th", Title: "ขอบคุณ", Body: "ขอบคุณค่ะ"})
	if second.Position != 2 {
		t.Fatalf("position %d", second.Position)
	}
	bad := []struct {
		name  string
		c     Canned
		field string
	}{
		{"ErrLang", Canned{Lang: "fr", Title: "x", Body: "y"}, "lang"},
		{"ErrNoTitle", Canned{Lang: "en", Title: "  ", Body: "y"}, "title"},
		{"ErrLongTitle", Canned{Lang: "en", Title: strings.Repeat("x", 41), Body: "y"}, "title"},
		{"ErrControlInTitle", Canned{Lang: "en", Title: "a\nb", Body: "y"}, "title"},
		{"ErrNoBody", Canned{Lang: "en", Title: "x"}, "body"},
		{"ErrLongBody", Canned{Lang: "en", Title: "x", Body: strings.Repeat("ก", 2001)}, "body"},
		{"ErrPosition", Canned{Lang: "en", Title: "x", Body: "y", Position: -1}, "position"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.SaveCanned(ctx, "sue", tc.c)
			if !errs.HasCode(err, errs.ChatCannedInvalid) || errs.As(err).Field != tc.field {
				t.Fatalf("%v", err)
			}
		})
	}
	t.Run("Update", func(t *testing.T) {
		c, err := s.SaveCanned(ctx, "ann", Canned{ID: first.ID, Lang: "th", Title: "สวัสดี", Body: "สวัสดีค่ะ ยินดีให้บริการ", Position: 3})
		if err != nil || c.UpdatedBy != "ann" || c.CreatedAt.IsZero() {
			t.Fatalf("%+v %v", c, err)
		}
		list, _ := s.CannedReplies(ctx, "th")
		if len(list) != 2 {
			t.Fatalf("%+v", list)
		}
	})
	t.Run("ErrUnknownID", func(t *testing.T) {
		if _, err := s.SaveCanned(ctx, "ann", Canned{ID: "nope", Lang: "th", Title: "x", Body: "y"}); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatal(err)
		}
		if err := s.DeleteCanned(ctx, "nope"); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatal(err)
		}
	})
	t.Run("ErrOverFiftyPerLanguage", func(t *testing.T) {
		for i := range MaxCanned {
			if _, err := s.SaveCanned(ctx, "sue", Canned{Lang: "en", Title: fmt.Sprint("t", i), Body: "b"}); err != nil {
				t.Fatal(i, err)
			}
		}
		if _, err := s.SaveCanned(ctx, "sue", Canned{Lang: "en", Title: "one more", Body: "b"}); !errs.HasCode(err, errs.ChatCannedInvalid) {
			t.Fatal(err)
		}
		// Moving a Thai reply into the full English list is refused too.
		if _, err := s.SaveCanned(ctx, "sue", Canned{ID: second.ID, Lang: "en", Title: "x", Body: "y"}); !errs.HasCode(err, errs.ChatCannedInvalid) {
			t.Fatal(err)
		}
	})
	t.Run("Delete", func(t *testing.T) {
		if err := s.DeleteCanned(ctx, second.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.CannedReplies(ctx, "th"); len(list) != 1 {
			t.Fatalf("%+v", list)
		}
		if _, err := s.CannedReplies(ctx, "xx"); !errs.HasCode(err, errs.InvalidRequest) {
			t.Fatal(err)
		}
	})
}

// TestItemFields: items carry the spec's session_id, username, name and
// deviceToken; a device token is checked.
func TestItemFields(t *testing.T) {
	s, _, _ := newTestService(DefaultConfig())
	ctx := context.Background()
	who := Who{Kind: KindMember, ID: "abc", Session: "0123456789abcdef"}
	m, err := s.Send(ctx, who, text("hi"), "device-1")
	if err != nil {
		t.Fatal(err)
	}
	m.Username, m.Name = "0811111111", "Somchai" // the store reads them with the message
	b, _ := json.Marshal(s.ItemOf(*m))
	for _, want := range []string{`"session_id":"0123456789abcdef"`, `"userId":"abc"`, `"username":"0811111111"`, `"name":"Somchai"`, `"deviceToken":"device-1"`} {
		if !strings.Contains(string(b), want) {
			t.Fatalf("%s lacks %s", b, want)
		}
	}
	for name, tok := range map[string]string{"ErrTooLong": strings.Repeat("x", 201), "ErrControl": "a\x00b"} {
		t.Run(name, func(t *testing.T) {
			if _, err := s.Send(ctx, who, text("hi"), tok); !errs.HasCode(err, errs.ChatMessageInvalid) {
				t.Fatal(err)
			}
		})
	}
}

// TestHistoryBefore: a page older than a message, for the console's
// "older messages".
func TestHistoryBefore(t *testing.T) {
	s, _, _ := newTestService(Config{Prefix: "ngern"})
	ctx := context.Background()
	who := Who{Kind: KindMember, ID: "abc"}
	var ids []string
	for i := range 7 {
		m, err := s.Send(ctx, who, text(fmt.Sprint("m", i)), "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	page, err := s.Messages(ctx, s.Room(who), 3, 0, ids[4])
	if err != nil || len(page) != 3 || page[0].ID != ids[1] || page[2].ID != ids[3] {
		t.Fatalf("%+v %v", page, err)
	}
	if _, err := s.Messages(ctx, s.Room(who), 3, 0, "nope"); !errs.HasCode(err, errs.InvalidRequest) {
		t.Fatal(err)
	}
}

type revocable struct{ n atomic.Int32 }

func (r *revocable) Revoke() { r.n.Add(1) }

// TestSessionsEnded: a tracked socket hears of its session's end and of
// its member's, and nothing after it stopped.
func TestSessionsEnded(t *testing.T) {
	s, _, _ := newTestService(DefaultConfig())
	a1, a2, b := &revocable{}, &revocable{}, &revocable{}
	stop := s.TrackSession("a", "s1", a1)
	s.TrackSession("a", "s2", a2)
	s.TrackSession("b", "s3", b)
	s.SessionsEnded("", "s1")
	if a1.n.Load() != 1 || a2.n.Load() != 0 || b.n.Load() != 0 {
		t.Fatal("one session's end told the wrong sockets")
	}
	s.SessionsEnded("a", "")
	if a1.n.Load() != 2 || a2.n.Load() != 1 || b.n.Load() != 0 {
		t.Fatal("a member's end did not reach every socket of the member")
	}
	stop()
	s.SessionsEnded("a", "s1")
	if a1.n.Load() != 2 || s.Tracked() != 2 {
		t.Fatal("a stopped socket was told")
	}
}

// homeSocket is a member's socket that hears of balance changes.
type homeSocket struct {
	revocable
	told atomic.Int32
}

func (h *homeSocket) BalancesChanged() { h.told.Add(1) }

// TestBalancesChanged: the sockets of the members named are told, once
// each; a socket that does not listen to balances, another member's and a
// stopped one are not.
func TestBalancesChanged(t *testing.T) {
	s, _, _ := newTestService(DefaultConfig())
	a1, a2, b, gone := &homeSocket{}, &homeSocket{}, &homeSocket{}, &homeSocket{}
	s.TrackSession("a", "s1", a1)
	s.TrackSession("a", "s2", a2)
	s.TrackSession("a", "s3", &revocable{}) // not a BalancesListener
	s.TrackSession("b", "s4", b)
	s.TrackSession("c", "s5", gone)()
	s.BalancesChanged([]string{"a", "c", "nobody"})
	if a1.told.Load() != 1 || a2.told.Load() != 1 || b.told.Load() != 0 || gone.told.Load() != 0 {
		t.Fatalf("told a1 %d, a2 %d, b %d, stopped %d; want 1, 1, 0, 0", a1.told.Load(), a2.told.Load(), b.told.Load(), gone.told.Load())
	}
}
