package app

import (
	"context"
	"encoding/json"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/settings"
)

// TestSlipSenderFitsTwoMembers: a slip shows four digits of the sender's
// account; when they fit two members of that bank, the slip goes to review
// (NOT_MATCH as its note) instead of crediting whichever of them uploads it
// first. A sender the digits single out is credited as before.
func TestSlipSenderFitsTwoMembers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		if err := h.tools.settings.Put(context.Background(), settings.KeyDeposit, json.RawMessage(
			`{"banks":[{"bankCode":"KBANK","bankAccountNo":"1112223334","bankAccountName":"NGERN CO"}],"wallets":[],"isManual":false}`)); err != nil {
			t.Fatal(err)
		}
		// The slip shows xxx-x-x7890-x: both accounts have 7890 there.
		twinA := h.member("0833333331", "2222678902", 0)
		twinB := h.member("0833333332", "3333678904", 0)
		loner := h.member("0833333333", "4444123405", 0)

		t.Run("TwoMembersFitTheDigits", func(t *testing.T) {
			img := h.bankTransfer("2222678902", "300")
			r := h.uploadSlip(twinB, "file", "s.png", img) // not the sender: the digits alone cannot tell
			h.expect(r, 202, "PENDING")
			if slipOf(r)["note"] != "NOT_MATCH" || slipOf(r)["status"] != "PENDING" {
				t.Fatalf("%s", r.Raw)
			}
			for _, m := range []string{twinA, twinB} {
				if w := walletAmount(h.call("GET", "/api/wallet", m, nil)); w != "0.00" {
					t.Fatalf("credited %s on an ambiguous slip", w)
				}
			}
		})
		t.Run("OneMemberFitsTheDigits", func(t *testing.T) {
			r := h.uploadSlip(loner, "file", "s.png", h.bankTransfer("4444123405", "300"))
			h.expect(r, 200, "SUCCESS")
			if w := walletAmount(h.call("GET", "/api/wallet", loner, nil)); w != "300.00" {
				t.Fatalf("wallet %s", w)
			}
		})
	})
}
