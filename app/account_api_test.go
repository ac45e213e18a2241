package app

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

func TestRegisterWithOTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		h.expect(h.call("GET", "/api/lookup/registerOTP", "", nil), 200, "")

		t.Run("ErrUnverifiedOTP", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/account", "", registration("0811111111", "1111111111")), 400, "UNVERIFIED_OTP")
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0811111111", "password": "s3cret-pass"}), 401, "WRONG_CREDENTIAL")
		})
		t.Run("OK", func(t *testing.T) {
			h := h.sub(t)
			sent := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0811111111"})
			h.expect(sent, 200, "")
			if sent.Body["code"] != "OTP_SENT" || len(sent.Body["otpRef"].(string)) != 4 {
				t.Fatalf("send = %s", sent.Raw)
			}
			code := h.otpCode("0811111111")
			t.Run("RequestIDOnEveryLine", func(t *testing.T) {
				id := sent.Header.Get("X-Request-Id")
				for _, line := range strings.Split(h.logs.String(), "\n") {
					if strings.Contains(line, "phone=0811111111") && !strings.Contains(line, "request_id="+id) {
						t.Fatalf("log line without the request id %s: %s", id, line)
					}
				}
			})
			if strings.Contains(string(sent.Raw), code) {
				t.Fatal("the OTP code is in the API answer")
			}
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": wrong}), 400, "OTP_CODE_INVALID")
			h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": code}), 200, "")
			again := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0811111111", "otpToken": sent.Body["otpToken"]})
			if again.Status != 200 || again.Body["code"] != "OTP_VERIFIED" || again.Body["otpToken"] != sent.Body["otpToken"] {
				t.Fatalf("send after verify = %d %s", again.Status, again.Raw)
			}
			h.expect(h.call("POST", "/api/account/validate", "", registration("0811111111", "")), 200, "OK")
			h.expect(h.call("POST", "/api/account", "", withOTP(registration("0811111111", "1111111111"), sent)), 201, "SUCCESS")
			h.login("0811111111", "s3cret-pass")
		})
		t.Run("ErrExistingUser", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0811111111"}), 409, "EXISTING_USER")
			h.expect(h.call("POST", "/api/account/validate", "", registration("0811111111", "")), 409, "EXISTING_USER")
			h.expect(h.call("POST", "/api/account", "", registration("0811111111", "2222222222")), 409, "EXISTING_USER")
		})
		t.Run("ErrExistingBank", func(t *testing.T) {
			h := h.sub(t)
			sent := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0822222222"})
			h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": h.otpCode("0822222222")}), 200, "")
			h.expect(h.call("POST", "/api/account", "", withOTP(registration("0822222222", "111-111-1111"), sent)), 409, "EXISTING_BANK")
			// The OTP was not used up by the failed registration.
			h.expect(h.call("POST", "/api/account", "", withOTP(registration("0822222222", "2222222222"), sent)), 201, "SUCCESS")
		})
	})
}

func TestRegisterWithoutOTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		r := h.call("GET", "/api/lookup/registerOTP", "", nil)
		if r.Body["registerOTP"] != false {
			t.Fatalf("registerOTP = %s", r.Raw)
		}
		h.expect(h.call("POST", "/api/account", "", registration("0833333333", "3333333333")), 201, "SUCCESS")
		h.login("0833333333", "s3cret-pass")
	})
}

func TestRegistrationRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		cases := []struct {
			name   string
			edit   func(map[string]any)
			status int
			code   string
		}{
			{"ErrPhone9Digits", func(r map[string]any) { r["username"] = "081234567" }, 400, "PHONE_NUMBER_REQUIRE_10_DIGIT"},
			{"ErrPhoneLetters", func(r map[string]any) { r["username"] = "08123456ab" }, 400, "PHONE_NUMBER_REQUIRE_10_DIGIT"},
			{"ErrNameMissing", func(r map[string]any) { r["name"] = "  " }, 400, "INVALID_USER_INFO"},
			{"ErrPasswordShort", func(r map[string]any) { r["password"] = "short" }, 400, "PASSWORD_TOO_SHORT"},
			{"ErrUnknownBank", func(r map[string]any) { r["bankCode"] = "NOPE" }, 400, "INVALID_BANK"},
			{"ErrLaoBankOutsideLaos", func(r map[string]any) { r["bankCode"] = "BCEL" }, 400, "INVALID_BANK"},
			{"ErrKTBThaiName", func(r map[string]any) { r["bankCode"] = "KTB"; r["bankAccountName"] = "สมชาย ใจดี" }, 400, "BANK_ACCOUNT_NAME_ENG"},
			{"ErrBBLDigits", func(r map[string]any) { r["bankCode"] = "BBL"; r["bankAccountName"] = "SOMCHAI 2" }, 400, "BANK_ACCOUNT_NAME_ENG"},
			{"ErrTMBThaiName", func(r map[string]any) { r["bankCode"] = "TMB"; r["bankAccountName"] = "สมชาย" }, 400, "BANK_ACCOUNT_NAME_ENG"},
			{"ErrAccountNoLetters", func(r map[string]any) { r["bankAccountNo"] = "12345abcde" }, 400, "INVALID_USER_INFO"},
			{"ErrCurrencyLAKOutsideLaos", func(r map[string]any) { r["currency"] = "LAK" }, 400, "INVALID_USER_INFO"},
			{"ErrUnknownSource", func(r map[string]any) { r["sourceCode"] = "BILLBOARD" }, 400, "INVALID_USER_INFO"},
			{"ErrWrongType", func(r map[string]any) { r["name"] = 42 }, 400, "INVALID_REQUEST"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				reg := registration("0844444444", "4444444444")
				c.edit(reg)
				h.expect(h.call("POST", "/api/account", "", reg), c.status, c.code)
			})
		}
		t.Run("ErrMalformedJSON", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/account", "", `{"name":`), 400, "INVALID_REQUEST")
		})
		t.Run("ErrTooLarge", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/account", "", `{"name":"`+strings.Repeat("a", 2<<20)+`"}`), 413, "PAYLOAD_TOO_LARGE")
		})
		t.Run("NothingCreated", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0844444444", "password": "s3cret-pass"}), 401, "WRONG_CREDENTIAL")
		})
		t.Run("OKKTBEnglishName", func(t *testing.T) {
			h := h.sub(t)
			reg := registration("0844444444", "4444444444")
			reg["bankCode"], reg["bankAccountName"] = "KTB", "somchai  jaidee"
			h.expect(h.call("POST", "/api/account", "", reg), 201, "SUCCESS")
			p := h.call("GET", "/api/account/profile", h.login("0844444444", "s3cret-pass"), nil)
			ba := p.Body["bankAccount"].(map[string]any)
			if ba["bankAccountName"] != "SOMCHAI JAIDEE" || ba["bank"].(map[string]any)["nameTH"] != "ธนาคารกรุงไทย" {
				t.Fatalf("profile = %s", p.Raw)
			}
		})
	})
}

func TestLaosMode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.Laos = true })
		banks := h.call("GET", "/api/lookup/banks", "", nil)
		if !strings.Contains(string(banks.Raw), "BCEL") || strings.Contains(string(banks.Raw), "KBANK") {
			t.Fatalf("banks = %s", banks.Raw)
		}
		reg := registration("02055512345", "0101234567890")
		reg["bankCode"], reg["currency"] = "BCEL", ""
		h.expect(h.call("POST", "/api/account", "", reg), 201, "SUCCESS")
		p := h.call("GET", "/api/account/profile", h.login("02055512345", "s3cret-pass"), nil)
		if p.Body["bankAccount"].(map[string]any)["currency"] != "LAK" {
			t.Fatalf("profile = %s", p.Raw)
		}
		reg = registration("02055599999", "0109999999999")
		reg["bankCode"], reg["currency"] = "LDB", "USD"
		h.expect(h.call("POST", "/api/account", "", reg), 400, "INVALID_USER_INFO")
	})
}

