package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/wallet"
)

// member signs up a member with registration OTP off and credits wallet.
func (h *harness) member(phone, bankNo string, wallet money.Satang) string {
	h.t.Helper()
	h.expect(h.call("POST", "/api/account", "", registration(phone, bankNo)), 201, "SUCCESS")
	if wallet > 0 {
		h.credit(phone, wallet)
	}
	return h.login(phone, "s3cret-pass")
}

func (h *harness) credit(phone string, amount money.Satang) {
	h.t.Helper()
	if _, err := h.tools.wallet.Adjust(context.Background(), wallet.Adjustment{Phone: phone, Amount: amount, Reason: "test", By: "test"}); err != nil {
		h.t.Fatal(err)
	}
}

// walletAmount reads wallet.amount of a wallet or transfer answer.
func walletAmount(r response) string {
	w, _ := r.Body["wallet"].(map[string]any)
	n, _ := w["amount"].(json.Number)
	return n.String()
}

// slot returns the slot with code of a wallet answer.
func slot(r response, code string) map[string]any {
	slots, _ := r.Body["slots"].([]any)
	for _, s := range slots {
		if m, _ := s.(map[string]any); m["code"] == code {
			return m
		}
	}
	return nil
}

// ledgerBalance reads a ledger account.
func (h *harness) ledgerBalance(id string) money.Satang {
	h.t.Helper()
	b, err := h.tools.ledger.Balance(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return b
}

func TestWalletAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		token := h.member("0811111111", "1111111111", money.FromBaht(1000))
		other := h.member("0822222222", "2222222222", 0)

		t.Run("Home", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/wallet", token, nil)
			h.expect(r, 200, "")
			for _, k := range []string{"profile", "bankAccount", "wallet", "invite", "slots", "updatedAt"} {
				if _, ok := r.Body[k]; !ok {
					t.Fatalf("no %q in %s", k, r.Raw)
				}
			}
			if walletAmount(r) != "1000.00" {
				t.Fatalf("wallet = %s", walletAmount(r))
			}
			p := r.Body["profile"].(map[string]any)
			if p["username"] != "0811111111" || p["_id"] == "" {
				t.Fatalf("profile = %v", p)
			}
			if b := r.Body["bankAccount"].(map[string]any)["bank"].(map[string]any); b["nameEN"] != "Kasikornbank" {
				t.Fatalf("bank = %v", b)
			}
			slots := r.Body["slots"].([]any)
			counts := map[string]int{}
			for _, s := range slots {
				m := s.(map[string]any)
				counts[m["category"].(string)]++
				for _, k := range []string{"code", "name", "logo", "background", "isActive", "amount", "ftWalletSlot", "category", "web", "android", "ios"} {
					if _, ok := m[k]; !ok {
						t.Fatalf("slot without %q: %v", k, m)
					}
				}
				// The demo pictures are stored inline; the answer links to
				// them instead of repeating them.
				if m["isActive"] != false || m["web"] != nil ||
					!strings.HasPrefix(m["logo"].(string), "/api/games/"+m["code"].(string)+"/logo?v=") ||
					!strings.HasPrefix(m["background"].(string), "/api/games/"+m["code"].(string)+"/background?v=") {
					t.Fatalf("slot = %v", m)
				}
			}
			if counts["slot"] != 4 || counts["sport"] != 2 || counts["lotto"] != 2 {
				t.Fatalf("categories = %v", counts)
			}
			if len(r.Raw) > 4096 {
				t.Fatalf("the home answer is %d bytes", len(r.Raw))
			}
			h.expect(h.call("GET", "/api/wallet", "", nil), 401, "invalid-token")
		})
		t.Run("GameImages", func(t *testing.T) {
			h := h.sub(t)
			link := slot(h.call("GET", "/api/wallet", token, nil), "SIAMSLOT")["logo"].(string)
			get := func(path string, header map[string]string) *http.Response {
				t.Helper()
				req, _ := http.NewRequest("GET", h.srv.URL+path, nil)
				for k, v := range header {
					req.Header.Set(k, v)
				}
				res, err := h.srv.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { res.Body.Close() })
				return res
			}
			res := get(link, nil)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" ||
				!bytes.HasPrefix(body, []byte("<svg ")) {
				t.Fatalf("logo: %d %s %.40s", res.StatusCode, res.Header.Get("Content-Type"), body)
			}
			if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
				t.Fatalf("versioned link: Cache-Control %q", cc)
			}
			if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") ||
				!strings.Contains(csp, "sandbox") || res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("an SVG must be confined: CSP %q", csp)
			}
			// Without the current version the answer is cached briefly.
			bare := get("/api/games/SIAMSLOT/logo", nil)
			if cc := bare.Header.Get("Cache-Control"); bare.StatusCode != 200 || cc != "public, max-age=60" {
				t.Fatalf("bare link: %d, Cache-Control %q", bare.StatusCode, cc)
			}
			if nm := get(link, map[string]string{"If-None-Match": res.Header.Get("ETag")}); nm.StatusCode != 304 {
				t.Fatalf("If-None-Match: %d", nm.StatusCode)
			}
			bg := get(slot(h.call("GET", "/api/wallet", token, nil), "MEKONG")["background"].(string), nil)
			if bg.StatusCode != 200 || bg.Header.Get("Content-Type") != "image/svg+xml" {
				t.Fatalf("background: %d %s", bg.StatusCode, bg.Header.Get("Content-Type"))
			}
			h.expect(h.call("GET", "/api/games/NOPE/logo", "", nil), 404, "NO_GAME")
			h.expect(h.call("GET", "/api/games/SIAMSLOT/icon", "", nil), 404, "NOT_FOUND")
		})
		t.Run("Activate", func(t *testing.T) {
			h := h.sub(t)
			h.expect(h.call("GET", "/api/wallet/account/SIAMSLOT", token, nil), 404, "SLOT_NO_ACCOUNT")
			h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "SUCCESS")
			h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 409, "SLOT_ALREADY_ACTIVE")
			h.expect(h.call("GET", "/api/wallet/activate/NOPE", token, nil), 404, "NO_GAME")
			if s := slot(h.call("GET", "/api/wallet", token, nil), "SIAMSLOT"); s["isActive"] != true {
				t.Fatalf("slot = %v", s)
			}
			cred := h.call("GET", "/api/wallet/account/SIAMSLOT", token, nil)
			h.expect(cred, 200, "")
			reset := h.call("GET", "/api/wallet/resetpassword/SIAMSLOT", token, nil)
			h.expect(reset, 200, "")
			if reset.Body["username"] != cred.Body["username"] || reset.Body["password"] == cred.Body["password"] {
				t.Fatalf("reset %s after %s", reset.Raw, cred.Raw)
			}
			again := h.call("GET", "/api/wallet/account/SIAMSLOT", token, nil)
			if again.Body["password"] != reset.Body["password"] {
				t.Fatal("the new password was not stored")
			}
			// The password is sealed at rest.
			var stored string
			if err := db.SQL().QueryRow(`SELECT password_enc FROM game_accounts`).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(stored, reset.Body["password"].(string)) {
				t.Fatal("the game password is stored in clear")
			}
			h.expect(h.call("GET", "/api/wallet/account/SIAMSLOT", other, nil), 404, "SLOT_NO_ACCOUNT")
		})
		t.Run("TransferErrors", func(t *testing.T) {
			cases := []struct {
				name   string
				body   string
				status int
				code   string
			}{
				{"ErrMinimum", `{"from":"WALLET","to":"SIAMSLOT","amount":0.99}`, 400, "TRANSFER_MINIMUM"},
				{"ErrZero", `{"from":"WALLET","to":"SIAMSLOT","amount":0}`, 400, "TRANSFER_MINIMUM"},
				{"ErrNegative", `{"from":"WALLET","to":"SIAMSLOT","amount":-5}`, 400, "INVALID_AMOUNT"},
				{"ErrExponent", `{"from":"WALLET","to":"SIAMSLOT","amount":1e2}`, 400, "INVALID_AMOUNT"},
				{"ErrThreeDecimals", `{"from":"WALLET","to":"SIAMSLOT","amount":1.234}`, 400, "INVALID_AMOUNT"},
				{"ErrNotANumber", `{"from":"WALLET","to":"SIAMSLOT","amount":"NaN"}`, 400, "INVALID_AMOUNT"},
				{"ErrOverMax", `{"from":"WALLET","to":"SIAMSLOT","amount":10000000.01}`, 400, "INVALID_AMOUNT"},
				{"ErrSameAccount", `{"from":"SIAMSLOT","to":"SIAMSLOT","amount":10}`, 400, "SAME_ACCOUNT"},
				{"ErrMoneyNotEnough", `{"from":"WALLET","to":"SIAMSLOT","amount":1000.01}`, 400, "MONEY_NOT_ENOUGH"},
				{"ErrNoAccount", `{"from":"WALLET","to":"NAGAGOLD","amount":10}`, 404, "SLOT_NO_ACCOUNT"},
				{"ErrNoGame", `{"from":"WALLET","to":"NOPE","amount":10}`, 404, "NO_GAME"},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					h := h.sub(t)
					h.expect(h.call("POST", "/api/wallet/transfer", token, c.body), c.status, c.code)
				})
			}
			if walletAmount(h.call("GET", "/api/wallet", token, nil)) != "1000.00" {
				t.Fatal("a refused transfer moved money")
			}
		})
		t.Run("TransferAndRefresh", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 300.5})
			h.expect(r, 200, "SUCCESS")
			if walletAmount(r) != "699.50" {
				t.Fatalf("transfer = %s", r.Raw)
			}
			cred := h.call("GET", "/api/wallet/account/SIAMSLOT", token, nil)
			username, password := cred.Body["username"].(string), cred.Body["password"].(string)
			// Play a few rounds at the provider, as the member would.
			link := h.call("GET", "/api/autoLogin/SIAMSLOT/"+username, token, nil)
			h.expect(link, 200, "")
			for range 5 {
				if _, err := sim.Spin(context.Background(), h.play, link.Body["link"].(string), money.FromBaht(10)); err != nil {
					t.Fatal(err)
				}
			}
			at, err := h.provider.Balance(context.Background(), "SIAMSLOT", username)
			if err != nil {
				t.Fatal(err)
			}
			r = h.call("GET", "/api/wallet/refresh/slot", token, nil)
			h.expect(r, 200, "")
			if got := slot(r, "SIAMSLOT")["amount"].(json.Number).String(); got != at.String() {
				t.Fatalf("refreshed %s, provider has %s", got, at)
			}
			if h.ledgerBalance(ledger.Game(r.Body["profile"].(map[string]any)["_id"].(string), "SIAMSLOT").ID) != at {
				t.Fatal("the GAME account does not mirror the provider")
			}
			t.Run("AutoLoginOwnAccountOnly", func(t *testing.T) {
				h := h.sub(t)
				h.expect(h.call("GET", "/api/autoLogin/SIAMSLOT/"+username+"/"+password, token, nil), 200, "")
				h.expect(h.call("GET", "/api/autoLogin/SIAMSLOT/"+username+"/wrong-password", token, nil), 404, "SLOT_NO_ACCOUNT")
				h.expect(h.call("GET", "/api/autoLogin/SIAMSLOT/someone-else", token, nil), 404, "SLOT_NO_ACCOUNT")
				h.expect(h.call("GET", "/api/autoLogin/SIAMSLOT/"+username, other, nil), 404, "SLOT_NO_ACCOUNT")
				if strings.Contains(h.logs.String(), password) {
					t.Fatal("a game password is in the log")
				}
			})
			t.Run("TransferAll", func(t *testing.T) {
				h := h.sub(t)
				h.expect(h.call("GET", "/api/wallet/activate/MUAYBET", token, nil), 200, "SUCCESS")
				h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "SIAMSLOT", "to": "MUAYBET", "amount": 100}), 200, "SUCCESS")
				r := h.call("POST", "/api/wallet/transferAll", token, map[string]any{"to": "WALLET"})
				h.expect(r, 200, "SUCCESS")
				if want := (money.FromBaht(1000) - money.Satang(300_50) + at).String(); walletAmount(r) != want {
					t.Fatalf("wallet %s, want %s", walletAmount(r), want)
				}
				r = h.call("POST", "/api/wallet/transferAll", token, map[string]any{"to": "MUAYBET"})
				h.expect(r, 200, "SUCCESS")
				if walletAmount(r) != "0.00" {
					t.Fatalf("wallet %s after moving it all", walletAmount(r))
				}
				h.expect(h.call("POST", "/api/wallet/transferAll", token, map[string]any{"to": "WALLET"}), 200, "SUCCESS")
			})
		})
	})
}

