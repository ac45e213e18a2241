package app

import (
	"encoding/json"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/errs"
	"ngern/core/operator"
)

// memberBanks indexes of the members' GET /api/lookup/banks.
func memberBanks(t *testing.T, h *harness) map[string]map[string]any {
	t.Helper()
	r := h.call("GET", "/api/lookup/banks", "", nil)
	h.expect(r, 200, "")
	var list []map[string]any
	if err := json.Unmarshal(r.Raw, &list); err != nil {
		t.Fatalf("lookup = %s: %v", r.Raw, err)
	}
	out := map[string]map[string]any{}
	for _, b := range list {
		out[b["code"].(string)] = b
	}
	return out
}

// operatorBank is one bank of GET /api/operator/banks.
func operatorBank(t *testing.T, h *harness, token, code string) map[string]any {
	t.Helper()
	r := h.call("GET", "/api/operator/banks", token, nil)
	h.expect(r, 200, "")
	for _, b := range r.Body["banks"].([]any) {
		if b := b.(map[string]any); b["code"] == code {
			return b
		}
	}
	t.Fatalf("%s not in %s", code, r.Raw)
	return nil
}

func TestOperatorBankFlags(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		owner := h.operator("boss", operator.Owner)

		t.Run("OwnerEditsMembersSee", func(t *testing.T) {
			h := h.sub(t)
			if b := memberBanks(t, h)["KBANK"]; b == nil || b["englishOnly"] != false {
				t.Fatalf("KBANK before = %v", b)
			}
			r := h.call("PUT", "/api/operator/banks/KBANK", owner, map[string]any{"englishOnly": true, "active": true, "sort": 0})
			h.expect(r, 200, "")
			b := r.Body["bank"].(map[string]any)
			if b["code"] != "KBANK" || b["englishOnly"] != true || b["active"] != true || b["sort"] != json.Number("0") ||
				b["nameEN"] != "Kasikornbank" || b["nameTH"] == "" {
				t.Fatalf("bank = %s", r.Raw)
			}
			if got := memberBanks(t, h)["KBANK"]; got["englishOnly"] != true {
				t.Fatalf("lookup KBANK = %v", got)
			}
			// Members can no longer register a Thai name with it.
			reg := registration("0815556666", "5556666777")
			reg["bankCode"], reg["bankAccountName"] = "KBANK", "สมชาย ใจดี"
			h.expect(h.call("POST", "/api/account", "", reg), 400, string(errs.BankAccountNameEng))

			h.expect(h.call("PUT", "/api/operator/banks/SCB", owner, map[string]any{"englishOnly": false, "active": false, "sort": 5}), 200, "")
			if _, ok := memberBanks(t, h)["SCB"]; ok {
				t.Fatal("an inactive bank is still offered to members")
			}
			if b := operatorBank(t, h, owner, "SCB"); b["active"] != false {
				t.Fatalf("SCB = %v", b)
			}

			audit := h.call("GET", "/api/operator/audit?action=bank.update&target=KBANK", owner, nil)
			entries, _ := audit.Body["entries"].([]any)
			if audit.Body["total"] != json.Number("1") || len(entries) != 1 {
				t.Fatalf("audit = %s", audit.Raw)
			}
			e := entries[0].(map[string]any)
			if e["operator"] != "boss" || e["before"].(map[string]any)["englishOnly"] != false ||
				e["after"].(map[string]any)["englishOnly"] != true {
				t.Fatalf("audit entry = %v", e)
			}
		})

		t.Run("ErrForbiddenRole", func(t *testing.T) {
			h := h.sub(t)
			for _, r := range []operator.Role{operator.Finance, operator.Support} {
				tok := h.operator("x-"+string(r), r)
				h.expect(h.call("GET", "/api/operator/banks", tok, nil), 403, "FORBIDDEN_ROLE")
				h.expect(h.call("PUT", "/api/operator/banks/BBL", tok, map[string]any{"englishOnly": false, "active": false, "sort": 9}), 403, "FORBIDDEN_ROLE")
			}
			if b := operatorBank(t, h, owner, "BBL"); b["englishOnly"] != true || b["active"] != true {
				t.Fatalf("BBL changed by a refused call: %v", b)
			}
		})

		t.Run("ErrBadInput", func(t *testing.T) {
			h := h.sub(t)
			before := h.call("GET", "/api/operator/banks", owner, nil).Raw
			cases := []struct {
				name, code string
				body       any
				status     int
				msg        string
			}{
				{"NegativeSort", "BBL", map[string]any{"englishOnly": true, "active": true, "sort": -1}, 400, "INVALID_REQUEST"},
				{"MissingFlag", "BBL", map[string]any{"englishOnly": true, "sort": 1}, 400, "INVALID_REQUEST"},
				{"WrongType", "BBL", map[string]any{"englishOnly": "yes", "active": true, "sort": 1}, 400, "INVALID_REQUEST"},
				{"UnknownBank", "NOPE", map[string]any{"englishOnly": true, "active": true, "sort": 1}, 404, "NOT_FOUND"},
				{"OtherCountry", "BCEL", map[string]any{"englishOnly": true, "active": true, "sort": 1}, 404, "NOT_FOUND"},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					h := h.sub(t)
					h.expect(h.call("PUT", "/api/operator/banks/"+c.code, owner, c.body), c.status, c.msg)
				})
			}
			if after := h.call("GET", "/api/operator/banks", owner, nil).Raw; string(after) != string(before) {
				t.Fatalf("a refused call changed the directory:\n%s\n%s", before, after)
			}
		})

		t.Run("InactiveBankKeepsItsMembers", func(t *testing.T) {
			h := h.sub(t)
			reg := registration("0817778888", "7778888999")
			reg["bankCode"], reg["bankAccountName"] = "BBL", "somchai jaidee"
			h.expect(h.call("POST", "/api/account", "", reg), 201, "SUCCESS")
			member := h.login("0817778888", "s3cret-pass")
			h.expect(h.call("PUT", "/api/operator/banks/BBL", owner, map[string]any{"englishOnly": true, "active": false, "sort": 1}), 200, "")

			p := h.call("GET", "/api/account/profile", member, nil)
			h.expect(p, 200, "")
			if ba := p.Body["bankAccount"].(map[string]any); ba["bank"].(map[string]any)["nameEN"] != "Bangkok Bank" {
				t.Fatalf("profile = %s", p.Raw)
			}
			// Its rules still apply to the member's own account name.
			h.expect(h.call("PUT", "/api/account/bankAccountName", member, map[string]any{"bankCode": "BBL", "bankAccountName": "สมชาย"}), 400, "BANK_ACCOUNT_NAME_ENG")
			h.expect(h.call("PUT", "/api/account/bankAccountName", member, map[string]any{"bankCode": "BBL", "bankAccountName": "somchai j"}), 200, "")
			// New members cannot choose it.
			reg = registration("0817778889", "7778888990")
			reg["bankCode"] = "BBL"
			h.expect(h.call("POST", "/api/account", "", reg), 400, "INVALID_BANK")
			h.expect(h.call("PUT", "/api/operator/banks/BBL", owner, map[string]any{"englishOnly": true, "active": true, "sort": 1}), 200, "")
		})

		t.Run("ErrLastActiveBank", func(t *testing.T) {
			h := h.sub(t)
			r := h.call("GET", "/api/operator/banks", owner, nil)
			banks := r.Body["banks"].([]any)
			for _, b := range banks[1:] {
				b := b.(map[string]any)
				h.expect(h.call("PUT", "/api/operator/banks/"+b["code"].(string), owner,
					map[string]any{"englishOnly": b["englishOnly"], "active": false, "sort": b["sort"]}), 200, "")
			}
			last := banks[0].(map[string]any)
			res := h.call("PUT", "/api/operator/banks/"+last["code"].(string), owner,
				map[string]any{"englishOnly": last["englishOnly"], "active": false, "sort": last["sort"]})
			h.expect(res, 400, "INVALID_REQUEST")
			if res.Body["field"] != "active" {
				t.Fatalf("refusal = %s", res.Raw)
			}
			if got := memberBanks(t, h); len(got) != 1 || got[last["code"].(string)] == nil {
				t.Fatalf("members' banks = %v", got)
			}
		})
	})
}
