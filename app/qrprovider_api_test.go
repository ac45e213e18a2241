package app

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"ngern/adapters/paygate"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/operator"
)

// TestQRProviderConfigAPI: operators configure the QR providers in the
// console; the secrets are never answered, bad values change nothing, and a
// change reaches members at once.
func TestQRProviderConfigAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		finance := h.operator("fin1", operator.Finance)
		owner := h.operator("owner1", operator.Owner)
		owner2 := h.operator("owner2", operator.Owner)
		support := h.operator("sup1", operator.Support)
		alice := h.member("0812345101", "1234567101", 0)
		const secret, apiKey = "replaced-webhook-secret-0001", "replaced-api-key-000000001"
		ww := func(extra string) string {
			return `{"enabled":true,"min":150,"quickAmounts":[150,300,"1000.50"],"lifetimeSeconds":600` + extra + `}`
		}
		noSecret := func(r response) {
			t.Helper()
			if strings.Contains(string(r.Raw), secret) || strings.Contains(string(r.Raw), apiKey) {
				t.Fatalf("a secret was answered: %s", r.Raw)
			}
		}
		provider := func(code string) map[string]any {
			t.Helper()
			r := h.call("GET", "/api/operator/qr/providers", finance, nil)
			h.expect(r, 200, "")
			noSecret(r)
			for _, p := range r.Body["providers"].([]any) {
				if p := p.(map[string]any); p["code"] == code {
					return p
				}
			}
			t.Fatalf("%s not listed: %s", code, r.Raw)
			return nil
		}
		channels := func(lookup string) string {
			r := h.call("GET", "/api/lookup/"+lookup, "", nil)
			h.expect(r, 200, "")
			return string(r.Raw)
		}

		t.Run("ListSeededFromTheSpec", func(t *testing.T) {
			r := h.call("GET", "/api/operator/qr/providers", finance, nil)
			h.expect(r, 200, "")
			var codes []string
			for _, p := range r.Body["providers"].([]any) {
				codes = append(codes, p.(map[string]any)["code"].(string))
			}
			if strings.Join(codes, ",") != "kbank,WW,PAYTIMZ,PAYONEX,FP" {
				t.Fatal(codes)
			}
			p := provider("WW")
			if p["enabled"] != true || p["ready"] != true || p["webhookSecretSet"] != false || p["apiKeySet"] != false ||
				p["kind"] != "gateway" || string(mustJSON(p["min"])) != "100.00" || p["secretsRequired"] != false {
				t.Fatalf("%v", p)
			}
			h.expect(h.call("GET", "/api/operator/qr/providers", support, nil), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("PUT", "/api/operator/qr/providers/WW", support, ww("")), 403, "FORBIDDEN_ROLE")
		})

		t.Run("ErrBadValuesChangeNothing", func(t *testing.T) {
			for _, tc := range []struct {
				name, code, body string
				status           int
				field            string
			}{
				{"min zero", "WW", `{"enabled":true,"min":0,"quickAmounts":[150],"lifetimeSeconds":600}`, 400, "min"},
				{"no enabled", "WW", `{"min":150,"quickAmounts":[150],"lifetimeSeconds":600}`, 400, "enabled"},
				{"quick below min", "WW", `{"enabled":true,"min":150,"quickAmounts":[100,300],"lifetimeSeconds":600}`, 400, "quickAmounts"},
				{"quick not rising", "WW", `{"enabled":true,"min":150,"quickAmounts":[300,150],"lifetimeSeconds":600}`, 400, "quickAmounts"},
				{"lifetime too short", "WW", `{"enabled":true,"min":150,"quickAmounts":[150],"lifetimeSeconds":5}`, 400, "lifetimeSeconds"},
				{"short secret", "WW", ww(`,"webhookSecret":"short"`), 400, "webhookSecret"},
				{"bank QR secret", "kbank", `{"enabled":true,"min":1,"quickAmounts":[10],"lifetimeSeconds":600,"apiKey":"` + apiKey + `"}`, 400, "apiKey"},
				{"unknown provider", "NOPE", ww(""), 404, ""},
			} {
				t.Run(tc.name, func(t *testing.T) {
					by := finance
					if strings.Contains(tc.body, "apiKey") || strings.Contains(tc.body, "webhookSecret") {
						by = owner // a secret is the owners' (checked before it waits for a second owner)
					}
					r := h.call("PUT", "/api/operator/qr/providers/"+tc.code, by, tc.body)
					h.expect(r, tc.status, "")
					if tc.field != "" && r.Body["field"] != tc.field {
						t.Fatalf("field %v: %s", r.Body["field"], r.Raw)
					}
					noSecret(r)
				})
			}
			if p := provider("WW"); string(mustJSON(p["min"])) != "100.00" || p["updatedBy"] != "seed" {
				t.Fatalf("a refused change was stored: %v", p)
			}
		})

		t.Run("OKMinimumEnforcedAfterAChange", func(t *testing.T) {
			r := h.call("PUT", "/api/operator/qr/providers/WW", owner, ww(`,"apiKey":"`+apiKey+`","webhookSecret":"`+secret+`"`))
			noSecret(r)
			if p := provider("WW"); p["webhookSecretSet"] != false {
				t.Fatalf("applied before a second owner approved: %v", p)
			}
			noSecret(h.call("GET", "/api/operator/changes", owner, nil))
			noSecret(h.confirm(r, owner2))
			p := provider("WW")
			if p["webhookSecretSet"] != true || p["apiKeySet"] != true || p["updatedBy"] != "owner1+owner2" {
				t.Fatalf("%v", p)
			}
			if l := channels("limits"); !strings.Contains(l, `{"code":"WW","min":150.00,"quickAmounts":[150.00,300.00,1000.50]}`) {
				t.Fatal(l)
			}
			h.expect(h.call("POST", "/api/qrcode/WW", alice, `{"amount":149.99}`), 400, "QR_MINIMUM")
			r = h.call("POST", "/api/qrcode/WW", alice, `{"amount":150}`)
			h.expect(r, 200, "SUCCESS")
			// The simulated gateway now signs with the replaced secret, and
			// Ngern verifies with it: the payment is credited once.
			before := h.deposited()
			h.expect(h.call("POST", "/sim/gateway/WW/pay", "", `{"qrcodeId":"`+r.Body["qrcodeId"].(string)+`"}`), 200, "")
			h.qrSim.Wait()
			if got := h.deposited() - before; got != money.FromBaht(150) {
				t.Fatalf("credited %s", got)
			}
			// A webhook signed with the old (derived) secret is refused.
			key, _ := secretKey(h.tools.cfg, h.tools.log)
			now := h.clock()
			ev := paygate.Event{DeliveryID: "OLD1", OrderRef: "x", PaymentRef: "OLDPAY", Status: "PAID", Amount: 100, PaidAt: &now}
			h.expect(h.webhook("WW", ev, now, simGatewaySecret(key, "WW")), 401, "INVALID_SIGNATURE")
			// Nothing echoes the secrets: the settings list, the audit log.
			noSecret(h.call("GET", "/api/operator/settings", owner, nil))
			a := h.call("GET", "/api/operator/audit?action=change.approve", owner, nil)
			h.expect(a, 200, "")
			noSecret(a)
			if !strings.Contains(string(a.Raw), `"webhookSecret":"set"`) {
				t.Fatalf("not audited: %s", a.Raw)
			}
		})

		t.Run("OKDisabledProviderLeavesTheLookups", func(t *testing.T) {
			h.expect(h.call("PUT", "/api/operator/qr/providers/PAYONEX", finance,
				`{"enabled":false,"min":100,"quickAmounts":[100,200],"lifetimeSeconds":600}`), 200, "")
			if d := channels("deposit"); strings.Contains(d, `"bankCode":"PAYONEX"`) || !strings.Contains(d, `"bankCode":"WW","bankType":"QR","mode":"qr"`) {
				t.Fatal(d)
			}
			if l := channels("limits"); strings.Contains(l, "PAYONEX") {
				t.Fatal(l)
			}
			h.expect(h.call("POST", "/api/qrcode/PAYONEX", alice, `{"amount":200}`), 502, "QR_FAIL")
		})

		t.Run("OKKeptSecretWhenOmittedAndCleared", func(t *testing.T) {
			h.expect(h.call("PUT", "/api/operator/qr/providers/WW", finance, ww("")), 200, "")
			if p := provider("WW"); p["webhookSecretSet"] != true {
				t.Fatal("an omitted secret was dropped")
			}
			h.expect(h.call("PUT", "/api/operator/qr/providers/WW", finance, ww(`,"webhookSecret":"","apiKey":""`)), 403, "FORBIDDEN_ROLE")
			h.confirm(h.call("PUT", "/api/operator/qr/providers/WW", owner, ww(`,"webhookSecret":"","apiKey":""`)), owner2)
			if p := provider("WW"); p["webhookSecretSet"] != false || p["apiKeySet"] != false {
				t.Fatal("not cleared", p)
			}
		})
	})
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

