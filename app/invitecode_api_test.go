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
// short code ("PR" and the member code) is matched without regard to case,
// spaces or dashes, and the first long form ("PR" and the member id) of
// links shared before still links.
func TestTypedInviteCodeLinks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		inviter := h.member("0811111111", "1111111111", 0)
		inv := h.call("POST", "/api/invite", inviter, map[string]any{"page": 1, "limit": 10})
		h.expect(inv, 200, "")
		code, _ := inv.Body["code"].(string)
		if len(code) != 10 || code[:2] != "PR" {
			t.Fatalf("invite code = %s", inv.Raw)
		}
		store := sqlstore.NewAccounts(db)
		owner, err := store.MemberByPhone(context.Background(), "0811111111")
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"/api/account/profile", "/api/wallet"} {
			prof := h.call("GET", path, inviter, nil)
			h.expect(prof, 200, "")
			if p, _ := prof.Body["profile"].(map[string]any); p["memberCode"] != code[2:] || p["_id"] != owner.ID {
				t.Fatalf("%s = %s, want memberCode %s", path, prof.Raw, code[2:])
			}
		}
		long := "PR" + owner.ID
		for i, tc := range []struct {
			name, typed, stored string
		}{
			{"as the link carries it", code, code},
			{"typed in capitals", strings.ToUpper(code), code},
			{"typed in small letters", strings.ToLower(code), code},
			{"with spaces around", "  " + strings.ToLower(code) + " ", code},
			{"with a dash", code[:6] + "-" + code[6:], code},
			{"old long link", long, long},
			{"old long form in capitals", strings.ToUpper(long), long},
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
				if m.InviteCode != tc.stored {
					t.Fatalf("stored code = %q, want %q", m.InviteCode, tc.stored)
				}
				if len(m.Code) != 8 || m.Code == owner.Code {
					t.Fatalf("invitee's own code = %q", m.Code)
				}
			})
		}
	})
}
