package app

import (
	"encoding/json"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/operator"
)

// TestAutoWithdrawAPI: the owners set the auto-approval rules (two of
// them, audited; validated with the catalogue's codes); a withdrawal the
// rules pass is paid with no operator action and shows why, one they stop
// waits in the queue with the rule that stopped it.
func TestAutoWithdrawAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		member := h.member("0811111111", "1111111111", money.FromBaht(5000))
		fin, sup := h.operator("fin", operator.Finance), h.operator("sup", operator.Support)
		owner1, owner2 := h.operator("owner1", operator.Owner), h.operator("owner2", operator.Owner)
		const path = "/api/operator/settings/autoWithdraw"
		rules := func(maxAmount, dayTotal float64) map[string]any {
			return map[string]any{"enabled": true, "maxAmount": maxAmount, "maxDayTotal": dayTotal, "maxDayCount": 3,
				"minAccountAgeDays": 0, "requireNoBonus": true, "minDepositPercent": 0}
		}

		t.Run("OKOffByDefault", func(t *testing.T) {
			h := h.sub(t)
			for _, by := range []string{owner1, fin, sup} {
				r := h.call("GET", path, by, nil)
				h.expect(r, 200, "")
				if r.Body["enabled"] != false || r.Body["maxAmount"] != json.Number("1000.00") {
					t.Fatalf("GET = %s", r.Raw)
				}
			}
			h.expect(h.call("GET", "/api/operator/settings/nope", owner1, nil), 404, "NOT_FOUND")
			w := h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": 500})
			h.expect(w, 200, "SUCCESS")
			wd := w.Body["withdrawal"].(map[string]any)
			if wd["status"] != "PENDING" {
				t.Fatalf("withdrawal = %s", w.Raw)
			}
			h.expect(h.call("POST", "/api/operator/withdrawals/"+wd["_id"].(string)+"/reject", fin, map[string]any{"reason": "test"}), 200, "SUCCESS")
		})
		t.Run("ErrRoles", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("PUT", path, fin, rules(1000, 3000)), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("PUT", path, sup, rules(1000, 3000)), 403, "FORBIDDEN_ROLE")
		})
		t.Run("ErrValidation", func(t *testing.T) {
			h := h.sub(t)
			cases := []struct {
				name  string
				doc   map[string]any
				field string
			}{
				{"AboveFourEyesThreshold", rules(20000.01, 50000), "maxAmount"},
				{"AboveDayTotal", rules(1000, 500), "maxAmount"},
				{"ZeroCount", func() map[string]any { d := rules(1000, 3000); d["maxDayCount"] = 0; return d }(), "maxDayCount"},
				{"Missing", map[string]any{"enabled": true}, ""},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					r := h.call("PUT", path, owner1, c.doc)
					h.expect(r, 400, "INVALID_REQUEST")
					if c.field != "" && r.Body["field"] != c.field {
						t.Fatalf("answer %s, want field %s", r.Raw, c.field)
					}
				})
			}
		})
		t.Run("OKTwoOwnersThenAutoApproved", func(t *testing.T) {
			h := h.sub(t)
			p := h.call("PUT", path, owner1, rules(1000, 3000))
			h.expect(p, 202, "SECOND_APPROVAL_REQUIRED")
			if r := h.call("GET", path, owner1, nil); r.Body["enabled"] != false {
				t.Fatalf("applied on one owner's word: %s", r.Raw)
			}
			id := p.Body["change"].(map[string]any)["id"].(string)
			h.confirm(p, owner2)
			if r := h.call("GET", path, owner1, nil); r.Body["enabled"] != true || r.Body["maxDayTotal"] != json.Number("3000.00") {
				t.Fatalf("GET = %s", r.Raw)
			}
			for _, action := range []string{"change.propose", "change.approve"} {
				a := h.call("GET", "/api/operator/audit?action="+action+"&target="+id, owner1, nil)
				if a.Body["total"] != json.Number("1") {
					t.Fatalf("audit %s = %s", action, a.Raw)
				}
			}

			w := h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": 500})
			h.expect(w, 200, "SUCCESS")
			if wd := w.Body["withdrawal"].(map[string]any); wd["status"] != "APPROVED" {
				t.Fatalf("withdrawal = %s", w.Raw)
			}
			done := h.call("GET", "/api/operator/withdrawals?status=APPROVED", fin, nil)
			item := done.Body["withdrawals"].([]any)[0].(map[string]any)
			auto, _ := item["auto"].(map[string]any)
			if item["decidedBy"] != "system:auto" || auto["approved"] != true || auto["rule"] != "ALL_PASSED" {
				t.Fatalf("history = %s", done.Raw)
			}
			st := h.call("POST", "/api/statement", member, map[string]any{})
			first := st.Body["statements"].([]any)[0].(map[string]any)
			if first["statementType"] != "withdraw" || first["status"] != "SUCCESS" || first["amount"] != json.Number("500.00") {
				t.Fatalf("statement = %s", st.Raw)
			}

			// Above maxAmount: queued for operators, with the rule.
			w = h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": 1500})
			h.expect(w, 200, "SUCCESS")
			queue := h.call("GET", "/api/operator/withdrawals", fin, nil)
			item = queue.Body["withdrawals"].([]any)[0].(map[string]any)
			auto, _ = item["auto"].(map[string]any)
			if item["status"] != "PENDING" || auto["approved"] != false || auto["rule"] != "MAX_AMOUNT" {
				t.Fatalf("queue = %s", queue.Raw)
			}
		})
	})
}
