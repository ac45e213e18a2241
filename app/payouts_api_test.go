package app

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	simpayout "ngern/adapters/payout/sim"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/operator"
)

// TestPayoutsAPI: with the simulated payout bank an approval pays through
// it; a lost answer leaves the payout UNKNOWN in the operators' queue,
// where finance resolves it with evidence (owners only above the four-eyes
// threshold); a late failure returns the money and the member's statement
// says so with the reason.
func TestPayoutsAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		for i, c := range []struct {
			name   string
			faults simpayout.Faults
			amount int
			// status is the payout's after one pass; final after the
			// resolution or a second pass.
			status, final, statement string
		}{
			{name: "OKPaid", amount: 500, status: "PAID", final: "PAID", statement: "SUCCESS"},
			{name: "OKLostAnswerResolvedPaid", faults: simpayout.Faults{LostAnswer: true}, amount: 500, status: "UNKNOWN",
				final: "PAID", statement: "SUCCESS"},
			{name: "OKLostAnswerAboveThresholdOwnerOnly", faults: simpayout.Faults{LostAnswer: true}, amount: 25000,
				status: "UNKNOWN", final: "FAILED", statement: "FAILED"},
			{name: "OKLateFailReturns", faults: simpayout.Faults{LateFail: true}, amount: 500, status: "SUBMITTED",
				final: "FAILED", statement: "FAILED"},
		} {
			t.Run(c.name, func(t *testing.T) {
				h := newHarness(t, db, func(cfg *Config) {
					cfg.RegisterOTP, cfg.Payouts, cfg.SimPayoutFaults = false, "sim", c.faults
				})
				n := fmt.Sprint(i)
				fin1, fin2 := h.operator("pfa"+n, operator.Finance), h.operator("pfb"+n, operator.Finance)
				owner, support := h.operator("pow"+n, operator.Owner), h.operator("psu"+n, operator.Support)
				member := h.member("081234567"+n, "123456789"+n, money.FromBaht(50000))
				w := h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": c.amount})
				h.expect(w, 200, "SUCCESS")
				id := w.Body["withdrawal"].(map[string]any)["_id"].(string)
				// The member's own list (the withdraw modal's) follows it.
				progress := func(want string) map[string]any {
					r := h.call("GET", "/api/wallet/withdrawals?limit=1", member, nil)
					h.expect(r, 200, "")
					list := r.Body["withdrawals"].([]any)
					if len(list) != 1 || list[0].(map[string]any)["_id"] != id || list[0].(map[string]any)["progress"] != want {
						t.Fatalf("member's withdrawals, want %s: %s", want, r.Raw)
					}
					return list[0].(map[string]any)
				}
				if got := progress("PENDING"); got["reason"] != nil || got["decidedAt"] != nil {
					t.Fatalf("pending %v", got)
				}
				ap := h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin1, nil)
				if ap.message() == "SECOND_APPROVAL_REQUIRED" {
					ap = h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin2, nil)
				}
				h.expect(ap, 200, "SUCCESS")
				if wd := ap.Body["withdrawal"].(map[string]any); wd["status"] != "APPROVED" || wd["payoutStatus"] != "SUBMITTED" {
					t.Fatalf("approved %s", ap.Raw)
				}
				progress("PAYING")
				if _, err := h.tools.wallet.RunPayouts(ctx); err != nil {
					t.Fatal(err)
				}
				list := h.call("GET", "/api/operator/payouts?status="+c.status, fin1, nil)
				h.expect(list, 200, "")
				if list.Body["total"] == json.Number("0") || list.Body["automatic"] != true {
					t.Fatalf("payouts %s: %s", c.status, list.Raw)
				}
				p := list.Body["payouts"].([]any)[len(list.Body["payouts"].([]any))-1].(map[string]any)
				if c.status == "PAID" || c.status == "FAILED" { // newest first
					p = list.Body["payouts"].([]any)[0].(map[string]any)
				}
				pid := p["id"].(string)
				if p["withdrawalId"] != id || p["status"] != c.status {
					t.Fatalf("payout %v", p)
				}
				h.expect(h.call("GET", "/api/operator/payouts", support, nil), 403, "FORBIDDEN_ROLE")
				h.expect(h.call("GET", "/api/operator/payouts?status=DONE", fin1, nil), 400, "INVALID_REQUEST")
				resolve := func(by, status, evidence string) response {
					return h.call("POST", "/api/operator/payouts/"+pid+"/resolve", by, map[string]any{"status": status, "evidence": evidence})
				}
				switch c.status {
				case "UNKNOWN":
					h.expect(resolve(fin1, c.final, ""), 400, "INVALID_REQUEST")
					h.expect(resolve(fin1, "UNKNOWN", "x"), 400, "INVALID_REQUEST")
					by := fin1
					if c.amount > 20000 {
						h.expect(resolve(fin1, c.final, "bank statement line 4"), 403, "FORBIDDEN_ROLE")
						by = owner
					}
					r := resolve(by, c.final, "bank statement line 4")
					h.expect(r, 200, "SUCCESS")
					if got := r.Body["payout"].(map[string]any); got["status"] != c.final || got["evidence"] != "bank statement line 4" {
						t.Fatalf("resolved %s", r.Raw)
					}
					h.expect(resolve(by, c.final, "again"), 404, "NO_DATA")
				case "SUBMITTED":
					h.expect(resolve(fin1, "PAID", "x"), 404, "NO_DATA")
					h.advance(h.tools.cfg.PayoutRetryMax)
					if _, err := h.tools.wallet.RunPayouts(ctx); err != nil {
						t.Fatal(err)
					}
				}
				// The database is shared by the cases: find this one's.
				find := func(r response, key, field, want string) map[string]any {
					for _, x := range r.Body[key].([]any) {
						if x := x.(map[string]any); x[field] == want {
							return x
						}
					}
					t.Fatalf("no %s %s in %s", field, want, r.Raw)
					return nil
				}
				find(h.call("GET", "/api/operator/payouts?status="+c.final, fin1, nil), "payouts", "id", pid)
				hist := h.call("GET", "/api/operator/withdrawals?status=APPROVED", fin1, nil)
				if wd := find(hist, "withdrawals", "id", id); wd["payoutStatus"] != c.final || wd["payoutId"] != pid {
					t.Fatalf("history %v", wd)
				}
				st := h.call("POST", "/api/statement", member, map[string]any{"page": 1, "limit": 5})
				item := st.Body["statements"].([]any)[0].(map[string]any)
				if item["statementType"] != "withdraw" || item["status"] != c.statement {
					t.Fatalf("statement %s", st.Raw)
				}
				wantWallet := money.FromBaht(50000 - int64(c.amount))
				if got := progress(map[string]string{"PAID": "APPROVED", "FAILED": "FAILED"}[c.final]); got["decidedAt"] == nil ||
					(c.final == "FAILED") != (got["reason"] != nil && got["reason"] != "") {
					t.Fatalf("final %v", got)
				}
				stranger := h.member("089876543"+n, "987654321"+n, 0)
				if r := h.call("GET", "/api/wallet/withdrawals", stranger, nil); len(r.Body["withdrawals"].([]any)) != 0 {
					t.Fatalf("another member's list: %s", r.Raw)
				}
				if c.final == "FAILED" {
					wantWallet = money.FromBaht(50000)
					if item["description"] == nil || item["description"] == "" {
						t.Fatalf("no reason: %v", item)
					}
				}
				if got := walletAmount(h.call("GET", "/api/wallet", member, nil)); got != wantWallet.String() {
					t.Fatalf("wallet %s, want %s", got, wantWallet)
				}
			})
		}
	})
}
