package app

import (
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// GET /api/operator/members/{id} answers status "active" for a member who
// can sign in and "locked" only for a locked one, like the members list.
func TestOperatorMemberDetailStatus(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		h.member("0811111111", "1111111111", 0)
		sup := h.operator("sup", operator.Support)
		list := h.call("GET", "/api/operator/members?q=0811111111", sup, nil)
		h.expect(list, 200, "")
		id := list.Body["members"].([]any)[0].(map[string]any)["_id"].(string)
		status := func() string {
			d := h.call("GET", "/api/operator/members/"+id, sup, nil)
			h.expect(d, 200, "")
			return d.Body["member"].(map[string]any)["status"].(string)
		}
		for _, tc := range []struct {
			name, action, want string
		}{
			{"a new member is active", "", "active"},
			{"a locked member is locked", "lock", "locked"},
			{"an unlocked member is active again", "unlock", "active"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				h := h.sub(t)
				if tc.action != "" {
					h.expect(h.call("POST", "/api/operator/members/"+id+"/"+tc.action, sup, map[string]any{"reason": "check"}), 200, "")
				}
				if got := status(); got != tc.want {
					t.Fatalf("status = %q, want %q", got, tc.want)
				}
			})
		}
	})
}
