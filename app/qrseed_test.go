package app

import (
	"testing"
	"time"
)

// TestQRSeedAndDeployment: what the environment says of the QR providers
// at first start, and which ones the server can serve at all.
func TestQRSeedAndDeployment(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		qr                       QRConfig
		ready, enabled, required string // providers, in the spec's order, as "1"/"0"
	}{
		{"simulated gateways and the demo target", QRConfig{Gateways: "sim", PromptPayTarget: DemoPromptPayTarget},
			"11111", "11111", "0"},
		{"no PromptPay target", QRConfig{Gateways: "sim"}, "01111", "01111", "0"},
		{"real gateways: a URL makes one ready, its secret seeds it on", QRConfig{Gateways: "api", PromptPayTarget: "0812345678",
			API: map[string]GatewayConfig{"WW": {URL: "https://ww.example", Secret: "ww-secret-0123456789"},
				"FP": {URL: "https://fp.example", Key: "only-a-key-0123456789"}}},
			"11001", "11000", "1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.qr.Lifetime = 3 * time.Minute
			cfg := Config{QR: tc.qr}
			d, seed := qrDeployment(cfg), qrSeed(cfg)
			var ready, enabled string
			for _, code := range []string{"kbank", "WW", "PAYTIMZ", "PAYONEX", "FP"} {
				ready += map[bool]string{true: "1", false: "0"}[d.Ready[code]]
				enabled += map[bool]string{true: "1", false: "0"}[seed[code].Enabled]
				if seed[code].Lifetime != 3*time.Minute {
					t.Fatalf("%s lifetime %s", code, seed[code].Lifetime)
				}
			}
			required := map[bool]string{true: "1", false: "0"}[d.GatewaySecretsRequired]
			if ready != tc.ready || enabled != tc.enabled || required != tc.required {
				t.Fatalf("ready %s enabled %s required %s", ready, enabled, required)
			}
			if ww := seed["WW"]; tc.qr.Gateways == "api" && ww.WebhookSecret != "ww-secret-0123456789" {
				t.Fatalf("%+v", ww)
			}
		})
	}
}
