package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/settings"
	"ngern/core/wallet"
)

func TestParseMode(t *testing.T) {
	cases := []struct {
		name  string
		value string
		want  Mode
		bad   bool
	}{
		{"UnsetIsProduction", "", ModeProduction, false},
		{"Production", "production", ModeProduction, false},
		{"Demo", "demo", ModeDemo, false},
		{"DemoAnyCase", " Demo ", ModeDemo, false},
		{"ErrUnknown", "dev", "", true},
		{"ErrTest", "test", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string { return map[string]string{"NGERN_MODE": c.value}[k] })
			if c.bad {
				if err == nil || !strings.Contains(err.Error(), "NGERN_MODE") {
					t.Fatalf("err = %v, want one naming NGERN_MODE", err)
				}
				return
			}
			if err != nil || cfg.Mode != c.want {
				t.Fatalf("mode %q, %v; want %q", cfg.Mode, err, c.want)
			}
		})
	}
}

// TestModeDefaults: production's defaults simulate nothing; demo's are
// every simulated party.
func TestModeDefaults(t *testing.T) {
	cases := []struct {
		name                                string
		mode                                string
		slip, trueMoney, sms, gateways, ppt string
	}{
		{"Production", "", "manual", "off", "http", "off", ""},
		{"Demo", "demo", "sim", "sim", "console", "sim", DemoPromptPayTarget},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string { return map[string]string{"NGERN_MODE": c.mode}[k] })
			if err != nil {
				t.Fatal(err)
			}
			got := []string{cfg.SlipVerifier, cfg.TrueMoney, cfg.SMS, cfg.QR.Gateways, cfg.QR.PromptPayTarget}
			want := []string{c.slip, c.trueMoney, c.sms, c.gateways, c.ppt}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("defaults %q, want %q", got, want)
			}
		})
	}
}

