package app

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
)

// loseAt moves 100.00 to SIAMSLOT and plays 10.00 spins until less than
// 10.00 is left, and returns the net loss (100.00 − what is left).
func (h *harness) loseAt(token string) money.Satang {
	h.t.Helper()
	h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "")
	h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 100}), 200, "SUCCESS")
	cred := h.call("GET", "/api/wallet/account/SIAMSLOT", token, nil)
	link := h.call("GET", "/api/autoLogin/SIAMSLOT/"+cred.Body["username"].(string), token, nil)
	h.expect(link, 200, "")
	// Each spin stakes everything left (up to the slot's cap): the demo
	// slot loses a spin about two times in three, so the money is gone in
	// a few spins. Small stakes made this a long random walk that a run of
	// wins could keep above the floor for thousands of spins.
	left := money.FromBaht(100)
	for i := 0; left >= money.FromBaht(10); i++ {
		if i > 200 {
			h.t.Fatal("the demo slot never took the money")
		}
		r, err := sim.Spin(context.Background(), h.play, link.Body["link"].(string), min(left, money.FromBaht(1000)))
		if err != nil {
			h.t.Fatal(err)
		}
		left = r.Balance
	}
	return money.FromBaht(100) - left
}

// concurrently sends n identical calls at once and counts the answers by
// status and message.
func (h *harness) concurrently(n int, method, path, token string) map[string]int {
	h.t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	out := map[string]int{}
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := h.do(method, path, token, nil, nil)
			if err != nil {
				h.t.Error(err)
				return
			}
			mu.Lock()
			out[r.message()]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

func TestRefundAndInviteAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		fin := h.operator("fin", operator.Finance)
		support := h.operator("sup", operator.Support)
		inviter := h.member("0811111111", "1111111111", 0)
		inv := h.call("POST", "/api/invite", inviter, map[string]any{"page": 1, "limit": 10})
		h.expect(inv, 200, "")
		code, _ := inv.Body["code"].(string)
		if len(code) != 10 || code[:2] != "PR" {
			t.Fatalf("invite code = %s", inv.Raw)
		}
		reg := registration("0822222222", "2222222222")
		reg["inviteCode"] = code
		h.expect(h.call("POST", "/api/account", "", reg), 201, "SUCCESS")
		invitee := h.login("0822222222", "s3cret-pass")
		h.credit("0822222222", money.FromBaht(500))

		t.Run("inactive programs refuse", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/refund/receive", invitee, nil), 400, "REFUND_INACTIVE")
			h.expect(h.call("GET", "/api/refund/addWallet", invitee, nil), 400, "REFUND_INACTIVE")
			h.expect(h.call("GET", "/api/invite/receive", inviter, nil), 400, "INVITE_INACTIVE")
			r := h.call("GET", "/api/refund/banners", invitee, nil)
			if r.Status != 200 || string(r.Raw) != "[]\n" && string(r.Raw) != "[]" {
				t.Fatalf("banners = %d %s", r.Status, r.Raw)
			}
		})

		t.Run("settings: bad input changes nothing, roles are checked", func(t *testing.T) {
			h := h.sub(t)
			bad := map[string]any{"active": true, "period": "monthly", "rateBP": 1000, "successPercent": 200, "failPercent": 10}
			h.expect(h.call("PUT", "/api/operator/rewards/refund/settings", fin, bad), 400, "INVALID_REQUEST")
			h.expect(h.call("PUT", "/api/operator/rewards/refund/settings", support, bad), 403, "FORBIDDEN_ROLE")
			r := h.call("GET", "/api/operator/rewards/refund/settings", support, nil)
			if st := r.Body["settings"].(map[string]any); st["active"] != false || st["period"] != "daily" {
				t.Fatalf("settings after a refused save = %s", r.Raw)
			}
			good := map[string]any{"active": true, "period": "daily", "rateBP": 1000, "minNetLoss": 1,
				"successPercent": 200, "failPercent": 10, "info": map[string]string{"en": "<p>10% back</p>"},
				"banners": []map[string]string{{"image": "https://img.example/r.png", "html": "<p>cashback</p>"}}}
			h.expect(h.call("PUT", "/api/operator/rewards/refund/settings", fin, good), 200, "SUCCESS")
			good["rateBP"], good["successPercent"], good["failPercent"] = 500, 300, 20
			good["banners"] = []map[string]string{}
			h.expect(h.call("PUT", "/api/operator/rewards/invite/settings", fin, good), 200, "SUCCESS")
		})

		var loss money.Satang
		t.Run("nothing before the period closes", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/invite/receive", inviter, nil), 400, "NO_INVITEE_PLAY_INFO")
			loss = h.loseAt(invitee)
			h.expect(h.call("GET", "/api/refund/receive", invitee, nil), 400, "NO_REFUND")
			h.expect(h.call("GET", "/api/refund/addWallet", invitee, nil), 400, "REFUND_MINIMUM")
		})
		refund, commission := loss*1000/10000, loss*500/10000

		t.Run("an operator closes the periods", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("POST", "/api/operator/refund/close-period", support, nil), 403, "FORBIDDEN_ROLE")
			r := h.call("POST", "/api/operator/refund/close-period", fin, nil)
			h.expect(r, 200, "SUCCESS")
			run := r.Body["run"].(map[string]any)
			if run["amount"] != json.Number(refund.String()) || run["members"] != json.Number("1") {
				t.Fatalf("refund run = %s, want %s", r.Raw, refund)
			}
			h.expect(h.call("POST", "/api/operator/invite/close-period", fin, nil), 200, "SUCCESS")
			owner := h.operator("own", operator.Owner)
			for _, action := range []string{"refund.close-period", "invite.close-period", "reward.settings"} {
				a := h.call("GET", "/api/operator/audit?action="+action, owner, nil)
				h.expect(a, 200, "")
				if !strings.Contains(string(a.Raw), `"fin"`) {
					t.Fatalf("audit of %s = %s", action, a.Raw)
				}
			}
			runs := h.call("GET", "/api/operator/rewards/invite/runs", fin, nil)
			list, _ := runs.Body["runs"].([]any)
			if len(list) != 1 || list[0].(map[string]any)["amount"] != json.Number(commission.String()) {
				t.Fatalf("invite runs = %s, want %s", runs.Raw, commission)
			}
			st := h.call("GET", "/api/operator/collection", support, nil)
			games, _ := st.Body["games"].([]any)
			if len(games) == 0 {
				t.Fatalf("collection = %s", st.Raw)
			}
			res := h.call("GET", "/api/operator/game-results", support, nil)
			if rows, _ := res.Body["results"].([]any); len(rows) != 1 ||
				rows[0].(map[string]any)["net"] != json.Number((-loss).String()) {
				t.Fatalf("game results = %s, want net %s", res.Raw, -loss)
			}
		})

		t.Run("refund: check, 50 receives, 50 addWallets move it once", func(t *testing.T) {
			h := h.sub(t)
			c := h.call("GET", "/api/refund/check", invitee, nil)
			if c.Body["result"] != true || c.Body["bonus"] != false || num(c, "refundAmount") != refund.String() ||
				c.Body["refundSuccess"] != json.Number("200") || c.Body["refundFail"] != json.Number("10") ||
				c.Body["info"] != "<p>10% back</p>" {
				t.Fatalf("check = %s", c.Raw)
			}
			got := h.concurrently(50, "GET", "/api/refund/receive?lang=en", invitee)
			if got["SUCCESS"] != 1 || got["NO_REFUND"] != 49 {
				t.Fatalf("receives = %v", got)
			}
			before := walletAmount(h.call("GET", "/api/wallet", invitee, nil))
			got = h.concurrently(50, "GET", "/api/refund/addWallet", invitee)
			if got["REFUND_SUCCESS"] != 1 || got["REFUND_MINIMUM"]+got["REFUND_CONDITION"] != 49 {
				t.Fatalf("addWallets = %v", got)
			}
			after := walletAmount(h.call("GET", "/api/wallet", invitee, nil))
			if want := mustBaht(t, before) + refund; mustBaht(t, after) != want {
				t.Fatalf("wallet %s → %s, want %s", before, after, want)
			}
			if h.ledgerBalance(ledger.RefundExpense.ID) != -refund {
				t.Fatal("sys:refunds is not minus the refund")
			}
			c = h.call("GET", "/api/refund/check", invitee, nil)
			if c.Body["bonus"] != true || c.Body["result"] != false {
				t.Fatalf("check after = %s", c.Raw)
			}
			log := h.call("POST", "/api/refund", invitee, map[string]any{"page": 1, "limit": 10})
			rows, _ := log.Body["refunds"].([]any)
			if len(rows) != 1 || rows[0].(map[string]any)["refundAmount"] != json.Number(refund.String()) {
				t.Fatalf("refund log = %s", log.Raw)
			}
			a := h.call("GET", "/api/bonus/check/active", invitee, nil)
			if a.Body["status"] != true || a.Body["type"] != "refund" {
				t.Fatalf("check/active = %s", a.Raw)
			}
		})

		t.Run("invite: the wallet shows it, 50 receives credit it once", func(t *testing.T) {
			h := h.sub(t)
			w := h.call("GET", "/api/wallet", inviter, nil)
			iv := w.Body["invite"].(map[string]any)
			if iv["amount"] != json.Number(commission.String()) || iv["success"] != json.Number("300") || iv["fail"] != json.Number("20") {
				t.Fatalf("wallet invite = %v", iv)
			}
			b := h.call("GET", "/api/invite/bonus", inviter, nil)
			if num(b, "amount") != commission.String() {
				t.Fatalf("invite bonus = %s", b.Raw)
			}
			got := h.concurrently(50, "GET", "/api/invite/receive", inviter)
			if got["INVITE_BONUS_SUCCESS"] != 1 || got["INVITE_COLLECT"]+got["INVITE_BONUS_FAIL"] != 49 {
				t.Fatalf("receives = %v", got)
			}
			if walletAmount(h.call("GET", "/api/wallet", inviter, nil)) != commission.String() {
				t.Fatal("the inviter's wallet did not rise by the commission once")
			}
			if h.ledgerBalance(ledger.InviteExpense.ID) != -commission {
				t.Fatal("sys:invites is not minus the commission")
			}
			list := h.call("POST", "/api/invite", inviter, map[string]any{"page": 1, "limit": 10})
			rows, _ := list.Body["invites"].([]any)
			if len(rows) != 1 || rows[0].(map[string]any)["from"].(map[string]any)["name"] != "Somchai Jaidee" ||
				rows[0].(map[string]any)["amount"] != json.Number(commission.String()) {
				t.Fatalf("invites = %s", list.Raw)
			}
		})
		t.Run("closing again accrues nothing twice", func(t *testing.T) {
			h := h.sub(t)
			h.advance(1000)
			r := h.call("POST", "/api/operator/refund/close-period", fin, nil)
			h.expect(r, 200, "SUCCESS")
			if r.Body["run"].(map[string]any)["amount"] != json.Number("0.00") {
				t.Fatalf("second close = %s", r.Raw)
			}
		})
	})
}

func mustBaht(t *testing.T, s string) money.Satang {
	t.Helper()
	var v money.Satang
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	return v
}
