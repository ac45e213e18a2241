package app

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
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

// The Laos demo's promotions and wheel are sized for kip (limits.Kip:
// 500 kip for each baht of the Thai demo) and written in Lao, and the
// Thai demo keeps its baht.
func TestDemoPromotionsInTheInstallsCurrency(t *testing.T) {
	lao := regexp.MustCompile(`[\x{0E80}-\x{0EFF}]`)
	thai := regexp.MustCompile(`[\x{0E00}-\x{0E7F}]`)
	for _, tc := range []struct {
		name                          string
		laos                          bool
		welcome, daily, code          string // amounts
		cash50, bonus100, cash500     string
		budget                        string
		welcomeName, codeText, cashLA string
		script                        *regexp.Regexp // of the descriptions
	}{
		{"thai build", false, "100.00", "20.00", "50.00", "50.00", "100.00", "500.00", "5000.00",
			"Welcome bonus", "<p>50 baht for you</p>", "ເງິນສົດ 50", thai},
		{"laos build", true, "50000.00", "10000.00", "25000.00", "25000.00", "50000.00", "250000.00", "2500000.00",
			"ໂບນັດຕ້ອນຮັບ", "<p>25,000 ກີບ ສຳລັບທ່ານ</p>", "ເງິນສົດ 25,000", lao},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
				h := newHarness(t, db, func(c *Config) { c.Laos = tc.laos })
				var out bytes.Buffer
				if err := runDemo(context.Background(), h.tools, &out); err != nil {
					t.Fatalf("demo: %v\n%s", err, out.String())
				}
				owner := h.operator("owner", "owner")
				type entry = map[string]any
				byCode := func(list []any) map[string]entry {
					m := map[string]entry{}
					for _, v := range list {
						e := v.(entry)
						m[e["code"].(string)] = e
					}
					return m
				}
				bonuses := h.call("GET", "/api/operator/bonuses", owner, nil)
				h.expect(bonuses, 200, "")
				b := byCode(bonuses.Body["bonuses"].([]any))
				if b["WELCOME"]["amount"] != json.Number(tc.welcome) || b["DAILY"]["amount"] != json.Number(tc.daily) ||
					b["WELCOME"]["name"] != tc.welcomeName {
					t.Fatalf("bonuses = %s", bonuses.Raw)
				}
				promotions := h.call("GET", "/api/operator/promotions", owner, nil)
				h.expect(promotions, 200, "")
				p := byCode(promotions.Body["promotions"].([]any))["NGERN50"]
				if p["amount"] != json.Number(tc.code) || p["description"] != tc.codeText {
					t.Fatalf("promotions = %s", promotions.Raw)
				}
				wheel := h.call("GET", "/api/operator/spinwheel", owner, nil)
				h.expect(wheel, 200, "")
				if wheel.Body["dailyBudget"] != json.Number(tc.budget) {
					t.Fatalf("wheel = %s", wheel.Raw)
				}
				s := byCode(wheel.Body["slices"].([]any))
				for code, want := range map[string]string{"CASH50": tc.cash50, "BONUS100": tc.bonus100, "CASH500": tc.cash500} {
					if got := s[code]["prize"].(entry)["amount"]; got != json.Number(want) {
						t.Errorf("%s prize = %v, want %s", code, got, want)
					}
					if html := s[code]["htmlDescription"].(string); !tc.script.MatchString(html) || !strings.Contains(html, whole(want)) {
						t.Errorf("%s description = %q, want %s in the install's language", code, html, whole(want))
					}
				}
				if la := s["CASH50"]["label"].(entry)["la"]; la != tc.cashLA {
					t.Errorf("CASH50 Lao label = %v, want %q", la, tc.cashLA)
				}
			})
		})
	}
}

// whole is an amount as the demo's texts write it: "25000.00" is "25,000".
func whole(amount string) string {
	n, _, _ := strings.Cut(amount, ".")
	for i := len(n) - 3; i > 0; i -= 3 {
		n = n[:i] + "," + n[i:]
	}
	return n
}
