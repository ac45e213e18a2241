package app

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"strings"
	"sync"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
)

// seedPromotions stores the demo bonuses and promotion code.
func (h *harness) seedPromotions() {
	h.t.Helper()
	if err := seedDemoPromotions(context.Background(), h.tools.promo, h.tools.promos, h.tools.cfg.Laos, io.Discard); err != nil {
		h.t.Fatal(err)
	}
}

func num(r response, path ...string) string {
	var v any = r.Body
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	n, _ := v.(json.Number)
	return n.String()
}

// winAt raises the member's balance at the game's provider by amount, as a
// win would, and refreshes: the server sees only the provider's balance
// and books the difference as a game result.
func (h *harness) winAt(token, game string, amount money.Satang) {
	h.t.Helper()
	cred := h.call("GET", "/api/wallet/account/"+game, token, nil)
	h.expect(cred, 200, "")
	if err := h.provider.TransferIn(context.Background(), game, cred.Body["username"].(string), "win-"+account.NewID(), amount); err != nil {
		h.t.Fatal(err)
	}
	h.expect(h.call("GET", "/api/wallet/refresh/slot", token, nil), 200, "")
}

// TestBonusOnlyPlayMeetsTheCondition reproduces two ways a condition was
// met without playing (issue 23): a spin wheel cash coupon claimed, and a
// withdrawal rejected by an operator, while WELCOME's condition (base
// 200.00, target 600.00) was held. Neither moves its progress; a win does.
func TestBonusOnlyPlayMeetsTheCondition(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		h.seedPromotions()
		fin, owner := h.operator("fin", operator.Finance), h.operator("boss", operator.Owner)
		held := func(t *testing.T, token, progress string) {
			t.Helper()
			if r := h.call("GET", "/api/bonus/check/active", token, nil); r.Body["status"] != true {
				t.Fatalf("the condition ended without play: %s", r.Raw)
			}
			if r := h.call("GET", "/api/bonus/check/minimum", token, nil); num(r, "progress") != progress {
				t.Fatalf("check/minimum = %s, want progress %s", r.Raw, progress)
			}
			h.expect(h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 100}), 400, "BONUS_REMAINING")
		}

		t.Run("a spin wheel cash coupon", func(t *testing.T) {
			h := h.sub(t)
			token := h.member("0811111111", "1111111111", money.FromBaht(100))
			h.expect(h.call("GET", "/api/bonus/activate/WELCOME", token, nil), 200, "SUCCESS")
			h.expect(h.call("POST", "/api/operator/spinwheels", fin, map[string]any{"name": "Cash wheel", "active": true, "cost": 1,
				"slices": []any{
					map[string]any{"code": "CASH500", "label": map[string]string{"th": "เงินสด", "la": "ເງິນສົດ", "en": "Cash"},
						"bgColor": "#27AE60", "textColor": "#FFFFFF", "weight": 1000000, "prize": map[string]any{"type": "cash", "amount": 500}},
					map[string]any{"code": "NONE", "label": map[string]string{"th": "ไม่", "la": "ບໍ່", "en": "None"},
						"bgColor": "#2D3A8C", "textColor": "#FFFFFF", "weight": 1, "prize": map[string]any{"type": "nothing"}},
				}}), 200, "")
			h.expect(h.call("POST", "/api/operator/coins", fin, map[string]any{"phone": "0811111111", "coins": 1, "reason": "test"}), 200, "SUCCESS")
			r := h.call("POST", "/api/spinwheel/spin", token, nil)
			h.expect(r, 200, "")
			coupon, _ := r.Body["result"].(map[string]any)["coupon"].(string)
			if coupon == "" {
				t.Skip("the one-in-a-million nothing slice came up")
			}
			h.expect(h.call("POST", "/api/spinwheel/coupon/claim", token, map[string]any{"coupon": coupon}), 200, "")
			if w := walletAmount(h.call("GET", "/api/wallet", token, nil)); w != "700.00" {
				t.Fatalf("wallet %s after a 500.00 coupon", w)
			}
			held(t, token, "200.00")
		})

		t.Run("a withdrawal rejected by an operator", func(t *testing.T) {
			h := h.sub(t)
			token := h.member("0822222222", "2222222222", money.FromBaht(600))
			r := h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 500})
			h.expect(r, 200, "SUCCESS")
			id := r.Body["withdrawal"].(map[string]any)["_id"].(string)
			h.expect(h.call("GET", "/api/bonus/activate/WELCOME", token, nil), 200, "SUCCESS") // base 200.00
			h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/reject", owner, map[string]any{"reason": "name mismatch"}), 200, "SUCCESS")
			if w := walletAmount(h.call("GET", "/api/wallet", token, nil)); w != "700.00" {
				t.Fatalf("wallet %s after the 500.00 came back", w)
			}
			held(t, token, "200.00")

			// Play meets it: 400.00 won on top of the base.
			h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "")
			h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 200}), 200, "SUCCESS")
			h.winAt(token, "SIAMSLOT", money.FromBaht(399))
			held(t, token, "599.00")
			h.winAt(token, "SIAMSLOT", money.FromBaht(1))
			if r := h.call("GET", "/api/bonus/check/active", token, nil); r.Body["status"] != false {
				t.Fatalf("a win to the target left it active: %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 100}), 200, "SUCCESS")
		})

		var out strings.Builder
		if err := runCheck(context.Background(), h.tools, &out); err != nil {
			t.Fatalf("check: %v\n%s", err, out.String())
		}
	})
}

func TestBonusAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		h.seedPromotions()
		token := h.member("0811111111", "1111111111", money.FromBaht(100))

		t.Run("list", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/bonus", token, nil)
			h.expect(r, 200, "")
			list, _ := r.Body["bonuses"].([]any)
			if len(list) != 2 {
				t.Fatalf("bonuses = %s", r.Raw)
			}
			w := list[0].(map[string]any)
			if w["code"] != "WELCOME" || w["type"] != "limit" || w["percentFail"] != json.Number("10") || w["userBonus"] != nil {
				t.Fatalf("WELCOME = %v", w)
			}
			h.expect(h.call("GET", "/api/bonus", "", nil), 401, "invalid-token")
		})

		t.Run("errors change nothing", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/bonus/activate/NOPE", token, nil), 404, "NO_DATA")
			h.expect(h.call("GET", "/api/bonus/clear", token, nil), 404, "NO_DATA")
			h.expect(h.call("GET", "/api/promotion/find/NOPE", token, nil), 404, "NO_PROMOTION")
			h.expect(h.call("GET", "/api/promotion/activate/NOPE", token, nil), 404, "NO_PROMOTION")
			if walletAmount(h.call("GET", "/api/wallet", token, nil)) != "100.00" {
				t.Fatal("a refused call moved money")
			}
		})

		var memberID string
		t.Run("concurrent activations give one credit", func(t *testing.T) {
			h := h.sub(t)
			var wg sync.WaitGroup
			results := make([]response, 20)
			for i := range results {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r, err := h.do("GET", "/api/bonus/activate/welcome", token, nil, nil)
					if err != nil {
						t.Error(err)
					}
					results[i] = r
				}()
			}
			wg.Wait()
			ok := 0
			for _, r := range results {
				switch {
				case r.Status == 200 && r.message() == "SUCCESS":
					ok++
				case r.Status == 409 && r.message() == "BONUS_ALREADY_ACTIVE", r.Status == 400 && r.message() == "BONUS_MAX_CLAIMED":
				default:
					t.Fatalf("unexpected %d %s", r.Status, r.Raw)
				}
			}
			if ok != 1 {
				t.Fatalf("%d activations succeeded", ok)
			}
			w := h.call("GET", "/api/wallet", token, nil)
			if walletAmount(w) != "200.00" {
				t.Fatalf("wallet %s", walletAmount(w))
			}
			memberID = w.Body["profile"].(map[string]any)["_id"].(string)
			if h.ledgerBalance(ledger.PromotionExpense.ID) != -money.FromBaht(100) {
				t.Fatal("sys:promotions is not -100.00")
			}
		})

		t.Run("while active", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/bonus/check/active", token, nil)
			if r.Body["status"] != true || r.Body["type"] != "limit" {
				t.Fatalf("check/active = %s", r.Raw)
			}
			r = h.call("GET", "/api/bonus/check/minimum", token, nil)
			if num(r, "minimum") != "20.00" || num(r, "target") != "600.00" || num(r, "progress") != "200.00" {
				t.Fatalf("check/minimum = %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 100}), 400, "BONUS_REMAINING")
			h.expect(h.call("POST", "/api/wallet/withdrawAll", token, map[string]any{"amount": 0}), 400, "BONUS_REMAINING")
			h.expect(h.call("GET", "/api/bonus/activate/DAILY", token, nil), 409, "BONUS_ALREADY_ACTIVE")
			h.expect(h.call("GET", "/api/promotion/activate/NGERN50", token, nil), 409, "BONUS_ALREADY_ACTIVE")
			// Transfers keep working.
			h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "")
			h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 50}), 200, "SUCCESS")
			list := h.call("GET", "/api/bonus", token, nil).Body["bonuses"].([]any)
			ub := list[0].(map[string]any)["userBonus"].(map[string]any)
			if ub["isActive"] != true || len(ub["received"].([]any)) != 1 {
				t.Fatalf("userBonus = %v", ub)
			}
		})

		t.Run("operator sees progress; the target reached unlocks", func(t *testing.T) {
			h := h.sub(t)
			fin := h.operator("fin", operator.Finance)
			r := h.call("GET", "/api/operator/conditions", fin, nil)
			conds, _ := r.Body["conditions"].([]any)
			if len(conds) != 1 || conds[0].(map[string]any)["memberId"] != memberID {
				t.Fatalf("conditions = %s", r.Raw)
			}
			h.credit("0811111111", money.FromBaht(400)) // total 600.00, but not by play
			if r := h.call("GET", "/api/bonus/check/active", token, nil); r.Body["status"] != true {
				t.Fatalf("an operator's credit met the condition: %s", r.Raw)
			}
			h.winAt(token, "SIAMSLOT", money.FromBaht(400)) // progress 200.00 + 400.00 won
			if r := h.call("GET", "/api/bonus/check/active", token, nil); r.Body["status"] != false {
				t.Fatalf("still active: %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 100}), 200, "SUCCESS")
			st := h.call("POST", "/api/statement", token, map[string]any{"page": 1, "limit": 50})
			if !strings.Contains(string(st.Raw), `"statementType":"finish_bonus"`) || !strings.Contains(string(st.Raw), `"statementType":"bonus"`) {
				t.Fatalf("statement = %s", st.Raw)
			}
			h.expect(h.call("GET", "/api/bonus/activate/WELCOME", token, nil), 400, "BONUS_MAX_CLAIMED")
		})

		t.Run("promotion code, cancel with forfeit, idempotent retry", func(t *testing.T) {
			h := h.sub(t)
			other := h.member("0822222222", "2222222222", money.FromBaht(10))
			r := h.call("GET", "/api/promotion/find/ngern50", other, nil)
			if r.Status != 200 || r.Body["code"] != "NGERN50" || num(r, "amount") != "50.00" {
				t.Fatalf("find = %s", r.Raw)
			}
			key := map[string]string{"Idempotency-Key": "promo-0001"}
			first := h.callWith("GET", "/api/promotion/activate/NGERN50", other, nil, key)
			h.expect(first, 200, "SUCCESS")
			again := h.callWith("GET", "/api/promotion/activate/NGERN50", other, nil, key)
			if string(again.Raw) != string(first.Raw) || again.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("retry = %d %s", again.Status, again.Raw)
			}
			cur := h.call("GET", "/api/promotion/current", other, nil)
			if p, _ := cur.Body["promotion"].(map[string]any); p["code"] != "NGERN50" {
				t.Fatalf("current = %s", cur.Raw)
			}
			if r := h.call("GET", "/api/bonus/check/active", other, nil); r.Body["type"] != "promotion" {
				t.Fatalf("check/active = %s", r.Raw)
			}
			r = h.call("GET", "/api/bonus/clear", other, nil)
			h.expect(r, 200, "BONUS_CLEAR")
			if num(r, "condition", "forfeited") != "50.00" || walletAmount(h.call("GET", "/api/wallet", other, nil)) != "10.00" {
				t.Fatalf("clear = %s", r.Raw)
			}
			h.expect(h.call("GET", "/api/promotion/activate/NGERN50", other, nil), 409, "PROMOTION_RECEIVED")
		})

		t.Run("cancel brings the games' money back, then forfeits", func(t *testing.T) {
			h := h.sub(t)
			fourth := h.member("0844444444", "4444444444", money.FromBaht(100))
			h.expect(h.call("GET", "/api/bonus/activate/DAILY", fourth, nil), 200, "SUCCESS") // 120.00
			h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", fourth, nil), 200, "")
			h.expect(h.call("POST", "/api/wallet/transfer", fourth, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 110}), 200, "SUCCESS")
			r := h.call("GET", "/api/bonus/clear", fourth, nil)
			h.expect(r, 200, "BONUS_CLEAR")
			w := h.call("GET", "/api/wallet", fourth, nil)
			if num(r, "condition", "forfeited") != "20.00" || walletAmount(w) != "100.00" || slot(w, "SIAMSLOT")["amount"] != json.Number("0.00") {
				t.Fatalf("clear = %s, wallet = %s", r.Raw, w.Raw)
			}
		})

		t.Run("operator edits and ends", func(t *testing.T) {
			h := h.sub(t)
			fin, sup := h.operator("fin2", operator.Finance), h.operator("sup", operator.Support)
			body := map[string]any{"code": "week10", "name": "Weekly 10", "type": "week", "maxReceived": 1, "amount": 10,
				"percentFail": 5, "successPercent": 150, "active": true, "banners": []any{map[string]any{"image": "https://img.example/a.png", "html": "<b>hi</b>"}}}
			h.expect(h.call("POST", "/api/operator/bonuses", sup, body), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("POST", "/api/operator/bonuses", fin, map[string]any{"code": "X Y", "name": "n", "type": "day", "maxReceived": 1, "amount": 1}), 400, "INVALID_REQUEST")
			r := h.call("POST", "/api/operator/bonuses", fin, body)
			h.expect(r, 200, "SUCCESS")
			if r.Body["bonus"].(map[string]any)["code"] != "WEEK10" {
				t.Fatalf("saved = %s", r.Raw)
			}
			body["active"] = false
			h.expect(h.call("PUT", "/api/operator/bonuses/WEEK10", fin, body), 200, "SUCCESS")
			h.expect(h.call("PUT", "/api/operator/bonuses/NOPE", fin, body), 404, "NO_DATA")
			h.expect(h.call("POST", "/api/operator/promotions", fin, map[string]any{"code": "TEN", "amount": 10, "limitTotal": 5, "active": true}), 200, "SUCCESS")
			list := h.call("GET", "/api/operator/promotions", sup, nil)
			if !strings.Contains(string(list.Raw), `"code":"TEN"`) {
				t.Fatalf("promotions = %s", list.Raw)
			}

			third := h.member("0833333333", "3333333333", 0)
			h.expect(h.call("GET", "/api/promotion/activate/TEN", third, nil), 200, "SUCCESS")
			conds := h.call("GET", "/api/operator/conditions", fin, nil).Body["conditions"].([]any)
			id := conds[0].(map[string]any)["_id"].(string)
			h.expect(h.call("POST", "/api/operator/conditions/"+id+"/end", sup, map[string]any{"forfeit": false}), 403, "FORBIDDEN_ROLE")
			r = h.call("POST", "/api/operator/conditions/"+id+"/end", fin, map[string]any{"forfeit": false})
			h.expect(r, 200, "SUCCESS")
			if r.Body["condition"].(map[string]any)["status"] != "ENDED" {
				t.Fatalf("end = %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/operator/conditions/"+id+"/end", fin, map[string]any{"forfeit": true}), 404, "NO_DATA")
			audit := h.call("GET", "/api/operator/audit?action=condition.end", h.operator("boss", operator.Owner), nil)
			if audit.Body["total"] != json.Number("1") {
				t.Fatalf("audit = %s", audit.Raw)
			}
			h.expect(h.call("POST", "/api/wallet/withdraw", third, map[string]any{"amount": 10}), 400, "WITHDRAW_MINIMUM")
		})

		t.Run("banner upload to the object store", func(t *testing.T) {
			h := h.sub(t)
			fin, sup := h.operator("fin3", operator.Finance), h.operator("sup3", operator.Support)
			upload := func(token string, data []byte) response {
				var body bytes.Buffer
				mw := multipart.NewWriter(&body)
				fw, _ := mw.CreateFormFile("file", "banner.png")
				fw.Write(data)
				mw.Close()
				return h.callWith("POST", "/api/operator/banners", token, body.String(), map[string]string{"Content-Type": mw.FormDataContentType()})
			}
			var pic bytes.Buffer
			png.Encode(&pic, image.NewGray(image.Rect(0, 0, 320, 180)))
			h.expect(upload(sup, pic.Bytes()), 403, "FORBIDDEN_ROLE")
			h.expect(upload(fin, []byte("<svg><script>alert(1)</script></svg>")), 400, "INVALID_REQUEST")
			r := upload(fin, pic.Bytes())
			h.expect(r, 200, "SUCCESS")
			link, _ := r.Body["image"].(string)
			if !strings.HasPrefix(link, "/api/promo/banners/b-") {
				t.Fatalf("upload = %s", r.Raw)
			}
			got := h.call("GET", link, "", nil) // served without a token: an image element sends none
			if got.Status != 200 || got.Header.Get("Content-Type") != "image/png" || !bytes.Equal(got.Raw, pic.Bytes()) ||
				!strings.Contains(got.Header.Get("Content-Security-Policy"), "sandbox") {
				t.Fatalf("serve = %d %v", got.Status, got.Header)
			}
			h.expect(h.call("GET", "/api/promo/banners/..%2Fsecret.key", "", nil), 404, "")
			h.expect(h.call("GET", "/api/promo/banners/b-000000000000.png", "", nil), 404, "NOT_FOUND")
		})

		var out strings.Builder
		if err := runCheck(context.Background(), h.tools, &out); err != nil {
			t.Fatalf("check: %v\n%s", err, out.String())
		}
	})
}

