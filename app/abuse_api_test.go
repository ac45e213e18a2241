package app

import (
	"fmt"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// TestOTPBoundToToken: a verification stands only for the caller who
// verified, holding its otpToken; anyone else asking for the same phone is
// neither told it was verified nor able to register it.
func TestOTPBoundToToken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		const phone = "0811112222"
		owner := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": phone})
		h.expect(owner, 200, "")
		h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": owner.Body["otpToken"], "otpCode": h.otpCode(phone)}), 200, "")

		t.Run("ErrOthersNotToldVerified", func(t *testing.T) {
			h := h.sub(t)
			h.advance(61 * time.Second) // past the one-send-a-minute limit
			for _, token := range []any{nil, "", "made-up-token"} {
				body := map[string]any{"phoneNumber": phone}
				if token != nil {
					body["otpToken"] = token
				}
				r := h.call("POST", "/api/otp/send", "", body)
				if r.Body["code"] == "OTP_VERIFIED" || r.Body["otpToken"] == owner.Body["otpToken"] {
					t.Fatalf("another caller (token %v) was told: %d %s", token, r.Status, r.Raw)
				}
				h.advance(61 * time.Second)
			}
		})
		t.Run("ErrOthersCannotRegister", func(t *testing.T) {
			h := h.sub(t)
			h.advance(61 * time.Second)
			other := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": phone})
			h.expect(other, 200, "")
			if other.Body["code"] != "OTP_SENT" {
				t.Fatalf("other send = %s", other.Raw)
			}
			// A verification of another phone does not stand for this one.
			mine := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0899990000"})
			h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": mine.Body["otpToken"], "otpCode": h.otpCode("0899990000")}), 200, "")
			for name, reg := range map[string]map[string]any{
				"NoToken":          registration(phone, "5555555555"),
				"UnverifiedToken":  withOTP(registration(phone, "5555555555"), other),
				"OtherPhonesToken": withOTP(registration(phone, "5555555555"), mine),
			} {
				r := h.call("POST", "/api/account", "", reg)
				if r.Status != 400 || r.message() != "UNVERIFIED_OTP" {
					t.Fatalf("%s: %d %s, want 400 UNVERIFIED_OTP", name, r.Status, r.Raw)
				}
			}
		})
		t.Run("OwnerRegisters", func(t *testing.T) {
			h := h.sub(t)
			h.advance(61 * time.Second)
			again := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": phone, "otpToken": owner.Body["otpToken"]})
			if again.Status != 200 || again.Body["code"] != "OTP_VERIFIED" || again.Body["otpToken"] != owner.Body["otpToken"] {
				t.Fatalf("owner's send after verify = %d %s", again.Status, again.Raw)
			}
			h.expect(h.call("POST", "/api/account", "", withOTP(registration(phone, "5555555555"), owner)), 201, "SUCCESS")
			h.login(phone, "s3cret-pass")
			// Used up: the token registers nothing more.
			h.expect(h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": phone, "otpToken": owner.Body["otpToken"]}), 409, "EXISTING_USER")
		})
	})
}

// TestPhoneLookupLimitPerIP: the answers that tell whether a phone is
// registered are limited per client address, and behind a proxy the
// address is the one the proxy appended, not what the client forged on the
// left of X-Forwarded-For.
func TestPhoneLookupLimitPerIP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.TrustProxy = true; c.RegisterOTP = false })
		h.expect(h.call("POST", "/api/account", "", registration("0812340000", "1234000000")), 201, "SUCCESS")
		from := func(forged int, client string) map[string]string {
			return map[string]string{"X-Forwarded-For": fmt.Sprintf("10.%d.%d.1, %s", forged/250, forged%250, client)}
		}
		const client = "198.51.100.1"
		for i := 0; i < 60; i++ {
			r := h.callWith("POST", "/api/account/validate", "", registration(fmt.Sprintf("08123%05d", i), ""), from(i, client))
			if r.Status != 409 && r.Status != 200 {
				t.Fatalf("look-up %d: %d %s", i, r.Status, r.Raw)
			}
		}
		t.Run("ErrValidateLimited", func(t *testing.T) {
			h := h.sub(t)
			r := h.callWith("POST", "/api/account/validate", "", registration("0812340000", ""), from(99, client))
			h.expect(r, 429, "REQUEST_LIMIT")
			if r.Header.Get("Retry-After") == "" {
				t.Fatal("no Retry-After")
			}
		})
		t.Run("ErrOTPSendLimited", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.callWith("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0812340000"}, from(98, client)), 429, "REQUEST_LIMIT")
		})
		t.Run("ErrRegisterLimited", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.callWith("POST", "/api/account", "", registration("0812340000", "9999999999"), from(97, client)), 429, "REQUEST_LIMIT")
		})
		t.Run("OtherClientAnswered", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.callWith("POST", "/api/account/validate", "", registration("0812340000", ""), from(1, "198.51.100.2")), 409, "EXISTING_USER")
			h.expect(h.callWith("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0812340000"}, from(2, "198.51.100.2")), 409, "EXISTING_USER")
		})
		t.Run("AnsweredAgainAfterTheWindow", func(t *testing.T) {
			h := h.sub(t)
			h.advance(time.Hour + time.Second)
			h.expect(h.callWith("POST", "/api/account/validate", "", registration("0812340000", ""), from(3, client)), 409, "EXISTING_USER")
		})
	})
}

// TestChangePasswordLimit: old-password guesses count against the member's
// login limit, so a stolen token is no password oracle.
func TestChangePasswordLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		h.expect(h.call("POST", "/api/account", "", registration("0813330000", "3330000000")), 201, "SUCCESS")
		token := h.login("0813330000", "s3cret-pass") // the first of 10 tries in 15 minutes
		wrong := map[string]any{"oldPassword": "guess-0000", "newPassword": "n3w-password"}
		for i := 2; i <= 10; i++ {
			h.expect(h.call("PUT", "/api/account/changepwd", token, wrong), 401, "WRONG_PASSWORD")
		}
		r := h.call("PUT", "/api/account/changepwd", token, wrong)
		h.expect(r, 429, "REQUEST_LIMIT")
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		// Limited before the password is checked: even the right one.
		right := map[string]any{"oldPassword": "s3cret-pass", "newPassword": "n3w-password"}
		h.expect(h.call("PUT", "/api/account/changepwd", token, right), 429, "REQUEST_LIMIT")
		h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0813330000", "password": "s3cret-pass"}), 429, "REQUEST_LIMIT")
		h.advance(15*time.Minute + time.Second)
		h.expect(h.call("PUT", "/api/account/changepwd", token, right), 200, "SUCCESS")
	})
}
