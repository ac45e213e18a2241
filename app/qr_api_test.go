package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/adapters/paygate"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
)

// deposited is what sys:deposits has given out.
func (h *harness) deposited() money.Satang {
	h.t.Helper()
	return -h.ledgerBalance(ledger.Deposits.ID)
}

// waitDeposited waits until deposits reach want (webhooks are sent
// asynchronously by the simulated gateway).
func (h *harness) waitDeposited(want money.Satang) {
	h.t.Helper()
	h.qrSim.Wait()
	if got := h.deposited(); got != want {
		h.t.Fatalf("deposited %s, want %s", got, want)
	}
}

// webhook posts a gateway delivery signed with the simulated provider's
// secret at time at.
func (h *harness) webhook(provider string, ev paygate.Event, at time.Time, secret []byte) response {
	h.t.Helper()
	body, _ := json.Marshal(ev)
	return h.callWith("POST", "/api/payments/"+provider+"/webhook", "", string(body),
		map[string]string{deposit.SignatureHeader: deposit.Sign(secret, at, body)})
}

// swallow is a webhook target that accepts and forgets.
func swallow(context.Context, string, http.Header, []byte) (int, error) { return 200, nil }

func qrAmount(r response) money.Satang {
	n, _ := r.Body["amount"].(json.Number)
	a, err := money.Parse(n.String())
	if err != nil {
		panic(err)
	}
	return a
}

func TestQRDepositAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		feedSecret := []byte("bank-feed-secret-0123456789")
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.QR.BankFeedSecret = string(feedSecret) })
		key, err := secretKey(h.tools.cfg, h.tools.log)
		if err != nil {
			t.Fatal(err)
		}
		secret := simGatewaySecret(key, "WW")
		finance := h.operator("fin1", operator.Finance)
		owner := h.operator("owner1", operator.Owner)
		alice := h.member("0812345001", "1234567001", 0)
		bob := h.member("0812345002", "1234567002", 0)

		t.Run("LookupListsQRProviders", func(t *testing.T) {
			r := h.call("GET", "/api/lookup/deposit", "", nil)
			h.expect(r, 200, "")
			var codes []string
			for _, b := range r.Body["banks"].([]any) {
				if b := b.(map[string]any); b["mode"] == "qr" {
					codes = append(codes, b["bankCode"].(string))
				}
			}
			if strings.Join(codes, ",") != "kbank,WW,PAYTIMZ,PAYONEX,FP" {
				t.Fatal(codes)
			}
		})
		t.Run("CreateGetCancel", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/qrcode/WW", alice, nil), 200, "SUCCESS")
			if r := h.call("GET", "/api/qrcode/WW", alice, nil); r.Body["hasQrcode"] != false {
				t.Fatal(r.Raw)
			}
			r := h.call("POST", "/api/qrcode/WW", alice, `{"amount":99}`)
			h.expect(r, 400, "QR_MINIMUM") // the member's input, not the provider's failure
			if r.Body["hasQrcode"] != false || r.Body["detail"] == "" {
				t.Fatal(string(r.Raw))
			}
			h.expect(h.call("POST", "/api/qrcode/WW", alice, `{"amount":0}`), 400, "INVALID_AMOUNT")
			if g := h.call("GET", "/api/qrcode/WW", alice, nil); g.Body["hasQrcode"] != false {
				t.Fatal("a refused amount opened a QR", string(g.Raw))
			}
			h.expect(h.call("POST", "/api/qrcode/WW", "", `{"amount":100}`), 401, "")
			r = h.call("POST", "/api/qrcode/WW", alice, `{"amount":100}`)
			h.expect(r, 200, "SUCCESS")
			id, _ := r.Body["qrcodeId"].(string)
			if svg, _ := r.Body["qrcode"].(string); !strings.HasPrefix(svg, "<svg") || r.Body["hasQrcode"] != true ||
				fmt.Sprint(r.Body["expireIn"]) != "600" || qrAmount(r) != money.FromBaht(100) ||
				!strings.Contains(fmt.Sprint(r.Body["payload"]), "/sim/gateway/WW/pay/") {
				t.Fatal(r.Body["expireIn"], r.Body["amount"], r.Body["payload"])
			}
			if g := h.call("GET", "/api/qrcode/WW", alice, nil); g.Body["qrcodeId"] != id {
				t.Fatal(g.Raw)
			}
			h.expect(h.call("POST", "/api/qrcode/WW", alice, `{"amount":200}`), 502, "QR_FAIL") // one open per provider
			h.expect(h.call("DELETE", "/api/qrcode/"+id, bob, nil), 404, "NO_DATA")             // not bob's
			h.expect(h.call("DELETE", "/api/qrcode/"+id, alice, nil), 200, "SUCCESS")
			h.expect(h.call("DELETE", "/api/qrcode/"+id, alice, nil), 404, "NO_DATA")
			// Paid after cancel: never credited, kept for review.
			before := h.deposited()
			h.expect(h.call("POST", "/sim/gateway/WW/pay", "", `{"qrcodeId":"`+id+`"}`), 200, "")
			h.waitDeposited(before)
		})
		t.Run("GatewayPaidOnceAndOtherProvidersClosed", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/qrcode/PAYTIMZ", bob, `{"amount":"50.00"}`)
			h.expect(r, 200, "SUCCESS")
			old := r.Body["qrcodeId"].(string)
			r = h.call("POST", "/api/qrcode/WW", bob, `{"amount":300}`)
			h.expect(r, 200, "SUCCESS")
			if g := h.call("GET", "/api/qrcode/PAYTIMZ", bob, nil); g.Body["hasQrcode"] != false {
				t.Fatal("the other provider's QR is still open", string(g.Raw))
			}
			h.expect(h.call("POST", "/sim/gateway/PAYTIMZ/pay", "", `{"qrcodeId":"`+old+`"}`), 200, "") // closed: review
			before := h.deposited()
			h.expect(h.call("POST", "/sim/gateway/WW/pay", "", `{"qrcodeId":"`+r.Body["qrcodeId"].(string)+`"}`), 200, "")
			h.waitDeposited(before + money.FromBaht(300))
			if g := h.call("GET", "/api/qrcode/WW", bob, nil); g.Body["hasQrcode"] != false {
				t.Fatal("paid QR still open")
			}
			h.expect(h.call("POST", "/sim/gateway/WW/pay", "", `{"qrcodeId":"`+r.Body["qrcodeId"].(string)+`"}`), 409, "")
		})
		t.Run("WebhookErrorPaths", func(t *testing.T) {
			h := h.sub(t)
			restore := h.qrSim.SetDeliver(swallow) // the test delivers by hand
			defer func() { h.qrSim.SetDeliver(restore) }()
			r := h.call("POST", "/api/qrcode/WW", alice, `{"amount":100}`)
			h.expect(r, 200, "SUCCESS")
			id := r.Body["qrcodeId"].(string)
			h.expect(h.call("POST", "/sim/gateway/WW/pay", "", `{"qrcodeId":"`+id+`"}`), 200, "")
			h.qrSim.Wait()
			before := h.deposited()
			now := h.clock()
			paid := paygate.Event{DeliveryID: "D1", OrderRef: id, GatewayRef: "G", PaymentRef: "PAY-A", Status: "PAID",
				Amount: money.FromBaht(100), PaidAt: &now}
			h.expect(h.webhook("WW", paid, now, []byte("not the secret, not the secret")), 401, "INVALID_SIGNATURE")
			h.expect(h.webhook("WW", paid, now.Add(-6*time.Minute), secret), 401, "INVALID_SIGNATURE")
			h.expect(h.webhook("WW", paid, now.Add(6*time.Minute), secret), 401, "INVALID_SIGNATURE")
			h.expect(h.callWith("POST", "/api/payments/WW/webhook", "", `{"deliveryId":"D1"}`, nil), 401, "INVALID_SIGNATURE")
			h.expect(h.webhook("NOPE", paid, now, secret), 404, "")
			if h.deposited() != before {
				t.Fatal("a refused webhook changed something")
			}
			// Out of order: PENDING arrives first, then PAID.
			pending := paid
			pending.DeliveryID, pending.Status, pending.PaymentRef, pending.PaidAt = "D0", "PENDING", "", nil
			h.expect(h.webhook("WW", pending, now, secret), 200, "SUCCESS")
			h.expect(h.webhook("WW", paid, now, secret), 200, "SUCCESS")
			h.expect(h.webhook("WW", paid, now, secret), 401, "INVALID_SIGNATURE") // replay of D1
			dup := paid
			dup.DeliveryID = "D2"
			h.expect(h.webhook("WW", dup, now, secret), 200, "SUCCESS") // duplicate payment: nothing changes
			late := pending
			late.DeliveryID = "D3"
			h.expect(h.webhook("WW", late, now, secret), 200, "SUCCESS") // PENDING after PAID: nothing changes
			if got := h.deposited() - before; got != money.FromBaht(100) {
				t.Fatalf("credited %s", got)
			}
			// Ten concurrent deliveries of another payment: one credit.
			r = h.call("POST", "/api/qrcode/FP", bob, `{"amount":10}`)
			h.expect(r, 200, "SUCCESS")
			fp := paygate.Event{OrderRef: r.Body["qrcodeId"].(string), PaymentRef: "PAY-B", Status: "PAID", Amount: money.FromBaht(10), PaidAt: &now}
			fpSecret := simGatewaySecret(key, "FP")
			var wg sync.WaitGroup
			for i := range 10 {
				wg.Go(func() {
					ev := fp
					ev.DeliveryID = fmt.Sprintf("F%d", i)
					if r := h.webhook("FP", ev, now, fpSecret); r.Status != 200 {
						t.Error(string(r.Raw))
					}
				})
			}
			wg.Wait()
			if got := h.deposited() - before; got != money.FromBaht(110) {
				t.Fatalf("credited %s", got)
			}
			// A mismatched amount waits for review.
			r = h.call("POST", "/api/qrcode/WW", bob, `{"amount":100}`)
			mm := paygate.Event{DeliveryID: "M1", OrderRef: r.Body["qrcodeId"].(string), PaymentRef: "PAY-C", Status: "PAID",
				Amount: money.FromBaht(99), PaidAt: &now}
			h.expect(h.webhook("WW", mm, now, secret), 200, "SUCCESS")
			if got := h.deposited() - before; got != money.FromBaht(110) {
				t.Fatalf("credited %s", got)
			}
			review, _ := h.qr.ReviewPayments(t.Context(), 100)
			found := false
			for _, p := range review {
				found = found || p.Ref == "PAY-C" && p.Note == deposit.NoteAmountMismatch
			}
			if !found {
				t.Fatalf("%+v", review)
			}
			// The console's deposits page lists it.
			ops := h.call("GET", "/api/operator/deposits", finance, nil)
			h.expect(ops, 200, "")
			if !strings.Contains(string(ops.Raw), `"ref":"PAY-C"`) || !strings.Contains(string(ops.Raw), `"note":"AMOUNT_MISMATCH"`) ||
				!strings.Contains(string(ops.Raw), `"status":"PAID"`) || !strings.Contains(string(ops.Raw), `"status":"CANCELLED"`) {
				t.Fatal(string(ops.Raw))
			}
			// An operator who checked it credits it to the member, once.
			bobID := h.call("GET", "/api/account/profile", bob, nil).Body["profile"].(map[string]any)["_id"].(string)
			assign := "/api/operator/qr/payments/WW/PAY-C/assign"
			h.expect(h.call("POST", assign, finance, map[string]any{"memberId": "nobody"}), 404, "")
			h.expect(h.call("POST", assign, finance, map[string]any{"memberId": bobID}), 200, "SUCCESS")
			h.expect(h.call("POST", assign, finance, map[string]any{"memberId": bobID}), 404, "NO_DATA")
			if got := h.deposited() - before; got != money.FromBaht(110)+money.FromBaht(99) {
				t.Fatalf("credited %s", got)
			}
			if a := h.call("GET", "/api/operator/audit?action=qrpayment.assign", owner, nil); !strings.Contains(string(a.Raw), "PAY-C") {
				t.Fatal("not audited:", string(a.Raw))
			}
		})
		t.Run("PaidBeforeCancelNoticeAfterCredits", func(t *testing.T) {
			h := h.sub(t)
			restore := h.qrSim.SetDeliver(swallow) // the test delivers by hand
			defer func() { h.qrSim.SetDeliver(restore) }()
			before := h.deposited()
			for _, tc := range []struct {
				name     string
				paidAt   func(beforeCancel, afterCancel time.Time) time.Time
				ref      string
				credited bool
			}{
				{"paid while open: credited", func(b, _ time.Time) time.Time { return b.Add(-time.Second) }, "PAY-BC1", true},
				{"paid after the cancel: review", func(_, a time.Time) time.Time { return a.Add(time.Millisecond) }, "PAY-BC2", false},
			} {
				r := h.call("POST", "/api/qrcode/WW", alice, `{"amount":120}`)
				h.expect(r, 200, "SUCCESS")
				id := r.Body["qrcodeId"].(string)
				h.advance(10 * time.Second)
				beforeCancel := h.clock()
				h.expect(h.call("DELETE", "/api/qrcode/"+id, alice, nil), 200, "SUCCESS")
				afterCancel := h.clock()
				h.advance(10 * time.Second)
				paidAt := tc.paidAt(beforeCancel, afterCancel)
				ev := paygate.Event{DeliveryID: "D-" + tc.ref, OrderRef: id, GatewayRef: "G", PaymentRef: tc.ref, Status: "PAID",
					Amount: money.FromBaht(120), PaidAt: &paidAt}
				h.expect(h.webhook("WW", ev, h.clock(), secret), 200, "SUCCESS")
				want := before
				if tc.credited {
					want += money.FromBaht(120)
				}
				if got := h.deposited(); got != want {
					t.Fatalf("%s: deposited %s, want %s", tc.name, got, want)
				}
				before = want
			}
		})
		t.Run("PromptPayThroughTheSimulatedBank", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/qrcode/kbank", alice, `{"amount":100}`)
			h.expect(r, 200, "SUCCESS")
			amt := qrAmount(r)
			if amt <= money.FromBaht(100) || amt >= money.FromBaht(101) {
				t.Fatal(amt)
			}
			payload := r.Body["payload"].(string)
			if !strings.HasPrefix(payload, "000201010212") || !strings.Contains(payload, "0066912345678") ||
				!strings.Contains(payload, "54"+fmt.Sprintf("%02d", len(amt.String()))+amt.String()) {
				t.Fatal(payload)
			}
			r2 := h.call("POST", "/api/qrcode/kbank", bob, `{"amount":100}`)
			if qrAmount(r2) == amt {
				t.Fatal("two open QRs share an amount")
			}
			transfer := func(amount money.Satang) {
				h.expect(h.call("POST", "/sim/bank/transfers", "", `{"fromBankCode":"SCB","fromAccountNo":"1234567001",
					"toBankCode":"KBANK","toAccountNo":"091-234-5678","amount":`+amount.String()+`}`), 201, "")
			}
			before := h.deposited()
			transfer(money.FromBaht(100)) // not the QR's exact amount: review
			if h.deposited() != before {
				t.Fatal("credited an inexact amount")
			}
			transfer(amt)
			if h.deposited() != before+amt {
				t.Fatalf("deposited %s", h.deposited()-before)
			}
			if g := h.call("GET", "/api/qrcode/kbank", alice, nil); g.Body["hasQrcode"] != false {
				t.Fatal("paid QR still open")
			}
			// An expired QR is not paid into the wallet automatically.
			h.advance(deposit.DefaultQRLifetime + time.Second)
			if g := h.call("GET", "/api/qrcode/kbank", bob, nil); g.Body["hasQrcode"] != false {
				t.Fatal("expired QR still open")
			}
			transfer(qrAmount(r2))
			if h.deposited() != before+amt {
				t.Fatal("credited an expired QR")
			}
		})
		t.Run("PromptPayThroughTheBankFeedWebhook", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/qrcode/kbank", bob, `{"amount":"75"}`)
			h.expect(r, 200, "SUCCESS")
			amt := qrAmount(r)
			body := `{"ref":"SMS-1","target":"0912345678","amount":"` + amt.String() + `","at":"` + h.clock().Format(time.RFC3339) + `"}`
			before := h.deposited()
			h.expect(h.callWith("POST", "/api/payments/bankfeed", "", body,
				map[string]string{deposit.SignatureHeader: deposit.Sign([]byte("wrong secret, long enough"), h.clock(), []byte(body))}), 401, "INVALID_SIGNATURE")
			for range 2 { // the forwarder repeats itself: one credit
				h.expect(h.callWith("POST", "/api/payments/bankfeed", "", body,
					map[string]string{deposit.SignatureHeader: deposit.Sign(feedSecret, h.clock(), []byte(body))}), 200, "SUCCESS")
			}
			if h.deposited() != before+amt {
				t.Fatalf("deposited %s, want %s", h.deposited()-before, amt)
			}
		})
		t.Run("PollerSettlesADroppedWebhook", func(t *testing.T) {
			h := h.sub(t)
			restore := h.qrSim.SetDeliver(swallow) // every webhook is lost
			defer func() { h.qrSim.SetDeliver(restore) }()
			r := h.call("POST", "/api/qrcode/PAYONEX", alice, `{"amount":200}`)
			h.expect(r, 200, "SUCCESS")
			before := h.deposited()
			h.expect(h.call("POST", "/sim/gateway/PAYONEX/pay", "", `{"qrcodeId":"`+r.Body["qrcodeId"].(string)+`"}`), 200, "")
			if h.deposited() != before {
				t.Fatal("credited without a webhook")
			}
			n, err := h.qr.PollGateways(t.Context())
			if err != nil || n != 1 || h.deposited() != before+money.FromBaht(200) {
				t.Fatal(n, err, h.deposited()-before)
			}
			if n, _ := h.qr.PollGateways(t.Context()); n != 0 {
				t.Fatal("polled again:", n)
			}
		})
	})
}