// TestServeRefusesSimulatorsInProduction: serve in production refuses to
// start while a simulator is configured, naming each offending variable in
// one message, before it opens anything.
func TestServeRefusesSimulatorsInProduction(t *testing.T) {
	safe := map[string]string{"NGERN_REGISTER_OTP": "false"}
	with := func(kv ...string) map[string]string {
		env := map[string]string{}
		for k, v := range safe {
			env[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			env[kv[i]] = kv[i+1]
		}
		return env
	}
	cases := []struct {
		name string
		env  map[string]string
		bad  []string // each named in the refusal; none: serve may start
	}{
		{"SafeDefaults", safe, nil},
		{"DemoRunsSimulators", with("NGERN_MODE", "demo", "NGERN_SLIP_VERIFIER", "sim", "NGERN_SIMPROVIDER_FAULTS", "transferIn:drop:1"), nil},
		{"SlipVerifier", with("NGERN_SLIP_VERIFIER", "sim"), []string{"NGERN_SLIP_VERIFIER=sim"}},
		{"TrueMoney", with("NGERN_TRUEMONEY", "sim"), []string{"NGERN_TRUEMONEY=sim"}},
		{"Gateways", with("NGERN_QR_GATEWAYS", "sim"), []string{"NGERN_QR_GATEWAYS=sim"}},
		{"SMSConsole", with("NGERN_SMS", "console"), []string{"NGERN_SMS=console"}},
		{"DemoPromptPayTarget", with("NGERN_PROMPTPAY_TARGET", DemoPromptPayTarget), []string{"NGERN_PROMPTPAY_TARGET"}},
		{"ProviderFaults", with("NGERN_SIMPROVIDER_FAULTS", "transferIn:drop:1"), []string{"NGERN_SIMPROVIDER_FAULTS"}},
		{"GatewayFaults", with("NGERN_SIMGATEWAY_FAULTS", "drop"), []string{"NGERN_SIMGATEWAY_FAULTS"}},
		{"ProviderGames", with("NGERN_SIMPROVIDER_GAMES", "slot1"), []string{"NGERN_SIMPROVIDER_GAMES"}},
		{"ExplicitProduction", with("NGERN_MODE", "production", "NGERN_TRUEMONEY", "sim"), []string{"NGERN_TRUEMONEY=sim"}},
		{"EveryOneNamed", with("NGERN_SLIP_VERIFIER", "sim", "NGERN_TRUEMONEY", "sim", "NGERN_QR_GATEWAYS", "sim",
			"NGERN_SMS", "console", "NGERN_SIMPROVIDER_DELAY", "1s"),
			[]string{"NGERN_SLIP_VERIFIER=sim", "NGERN_TRUEMONEY=sim", "NGERN_QR_GATEWAYS=sim", "NGERN_SMS=console", "NGERN_SIMPROVIDER_DELAY"}},
		{"SMSGatewayUnconfigured", map[string]string{}, []string{"NGERN_SMS_URL", "NGERN_SMS_KEY"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string { return c.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if c.bad == nil {
				if err := cfg.Unsafe(); err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var stdout, stderr bytes.Buffer
			env := with("NGERN_DATA_DIR", t.TempDir(), "NGERN_ADDR", "127.0.0.1:1")
			for k, v := range c.env {
				env[k] = v
			}
			if c.name == "SMSGatewayUnconfigured" {
				delete(env, "NGERN_REGISTER_OTP")
			}
			if code := Main([]string{"serve"}, func(k string) string { return env[k] }, &stdout, &stderr); code != 2 {
				t.Fatalf("exit %d, want 2; stderr %s", code, stderr.String())
			}
			for _, name := range c.bad {
				if !strings.Contains(stderr.String(), name) {
					t.Errorf("refusal does not name %s: %s", name, stderr.String())
				}
			}
			if strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("want one message, got %q", stderr.String())
			}
		})
	}
}

// TestDemoCommandNeedsDemoMode: `ngern demo` seeds a known member password
// and a demo operator; production refuses it.
func TestDemoCommandNeedsDemoMode(t *testing.T) {
	var stdout, stderr bytes.Buffer
	env := map[string]string{"NGERN_DATA_DIR": t.TempDir()}
	if code := Main([]string{"demo"}, func(k string) string { return env[k] }, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "NGERN_MODE=demo") {
		t.Fatalf("exit %d, stderr %s", code, stderr.String())
	}
}

// productionHarness is a server configured as a default `ngern serve`
// (production mode, registration without OTP so that members can sign up).
func productionHarness(t *testing.T, db *sqlstore.DB) *harness {
	return newHarness(t, db, func(c *Config) {
		prod, err := LoadConfig(func(k string) string { return map[string]string{"NGERN_REGISTER_OTP": "false"}[k] })
		if err != nil {
			t.Fatal(err)
		}
		prod.WebDir = ""
		*c = prod
	})
}

// TestProductionMintsNoMoney replays the four calls of issue 23 on a
// default install: the simulators answer 404 and no deposit path credits
// anything; the same calls in demo mode work, so the test sees both.
func TestProductionMintsNoMoney(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		demo := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		// A real-looking slip, made at the demo's simulated bank.
		slipImage := demo.bankTransfer("1234567890", "50000")

		h := productionHarness(t, db)
		member := h.member("0861112222", "9876543210", money.FromBaht(1000))
		before := walletAmount(h.call("GET", "/api/wallet", member, nil))

		t.Run("SimRoutesAnswer404", func(t *testing.T) {
			h := h.sub(t)
			for _, path := range []string{"/sim/truemoney/vouchers", "/sim/gateway/WW/pay", "/sim/bank/transfers",
				"/sim/api/v1/players"} {
				if r := h.call("POST", path, "", `{"amount":50000}`); r.Status != 404 {
					t.Errorf("POST %s: %d %s", path, r.Status, r.Raw)
				}
			}
		})
		t.Run("GiftLinkRefused", func(t *testing.T) {
			h := h.sub(t)
			// Even with a receiving wallet set in the console, no link is
			// redeemed: a voucher made at the simulated TrueMoney (when it
			// answers at all) or any other.
			doc, _ := json.Marshal(demoDeposit)
			if err := h.tools.settings.Put(context.Background(), settings.KeyDeposit, doc); err != nil {
				t.Fatal(err)
			}
			link := "0190000000000000000000000000000000ab"
			if v := h.call("POST", "/sim/truemoney/vouchers", "", `{"amount":50000}`); v.Status == 201 {
				link, _ = v.Body["link"].(string)
			}
			h.expect(h.call("POST", "/api/wallet/truelink", member, map[string]any{"link": link}), 404, "NO_WALLET")
			// Nor is the gift-link tab offered: the deposit lookup lists
			// the receiving banks but no wallet.
			lookup := h.call("GET", "/api/lookup/deposit", member, nil)
			if w, _ := lookup.Body["wallets"].([]any); lookup.Status != 200 || len(w) != 0 {
				t.Errorf("deposit lookup with gift links off: %d %s", lookup.Status, lookup.Raw)
			}
			if b, _ := lookup.Body["banks"].([]any); len(b) == 0 {
				t.Errorf("deposit lookup lost its banks: %s", lookup.Raw)
			}
		})
		t.Run("NoGatewayQR", func(t *testing.T) {
			h := h.sub(t)
			for _, p := range []string{"WW", promptPayCode} {
				if r := h.call("POST", "/api/qrcode/"+p, member, `{"amount":50000}`); r.Status == 200 {
					t.Fatalf("QR of %s made: %s", p, r.Raw)
				}
			}
		})
		t.Run("SlipGoesToReview", func(t *testing.T) {
			h := h.sub(t)
			r := h.uploadSlip(member, "file", "slip.png", slipImage)
			if r.Status >= 500 {
				t.Fatalf("%d %s", r.Status, r.Raw)
			}
		})
		if after := walletAmount(h.call("GET", "/api/wallet", member, nil)); after != before {
			t.Fatalf("wallet %s → %s on a production install", before, after)
		}
	})
}

