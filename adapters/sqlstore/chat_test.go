package sqlstore_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/chat"
	"ngern/core/errs"
)

func TestChatStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		s := sqlstore.NewChat(db)
		t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		add := func(t *testing.T, c *chat.Conversation, id string, from chat.Sender, at time.Time) {
			t.Helper()
			m := &chat.Message{ID: id, Room: c.Room, Sender: from, Raw: `{"message_type":"text","payload":{"message":"` + id + `"}}`, CreatedAt: at}
			if err := s.AddMessage(ctx, c, m); err != nil {
				t.Fatal(err)
			}
		}

		t.Run("tickets are single use and expire", func(t *testing.T) {
			for _, tk := range []chat.Ticket{
				{Hash: "live", Kind: "member", Subject: "m1", Room: "ngern-m1", ExpiresAt: t0.Add(time.Minute), CreatedAt: t0},
				{Hash: "old", Kind: "guest", Subject: "g1", Room: "ngern-g1", ExpiresAt: t0.Add(-time.Second), CreatedAt: t0.Add(-time.Minute)},
			} {
				if err := s.CreateTicket(ctx, &tk); err != nil {
					t.Fatal(err)
				}
			}
			got, err := s.UseTicket(ctx, "live", t0)
			if err != nil || got.Room != "ngern-m1" || got.Subject != "m1" || got.UsedAt == nil {
				t.Fatalf("%+v %v", got, err)
			}
			for _, h := range []string{"live", "old", "forged"} {
				if _, err := s.UseTicket(ctx, h, t0); !errs.HasCode(err, errs.NoData) {
					t.Errorf("%s: %v, want NO_DATA", h, err)
				}
			}
		})

		t.Run("guests by token hash", func(t *testing.T) {
			if err := s.CreateGuest(ctx, &chat.Guest{ID: "gabc", TokenHash: "h1", CreatedAt: t0}); err != nil {
				t.Fatal(err)
			}
			g, err := s.GuestByTokenHash(ctx, "h1")
			if err != nil || g.ID != "gabc" || g.MemberID != "" {
				t.Fatalf("%+v %v", g, err)
			}
			if _, err := s.GuestByTokenHash(ctx, "h2"); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
		})

		a := &chat.Conversation{Room: "ngern-aa", MemberID: "aa"}
		b := &chat.Conversation{Room: "ngern-bb", MemberID: "bb"}
		t.Run("history pages back, oldest first", func(t *testing.T) {
			for i := range 25 {
				add(t, a, fmt.Sprintf("a%02d", i), chat.Customer, t0.Add(time.Duration(i)*time.Second))
			}
			add(t, b, "b00", chat.Customer, t0.Add(time.Minute))
			page, err := s.History(ctx, a.Room, 10, 0, "")
			if err != nil || len(page) != 10 || page[0].ID != "a15" || page[9].ID != "a24" {
				t.Fatalf("%v %v", ids(page), err)
			}
			page, _ = s.History(ctx, a.Room, 10, 20, "")
			if len(page) != 5 || page[0].ID != "a00" || page[4].ID != "a04" {
				t.Fatalf("%v", ids(page))
			}
			m, err := s.Message(ctx, "b00")
			if err != nil || m.Room != b.Room || m.Sender != chat.Customer {
				t.Fatalf("%+v %v", m, err)
			}
		})

		t.Run("inbox: waiting longest first, unread counts, replies end the wait", func(t *testing.T) {
			list, err := s.Inbox(ctx, chat.InboxFilter{Status: "open", Limit: 10})
			if err != nil || len(list) != 2 || list[0].Room != a.Room || list[0].Unread != 25 || list[1].Unread != 1 ||
				!strings.Contains(list[0].LastContent, `"a24"`) {
				t.Fatalf("%+v %v", list, err)
			}
			add(t, a, "reply", chat.Agent, t0.Add(2*time.Minute))
			list, _ = s.Inbox(ctx, chat.InboxFilter{Status: "open", Limit: 10})
			if list[0].Room != b.Room || list[1].WaitingSince != nil || list[1].Unread != 0 {
				t.Fatalf("%+v", list)
			}
			if err := s.Assign(ctx, b.Room, "sue"); err != nil {
				t.Fatal(err)
			}
			mine, _ := s.Inbox(ctx, chat.InboxFilter{Status: "open", Mine: "sue", Limit: 10})
			if len(mine) != 1 || mine[0].AssignedTo != "sue" {
				t.Fatalf("%+v", mine)
			}
			if err := s.SetStatus(ctx, b.Room, chat.Closed); err != nil {
				t.Fatal(err)
			}
			closed, _ := s.Inbox(ctx, chat.InboxFilter{Status: "closed", Limit: 10})
			if len(closed) != 1 || closed[0].Room != b.Room {
				t.Fatalf("%+v", closed)
			}
			if err := s.Assign(ctx, "ngern-none", "sue"); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
			if err := s.MarkRead(ctx, a.Room, true, t0.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			c, err := s.Conversation(ctx, a.Room)
			if err != nil || c.CustomerReadAt == nil || !c.CustomerReadAt.Equal(t0.Add(time.Hour)) {
				t.Fatalf("%+v %v", c, err)
			}
		})

		t.Run("a guest's conversation attaches to a member once", func(t *testing.T) {
			g := &chat.Conversation{Room: "ngern-gabc", GuestID: "gabc"}
			add(t, g, "g1", chat.Customer, t0.Add(-time.Hour))
			if err := s.AttachGuest(ctx, "gabc", "aa", g.Room, a.Room); err != nil {
				t.Fatal(err)
			}
			page, _ := s.History(ctx, a.Room, 50, 0, "")
			if len(page) != 27 {
				t.Fatalf("%d messages", len(page))
			}
			if _, err := s.Conversation(ctx, g.Room); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
			c, _ := s.Conversation(ctx, a.Room)
			if c.WaitingSince == nil || !c.WaitingSince.Equal(t0.Add(-time.Hour)) {
				t.Fatalf("waiting since %v", c.WaitingSince)
			}
			if gu, _ := s.GuestByTokenHash(ctx, "h1"); gu.MemberID != "aa" {
				t.Fatalf("%+v", gu)
			}
			if err := s.AttachGuest(ctx, "gabc", "bb", g.Room, b.Room); !errs.HasCode(err, errs.GuestTokenInvalid) {
				t.Fatal(err)
			}
		})
	})
}

