package app

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"ngern/adapters/slip"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
)

// TestSlipOCRReview: with the OCR on (the default, when the engine is
// installed), a Thai slip printing another amount than its transfer waits
// in review flagged, and a slip without a readable QR waits pre-filled with
// what it prints; the operator confirms the pre-filled amount in one
// action. Nothing is credited before that.
func TestSlipOCRReview(t *testing.T) {
	if _, err := slip.NewTesseract(context.Background(), slip.TesseractConfig{}); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI runs the OCR tests: %v", err)
		}
		t.Skipf("no OCR engine: %v", err)
	}
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.SlipOCR = "tesseract" })
		owner, owner2 := h.operator("owner1", operator.Owner), h.operator("owner2", operator.Owner)
		finance := h.operator("fin1", operator.Finance)
		h.confirm(h.call("PUT", "/api/operator/settings/deposit", owner, `{"banks":[{"bankCode":"KBANK","bankAccountNo":"111-2-22333-4",
			"bankAccountName":"NGERN CO"}],"wallets":[],"isManual":false}`), owner2)
		member := h.member("0811111111", "9876543210", 0)

		// thaiSlip transfers amount at the simulated bank and draws the slip
		// in Thai, printing printed and carrying payload in its QR ("": the
		// transfer's own).
		thaiSlip := func(amount, printed money.Satang, payload string) []byte {
			r := h.call("POST", "/sim/bank/transfers", "", `{"fromBankCode":"KBANK","fromAccountNo":"9876543210","toBankCode":"KBANK",
				"toAccountNo":"1112223334","amount":`+amount.String()+`,"fromName":"นาย สมชาย ใจดี","toName":"บจก. เงิน เดโม"}`)
			h.expect(r, 201, "")
			ref, _ := r.Body["transRef"].(string)
			if payload == "" {
				payload, _ = r.Body["qrPayload"].(string)
			}
			img, err := slip.Render(slip.SlipImage{BankCode: "KBANK", BOTCode: "004", TransRef: ref, Amount: printed, Payload: payload,
				Lang: "th", TransferredAt: h.clock(),
				From: deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x5432-x", Name: "นาย สมชาย ใจดี"},
				To:   deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x2333-x", Name: "บจก. เงิน เดโม"}})
			if err != nil {
				t.Fatal(err)
			}
			return img
		}
		reading := func(id string) map[string]any {
			r := h.call("GET", "/api/operator/slips/"+id, finance, nil)
			h.expect(r, 200, "")
			o, _ := r.Body["ocr"].(map[string]any)
			if o == nil {
				t.Fatalf("no reading: %s", r.Raw)
			}
			return o
		}
		wallet := func() money.Satang { return h.ledgerBalance(ledger.Wallet(memberID(h, member)).ID) }

		t.Run("EditedAmountFlagged", func(t *testing.T) {
			h := h.sub(t)
			r := h.uploadSlip(member, "file", "slip.png", thaiSlip(10000, 1000000, ""))
			h.expect(r, 202, "PENDING")
			if slipOf(r)["note"] != "INVALID_SLIP" {
				t.Fatalf("%s", r.Raw)
			}
			id, _ := slipOf(r)["reference"].(string)
			o := reading(id)
			if o["amountDiffers"] != true || o["amount"].(json.Number).String() != "10000.00" {
				t.Fatalf("reading %v", o)
			}
			if w := wallet(); w != 0 {
				t.Fatalf("an edited slip credited %s", w)
			}
		})

		t.Run("NoQRPreFilledAndConfirmed", func(t *testing.T) {
			h := h.sub(t)
			h.advance(61 * time.Second)
			r := h.uploadSlip(member, "file", "slip.png", thaiSlip(25050, 25050, "not a slip's QR"))
			h.expect(r, 202, "PENDING")
			id, _ := slipOf(r)["reference"].(string)
			o := reading(id)
			found, _ := o["found"].(map[string]any)
			if o["amountDiffers"] != false || found["amount"] != true || o["amount"].(json.Number).String() != "250.50" ||
				found["senderName"] != true {
				t.Fatalf("reading %v", o)
			}
			// The console's one-action confirmation: the existing approval with the pre-filled amount.
			h.expect(h.call("POST", "/api/operator/slips/"+id+"/approve", finance, map[string]any{"amount": o["amount"]}), 200, "SUCCESS")
			if w := wallet(); w != 25050 {
				t.Fatalf("wallet %s", w)
			}
		})
	})
}
