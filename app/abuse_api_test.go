package app

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
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

// TestInvalidCharacters: NUL, control and format characters and invalid
// UTF-8 are refused with 400 INVALID_CHARACTERS wherever they come in
// (bodies, paths, queries) and nothing is stored; PostgreSQL used to
// answer 500 to them.
func TestInvalidCharacters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		op := strings.Repeat("o", 40)
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.OperatorToken = op })
		token := h.member("0814440000", "4440000000", money.FromBaht(500))
		h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "SUCCESS")
		h.expect(h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 100}), 200, "SUCCESS")
		reg := func(field, value string) map[string]any {
			r := registration("0814441111", "4441111111")
			r[field] = value
			return r
		}
		cases := []struct {
			name, method, path, token string
			body                      any
			field                     string
		}{
			{"RegisterNameNUL", "POST", "/api/account", "", reg("name", "Som\x00chai"), "name"},
			{"RegisterNameControl", "POST", "/api/account", "", reg("name", "Som\x07chai"), "name"},
			{"RegisterNameZeroWidthOnly", "POST", "/api/account", "", reg("name", "\u200b\u200b"), "name"},
			{"RegisterNameFillerOnly", "POST", "/api/account", "", reg("name", "\u3164\u3164"), "name"},
			{"RegisterBankNameNUL", "POST", "/api/account", "", reg("bankAccountName", "SOMCHAI\x00"), "bankAccountName"},
			{"RegisterPhoneNUL", "POST", "/api/account", "", reg("username", "081444\x001111"), "username"},
			{"ValidateNameNUL", "POST", "/api/account/validate", "", reg("name", "\x00"), "name"},
			{"ValidateNameRightToLeftMark", "POST", "/api/account/validate", "", reg("name", "Som\u202echai"), "name"},
			{"ProfileNameNUL", "PUT", "/api/account/profile", token, map[string]any{"name": "A\x00B"}, "name"},
			{"ProfileNameZeroWidthOnly", "PUT", "/api/account/profile", token, map[string]any{"name": "\u200b"}, "name"},
			{"LoginUsernameNUL", "POST", "/api/login", "", map[string]any{"username": "0814440000\x00", "password": "s3cret-pass"}, "username"},
			{"OTPPhoneNUL", "POST", "/api/otp/send", "", map[string]any{"phoneNumber": "08\x0014440000"}, "phoneNumber"},
			{"TransferToNUL", "POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAM\x00SLOT", "amount": 10}, "to"},
			{"TransferAllToNUL", "POST", "/api/wallet/transferAll", token, map[string]any{"to": "\x00"}, "to"},
			{"PathActivateNUL", "GET", "/api/wallet/activate/SIAM%00SLOT", token, nil, "path"},
			{"PathAccountControl", "GET", "/api/wallet/account/SIAM%01SLOT", token, nil, "path"},
			{"PathLookupNUL", "GET", "/api/lookup/banks%00", "", nil, "path"},
			{"PathAutoLoginNUL", "GET", "/api/autoLogin/SIAMSLOT/user%00/pass", token, nil, "path"},
			{"PathInvalidUTF8", "GET", "/api/lookup/%ff%fe", "", nil, "path"},
			{"QueryNUL", "GET", "/api/games/SIAMSLOT/logo?v=%00", "", nil, "v"},
			{"OperatorRejectReasonNUL", "POST", "/api/operator/withdrawals/" + strings.Repeat("0", 24) + "/reject", op, map[string]any{"reason": "no\x00"}, "reason"},
			{"OperatorRejectIDNUL", "POST", "/api/operator/withdrawals/abc%00/reject", op, map[string]any{"reason": "no"}, "path"},
			{"OperatorApproveIDNUL", "POST", "/api/operator/withdrawals/%00/approve", op, nil, "path"},
			{"OperatorAdjustPhoneNUL", "POST", "/api/operator/adjustments", op, map[string]any{"phone": "0814440000\x00", "amount": 1, "reason": "x"}, "phone"},
			{"OperatorAdjustReasonControl", "POST", "/api/operator/adjustments", op, map[string]any{"phone": "0814440000", "amount": 1, "reason": "x\x1b[31m"}, "reason"},
			{"OperatorSettingNUL", "PUT", "/api/operator/settings/notice", op, `{"th":{"notice":"a\u0000b"}}`, "notice"},
			{"OperatorSettingInvalidUTF8", "PUT", "/api/operator/settings/notice", op, "{\"th\":{\"notice\":\"\xff\"}}", ""},
			{"BodyInvalidUTF8", "POST", "/api/account/validate", "", "{\"name\":\"\xff\xfe\",\"username\":\"0814441111\"}", ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				r := h.call(c.method, c.path, c.token, c.body)
				h.expect(r, 400, "INVALID_CHARACTERS")
				if r.Body["field"] != nil && r.Body["field"] != c.field || r.Body["field"] == nil && c.field != "" {
					t.Fatalf("field = %v, want %q", r.Body["field"], c.field)
				}
			})
		}
		t.Run("NothingStored", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0814441111", "password": "s3cret-pass"}), 401, "WRONG_CREDENTIAL")
			p := h.call("GET", "/api/account/profile", token, nil)
			if p.Body["profile"].(map[string]any)["name"] != "Somchai Jaidee" {
				t.Fatalf("profile = %s", p.Raw)
			}
		})
		t.Run("ThaiAndLaoNamesAccepted", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("PUT", "/api/account/profile", token, map[string]any{"name": "สมชาย ใจดี"}), 200, "")
			h.expect(h.call("PUT", "/api/account/profile", token, map[string]any{"name": "ສົມໃຈ\tພົມມະ"}), 200, "")
		})
	})
}