func ids(ms []chat.Message) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out
}

// TestChatStoreFinish: items read the member's phone and name, the
// session and device token; tickets keep their session; pages before a
// message; the seeded canned replies and their edits; the guest purge.
func TestChatStoreFinish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		s := sqlstore.NewChat(db)
		t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		mem := newMember("0815555555", "5555555555")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, mem, ""); err != nil {
			t.Fatal(err)
		}
		conv := &chat.Conversation{Room: "ngern-" + mem.ID, MemberID: mem.ID}
		for i := range 6 {
			m := &chat.Message{ID: fmt.Sprint("p", i), Room: conv.Room, Sender: chat.Customer, Raw: `{"message_type":"text","payload":{"message":"x"}}`,
				CreatedAt: t0.Add(time.Duration(i) * time.Second), SessionID: "sess1", DeviceToken: "dev1"}
			if err := s.AddMessage(ctx, conv, m); err != nil {
				t.Fatal(err)
			}
		}

		t.Run("messages carry the member, session and device", func(t *testing.T) {
			m, err := s.Message(ctx, "p0")
			if err != nil || m.Username != "0815555555" || m.Name != "Somchai" || m.SessionID != "sess1" || m.DeviceToken != "dev1" {
				t.Fatalf("%+v %v", m, err)
			}
			page, _ := s.History(ctx, conv.Room, 2, 0, "")
			if len(page) != 2 || page[1].Username != "0815555555" {
				t.Fatalf("%+v", page)
			}
		})
		t.Run("tickets keep their session", func(t *testing.T) {
			if err := s.CreateTicket(ctx, &chat.Ticket{Hash: "ts", Kind: "member", Subject: mem.ID, Room: conv.Room, Session: "sess1",
				ExpiresAt: t0.Add(time.Minute), CreatedAt: t0}); err != nil {
				t.Fatal(err)
			}
			if tk, err := s.UseTicket(ctx, "ts", t0); err != nil || tk.Session != "sess1" {
				t.Fatalf("%+v %v", tk, err)
			}
		})
		t.Run("pages before a message", func(t *testing.T) {
			page, err := s.History(ctx, conv.Room, 3, 0, "p4")
			if err != nil || strings.Join(ids(page), ",") != "p1,p2,p3" {
				t.Fatalf("%v %v", ids(page), err)
			}
			if _, err := s.History(ctx, "ngern-other", 3, 0, "p4"); !errs.HasCode(err, errs.NoData) {
				t.Fatal("a message of another room is a cursor", err)
			}
		})
		t.Run("canned replies: seeded per language, edited", func(t *testing.T) {
			for _, lang := range []string{"th", "la", "en"} {
				list, err := s.CannedReplies(ctx, lang)
				if err != nil || len(list) != 4 || list[0].Lang != lang || list[0].Position != 1 || list[0].Body == "" || list[0].CreatedAt.IsZero() {
					t.Fatalf("%s: %+v %v", lang, list, err)
				}
			}
			c := &chat.Canned{ID: "c1", Lang: "en", Title: "Bonus", Body: "Your bonus is on its way.", Position: 9, UpdatedBy: "sue", CreatedAt: t0, UpdatedAt: t0}
			if err := s.SaveCanned(ctx, c, true); err != nil {
				t.Fatal(err)
			}
			c.Title, c.UpdatedAt = "Bonus sent", t0.Add(time.Hour)
			if err := s.SaveCanned(ctx, c, false); err != nil || !c.CreatedAt.Equal(t0) {
				t.Fatalf("%+v %v", c, err)
			}
			list, _ := s.CannedReplies(ctx, "en")
			if len(list) != 5 || list[4].Title != "Bonus sent" {
				t.Fatalf("%+v", list)
			}
			if err := s.SaveCanned(ctx, &chat.Canned{ID: "nope", Lang: "en", Title: "x", Body: "y", UpdatedAt: t0}, false); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
			if err := s.DeleteCanned(ctx, "c1"); err != nil {
				t.Fatal(err)
			}
			if err := s.DeleteCanned(ctx, "c1"); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
		})
		t.Run("guests past the retention are purged", func(t *testing.T) {
			cutoff := t0.Add(30 * 24 * time.Hour)
			guest := func(id string, created time.Time, member string, last *time.Time, media bool) {
				t.Helper()
				if err := s.CreateGuest(ctx, &chat.Guest{ID: id, TokenHash: "h-" + id, CreatedAt: created}); err != nil {
					t.Fatal(err)
				}
				if member != "" {
					if err := s.AttachGuest(ctx, id, member, "ngern-"+id, conv.Room); err != nil {
						t.Fatal(err)
					}
				}
				if last != nil {
					raw := `{"message_type":"text","payload":{"message":"hi"}}`
					if media {
						raw = `{"message_type":"media","payload":{"filePath":"/api/chat/media/ngern-` + id + `/f.png"}}`
					}
					c := &chat.Conversation{Room: "ngern-" + id, GuestID: id}
					if err := s.AddMessage(ctx, c, &chat.Message{ID: "m-" + id, Room: c.Room, Sender: chat.Customer, Raw: raw, CreatedAt: *last}); err != nil {
						t.Fatal(err)
					}
				}
			}
			old, recent := t0, cutoff.Add(time.Hour)
			guest("gsilent", old, "", nil, false)     // purged: never wrote
			guest("gquiet", old, "", &old, true)      // purged: last message before the cutoff
			guest("gtalks", old, "", &recent, false)  // kept: wrote since
			guest("gnew", recent, "", nil, false)     // kept: too new
			guest("gmember", old, mem.ID, nil, false) // kept: attached, the member reads its room's media
			ids, err := s.PurgeGuests(ctx, cutoff, 1) // in batches
			if err != nil || len(ids) != 1 {
				t.Fatalf("%v %v", ids, err)
			}
			more, err := s.PurgeGuests(ctx, cutoff, 2)
			if err != nil || len(more) != 1 {
				t.Fatalf("%v %v", more, err)
			}
			if none, err := s.PurgeGuests(ctx, cutoff, 2); err != nil || len(none) != 0 {
				t.Fatalf("%v %v", none, err)
			}
			ids = append(ids, more...)
			slices.Sort(ids)
			if !slices.Equal(ids, []string{"gquiet", "gsilent"}) {
				t.Fatalf("purged %v", ids)
			}
			for id, kept := range map[string]bool{"gsilent": false, "gquiet": false, "gmember": true, "gtalks": true, "gnew": true} {
				_, err := s.GuestByTokenHash(ctx, "h-"+id)
				if (err == nil) != kept {
					t.Errorf("%s: kept %v, want %v", id, err == nil, kept)
				}
			}
			if g, err := s.GuestByID(ctx, "gmember"); err != nil || g.MemberID != mem.ID {
				t.Fatalf("the attached guest: %+v %v", g, err)
			}
			if _, err := s.GuestByID(ctx, "gquiet"); !errs.HasCode(err, errs.NoData) {
				t.Fatal("GuestByID of a purged guest", err)
			}
			if _, err := s.Conversation(ctx, "ngern-gquiet"); !errs.HasCode(err, errs.NoData) {
				t.Fatal("the purged guest's conversation is left")
			}
			if _, err := s.Message(ctx, "m-gquiet"); !errs.HasCode(err, errs.NoData) {
				t.Fatal("the purged guest's message is left")
			}
			if page, _ := s.History(ctx, conv.Room, 50, 0, ""); len(page) != 6 {
				t.Fatalf("the member's messages changed: %d", len(page))
			}
		})
	})
}
