package app

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/seamless"
	"ngern/core/settings"
)

// bet places a bet of the simulated aggregator through the seamless
// wallet, as its callback would.
func (h *harness) seamlessBet(memberID, tx, round string, amount money.Satang) {
	h.t.Helper()
	ctx := context.Background()
	tok, err := h.seamless.Launch(ctx, memberID, SimAggregatorCode, "slot")
	if err != nil {
		h.t.Fatal(err)
	}
	_, err = h.seamless.Bet(ctx, seamless.Callback{Provider: SimAggregatorCode, Token: tok, TxID: tx, RoundID: round, Game: "slot",
		Amount: amount, Currency: "THB"})
	if err != nil {
		h.t.Fatal(err)
	}
}

// The console's seamless calls: every role reads the aggregators, the
// figures and a round; finance and owners resolve a stuck round, owners
// only a refund above withdrawApprovalThreshold; each resolution is
// audited with its reason and a repeated one moves nothing.
func TestSeamlessConsoleAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		memberTok := h.member("0811111111", "1111111111", 1000_00)
		m, err := sqlstore.NewAccounts(db).MemberByPhone(ctx, "0811111111")
		if err != nil {
			t.Fatal(err)
		}
		h.seamlessBet(m.ID, "b1", "r1", 100_00)
		h.seamlessBet(m.ID, "b2", "r2", 300_00)
		// Sessions idle out over StuckAfter: everyone signs in after it.
		h.advance(seamless.StuckAfter)
		h.seamlessBet(m.ID, "b3", "r3", 50_00)
		memberTok = h.login("0811111111", "s3cret-pass")
		support, finance, owner := h.operator("sup", operator.Support), h.operator("fin", operator.Finance), h.operator("own", operator.Owner)

		t.Run("Aggregators", func(t *testing.T) {
			r := h.call("GET", "/api/operator/seamless/aggregators", support, nil)
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), `{"code":"sim","kind":"sim","mode":"demo","url":"/sim/aggregator","enabled":true,"allow":[],"keys":true,"keyFingerprint":"","editable":false,"source":"configuration","unreadableSecret":false}`) {
				t.Fatalf("aggregators = %s", r.Raw)
			}
		})
		t.Run("Providers", func(t *testing.T) {
			r := h.call("GET", "/api/operator/seamless/providers", support, nil)
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), `"provider":"sim"`) || !strings.Contains(string(r.Raw), `{"kind":"bet","outcome":"applied","count":3}`) {
				t.Fatalf("providers = %s", r.Raw)
			}
		})
		t.Run("Search", func(t *testing.T) {
			for _, q := range []string{"provider=sim&round=r1", "provider=sim&tx=b1"} {
				r := h.call("GET", "/api/operator/seamless/rounds?"+q, support, nil)
				h.expect(r, 200, "")
				if r.Body["round"] != "r1" || r.Body["memberId"] != m.ID || r.Body["stuck"] != true || !strings.Contains(string(r.Raw), `"txId":"b1"`) {
					t.Fatalf("%s = %s", q, r.Raw)
				}
			}
			h.expect(h.call("GET", "/api/operator/seamless/rounds?provider=sim&round=nope", support, nil), 404, "NO_DATA")
			h.expect(h.call("GET", "/api/operator/seamless/rounds?provider=sim", support, nil), 400, "INVALID_REQUEST")
			h.expect(h.call("GET", "/api/operator/seamless/rounds?provider=sim&round=r1", memberTok, nil), 401, "")
		})

		refund := map[string]any{"resolution": "refund", "reason": "aggregator confirmed the round void"}
		t.Run("Resolve", func(t *testing.T) {
			h.expect(h.call("POST", "/api/operator/seamless/rounds/sim/r1/resolve", support, refund), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("POST", "/api/operator/seamless/rounds/sim/r3/resolve", finance, refund), 409, "ROUND_NOT_STUCK")
			h.expect(h.call("POST", "/api/operator/seamless/rounds/sim/r1/resolve", finance, map[string]any{"resolution": "refund"}), 400, "")
			r := h.call("POST", "/api/operator/seamless/rounds/sim/r1/resolve", finance, refund)
			h.expect(r, 200, "SUCCESS")
			if r.Body["refunded"] != json.Number("100.00") || r.Body["duplicate"] != false {
				t.Fatalf("refund = %s", r.Raw)
			}
			r = h.call("POST", "/api/operator/seamless/rounds/sim/r1/resolve", finance, refund)
			h.expect(r, 200, "SUCCESS")
			if r.Body["refunded"] != json.Number("0.00") || r.Body["duplicate"] != true {
				t.Fatalf("repeated refund = %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/operator/seamless/rounds/sim/r1/resolve", finance, map[string]any{"resolution": "lost", "reason": "x"}),
				409, "ROUND_RESOLVED")
		})
		t.Run("OwnersAboveThreshold", func(t *testing.T) {
			if err := h.tools.settings.Put(ctx, settings.KeyApprovalThreshold, json.RawMessage(`{"amount":200}`)); err != nil {
				t.Fatal(err)
			}
			r := h.call("GET", "/api/operator/seamless/rounds?provider=sim&round=r2", finance, nil)
			if r.Body["ownerOnly"] != true || r.Body["stuck"] != true {
				t.Fatalf("r2 = %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/operator/seamless/rounds/sim/r2/resolve", finance, refund), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("POST", "/api/operator/seamless/rounds/sim/r2/resolve", owner, refund), 200, "SUCCESS")
		})
		t.Run("Audited", func(t *testing.T) {
			r := h.call("GET", "/api/operator/audit?action=round.resolve", owner, nil)
			h.expect(r, 200, "")
			if n := strings.Count(string(r.Raw), `"round.resolve"`); n < 2 || !strings.Contains(string(r.Raw), "aggregator confirmed the round void") {
				t.Fatalf("audit (%d round.resolve) = %s", n, r.Raw)
			}
		})
		if w := walletAmount(h.call("GET", "/api/wallet", memberTok, nil)); w != "950.00" {
			t.Fatalf("wallet after both refunds = %s, want 950.00 (r3 open)", w)
		}
	})
}