func TestWithdrawals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) {
			c.RegisterOTP = false
			c.OperatorToken = strings.Repeat("c", 40)
		})
		token := h.member("0811111111", "1111111111", money.FromBaht(1000))
		opToken := h.operator("alice", operator.Owner)
		t.Run("ErrRules", func(t *testing.T) {
			cases := []struct {
				name, body string
				status     int
				code       string
			}{
				{"ErrMinimum", `{"amount":99.99}`, 400, "WITHDRAW_MINIMUM"},
				{"ErrMaximum", `{"amount":50000.01}`, 400, "WITHDRAW_MAXIMUM"},
				{"ErrMoneyNotEnough", `{"amount":1000.01}`, 400, "MONEY_NOT_ENOUGH"},
				{"ErrAmount", `{"amount":"abc"}`, 400, "INVALID_AMOUNT"},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					h := h.sub(t)
					h.expect(h.call("POST", "/api/wallet/withdraw", token, c.body), c.status, c.code)
				})
			}
		})
		var first string
		t.Run("OKRejectByAPI", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 400})
			h.expect(r, 200, "SUCCESS")
			w := r.Body["withdrawal"].(map[string]any)
			if w["status"] != "PENDING" || w["amount"] != json.Number("400.00") {
				t.Fatalf("withdrawal = %v", w)
			}
			first = w["_id"].(string)
			h.expect(h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 100}), 409, "WITHDRAW_PENDING")
			if walletAmount(h.call("GET", "/api/wallet", token, nil)) != "600.00" {
				t.Fatal("the amount is not held")
			}
			h.expect(h.call("GET", "/api/operator/withdrawals", "", nil), 401, "invalid-token")
			h.expect(h.call("GET", "/api/operator/withdrawals", token, nil), 401, "invalid-token")
			list := h.call("GET", "/api/operator/withdrawals", opToken, nil)
			h.expect(list, 200, "")
			ws := list.Body["withdrawals"].([]any)
			if len(ws) != 1 || ws[0].(map[string]any)["phone"] != "0811111111" {
				t.Fatalf("pending = %s", list.Raw)
			}
			h.expect(h.call("POST", "/api/operator/withdrawals/"+first+"/reject", opToken, map[string]any{}), 400, "INVALID_REQUEST")
			h.expect(h.call("POST", "/api/operator/withdrawals/"+first+"/reject", opToken, map[string]any{"reason": "name mismatch"}), 200, "SUCCESS")
			h.expect(h.call("POST", "/api/operator/withdrawals/"+first+"/approve", opToken, nil), 404, "NO_DATA")
			if walletAmount(h.call("GET", "/api/wallet", token, nil)) != "1000.00" {
				t.Fatal("a rejected withdrawal was not returned")
			}
			rejected := h.call("GET", "/api/operator/withdrawals?status=REJECTED", opToken, nil)
			h.expect(rejected, 200, "")
			if rs := rejected.Body["withdrawals"].([]any); len(rs) != 1 || rs[0].(map[string]any)["reason"] != "name mismatch" || rs[0].(map[string]any)["decidedAt"] == nil {
				t.Fatalf("rejected = %s", rejected.Raw)
			}
			h.expect(h.call("GET", "/api/operator/withdrawals?status=PAID", opToken, nil), 400, "INVALID_REQUEST")
		})
		t.Run("OKApproveByConfigToken", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 250})
			h.expect(r, 200, "SUCCESS")
			id := r.Body["withdrawal"].(map[string]any)["_id"].(string)
			h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/approve", strings.Repeat("c", 40), nil), 200, "SUCCESS")
			if h.ledgerBalance(ledger.WithdrawalsOut.ID) != money.FromBaht(250) {
				t.Fatal("the approved withdrawal was not paid out")
			}
		})
		t.Run("CLI", func(t *testing.T) {
			h := h.sub(t)
			ctx := context.Background()
			var out strings.Builder
			if err := runAdjust(ctx, h.tools, []string{"-phone", "0811111111", "-amount", "-50.25", "-reason", "fee"}, &out); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), "wallet balance 699.75") {
				t.Fatalf("adjust printed %q", out.String())
			}
			if err := runAdjust(ctx, h.tools, []string{"-phone", "0811111111", "-amount", "-700", "-reason", "too much"}, &out); err == nil {
				t.Fatal("a debit below zero was accepted")
			}
			r := h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 200})
			h.expect(r, 200, "SUCCESS")
			id := r.Body["withdrawal"].(map[string]any)["_id"].(string)
			out.Reset()
			if err := runWithdrawals(ctx, h.tools, nil, &out); err != nil || !strings.Contains(out.String(), id) || !strings.Contains(out.String(), "200.00") {
				t.Fatalf("list printed %q, %v", out.String(), err)
			}
			if err := runWithdrawals(ctx, h.tools, []string{"reject", id}, &out); err == nil {
				t.Fatal("a reject without reason was accepted")
			}
			out.Reset()
			if err := runWithdrawals(ctx, h.tools, []string{"reject", id, "-reason", "closed account"}, &out); err != nil || !strings.Contains(out.String(), "rejected") {
				t.Fatalf("reject printed %q, %v", out.String(), err)
			}
			r = h.call("POST", "/api/wallet/withdrawAll", token, map[string]any{})
			h.expect(r, 200, "SUCCESS")
			id = r.Body["withdrawal"].(map[string]any)["_id"].(string)
			if r.Body["withdrawal"].(map[string]any)["amount"] != json.Number("699.75") {
				t.Fatalf("withdrawAll = %s", r.Raw)
			}
			out.Reset()
			if err := runWithdrawals(ctx, h.tools, []string{"approve", id}, &out); err != nil || !strings.Contains(out.String(), "approved") {
				t.Fatalf("approve printed %q, %v", out.String(), err)
			}
			out.Reset()
			if err := runCheck(ctx, h.tools, &out); err != nil || !strings.HasPrefix(out.String(), "ledger ok:") {
				t.Fatalf("check printed %q, %v", out.String(), err)
			}
		})
		t.Run("OperatorAdjustAndGames", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/operator/adjustments", opToken, map[string]any{"phone": "0811111111", "amount": 500, "reason": "bank deposit"})
			h.expect(r, 200, "SUCCESS")
			if walletAmount(r) != "500.00" {
				t.Fatalf("adjust = %s", r.Raw)
			}
			r = h.call("POST", "/api/operator/adjustments", opToken, map[string]any{"phone": "0811111111", "amount": -500.01, "reason": "x"})
			h.expect(r, 400, "MONEY_NOT_ENOUGH")
			h.expect(h.call("POST", "/api/operator/adjustments", opToken, map[string]any{"phone": "0811111111", "amount": 1.001, "reason": "x"}), 400, "INVALID_AMOUNT")
			h.expect(h.call("POST", "/api/operator/adjustments", opToken, map[string]any{"phone": "0800000000", "amount": 1, "reason": "x"}), 404, "NO_USER")
			games := h.call("GET", "/api/operator/games", opToken, nil)
			h.expect(games, 200, "")
			if len(games.Body["games"].([]any)) != 8 {
				t.Fatalf("games = %s", games.Raw)
			}
		})
	})
}

