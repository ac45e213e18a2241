package app

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// A typed invite code links the friend exactly like the invite link: the
// code is matched without regard to case or surrounding spaces.
func TestTypedInviteCodeLinks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		inviter := h.member("0811111111", "1111111111", 0)
		inv := h.call("POST", "/api/invite", inviter, map[string]any{"page": 1, "limit": 10})
		h.expect(inv, 200, "")
		code, _ := inv.Body["code"].(string)
		if len(code) != 26 {
			t.Fatalf("invite code = %s", inv.Raw)
		}
		store := sqlstore.NewAccounts(db)
		owner, err := store.MemberByPhone(context.Background(), "0811111111")
		if err != nil {
			t.Fatal(err)
		}
		for i, tc := range []struct {
			name, typed string
		}{
			{"as the link carries it", code},
			{"typed in capitals", strings.ToUpper(code)},
			{"typed in small letters", strings.ToLower(code)},
			{"with spaces around", "  " + strings.ToUpper(code) + " "},
		} {
			t.Run(tc.name, func(t *testing.T) {
				h := h.sub(t)
				phone := fmt.Sprintf("08222222%02d", i)
				reg := registration(phone, fmt.Sprintf("22222222%02d", i))
				reg["inviteCode"] = tc.typed
				h.expect(h.call("POST", "/api/account", "", reg), 201, "SUCCESS")
				m, err := store.MemberByPhone(context.Background(), phone)
				if err != nil {
					t.Fatal(err)
				}
				if m.InvitedBy == nil || *m.InvitedBy != owner.ID {
					t.Fatalf("invited by = %v, want %s", m.InvitedBy, owner.ID)
				}
				if m.InviteCode != code {
					t.Fatalf("stored code = %q, want %q", m.InviteCode, code)
				}
			})
		}
	})
}
