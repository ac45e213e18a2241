package sqlstore_test

import (
	"context"
	"fmt"
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
			page, err := s.History(ctx, a.Room, 10, 0)
			if err != nil || len(page) != 10 || page[0].ID != "a15" || page[9].ID != "a24" {
				t.Fatalf("%v %v", ids(page), err)
			}
			page, _ = s.History(ctx, a.Room, 10, 20)
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
			page, _ := s.History(ctx, a.Room, 50, 0)
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
