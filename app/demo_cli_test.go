package app

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// ngern demo seeds a complete install for the Thai and the Laos build: the
// member signs in with a bank of the build, the receiving account is of the
// build, and the refund and invite programs are on with their banners.
func TestDemoSeedsEachBuild(t *testing.T) {
	for _, tc := range []struct {
		name               string
		laos               bool
		bank, currency     string
		receiving, deposit string
		// The demo's amounts in the install's currency: the rules' largest
		// auto-approved withdrawal, and a withdrawal of half of it.
		autoMax  string
		withdraw int
	}{
		{"thai build", false, "KBANK", "BAHT", `"bankAccountNo":"1112223334"`, "deposit: KBANK", "1000.00", 500},
		{"laos build", true, "BCEL", "LAK", `"bankAccountNo":"0101000099999"`, "deposit: BCEL", "500000.00", 250000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
				h := newHarness(t, db, func(c *Config) { c.Laos = tc.laos })
				ctx := context.Background()
				var out bytes.Buffer
				if err := runDemo(ctx, h.tools, &out); err != nil {
					t.Fatalf("demo: %v\n%s", err, out.String())
				}
				for _, want := range []string{"member: " + demoPhone + " created", tc.deposit, "rewards: refund switched on", "rewards: invite switched on"} {
					if !strings.Contains(out.String(), want) {
						t.Fatalf("demo printed %q, want %q", out.String(), want)
					}
				}
				token := h.login(demoPhone, demoPassword)
				p := h.call("GET", "/api/account/profile", token, nil)
				h.expect(p, 200, "")
				bank := p.Body["bankAccount"].(map[string]any)
				if bank["bankCode"] != tc.bank || bank["currency"] != tc.currency {
					t.Fatalf("profile = %s", p.Raw)
				}
				if dep := h.call("GET", "/api/lookup/deposit", "", nil); !strings.Contains(string(dep.Raw), tc.receiving) {
					t.Fatalf("deposit lookup = %s", dep.Raw)
				}
				for _, prog := range []string{"refund", "invite"} {
					for _, lang := range []string{"th", "la", "en"} {
						r := h.callWith("GET", "/api/"+prog+"/banners", token, nil, map[string]string{"Accept-Language": lang})
						h.expect(r, 200, "")
						if !strings.Contains(string(r.Raw), "data:image/svg+xml") || !strings.Contains(string(r.Raw), `"lang":"`+lang+`"`) {
							t.Fatalf("%s banners in %s = %s", prog, lang, r.Raw)
						}
					}
				}
				h.expect(h.call("GET", "/api/refund/receive", token, nil), 400, "NO_REFUND")
				// The auto-approval rules are on; the demo balance is no
				// deposit, so withdrawing it waits for operators.
				if !strings.Contains(out.String(), "withdrawals: auto-approved up to "+tc.autoMax) {
					t.Fatalf("demo printed %q", out.String())
				}
				rules := h.call("GET", "/api/operator/settings/autoWithdraw", h.operator("owner", "owner"), nil)
				if rules.Body["enabled"] != true || rules.Body["maxAmount"] != json.Number(tc.autoMax) || rules.Body["requireNoBonus"] != true {
					t.Fatalf("rules = %s", rules.Raw)
				}
				w := h.call("POST", "/api/wallet/withdraw", token, map[string]any{"amount": tc.withdraw})
				if wd, _ := w.Body["withdrawal"].(map[string]any); wd["status"] != "PENDING" {
					t.Fatalf("withdrawal = %s", w.Raw)
				}

				out.Reset()
				if err := runDemo(ctx, h.tools, &out); err != nil || !strings.Contains(out.String(), "member: "+demoPhone+" exists") ||
					!strings.Contains(out.String(), "rewards: refund set before") ||
					!strings.Contains(out.String(), "withdrawals: auto-approval rules set before") || !strings.Contains(out.String(), "rewards: invite set before") {
					t.Fatalf("second demo printed %q, %v", out.String(), err)
				}
			})
		})
	}
}
