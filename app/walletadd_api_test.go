package app

import (
	"encoding/json"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
)

// POST /api/wallet/add never credits: a well-formed amount is sent to a
// deposit method (USE_DEPOSIT_METHOD), a bad one is refused as any amount
// is, and the wallet is what it was.
func TestWalletAddNeverCredits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		token := h.member("0811111111", "1111111111", money.FromBaht(50))
		for _, tc := range []struct {
			name   string
			token  string
			body   any
			status int
			code   string
		}{
			{"an amount is sent to a deposit method", token, map[string]any{"amount": 100}, 400, "USE_DEPOSIT_METHOD"},
			{"a decimal amount too", token, map[string]any{"amount": "250.50"}, 400, "USE_DEPOSIT_METHOD"},
			{"zero", token, map[string]any{"amount": 0}, 400, "INVALID_AMOUNT"},
			{"negative", token, map[string]any{"amount": -5}, 400, "INVALID_AMOUNT"},
			{"not a number", token, map[string]any{"amount": "lots"}, 400, "INVALID_AMOUNT"},
			{"without a session", "", map[string]any{"amount": 100}, 401, "invalid-token"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				h := h.sub(t)
				h.expect(h.call("POST", "/api/wallet/add", tc.token, tc.body), tc.status, tc.code)
				home := h.call("GET", "/api/wallet", token, nil)
				if home.Body["wallet"].(map[string]any)["amount"] != json.Number("50.00") {
					t.Fatalf("wallet = %s", home.Raw)
				}
			})
		}
	})
}
