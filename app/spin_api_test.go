package app

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/limits"
	"ngern/core/operator"
)

func TestSpinAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		token := h.member("0811111111", "1111111111", 0)
		fin := h.operator("fin", operator.Finance)
		sup := h.operator("sup", operator.Support)

		t.Run("InactiveWithoutWheel", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/spinwheel/active", token, nil)
			h.expect(r, 200, "")
			if r.Body["isActive"] != false {
				t.Fatalf("active = %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/spinwheel/spin", token, nil), 400, "SPIN_INACTIVE")
			h.expect(h.call("GET", "/api/operator/spinwheel", fin, nil), 404, "NO_DATA")
		})
		if _, err := seedDemoWheel(context.Background(), h.tools.spin, h.tools.cfg.Laos, io.Discard); err != nil {
			t.Fatal(err)
		}
		t.Run("OperatorReadsTheActiveWheel", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/operator/spinwheel", sup, nil)
			h.expect(r, 200, "")
			slices, _ := r.Body["slices"].([]any)
			if len(slices) != 6 || r.Body["budgetExhausted"] != false {
				t.Fatalf("wheel = %s", r.Raw)
			}
			first := slices[0].(map[string]any)
			if first["code"] != "CASH50" || first["weight"] != json.Number("20") {
				t.Fatalf("slice = %v", first)
			}
		})
		t.Run("GrantCoins", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/operator/coins", sup, map[string]any{"phone": "0811111111", "coins": 3, "reason": "x"}), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("POST", "/api/operator/coins", fin, map[string]any{"phone": "0811111111", "coins": 0, "reason": "x"}), 400, "INVALID_AMOUNT")
			h.expect(h.call("POST", "/api/operator/coins", fin, map[string]any{"phone": "0811111111", "coins": 1.5, "reason": "x"}), 400, "INVALID_AMOUNT")
			h.expect(h.call("POST", "/api/operator/coins", fin, map[string]any{"phone": "0899999999", "coins": 1, "reason": "x"}), 404, "NO_USER")
			// The reason's cap is the one of every operator's reason (limits.Reason), in characters.
			h.expect(h.call("POST", "/api/operator/coins", fin, map[string]any{"phone": "0811111111", "coins": 1, "reason": strings.Repeat("ก", limits.Reason+1)}), 400, "INVALID_REQUEST")
			r := h.call("POST", "/api/operator/coins", fin, map[string]any{"phone": "0811111111", "coins": 3, "reason": "welcome"})
			h.expect(r, 200, "SUCCESS")
			if r.Body["coin"] != json.Number("3") {
				t.Fatalf("grant = %s", r.Raw)
			}
			for _, path := range []string{"/api/account/profile", "/api/wallet"} {
				p := h.call("GET", path, token, nil)
				prof, _ := p.Body["profile"].(map[string]any)
				if prof["coin"] != json.Number("3") {
					t.Fatalf("%s coin = %s", path, p.Raw)
				}
			}
			g := h.call("GET", "/api/operator/coins", fin, nil)
			if list, _ := g.Body["grants"].([]any); len(list) != 1 || list[0].(map[string]any)["operator"] != "fin" {
				t.Fatalf("grants = %s", g.Raw)
			}
		})
		t.Run("SpinAndClaim", func(t *testing.T) {
			h := h.sub(t)
			setup := h.call("GET", "/api/spinwheel/setup?lang=en", token, nil)
			h.expect(setup, 200, "")
			res := setup.Body["result"].(map[string]any)
			wheel := res["activeSpinwheel"].(map[string]any)
			if res["userCoin"] != json.Number("3") || wheel["name"] != "Demo wheel" {
				t.Fatalf("setup = %s", setup.Raw)
			}
			first := wheel["slice"].([]any)[0].(map[string]any)
			if first["label"] != "Cash 50" || first["weight"] != nil || first["bgColor"] != "#F2C94C" {
				t.Fatalf("slice = %v (weights stay on the server)", first)
			}
			// Spin until a coupon is won or the coins run out.
			var coupon string
			for i := 0; i < 3 && coupon == ""; i++ {
				r := h.call("POST", "/api/spinwheel/spin", token, nil)
				h.expect(r, 200, "")
				out := r.Body["result"].(map[string]any)
				if r.Body["success"] != true || out["remainingCoin"] != json.Number(string(rune('2'-i))) || out["code"] == "" {
					t.Fatalf("spin %d = %s", i+1, r.Raw)
				}
				coupon, _ = out["coupon"].(string)
			}
			list := h.call("GET", "/api/spinwheel/coupon", token, nil)
			h.expect(list, 200, "")
			coupons, _ := list.Body["result"].([]any)
			if coupon == "" {
				if len(coupons) != 0 {
					t.Fatalf("coupons without a prize: %s", list.Raw)
				}
				h.expect(h.call("POST", "/api/spinwheel/spin", token, nil), 400, "NOT_ENOUGH_COIN")
				t.Skip("three spins won nothing (probability about 0.125)")
			}
			c := coupons[0].(map[string]any)
			if c["coupon"] != coupon || c["status"] != "OPEN" || c["prize"].(map[string]any)["name"] != "Demo wheel" {
				t.Fatalf("coupon = %v", c)
			}
			h.expect(h.call("POST", "/api/spinwheel/coupon/claim", token, map[string]any{"coupon": "nope"}), 400, "INVALID_CODE")
			r := h.call("POST", "/api/spinwheel/coupon/claim", token, map[string]any{"coupon": coupon})
			h.expect(r, 200, "")
			if r.Body["success"] != true {
				t.Fatalf("claim = %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/spinwheel/coupon/claim", token, map[string]any{"coupon": coupon}), 400, "NO_CLAIMABLE_COUPON")
			if c["type"] == "cash" {
				st := h.call("POST", "/api/statement", token, map[string]any{"page": 1})
				items, _ := st.Body["statements"].([]any)
				if len(items) == 0 || items[0].(map[string]any)["from"] != "SPIN" || items[0].(map[string]any)["source"] != "spin_prize" {
					t.Fatalf("statement = %s", st.Raw)
				}
			}
			a := h.call("GET", "/api/operator/spinwheel/coupons", sup, nil)
			if list, _ := a.Body["coupons"].([]any); len(list) < 1 || list[0].(map[string]any)["status"] != "CLAIMED" {
				t.Fatalf("operator coupons = %s", a.Raw)
			}
		})
		t.Run("SaveWheel", func(t *testing.T) {
			h := h.sub(t)
			bad := map[string]any{"name": "x", "active": true, "slices": []any{}}
			h.expect(h.call("POST", "/api/operator/spinwheels", fin, bad), 400, "INVALID_REQUEST")
			r := h.call("GET", "/api/operator/spinwheels", fin, nil)
			wheels, _ := r.Body["wheels"].([]any)
			if len(wheels) != 1 {
				t.Fatalf("wheels = %s", r.Raw)
			}
			w := wheels[0].(map[string]any)
			w["name"], w["dailyBudget"] = "Renamed", json.Number("0")
			r = h.call("POST", "/api/operator/spinwheels", fin, w)
			h.expect(r, 200, "")
			if r.Body["name"] != "Renamed" || r.Body["updatedBy"] != "fin" {
				t.Fatalf("saved = %s", r.Raw)
			}
		})

		t.Run("BonusPrize", func(t *testing.T) {
			h := h.sub(t)
			bonus := map[string]any{"name": "Bonus wheel", "active": true, "cost": 1, "slices": []any{
				map[string]any{"code": "BONUS20", "label": map[string]string{"th": "โบนัส", "la": "ໂບນັດ", "en": "Bonus"},
					"bgColor": "#27AE60", "textColor": "#FFFFFF", "weight": 1000000,
					"prize": map[string]any{"type": "bonus", "amount": 20, "successPercent": 200, "percentFail": 10}},
				map[string]any{"code": "NONE", "label": map[string]string{"th": "ไม่", "la": "ບໍ່", "en": "None"},
					"bgColor": "#2D3A8C", "textColor": "#FFFFFF", "weight": 1, "prize": map[string]any{"type": "nothing"}},
			}}
			// A member of its own: an earlier subtest may have won (and so hold) a bonus from the demo wheel.
			token := h.member("0833333333", "3333333333", 0)
			h.expect(h.call("POST", "/api/operator/spinwheels", fin, bonus), 200, "")
			h.expect(h.call("POST", "/api/operator/coins", fin, map[string]any{"phone": "0833333333", "coins": 2, "reason": "bonus"}), 200, "SUCCESS")
			var coupons []string
			for range 2 {
				r := h.call("POST", "/api/spinwheel/spin", token, nil)
				h.expect(r, 200, "")
				c, _ := r.Body["result"].(map[string]any)["coupon"].(string)
				if c == "" {
					t.Skip("the one-in-a-million nothing slice came up")
				}
				coupons = append(coupons, c)
			}
			before := h.ledgerBalance("wallet:" + h.memberID(token))
			h.expect(h.call("POST", "/api/spinwheel/coupon/claim", token, map[string]any{"coupon": coupons[0]}), 200, "")
			if after := h.ledgerBalance("wallet:" + h.memberID(token)); after != before+20_00 {
				t.Fatalf("wallet %s after a 20.00 bonus prize, was %s", after, before)
			}
			active := h.call("GET", "/api/bonus/check/active", token, nil)
			if active.Body["status"] != true {
				t.Fatalf("no active condition after a bonus prize: %s", active.Raw)
			}
			// One condition at a time: the second bonus coupon waits.
			h.expect(h.call("POST", "/api/spinwheel/coupon/claim", token, map[string]any{"coupon": coupons[1]}), 400, "BONUS_REMAINING")
			h.expect(h.call("POST", "/api/spinwheel/coupon/claim", token, map[string]any{"coupon": coupons[0]}), 400, "NO_CLAIMABLE_COUPON")
			list := h.call("GET", "/api/spinwheel/coupon", token, nil)
			for _, c := range list.Body["result"].([]any) {
				m := c.(map[string]any)
				if m["coupon"] == coupons[1] && m["status"] != "OPEN" {
					t.Fatalf("the waiting coupon is %v", m["status"])
				}
			}
		})
	})
}