var _ = time.Second

// TestQRRefundOutsideAPI: an unmatched QR payment refunded outside Ngern
// leaves the review queue with its note, credits nothing, once, audited.
func TestQRRefundOutsideAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		finance := h.operator("fin1", operator.Finance)
		owner := h.operator("owner1", operator.Owner)
		support := h.operator("sup1", operator.Support)
		alice := h.member("0812345201", "1234567201", 0)
		r := h.call("POST", "/api/qrcode/PAYTIMZ", alice, `{"amount":40}`)
		h.expect(r, 200, "SUCCESS")
		id := r.Body["qrcodeId"].(string)
		h.expect(h.call("DELETE", "/api/qrcode/"+id, alice, nil), 200, "SUCCESS")
		before := h.deposited()
		h.expect(h.call("POST", "/sim/gateway/PAYTIMZ/pay", "", `{"qrcodeId":"`+id+`"}`), 200, "") // paid after cancel
		h.qrSim.Wait()
		review, _ := h.qr.ReviewPayments(t.Context(), 10)
		if len(review) != 1 || review[0].QRCodeID != id {
			t.Fatalf("%+v", review)
		}
		refund := "/api/operator/qr/payments/PAYTIMZ/" + review[0].Ref + "/refund"
		h.expect(h.call("POST", refund, support, `{"note":"x"}`), 403, "FORBIDDEN_ROLE")
		r = h.call("POST", refund, finance, `{"note":"   "}`)
		h.expect(r, 400, "INVALID_REQUEST")
		if r.Body["field"] != "note" {
			t.Fatal(string(r.Raw))
		}
		h.expect(h.call("POST", refund, finance, `{"note":"`+strings.Repeat("n", limits.Reason+1)+`"}`), 400, "INVALID_REQUEST")
		h.expect(h.call("POST", "/api/operator/qr/payments/PAYTIMZ/NOPE/refund", finance, `{"note":"x"}`), 404, "NO_DATA")
		h.expect(h.call("POST", refund, finance, `{"note":"returned by SCB transfer 5521"}`), 200, "SUCCESS")
		h.expect(h.call("POST", refund, finance, `{"note":"again"}`), 404, "NO_DATA")
		h.expect(h.call("POST", "/api/operator/qr/payments/PAYTIMZ/"+review[0].Ref+"/assign", finance,
			map[string]any{"memberId": "x"}), 404, "")
		if h.deposited() != before {
			t.Fatal("a refunded payment was credited")
		}
		d := h.call("GET", "/api/operator/deposits", finance, nil)
		h.expect(d, 200, "")
		if len(d.Body["unmatchedQRPayments"].([]any)) != 0 {
			t.Fatal("still waiting:", string(d.Raw))
		}
		got := d.Body["decidedQRPayments"].([]any)
		if len(got) != 1 {
			t.Fatal(string(d.Raw))
		}
		p := got[0].(map[string]any)
		if p["status"] != "REFUNDED" || p["decisionNote"] != "returned by SCB transfer 5521" || p["decidedBy"] != "fin1" ||
			p["note"] != "QR_NOT_OPEN" || p["decidedAt"] == nil {
			t.Fatalf("%v", p)
		}
		a := h.call("GET", "/api/operator/audit?action=qrpayment.refund", owner, nil)
		if !strings.Contains(string(a.Raw), "returned by SCB transfer 5521") || strings.Count(string(a.Raw), `"action":"qrpayment.refund"`) != 1 {
			t.Fatal("not audited once:", string(a.Raw))
		}
	})
}