// TestLaosLimits: the Laos install's money limits are kip-sized
// (limits.Kip), and the lookups, the conditions text and the server's
// checks say the same.
func TestLaosLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.Laos = true })
		reg := registration("02055512345", "0101234567890")
		reg["bankCode"], reg["currency"] = "BCEL", ""
		h.expect(h.call("POST", "/api/account", "", reg), 201, "SUCCESS")
		token := h.login("02055512345", "s3cret-pass")
		lookups := []struct{ name, path, want string }{
			{"LimitsTransferMin", "/api/lookup/limits", `"transferMin":1000.00`},
			{"Withdraw", "/api/lookup/withdraw", `{"withdrawMin":50000.00,"withdrawMax":10000000.00}`},
			{"ConditionsLao", "/api/lookup/conditions", "ຖອນເງິນຂັ້ນຕ່ຳ 50,000 ກີບ ສູງສຸດ 10,000,000 ກີບ"},
			{"ConditionsLaoTransfer", "/api/lookup/conditions?lang=la", "ເກມຂັ້ນຕ່ຳ 1,000 ກີບ"},
			{"ConditionsEnglish", "/api/lookup/conditions?lang=en", "Withdraw at least 50,000 and at most 10,000,000 kip"},
			{"ConditionsEnglishTransfer", "/api/lookup/conditions?lang=en", "at least 1,000 kip;"},
			{"ConditionsThai", "/api/lookup/conditions?lang=th", "ถอนเงินขั้นต่ำ 50,000 กีบ สูงสุด 10,000,000 กีบต่อครั้ง"},
		}
		for _, c := range lookups {
			t.Run(c.name, func(t *testing.T) {
				r := h.call("GET", c.path, "", nil)
				if r.Status != 200 || !strings.Contains(string(r.Raw), c.want) {
					t.Fatalf("%s = %d %s, lacks %s", c.path, r.Status, r.Raw, c.want)
				}
			})
		}
		// An amount the minimum lets through meets the next rule instead: the
		// member has no account at the game, and an empty wallet.
		checks := []struct {
			name, path, body string
			status           int
			code             string
		}{
			{"ErrTransferUnderKipMinimum", "/api/wallet/transfer", `{"from":"WALLET","to":"SIAMSLOT","amount":999}`, 400, "TRANSFER_MINIMUM"},
			{"ErrTransferAtKipMinimumNoGameAccount", "/api/wallet/transfer", `{"from":"WALLET","to":"SIAMSLOT","amount":1000}`, 404, "SLOT_NO_ACCOUNT"},
			{"ErrWithdrawUnderKipMinimum", "/api/wallet/withdraw", `{"amount":49999}`, 400, "WITHDRAW_MINIMUM"},
			{"ErrWithdrawAtKipMinimumNoMoney", "/api/wallet/withdraw", `{"amount":50000}`, 400, "MONEY_NOT_ENOUGH"},
		}
		for _, c := range checks {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				h.expect(h.call("POST", c.path, token, c.body), c.status, c.code)
			})
		}
	})
}

func TestOTPLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		t.Run("ErrBlockAfterFiveWrongCodes", func(t *testing.T) {
			h := h.sub(t)
			sent := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0855555555"})
			code := h.otpCode("0855555555")
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			for i := 1; i <= 5; i++ {
				want := "OTP_CODE_INVALID"
				if i == 5 {
					want = "OTP_BLOCK"
				}
				r := h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": wrong})
				if r.message() != want {
					t.Fatalf("try %d: %s, want %s", i, r.Raw, want)
				}
			}
			h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": code}), 429, "OTP_BLOCK")
		})
		t.Run("ErrResendWithinAMinute", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0855555555"})
			h.expect(r, 429, "REQUEST_LIMIT")
			if r.Header.Get("Retry-After") == "" {
				t.Fatal("no Retry-After")
			}
		})
		t.Run("ErrExpired", func(t *testing.T) {
			h := h.sub(t)
			h.advance(2 * time.Minute)
			sent := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0855555555"})
			h.expect(sent, 200, "")
			h.advance(6 * time.Minute)
			h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": h.otpCode("0855555555")}), 400, "OTP_EXPIRED")
		})
		t.Run("ErrPhoneHourlyLimit", func(t *testing.T) {
			h := h.sub(t)
			for i := 0; i < 3; i++ {
				h.advance(61 * time.Second)
				h.expect(h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0855555555"}), 200, "")
			}
			h.advance(61 * time.Second)
			h.expect(h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0855555555"}), 429, "REQUEST_LIMIT")
		})
		t.Run("ErrTokenInvalid", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": "made-up", "otpCode": "123456"}), 400, "OTP_TOKEN_INVALID")
		})
		t.Run("ErrIPLimit", func(t *testing.T) {
			h := h.sub(t)
			h.advance(time.Hour)
			var last response
			for i := 0; i < 21; i++ {
				last = h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "08600000" + string(rune('1'+i/10)) + string(rune('0'+i%10))})
			}
			h.expect(last, 429, "REQUEST_LIMIT")
		})
	})
}

func TestLoginAndSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		token := h.signUp("0877777777", "7777777777")

		t.Run("ErrWrongPassword", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0877777777", "password": "wrong-pass"}), 401, "WRONG_CREDENTIAL")
		})
		t.Run("ErrUnknownPhone", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0800000000", "password": "wrong-pass"}), 401, "WRONG_CREDENTIAL")
		})
		t.Run("ErrEmptyFields", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "", "password": ""}), 401, "WRONG_CREDENTIAL")
		})
		t.Run("ErrNoToken", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/account/profile", "", nil), 401, "invalid-token")
			h.expect(h.call("GET", "/api/account/profile", "forged-token", nil), 401, "invalid-token")
		})
		t.Run("Profile", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/account/profile", token, nil)
			h.expect(r, 200, "")
			p := r.Body["profile"].(map[string]any)
			if p["username"] != "0877777777" || p["name"] != "Somchai Jaidee" || len(p["_id"].(string)) != 24 || p["coin"] != json.Number("0") {
				t.Fatalf("profile = %s", r.Raw)
			}
			if _, err := time.Parse(time.RFC3339, p["createdAt"].(string)); err != nil {
				t.Fatalf("createdAt: %v", err)
			}
			if r.Header.Get("Cache-Control") != "no-store" {
				t.Fatal("member answer is cacheable")
			}
			if strings.Contains(string(r.Raw), "password") {
				t.Fatal("profile leaks the password hash")
			}
		})
		t.Run("BankAccountName", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("PUT", "/api/account/bankAccountName", token, map[string]any{"bankCode": "KBANK", "bankAccountName": "somchai  new"})
			h.expect(r, 200, "")
			if r.Body["bankAccount"].(map[string]any)["bankAccountName"] != "SOMCHAI NEW" {
				t.Fatalf("answer = %s", r.Raw)
			}
			h.expect(h.call("PUT", "/api/account/bankAccountName", token, map[string]any{"bankCode": "SCB", "bankAccountName": "X"}), 400, "INVALID_BANK")
			h.expect(h.call("PUT", "/api/account/bankAccountName", token, map[string]any{"bankCode": "KBANK", "bankAccountName": ""}), 400, "INVALID_USER_INFO")
		})
		t.Run("UpdateProfile", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("PUT", "/api/account/profile", token, map[string]any{"name": "Somchai J.", "bankCode": "KBANK", "bankAccountName": "SOMCHAI J", "bankAccountNo": "7777777777"})
			h.expect(r, 200, "")
			if r.Body["profile"].(map[string]any)["name"] != "Somchai J." {
				t.Fatalf("answer = %s", r.Raw)
			}
			h.expect(h.call("PUT", "/api/account/profile", token, map[string]any{"name": "X", "bankCode": "KBANK", "bankAccountNo": "9999999999"}), 400, "INVALID_BANK")
		})
		t.Run("ChangePasswordRevokesOtherSessions", func(t *testing.T) {
			h := h.sub(t)
			other := h.login("0877777777", "s3cret-pass")
			h.expect(h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "wrong-pass", "newPassword": "n3w-password"}), 401, "WRONG_PASSWORD")
			h.expect(h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "s3cret-pass", "newPassword": "short"}), 400, "PASSWORD_TOO_SHORT")
			h.expect(h.call("GET", "/api/account/profile", other, nil), 200, "")
			h.expect(h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "s3cret-pass", "newPassword": "n3w-password"}), 200, "SUCCESS")
			h.expect(h.call("GET", "/api/account/profile", other, nil), 401, "invalid-token")
			h.expect(h.call("GET", "/api/account/profile", token, nil), 200, "")
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0877777777", "password": "s3cret-pass"}), 401, "WRONG_CREDENTIAL")
			h.login("0877777777", "n3w-password")
		})
		t.Run("Logout", func(t *testing.T) {
			h := h.sub(t)
			tok := h.login("0877777777", "n3w-password")
			h.expect(h.call("POST", "/api/logout", tok, nil), 200, "SUCCESS")
			h.expect(h.call("GET", "/api/account/profile", tok, nil), 401, "invalid-token")
		})
		t.Run("IdleExpiry", func(t *testing.T) {
			h := h.sub(t)
			tok := h.login("0877777777", "n3w-password")
			h.advance(8 * 24 * time.Hour)
			h.expect(h.call("GET", "/api/account/profile", tok, nil), 401, "invalid-token")
		})
		t.Run("ErrInactiveUser", func(t *testing.T) {
			h := h.sub(t)
			tok := h.login("0877777777", "n3w-password")
			if _, err := db.SQL().ExecContext(context.Background(), `UPDATE members SET active = FALSE WHERE phone = '0877777777'`); err != nil {
				t.Fatal(err)
			}
			h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0877777777", "password": "n3w-password"}), 403, "INACTIVE_USER")
			h.expect(h.call("GET", "/api/account/profile", tok, nil), 403, "INACTIVE_USER")
		})
		t.Run("ErrLoginRateLimit", func(t *testing.T) {
			h := h.sub(t)
			h.advance(time.Hour)
			var last response
			for i := 0; i < 11; i++ {
				last = h.call("POST", "/api/login", "", map[string]any{"username": "0899999999", "password": "guess-" + string(rune('a'+i))})
			}
			h.expect(last, 429, "REQUEST_LIMIT")
		})
	})
}