// TestPromoOperatorEditors pins the console's list and save of bonuses and
// promotion codes (one generic handler pair serves both): POST takes the
// code from the body, PUT from the path (a code in the body is ignored and
// an unknown one is 404 with nothing stored), the answer and the list carry
// the record under their keys, and the audit entry has before and after.
func TestPromoOperatorEditors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		fin, owner := h.operator("fin", operator.Finance), h.operator("boss", operator.Owner)
		for _, tc := range []struct {
			name, path, one, many, action, missing string
			body                                   map[string]any
		}{
			{name: "bonus", path: "/api/operator/bonuses", one: "bonus", many: "bonuses", action: "bonus.save", missing: "NO_DATA",
				body: map[string]any{"name": "Daily 5", "type": "day", "maxReceived": 1, "amount": 5, "active": true}},
			{name: "promotion", path: "/api/operator/promotions", one: "promotion", many: "promotions", action: "promotion.save", missing: "NO_PROMOTION",
				body: map[string]any{"description": "five", "amount": 5, "limitTotal": 3, "active": true}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				h := h.sub(t)
				body := func(code string, active bool) map[string]any {
					b := map[string]any{"code": code, "active": active}
					for k, v := range tc.body {
						if k != "active" {
							b[k] = v
						}
					}
					return b
				}
				r := h.call("POST", tc.path, fin, body("five", true))
				h.expect(r, 200, "SUCCESS")
				if rec, _ := r.Body[tc.one].(map[string]any); rec["code"] != "FIVE" || rec["active"] != true {
					t.Fatalf("created = %s", r.Raw)
				}
				r = h.call("PUT", tc.path+"/FIVE", fin, body("OTHER", false))
				h.expect(r, 200, "SUCCESS")
				if rec, _ := r.Body[tc.one].(map[string]any); rec["code"] != "FIVE" || rec["active"] != false {
					t.Fatalf("replaced = %s", r.Raw)
				}
				h.expect(h.call("PUT", tc.path+"/NOPE", fin, body("NOPE", true)), 404, tc.missing)

				list := h.call("GET", tc.path, fin, nil)
				h.expect(list, 200, "")
				var codes []string
				for _, v := range list.Body[tc.many].([]any) {
					codes = append(codes, v.(map[string]any)["code"].(string))
				}
				if strings.Join(codes, ",") != "FIVE" {
					t.Fatalf("%s = %v", tc.many, codes)
				}

				audit := h.call("GET", "/api/operator/audit?action="+tc.action+"&target=FIVE", owner, nil)
				entries, _ := audit.Body["entries"].([]any)
				if len(entries) != 2 {
					t.Fatalf("audit = %s", audit.Raw)
				}
				put, post := entries[0].(map[string]any), entries[1].(map[string]any)
				before, _ := put["before"].(map[string]any)
				after, _ := put["after"].(map[string]any)
				if before["active"] != true || after["active"] != false || post["before"] != nil || post["after"] == nil {
					t.Fatalf("audit = %s", audit.Raw)
				}
			})
		}
	})
}
