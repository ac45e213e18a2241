package app

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// TestSignInLimitPerAddress: wrong passwords lock an account only for the
// address they come from, so that nobody can lock a known member or
// operator out by guessing from elsewhere; the one guessing is told how
// long to wait. Across addresses an account takes 20 times the tries per
// address in an hour, a tenth of them a minute (a burst waits a minute, a
// sustained attack an hour).
func TestSignInLimitPerAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.TrustProxy = true; c.RegisterOTP = false })
		from := func(client string) map[string]string { return map[string]string{"X-Forwarded-For": client} }
		const phone, password = "0815550000", "s3cret-pass"
		h.expect(h.call("POST", "/api/account", "", registration(phone, "1555000000")), 201, "SUCCESS")
		login := func(client, pw string) response {
			return h.callWith("POST", "/api/login", "", map[string]any{"username": phone, "password": pw}, from(client))
		}
		retryAfter := func(r response) time.Duration {
			s, err := strconv.Atoi(r.Header.Get("Retry-After"))
			if err != nil {
				t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
			}
			return time.Duration(s) * time.Second
		}

		t.Run("MemberNotLockedOutByAnotherAddress", func(t *testing.T) {
			h := h.sub(t)
			const attacker = "203.0.113.7"
			for i := 0; i < 10; i++ {
				h.expect(login(attacker, "guess-guess"), 401, "WRONG_CREDENTIAL")
			}
			r := login(attacker, password) // limited before the password is checked
			h.expect(r, 429, "REQUEST_LIMIT")
			if d := retryAfter(r); d <= 0 || d > 15*time.Minute {
				t.Fatalf("Retry-After %s", d)
			}
			h.expect(login("198.51.100.20", password), 200, "") // the member, from their own address
			h.advance(15*time.Minute + time.Second)
			h.expect(login(attacker, password), 200, "")
		})

		t.Run("MemberAcrossAddressesBacksOff", func(t *testing.T) {
			h := h.sub(t)
			h.advance(time.Hour + time.Second) // fresh account windows
			// 20 tries a minute from all addresses; the 21st waits the minute out.
			for i := 0; i < 20; i++ {
				h.expect(login(fmt.Sprintf("192.0.2.%d", i+1), "guess-guess"), 401, "WRONG_CREDENTIAL")
			}
			r := login("192.0.2.200", password)
			h.expect(r, 429, "REQUEST_LIMIT")
			if d := retryAfter(r); d > time.Minute {
				t.Fatalf("a burst waits %s, want a minute at most", d)
			}
			h.advance(time.Minute + time.Second)
			h.expect(login("192.0.2.200", password), 200, "")
		})

		t.Run("OperatorNotLockedOutByAnotherAddress", func(t *testing.T) {
			h := h.sub(t)
			c, err := h.tools.operators.Create(context.Background(), "cashier", operator.Finance)
			if err != nil {
				t.Fatal(err)
			}
			opLogin := func(client, pw string) response {
				return h.callWith("POST", "/api/operator/login", "", map[string]any{"username": "cashier", "password": pw, "totp": ""}, from(client))
			}
			for i := 0; i < 10; i++ {
				h.expect(opLogin("203.0.113.8", "guess-guess-guess"), 401, "WRONG_CREDENTIAL")
			}
			r := opLogin("203.0.113.8", c.Password)
			h.expect(r, 429, "REQUEST_LIMIT")
			if d := retryAfter(r); d <= 0 || d > 15*time.Minute {
				t.Fatalf("Retry-After %s", d)
			}
			// The operator's own address: the password is checked (the code comes next).
			h.expect(opLogin("198.51.100.30", c.Password), 401, "TOTP_REQUIRED")
		})
	})
}