func TestTerminated(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		token := h.signUp("0888888888", "8888888888")
		if _, err := db.SQL().ExecContext(context.Background(), `UPDATE settings SET value = '{"terminated":true}' WHERE key = 'active'`); err != nil {
			t.Fatal(err)
		}
		h.advance(3 * time.Second) // past the status cache
		r := h.call("GET", "/api/lookup/active", "", nil)
		if r.Status != 200 || r.Body["terminated"] != true {
			t.Fatalf("active = %s", r.Raw)
		}
		h.expect(h.call("GET", "/api/account/profile", token, nil), 410, "gone")
		h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0888888888", "password": "s3cret-pass"}), 410, "gone")
		h.expect(h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": "0812121212"}), 410, "gone")
	})
}

func TestLookups(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		for name, key := range map[string]string{
			"banks": "BBL", "sources": "FACEBOOK", "info": "name", "contact": "lineLink", "conditions": "conditions",
			"agreements": "version", "notice": "%percentFail%", "withdraw": "withdrawMin", "slip": "maxSizeMB",
			"deposit": "isManual", "registerOTP": "registerOTP", "enableChatWidget": "enableChatWidget", "active": "terminated",
			"limits": "giftLinkMin",
		} {
			t.Run(name, func(t *testing.T) {
				h := h.sub(t)
				r := h.call("GET", "/api/lookup/"+name, "", nil)
				if r.Status != 200 || !strings.Contains(string(r.Raw), key) {
					t.Fatalf("%s = %d %s", name, r.Status, r.Raw)
				}
			})
		}
		t.Run("ValuesServed", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/lookup/limits", "", nil)
			if r.Status != 200 || r.Body["appVersion"] != Version ||
				!strings.Contains(string(r.Raw), `"transferMin":1.00`) || !strings.Contains(string(r.Raw), `"giftLinkMin":2.00`) ||
				!strings.Contains(string(r.Raw), `{"code":"WW","min":100.00,`) {
				t.Fatalf("limits = %s", r.Raw)
			}
			r = h.call("GET", "/api/lookup/conditions", "", nil)
			if r.Status != 200 || strings.Contains(string(r.Raw), "{{") ||
				!strings.Contains(string(r.Raw), "ขั้นต่ำ 100 บาท สูงสุด 50,000 บาท") {
				t.Fatalf("conditions = %s", r.Raw)
			}
		})
		t.Run("ErrUnknown", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/lookup/secrets", "", nil), 404, "NOT_FOUND")
		})
		t.Run("Health", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/healthz", "", nil), 200, "")
			h.expect(h.call("GET", "/readyz", "", nil), 200, "")
		})
	})
}