func TestCheckReportsCorruption(t *testing.T) {
	db := storetest.Open(t, sqlstore.SQLite)
	h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
	h.member("0811111111", "1111111111", money.FromBaht(10))
	if _, err := db.SQL().Exec(`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'wallet'`); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := runCheck(context.Background(), h.tools, &out); err != errCheckFailed || !strings.Contains(out.String(), "but its postings sum to") {
		t.Fatalf("check printed %q, %v", out.String(), err)
	}
	// Put it back, so that the harness's own check passes.
	if _, err := db.SQL().Exec(`UPDATE ledger_accounts SET balance = balance - 1 WHERE kind = 'wallet'`); err != nil {
		t.Fatal(err)
	}
}

func TestStatement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		a := h.member("0811111111", "1111111111", money.FromBaht(1000))
		b := h.member("0822222222", "2222222222", money.FromBaht(5))
		h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", a, nil), 200, "SUCCESS")
		for i := range 12 {
			h.expect(h.call("POST", "/api/wallet/transfer", a, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": i + 1}), 200, "SUCCESS")
		}
		h.expect(h.call("POST", "/api/wallet/withdraw", a, map[string]any{"amount": 100}), 200, "SUCCESS")
		// a: 1 deposit (adjustment), 12 transfers, 1 withdrawal.
		cases := []struct {
			name        string
			page, limit int
			want        int
		}{
			{"DefaultLimit", 0, 0, 10},
			{"Page2", 2, 10, 4},
			{"Beyond", 3, 10, 0},
			{"LimitCapped", 1, 500, 14},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				r := h.call("POST", "/api/statement", a, map[string]any{"page": c.page, "limit": c.limit})
				h.expect(r, 200, "")
				if r.Body["total"] != json.Number("14") || len(r.Body["statements"].([]any)) != c.want {
					t.Fatalf("got total %v and %d items, want 14 and %d", r.Body["total"], len(r.Body["statements"].([]any)), c.want)
				}
			})
		}
		t.Run("NewestFirst", func(t *testing.T) {
			h := h.sub(t)
			items := h.call("POST", "/api/statement", a, map[string]any{"page": 1, "limit": 50}).Body["statements"].([]any)
			first, last := items[0].(map[string]any), items[len(items)-1].(map[string]any)
			if first["statementType"] != "withdraw" || first["status"] != "PENDING" {
				t.Fatalf("newest = %v", first)
			}
			if last["statementType"] != "deposit" || last["source"] != "adjustment" || last["status"] != "SUCCESS" || last["to"] != "WALLET" {
				t.Fatalf("oldest = %v", last)
			}
			second := items[1].(map[string]any)
			if second["statementType"] != "transfer" || second["from"] != "WALLET" || second["to"] != "SIAMSLOT" || second["amount"] != json.Number("12.00") {
				t.Fatalf("second = %v", second)
			}
		})
		t.Run("ScopedToCaller", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("POST", "/api/statement", b, map[string]any{"page": 1, "limit": 50})
			h.expect(r, 200, "")
			items := r.Body["statements"].([]any)
			if r.Body["total"] != json.Number("1") || len(items) != 1 || items[0].(map[string]any)["amount"] != json.Number("5.00") {
				t.Fatalf("b sees %s", r.Raw)
			}
			h.expect(h.call("POST", "/api/statement", "", map[string]any{"page": 1}), 401, "invalid-token")
		})
	})
}