func TestTrustedProxiesConfig(t *testing.T) {
	cases := []struct {
		name  string
		value string
		nets  string
		bad   bool
	}{
		{"DefaultLoopback", "", "[127.0.0.0/8 ::1/128]", false},
		{"CIDRs", "10.0.0.0/8, 192.168.1.5, fd00::/8", "[10.0.0.0/8 192.168.1.5/32 fd00::/8]", false},
		{"ErrCount", "2", "", true}, // a hop count trusted a client that bypassed the proxy
		{"ErrCountInList", "10.0.0.0/8, 1", "", true},
		{"ErrWord", "loadbalancer", "", true},
		{"ErrCIDR", "10.0.0.0/33", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string {
				if k == "NGERN_TRUSTED_PROXIES" {
					return c.value
				}
				return ""
			})
			if c.bad {
				if err == nil || !strings.Contains(err.Error(), "NGERN_TRUSTED_PROXIES") {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil || fmt.Sprint(cfg.TrustedNets) != c.nets {
				t.Fatalf("nets %v, %v", cfg.TrustedNets, err)
			}
		})
	}
}

func TestPerIPLimitsConfig(t *testing.T) {
	cases := []struct {
		name               string
		env                map[string]string
		login, lookup, otp int
		bad                string
	}{
		{"Defaults", nil, 60, 60, 20, ""},
		{"Raised", map[string]string{"NGERN_LIMIT_LOGIN_PER_PHONE": "50", "NGERN_LIMIT_LOGIN_PER_IP": "500", "NGERN_LIMIT_LOOKUP_PER_IP": "400", "NGERN_LIMIT_OTP_PER_IP": "300"}, 500, 400, 300, ""},
		{"ErrZero", map[string]string{"NGERN_LIMIT_LOGIN_PER_IP": "0"}, 0, 0, 0, "NGERN_LIMIT_LOGIN_PER_IP"},
		{"ErrWord", map[string]string{"NGERN_LIMIT_OTP_PER_IP": "many"}, 0, 0, 0, "NGERN_LIMIT_OTP_PER_IP"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string { return c.env[k] })
			if c.bad != "" {
				if err == nil || !strings.Contains(err.Error(), c.bad) {
					t.Fatalf("err %v, want one naming %s", err, c.bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			phone := 10
			if c.env["NGERN_LIMIT_LOGIN_PER_PHONE"] != "" {
				phone = 50
			}
			if cfg.LoginPerPhone != phone || cfg.LoginPerIP != c.login || cfg.LookupPerIP != c.lookup || cfg.OTPPerIP != c.otp {
				t.Fatalf("limits %d/%d/%d, want %d/%d/%d", cfg.LoginPerIP, cfg.LookupPerIP, cfg.OTPPerIP, c.login, c.lookup, c.otp)
			}
		})
	}
}
