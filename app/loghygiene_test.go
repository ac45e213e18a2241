package app

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"ngern/adapters/paygate"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/money"
	"ngern/core/operator"
)

// TestLogsHoldNoSecrets runs the calls that carry secrets — registration
// with an OTP, sign-in, a transfer, an operator's sign-in with TOTP, a
// signed webhook — at debug level, and finds none of the secrets in the
// log, while every request line carries its request id and its caller.
func TestLogsHoldNoSecrets(t *testing.T) {
	db := storetest.Open(t, sqlstore.SQLite)
	h := newHarness(t, db, func(c *Config) { c.LogLevel = "debug" })
	ctx := context.Background()
	secrets := map[string]string{"member password": "s3cret-pass"}

	const phone = "0812345678"
	sent := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": phone})
	h.expect(sent, 200, "")
	code := h.otpCode(phone)
	secrets["OTP code"] = code
	secrets["OTP token"], _ = sent.Body["otpToken"].(string)
	h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": code}), 200, "")
	h.expect(h.call("POST", "/api/account", "", withOTP(registration(phone, "1234567890"), sent)), 201, "SUCCESS")
	token := h.login(phone, "s3cret-pass")
	secrets["member token"] = token
	h.expect(h.call("POST", "/api/login", "", map[string]any{"username": phone, "password": "wrong-secret-77"}), 401, "WRONG_CREDENTIAL")
	secrets["wrong password"] = "wrong-secret-77"
	h.credit(phone, money.FromBaht(500))
	h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "SUCCESS")
	h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 100}), 200, "SUCCESS")
	h.expect(h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "s3cret-pass", "newPassword": "n3w-secret-pass"}), 200, "")
	secrets["new password"] = "n3w-secret-pass"

	c, err := h.tools.operators.Create(ctx, "ops1", operator.Owner)
	if err != nil {
		t.Fatal(err)
	}
	secrets["operator password"], secrets["TOTP secret"] = c.Password, c.TOTPSecret
	h.advance(31 * time.Second)
	totp, err := operator.TOTPCode(c.TOTPSecret, h.clock())
	if err != nil {
		t.Fatal(err)
	}
	secrets["TOTP code"] = totp
	r := h.call("POST", "/api/operator/login", "", map[string]any{"username": c.Username, "password": c.Password, "totp": totp})
	h.expect(r, 200, "")
	opToken, _ := r.Body["token"].(string)
	secrets["operator token"] = opToken
	h.expect(h.call("GET", "/api/operator/members?q=0812", opToken, nil), 200, "")

	key, err := secretKey(h.tools.cfg, h.tools.log)
	if err != nil {
		t.Fatal(err)
	}
	whSecret := simGatewaySecret(key, "WW")
	now := h.clock()
	ev := paygate.Event{DeliveryID: "D-LOG", OrderRef: "nothing", GatewayRef: "G", PaymentRef: "PAY-LOG", Status: "PENDING", Amount: money.FromBaht(100)}
	body, _ := json.Marshal(ev)
	sig := deposit.Sign(whSecret, now, body)
	h.callWith("POST", "/api/payments/WW/webhook", "", string(body), map[string]string{deposit.SignatureHeader: sig})
	secrets["webhook signature"] = sig
	secrets["webhook secret (hex)"] = hex.EncodeToString(whSecret)
	secrets["webhook secret (base64)"] = base64.StdEncoding.EncodeToString(whSecret)

	logs := h.logs.String()
	for name, s := range secrets {
		if len(s) < 6 {
			t.Fatalf("%s %q: too short to look for", name, s)
		}
		re := regexp.MustCompile(`(^|[^0-9A-Za-z])` + regexp.QuoteMeta(s) + `([^0-9A-Za-z]|$)`)
		for _, line := range strings.Split(logs, "\n") {
			// The console SMS adapter of demo mode delivers the OTP in the
			// log by design; production sends it through the SMS gateway.
			if strings.Contains(line, "msg=sms ") || strings.Contains(line, `message="Ngern: your code is`) {
				continue
			}
			if re.MatchString(line) {
				t.Errorf("the %s is in the log: %s", name, line)
			}
		}
	}
	// Every request line names its request, and its caller once known.
	var member, op bool
	for _, line := range strings.Split(logs, "\n") {
		if !strings.Contains(line, "msg=request ") {
			continue
		}
		if !strings.Contains(line, "request_id=") {
			t.Errorf("request line without its id: %s", line)
		}
		member = member || (strings.Contains(line, "/api/wallet/transfer") && strings.Contains(line, "member_id="))
		op = op || (strings.Contains(line, "/api/operator/members") && strings.Contains(line, "operator="))
	}
	if !member || !op {
		t.Errorf("member line %v, operator line %v in:\n%s", member, op, logs)
	}
}
