package app

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/operator"
)

// TestNoSingleOperatorBypass reproduces the finding of issue 23: a finance
// operator raised withdrawApprovalThreshold, approved a large withdrawal
// alone and replaced the receiving bank account. Now the threshold, the
// receiving accounts, the QR providers' secrets and the operator accounts
// are the owners' and wait for a second owner.
func TestNoSingleOperatorBypass(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		const token = "configured-operator-token-0123456789"
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false; c.OperatorToken = token })
		member := h.member("0811111111", "1111111111", money.FromBaht(60000))
		fin1, fin2 := h.operator("fin1", operator.Finance), h.operator("fin2", operator.Finance)
		owner1, owner2 := h.operator("owner1", operator.Owner), h.operator("owner2", operator.Owner)
		threshold := func() string {
			t.Helper()
			r := h.call("GET", "/api/operator/settings", owner1, nil)
			for _, s := range r.Body["settings"].([]any) {
				if s := s.(map[string]any); s["name"] == "withdrawApprovalThreshold" {
					return string(mustJSON(s["value"]))
				}
			}
			t.Fatalf("no threshold: %s", r.Raw)
			return ""
		}
		propose := func(by string) response {
			return h.call("PUT", "/api/operator/settings/withdrawApprovalThreshold", by, map[string]any{"amount": 10000000})
		}
		newAccount := `{"banks":[{"bankCode":"KBANK","bankAccountNo":"9998887776","bankAccountName":"THIEF"}],"wallets":[],"isManual":false}`
		start := threshold()

		t.Run("ErrFinanceCannotChangeTheThresholdOrTheAccounts", func(t *testing.T) {
			h := h.sub(t)
			h.expect(propose(fin1), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("PUT", "/api/operator/settings/deposit", fin1, newAccount), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("PUT", "/api/operator/qr/providers/WW", fin1,
				`{"enabled":true,"min":100,"quickAmounts":[100],"lifetimeSeconds":600,"webhookSecret":"attacker-secret-000001"}`), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("POST", "/api/operator/operators", fin1, map[string]any{"username": "mallory", "role": "owner"}), 403, "FORBIDDEN_ROLE")
			h.expect(h.call("GET", "/api/operator/changes", fin1, nil), 403, "FORBIDDEN_ROLE")
			if threshold() != start || strings.Contains(string(h.call("GET", "/api/lookup/deposit", "", nil).Raw), "9998887776") {
				t.Fatal("a finance operator changed a four-eyes setting")
			}
			// And so a large withdrawal still needs two approvals.
			w := h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": 50000})
			h.expect(w, 200, "SUCCESS")
			id := w.Body["withdrawal"].(map[string]any)["_id"].(string)
			h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin1, nil), 200, "SECOND_APPROVAL_REQUIRED")
			h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin2, nil), 200, "SUCCESS")
		})

		t.Run("OneOwnerWaitsForASecond", func(t *testing.T) {
			h := h.sub(t)
			p := propose(owner1)
			h.expect(p, 202, "SECOND_APPROVAL_REQUIRED")
			if threshold() != start {
				t.Fatal("applied on one owner's word")
			}
			id := p.Body["change"].(map[string]any)["id"].(string)
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", owner1, nil), 403, "OWN_CHANGE")
			h.expect(propose(owner2), 409, "CHANGE_PENDING")
			list := h.call("GET", "/api/operator/changes", owner2, nil)
			if cs := list.Body["changes"].([]any); len(cs) != 1 || cs[0].(map[string]any)["id"] != id {
				t.Fatalf("changes = %s", list.Raw)
			}
			h.confirm(p, owner2)
			if threshold() != `{"amount":10000000.00}` {
				t.Fatalf("threshold = %s", threshold())
			}
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", owner2, nil), 409, "CHANGE_DECIDED")
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/reject", owner1, nil), 409, "CHANGE_DECIDED")
			a := h.call("GET", "/api/operator/audit?target="+id, owner1, nil)
			var actions []string
			for _, e := range a.Body["entries"].([]any) {
				e := e.(map[string]any)
				actions = append(actions, e["action"].(string)+":"+e["operator"].(string))
			}
			if strings.Join(actions, ",") != "change.approve:owner2,change.propose:owner1" {
				t.Fatalf("audit = %s", a.Raw)
			}
		})

		t.Run("ReceivingAccountsWaitAndRejectChangesNothing", func(t *testing.T) {
			h := h.sub(t)
			p := h.call("PUT", "/api/operator/settings/deposit", owner1, newAccount)
			h.expect(p, 202, "SECOND_APPROVAL_REQUIRED")
			if strings.Contains(string(h.call("GET", "/api/lookup/deposit", "", nil).Raw), "9998887776") {
				t.Fatal("applied on one owner's word")
			}
			id := p.Body["change"].(map[string]any)["id"].(string)
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/reject", owner2, nil), 200, "")
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", owner2, nil), 409, "CHANGE_DECIDED")
			if strings.Contains(string(h.call("GET", "/api/lookup/deposit", "", nil).Raw), "9998887776") {
				t.Fatal("a rejected change applied")
			}
		})

		t.Run("ErrStaleProposalRefused", func(t *testing.T) {
			h := h.sub(t)
			a := h.call("PUT", "/api/operator/operators/fin2", owner1, map[string]any{"role": "support"})
			h.expect(a, 202, "")
			// Meanwhile the command line (direct) changes fin2.
			role := operator.Finance
			dis := true
			if _, _, err := h.tools.operators.Update(t.Context(), operator.Principal{Username: "cli"}, "fin2", &role, &dis); err != nil {
				t.Fatal(err)
			}
			id := a.Body["change"].(map[string]any)["id"].(string)
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", owner2, nil), 409, "CHANGE_STALE")
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", owner2, nil), 409, "CHANGE_DECIDED")
			if o, _ := h.tools.operators.Operator(t.Context(), "fin2"); o.Role != operator.Finance {
				t.Fatalf("a stale change applied: %v", o.Role)
			}
		})

		t.Run("TokenIsOneOwnerNeverTwo", func(t *testing.T) {
			h := h.sub(t)
			p := h.call("POST", "/api/operator/operators", token, map[string]any{"username": "newowner", "role": "owner"})
			h.expect(p, 202, "SECOND_APPROVAL_REQUIRED")
			id := p.Body["change"].(map[string]any)["id"].(string)
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", token, nil), 403, "OWN_CHANGE")
			r := h.confirm(p, owner1)
			if c := r.Body["credentials"].(map[string]any); c["username"] != "newowner" || c["password"] == "" {
				t.Fatalf("credentials = %s", r.Raw)
			}
		})

		t.Run("ConcurrentApprovalsApplyOnce", func(t *testing.T) {
			h := h.sub(t)
			p := h.call("POST", "/api/operator/operators", owner1, map[string]any{"username": "racer", "role": "support"})
			h.expect(p, 202, "")
			id := p.Body["change"].(map[string]any)["id"].(string)
			owner3 := h.operator("owner3", operator.Owner)
			var wg sync.WaitGroup
			got := make([]response, 8)
			for i := range got {
				wg.Add(1)
				go func() {
					defer wg.Done()
					by := owner2
					if i%2 == 1 {
						by = owner3
					}
					got[i] = h.call("POST", "/api/operator/changes/"+id+"/approve", by, nil)
				}()
			}
			wg.Wait()
			ok := 0
			for _, r := range got {
				switch {
				case r.Status == 200:
					ok++
				case r.Status == 409 && r.message() == "CHANGE_DECIDED":
				default:
					t.Fatalf("approval answered %d %s", r.Status, r.Raw)
				}
			}
			if ok != 1 {
				t.Fatalf("%d approvals applied", ok)
			}
			a := h.call("GET", "/api/operator/audit?action=change.approve&target="+id, owner1, nil)
			if a.Body["total"] != json.Number("1") {
				t.Fatalf("audit = %s", a.Raw)
			}
		})
	})
}