// TestDemoModeMountsSimulators: in demo mode the simulated parties answer.
func TestDemoModeMountsSimulators(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		h.expect(h.call("POST", "/sim/truemoney/vouchers", "", `{"amount":50}`), 201, "")
		h.bankTransfer("1234567890", "100")
		// The gateway simulator answers (an unknown QR is its 404 with a body, not the mux's).
		if r := h.call("POST", "/sim/gateway/WW/pay", "", `{"qrcodeId":"none"}`); r.Status == 404 && len(r.Body) == 0 {
			t.Fatalf("gateway simulator not mounted: %d %s", r.Status, r.Raw)
		}
	})
}

// TestActiveLookupTellsMode: GET /api/lookup/active carries demo, which the
// apps read to show their ribbon.
func TestActiveLookupTellsMode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		for _, c := range []struct {
			name string
			h    func() *harness
			demo bool
		}{
			{"Demo", func() *harness { return newHarness(t, db, nil) }, true},
			{"Production", func() *harness { return productionHarness(t, db) }, false},
		} {
			t.Run(c.name, func(t *testing.T) {
				h := c.h().sub(t)
				r := h.call("GET", "/api/lookup/active", "", nil)
				h.expect(r, 200, "")
				if r.Body["demo"] != c.demo || r.Body["terminated"] != false {
					t.Fatalf("%s", r.Raw)
				}
			})
		}
	})
}

// TestNoProvider: production without NGERN_PROVIDER_URL refuses every game
// call as a rejection (nothing moved) and promises a transfer never ran, so
// the reconciler closes anything open with it.
func TestNoProvider(t *testing.T) {
	ctx := context.Background()
	var p wallet.GameProvider = noProvider{}
	calls := []struct {
		name string
		call func() error
	}{
		{"CreateAccount", func() error { _, err := p.CreateAccount(ctx, "g", "m"); return err }},
		{"ResetPassword", func() error { _, err := p.ResetPassword(ctx, "g", "u"); return err }},
		{"Balance", func() error { _, err := p.Balance(ctx, "g", "u"); return err }},
		{"TransferIn", func() error { return p.TransferIn(ctx, "g", "u", "r", 100) }},
		{"TransferOut", func() error { return p.TransferOut(ctx, "g", "u", "r", 100) }},
		{"LaunchURL", func() error { _, err := p.LaunchURL(ctx, "g", "u", "p"); return err }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			var rejected *wallet.Rejected
			if err := c.call(); !errors.As(err, &rejected) {
				t.Fatalf("err = %v, want a rejection", err)
			}
		})
	}
	t.Run("TransferStatus", func(t *testing.T) {
		if st, err := p.TransferStatus(ctx, "g", "r"); err != nil || st != wallet.StatusNotFound {
			t.Fatalf("%v, %v", st, err)
		}
	})
}