func TestConcurrentMoney(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		t.Run("WithdrawWholeBalance20Times", func(t *testing.T) {
			h := h.sub(t)
			token := h.member("0811111111", "1111111111", money.FromBaht(1000))
			results := fire(t, 20, func(int) (response, error) {
				return h.do("POST", "/api/wallet/withdraw", token, map[string]any{"amount": 1000}, nil)
			})
			ok := 0
			for _, r := range results {
				switch {
				case r.Status == 200:
					ok++
				case r.Status == 409 && r.message() == "WITHDRAW_PENDING", r.Status == 400 && r.message() == "MONEY_NOT_ENOUGH":
				default:
					t.Errorf("unexpected answer %d %s", r.Status, r.Raw)
				}
			}
			if ok != 1 {
				t.Fatalf("%d withdrawals of the whole balance succeeded, want 1", ok)
			}
			if walletAmount(h.call("GET", "/api/wallet", token, nil)) != "0.00" {
				t.Fatal("wallet not held")
			}
		})
		t.Run("SameIdempotencyKey50Times", func(t *testing.T) {
			h := h.sub(t)
			token := h.member("0822222222", "2222222222", money.FromBaht(1000))
			h.expect(h.call("GET", "/api/wallet/activate/SIAMSLOT", token, nil), 200, "SUCCESS")
			key := map[string]string{"Idempotency-Key": "transfer-0001"}
			body := map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 100}
			results := fire(t, 50, func(int) (response, error) {
				return h.do("POST", "/api/wallet/transfer", token, body, key)
			})
			for _, r := range results {
				if r.Status != 200 || string(r.Raw) != string(results[0].Raw) {
					t.Fatalf("answers differ: %d %s and %d %s", r.Status, r.Raw, results[0].Status, results[0].Raw)
				}
			}
			if walletAmount(results[0]) != "900.00" {
				t.Fatalf("answer = %s", results[0].Raw)
			}
			home := h.call("GET", "/api/wallet", token, nil)
			if walletAmount(home) != "900.00" || slot(home, "SIAMSLOT")["amount"] != json.Number("100.00") {
				t.Fatalf("money moved more than once: %s", walletAmount(home))
			}
			later := h.callWith("POST", "/api/wallet/transfer", token, body, key)
			if later.Status != 200 || string(later.Raw) != string(results[0].Raw) || later.Header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("a later retry got %d %s", later.Status, later.Raw)
			}
			h.expect(h.callWith("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 101}, key), 409, "IDEMPOTENCY_CONFLICT")
			// A key is the caller's own: another member's same key is another request.
			other := h.member("0833333333", "3333333333", money.FromBaht(10))
			h.expect(h.callWith("POST", "/api/wallet/withdraw", other, map[string]any{"amount": 1000}, key), 400, "MONEY_NOT_ENOUGH")
		})
	})
}

// fire runs n calls at once and returns their answers.
func fire(t *testing.T, n int, call func(i int) (response, error)) []response {
	t.Helper()
	out := make([]response, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i], errs[i] = call(i)
		}()
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("call %d: %v", i, fmt.Errorf("%w", err))
		}
	}
	return out
}
