package app

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/limits"
)

// A password under the minimum answers PASSWORD_TOO_SHORT, naming the
// field, at validation, registration and password change; the limits
// lookup serves the minimum the texts name.
func TestPasswordTooShort(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		token := h.member("0811111111", "1111111111", 0)
		short := strings.Repeat("a", limits.PasswordMin-1)
		enough := strings.Repeat("a", limits.PasswordMin)

		t.Run("the limits lookup serves the minimum", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/lookup/limits", "", nil)
			h.expect(r, 200, "")
			if r.Body["passwordMin"] != json.Number(strconv.Itoa(limits.PasswordMin)) {
				t.Fatalf("limits = %s", r.Raw)
			}
		})
		for _, tc := range []struct {
			name, method, path string
			body               map[string]any
			field              string
		}{
			{"validate", "POST", "/api/account/validate", withPassword(registration("0822222222", "2222222222"), short), "password"},
			{"register", "POST", "/api/account", withPassword(registration("0822222222", "2222222222"), short), "password"},
			{"change password", "PUT", "/api/account/changepwd", map[string]any{"oldPassword": "s3cret-pass", "newPassword": short}, "newPassword"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				h := h.sub(t)
				r := h.call(tc.method, tc.path, token, tc.body)
				h.expect(r, 400, "PASSWORD_TOO_SHORT")
				if r.Body["field"] != tc.field {
					t.Fatalf("field = %v, want %s", r.Body["field"], tc.field)
				}
			})
		}
		t.Run("nothing changed: the short password signs in nobody", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0822222222", "password": short}), 401, "WRONG_CREDENTIAL")
			h.login("0811111111", "s3cret-pass")
		})
		t.Run("the minimum itself is accepted", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/account", "", withPassword(registration("0833333333", "3333333333"), enough)), 201, "SUCCESS")
		})
		t.Run("too long is still invalid", func(t *testing.T) {
			h := h.sub(t)
			long := strings.Repeat("a", 129)
			h.expect(h.call("POST", "/api/account/validate", "", withPassword(registration("0844444444", "4444444444"), long)), 400, "INVALID_USER_INFO")
		})
	})
}

func withPassword(reg map[string]any, pw string) map[string]any {
	reg["password"] = pw
	return reg
}
