package app

import (
	"context"
	"encoding/json"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
	"ngern/core/settings"
)

// transferIn makes a transfer at the simulated bank from a member's
// registered account to the receiving account, without a slip.
func (h *harness) transferIn(fromNo, amount string) {
	h.t.Helper()
	h.expect(h.call("POST", "/sim/bank/transfers", "", `{"fromBankCode":"KBANK","fromAccountNo":"`+fromNo+
		`","toBankCode":"KBANK","toAccountNo":"1112223334","amount":`+amount+`}`), 201, "")
}

// TestSliplessDepositAPI: in demo mode a transfer at the simulated bank
// from a member's registered account to a receiving account credits that
// member without a slip, once per transfer; when the notification's
// visible digits and name fit two members, neither is credited and it
// waits in the console's review with both, where an operator credits one.
func TestSliplessDepositAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		if err := h.tools.settings.Put(context.Background(), settings.KeyDeposit, json.RawMessage(
			`{"banks":[{"bankCode":"KBANK","bankAccountNo":"1112223334","bankAccountName":"NGERN CO"}],"wallets":[],"isManual":false}`)); err != nil {
			t.Fatal(err)
		}
		finance := h.operator("fin1", operator.Finance)
		// The notification shows xxx-x-x7890-x: both twins have 7890 there.
		twinA := h.member("0833333331", "2222678902", 0)
		twinB := h.member("0833333332", "3333678904", 0)
		loner := h.member("0833333333", "4444123405", 0)
		wallet := func(token string) string { return walletAmount(h.call("GET", "/api/wallet", token, nil)) }

		t.Run("CreditedWithoutASlip", func(t *testing.T) {
			h := h.sub(t)
			h.transferIn("4444123405", "300")
			if w := wallet(loner); w != "300.00" {
				t.Fatalf("wallet %s", w)
			}
			h.transferIn("4444123405", "200") // another transfer, another credit
			if w := wallet(loner); w != "500.00" {
				t.Fatalf("wallet %s", w)
			}
			st := h.call("POST", "/api/statement", loner, map[string]any{"page": 1, "limit": 10})
			h.expect(st, 200, "")
			items, _ := st.Body["statements"].([]any)
			if len(items) == 0 || items[0].(map[string]any)["source"] != "deposit" {
				t.Fatalf("%s", st.Raw)
			}
		})
		t.Run("TwoMembersFitWaitsInReview", func(t *testing.T) {
			h := h.sub(t)
			h.transferIn("2222678902", "400")
			if wallet(twinA) != "0.00" || wallet(twinB) != "0.00" {
				t.Fatal("credited on a guess")
			}
			r := h.call("GET", "/api/operator/deposits", finance, nil)
			h.expect(r, 200, "")
			var found map[string]any
			for _, p := range r.Body["unmatchedQRPayments"].([]any) {
				if p := p.(map[string]any); p["provider"] == "transfer" {
					found = p
				}
			}
			if found == nil || found["note"] != "MANY_SENDERS" || len(found["candidates"].([]any)) != 2 {
				t.Fatalf("%s", r.Raw)
			}
			sender := found["sender"].(map[string]any)
			if sender["accountNo"] != "xxx-x-x7890-x" || sender["name"] != "SOMCHAI J" {
				t.Fatalf("%v", sender)
			}
			ref := found["ref"].(string)
			a := h.call("POST", "/api/operator/qr/payments/transfer/"+ref+"/assign", finance,
				map[string]any{"memberId": found["candidates"].([]any)[0]})
			h.expect(a, 200, "SUCCESS")
			if wallet(twinA)+wallet(twinB) != "400.000.00" && wallet(twinA)+wallet(twinB) != "0.00400.00" {
				t.Fatalf("%s %s", wallet(twinA), wallet(twinB))
			}
		})
	})
}
