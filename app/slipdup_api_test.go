package app

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/operator"
	"ngern/core/settings"
)

// TestFeedAndSlipOfOneTransferAPI: a transfer told through the signed
// bank-feed webhook under the bank's own reference, then proved by its
// slip, credits once: the slip waits in review (FEED_CREDITED); the other
// way round, the notification after its slip is recorded SLIP_CREDITED.
func TestFeedAndSlipOfOneTransferAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		feedSecret := []byte("bank-feed-secret-0123456789")
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.QR.BankFeedSecret = string(feedSecret) })
		if err := h.tools.settings.Put(context.Background(), settings.KeyDeposit, json.RawMessage(
			`{"banks":[{"bankCode":"KBANK","bankAccountNo":"1112223334","bankAccountName":"NGERN CO"}],"wallets":[],"isManual":false}`)); err != nil {
			t.Fatal(err)
		}
		finance := h.operator("fin1", operator.Finance)
		member := h.member("0844444441", "9876543210", 0)
		wallet := func() string { return walletAmount(h.call("GET", "/api/wallet", member, nil)) }
		notify := func(ref, amount string) {
			body := `{"ref":"` + ref + `","target":"111-2-22333-4","amount":"` + amount + `","at":"` + h.clock().Format(time.RFC3339) +
				`","fromBankCode":"KBANK","fromAccountNo":"xxx-x-x4321-x","fromName":"SOMCHAI J"}`
			h.expect(h.callWith("POST", "/api/payments/bankfeed", "", body,
				map[string]string{deposit.SignatureHeader: deposit.Sign(feedSecret, h.clock(), []byte(body))}), 200, "SUCCESS")
		}

		t.Run("NotificationThenSlip", func(t *testing.T) {
			h := h.sub(t)
			notify("KB-API-1", "150.00")
			if w := wallet(); w != "150.00" {
				t.Fatalf("wallet %s", w)
			}
			r := h.uploadSlip(member, "file", "s.png", h.bankTransfer("9876543210", "150"))
			h.expect(r, 202, "PENDING")
			if s := slipOf(r); s["status"] != "PENDING" || s["note"] != deposit.NoteFeedCredited {
				t.Fatalf("%s", r.Raw)
			}
			if w := wallet(); w != "150.00" {
				t.Fatalf("credited twice: wallet %s", w)
			}
			// The console's queue names the notification that credited it.
			q := h.call("GET", "/api/operator/slips", finance, nil)
			h.expect(q, 200, "")
			found := false
			for _, s := range q.Body["slips"].([]any) {
				if s := s.(map[string]any); s["id"] == slipOf(r)["reference"] || s["note"] == deposit.NoteFeedCredited {
					found = s["feedRef"] == "feed:KB-API-1"
				}
			}
			if !found {
				t.Fatalf("%s", q.Raw)
			}
		})
		t.Run("SlipThenNotification", func(t *testing.T) {
			h := h.sub(t)
			h.advance(2 * time.Minute) // one slip a minute
			r := h.uploadSlip(member, "file", "s.png", h.bankTransfer("9876543210", "160"))
			h.expect(r, 200, "SUCCESS")
			notify("KB-API-2", "160.00")
			if w := wallet(); w != "310.00" {
				t.Fatalf("wallet %s", w)
			}
			d := h.call("GET", "/api/operator/deposits", finance, nil)
			h.expect(d, 200, "")
			found := false
			for _, p := range d.Body["unmatchedQRPayments"].([]any) {
				if p := p.(map[string]any); p["ref"] == "feed:KB-API-2" && p["note"] == deposit.NoteSlipCredited {
					found = true
				}
			}
			if !found {
				t.Fatalf("%s", d.Raw)
			}
		})
	})
}
