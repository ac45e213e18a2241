package app

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/settings"
)

// TestStatementDepositMethodAPI: a slipless bank transfer told through the
// signed bank feed shows on the member's statement, by page and by keyset,
// with its method and the sender's bank, as the OpenAPI document says.
func TestStatementDepositMethodAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		feedSecret := []byte("bank-feed-secret-0123456789")
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.QR.BankFeedSecret = string(feedSecret) })
		if err := h.tools.settings.Put(context.Background(), settings.KeyDeposit, json.RawMessage(
			`{"banks":[{"bankCode":"KBANK","bankAccountNo":"1112223334","bankAccountName":"NGERN CO"}],"wallets":[],"isManual":false}`)); err != nil {
			t.Fatal(err)
		}
		_, check := contractChecker(t)
		member := h.member("0844444441", "9876543210", 0)
		body := `{"ref":"KB-METHOD-1","target":"111-2-22333-4","amount":"150.00","at":"` + h.clock().Format(time.RFC3339) +
			`","fromBankCode":"KBANK","fromAccountNo":"xxx-x-x4321-x","fromName":"SOMCHAI J"}`
		h.expect(h.callWith("POST", "/api/payments/bankfeed", "", body,
			map[string]string{deposit.SignatureHeader: deposit.Sign(feedSecret, h.clock(), []byte(body))}), 200, "SUCCESS")
		for name, req := range map[string]map[string]any{"ByPage": {"page": 1, "limit": 10}, "ByKeyset": {"before": "", "limit": 10}} {
			t.Run(name, func(t *testing.T) {
				r := h.call("POST", "/api/statement", member, req)
				h.expect(r, 200, "")
				check("post", "/api/statement", r)
				found := false
				for _, s := range r.Body["statements"].([]any) {
					if s := s.(map[string]any); s["source"] == "deposit" {
						found = s["method"] == "bank_transfer" && s["channel"] == "KBANK"
					}
				}
				if !found {
					t.Fatalf("no bank transfer deposit with its method: %s", r.Raw)
				}
			})
		}
	})
}
