package app

import (
	"context"
	"strings"
	"testing"

	"ngern/adapters/payout/xendit/xendittest"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/operator"
)

func TestXenditConfig(t *testing.T) {
	const key = "xnd_production_do-not-repeat-me"
	for _, tc := range []struct {
		name    string
		vars    map[string]string
		on      bool
		problem string
	}{
		{"Off", map[string]string{}, false, ""},
		{"OnWithTheDefaultURL", map[string]string{"NGERN_XENDIT_SECRET_KEY": key}, true, ""},
		{"OnWithAnotherURL", map[string]string{"NGERN_XENDIT_SECRET_KEY": key, "NGERN_XENDIT_URL": "http://127.0.0.1:9"}, true, ""},
		{"PayoutsNeedTheKey", map[string]string{"NGERN_PAYOUTS": "xendit"}, false, "NGERN_PAYOUTS=xendit needs NGERN_XENDIT_SECRET_KEY"},
		{"NotAURL", map[string]string{"NGERN_XENDIT_SECRET_KEY": key, "NGERN_XENDIT_URL": "api.xendit.co"}, true, `NGERN_XENDIT_URL="api.xendit.co": not an http(s) URL`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadConfig(func(k string) string { return tc.vars[k] })
			if tc.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tc.problem) {
					t.Fatalf("err = %v, want %q", err, tc.problem)
				}
				if strings.Contains(err.Error(), key) {
					t.Fatalf("the error repeats the key: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Xendit.On() != tc.on || c.Xendit.URL == "" {
				t.Fatalf("%+v", c.Xendit)
			}
			if tc.on && c.Xendit.Client().SecretKey != key {
				t.Fatal("the key is not passed on")
			}
		})
	}
}

// TestXenditPayouts: with NGERN_PAYOUTS=xendit an approved withdrawal is
// paid through Xendit's Payouts API (a fake replaying its documented
// answers): accepted (SUBMITTED), then paid once Xendit settles it, and
// the hold becomes the debit once.
func TestXenditPayouts(t *testing.T) {
	const key = "xnd_development_test-key"
	fake := xendittest.New(key)
	srv := fake.Start(t)
	h := newHarness(t, storetest.Open(t, sqlstore.SQLite), func(c *Config) {
		c.RegisterOTP, c.Payouts = false, "xendit"
		c.Xendit = XenditConfig{URL: srv.URL, SecretKey: key}
	})
	ctx := context.Background()
	fin := h.operator("xfin", operator.Finance)
	member := h.member("0812345670", "1234567890", money.FromBaht(2000))
	w := h.call("POST", "/api/wallet/withdraw", member, map[string]any{"amount": 500})
	h.expect(w, 200, "SUCCESS")
	id := w.Body["withdrawal"].(map[string]any)["_id"].(string)
	h.expect(h.call("POST", "/api/operator/withdrawals/"+id+"/approve", fin, nil), 200, "SUCCESS")
	payout := func(status string) map[string]any {
		t.Helper()
		if _, err := h.tools.wallet.RunPayouts(ctx); err != nil {
			t.Fatal(err)
		}
		list := h.call("GET", "/api/operator/payouts?status="+status, fin, nil)
		h.expect(list, 200, "")
		ps, _ := list.Body["payouts"].([]any)
		if len(ps) != 1 {
			t.Fatalf("payouts %s: %s", status, list.Raw)
		}
		return ps[0].(map[string]any)
	}
	p := payout("SUBMITTED")
	pid := p["id"].(string)
	if p["withdrawalId"] != id {
		t.Fatalf("payout %v", p)
	}
	fake.Settle(pid)
	h.advance(h.tools.cfg.PayoutRetryMax)
	payout("PAID")
	if paid := fake.Paid(pid); len(paid) != 1 || paid[0] != money.FromBaht(500) {
		t.Fatalf("Xendit paid %v", paid)
	}
	if got := walletAmount(h.call("GET", "/api/wallet", member, nil)); got != money.FromBaht(1500).String() {
		t.Fatalf("wallet %s", got)
	}
}
