package app

import (
	"regexp"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

func TestPasswordResetAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		old := h.signUp("0811111111", "1111111111")
		send := func(h *harness, phone string) response {
			r := h.call("POST", "/api/account/password/reset/otp", "", map[string]any{"phone": phone})
			h.expect(r, 200, "")
			h.tools.accounts.WaitBackground()
			return r
		}
		resetCode := func(h *harness, phone string) string {
			h.t.Helper()
			all := regexp.MustCompile(`phone=`+phone+` message="Ngern: your password reset code is ([0-9]{6})`).FindAllStringSubmatch(h.logs.String(), -1)
			if len(all) == 0 {
				h.t.Fatalf("no reset code logged for %s", phone)
			}
			return all[len(all)-1][1]
		}
		t.Run("PhoneRefusalNamesItsField", func(t *testing.T) {
			h := h.sub(t)
			for _, path := range []string{"/api/account/password/reset/otp", "/api/account/password/reset"} {
				r := h.call("POST", path, "", map[string]any{"phone": "12345", "otpToken": "x", "code": "123456", "password": "a-long-password"})
				h.expect(r, 400, "PHONE_NUMBER_REQUIRE_10_DIGIT")
				if r.Body["field"] != "phone" {
					t.Fatalf("%s field = %v, want phone", path, r.Body["field"])
				}
			}
			r := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "12345"})
			h.expect(r, 400, "PHONE_NUMBER_REQUIRE_10_DIGIT")
			if r.Body["field"] != "phoneNumber" {
				t.Fatalf("otp field = %v, want phoneNumber", r.Body["field"])
			}
		})
		reset := func(phone string, sent response, code, password string) map[string]any {
			return map[string]any{"phone": phone, "otpToken": sent.Body["otpToken"], "code": code, "password": password}
		}

		t.Run("an unknown phone is answered alike and gets no SMS", func(t *testing.T) {
			h := h.sub(t)
			known, unknown := send(h, "0811111111"), send(h, "0899999999")
			if known.Body["code"] != "OTP_SENT" || unknown.Body["code"] != known.Body["code"] || len(unknown.Body["otpToken"].(string)) != len(known.Body["otpToken"].(string)) {
				t.Fatalf("answers differ: %s / %s", known.Raw, unknown.Raw)
			}
			if regexp.MustCompile(`phone=0899999999`).MatchString(h.logs.String()) {
				t.Fatal("an SMS went to an unknown phone")
			}
			h.expect(h.call("POST", "/api/account/password/reset", "", reset("0899999999", unknown, "123456", "a-new-secret")), 400, "OTP_CODE_INVALID")
		})
		t.Run("Reset", func(t *testing.T) {
			h := h.sub(t)
			h.advance(2 * time.Minute) // past the one-a-minute gap of the first subtest
			sent := send(h, "0811111111")
			code := resetCode(h, "0811111111")
			h.expect(h.call("POST", "/api/account/password/reset", "", reset("0811111111", sent, code, "short")), 400, "PASSWORD_TOO_SHORT")
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			h.expect(h.call("POST", "/api/account/password/reset", "", reset("0811111111", sent, wrong, "a-new-secret")), 400, "OTP_CODE_INVALID")
			h.expect(h.call("POST", "/api/account/password/reset", "", reset("0811111111", sent, code, "a-new-secret")), 200, "SUCCESS")
			// Every session was revoked; the old password is gone.
			h.expect(h.call("GET", "/api/account/profile", old, nil), 401, "")
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0811111111", "password": "s3cret-pass"}), 401, "WRONG_CREDENTIAL")
			h.login("0811111111", "a-new-secret")
			h.expect(h.call("POST", "/api/account/password/reset", "", reset("0811111111", sent, code, "another-secret")), 400, "OTP_CODE_INVALID")
		})
		t.Run("ErrRequestLimit", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/account/password/reset/otp", "", map[string]any{"phone": "0811111111"}), 429, "REQUEST_LIMIT")
		})
	})
}
