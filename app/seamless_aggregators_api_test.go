package app

import (
	"bytes"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"ngern/adapters/gameprovider/generic"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// The console's aggregators: owners switch an aggregator, replace its
// secret and its IP allow-list; the next callback follows without a
// restart, the secret is never answered nor logged, and each change is
// audited.
func TestSeamlessAggregatorsAPI(t *testing.T) {
	const newSecret = "replaced-secret-replaced-secret-0123456789"
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) {
			c.LogLevel = "debug"
			c.Aggregators.Generic = map[string]GenericAggregator{
				"acme": {URL: "http://127.0.0.1:9/ngern", Secret: []byte(testAggregatorSecret)},
			}
		})
		owner, finance := h.operator("own", operator.Owner), h.operator("fin", operator.Finance)
		// callback answers the HTTP status of a signed balance callback of
		// acme from this test (127.0.0.1).
		callback := func(secret string) int {
			body := []byte(`{"token":"tok"}`)
			req, _ := http.NewRequest(http.MethodPost, h.srv.URL+"/api/games/acme/balance", bytes.NewReader(body))
			generic.Signer{Secret: []byte(secret)}.SignHeaders(req.Header, body)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, res.Body)
			_ = res.Body.Close()
			return res.StatusCode
		}
		put := func(tok string, body map[string]any) response {
			return h.call("PUT", "/api/operator/seamless/aggregators/acme", tok, body)
		}

		t.Run("the configuration applies at first", func(t *testing.T) {
			r := h.call("GET", "/api/operator/seamless/aggregators", finance, nil)
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), `"code":"acme","kind":"generic","mode":"demo","url":"http://127.0.0.1:9/ngern","enabled":true,"allow":[],"keys":true`) ||
				!strings.Contains(string(r.Raw), `"editable":true,"source":"configuration"`) {
				t.Fatalf("aggregators = %s", r.Raw)
			}
			if got := callback(testAggregatorSecret); got == http.StatusUnauthorized {
				t.Fatalf("a callback from anywhere was refused (HTTP %d)", got)
			}
		})
		t.Run("owners only", func(t *testing.T) {
			h.expect(put(finance, map[string]any{"enabled": true, "allow": []string{}}), 403, "FORBIDDEN_ROLE")
		})
		t.Run("refused", func(t *testing.T) {
			for name, c := range map[string]struct {
				code string
				body map[string]any
			}{
				"no enabled":       {"acme", map[string]any{"allow": []string{}}},
				"a bad CIDR":       {"acme", map[string]any{"enabled": true, "allow": []string{"10.0.0.0/33"}}},
				"a name":           {"acme", map[string]any{"enabled": true, "allow": []string{"aggregator.example"}}},
				"a short secret":   {"acme", map[string]any{"enabled": true, "secret": "short"}},
				"a secret for sim": {"sim", map[string]any{"enabled": true, "secret": newSecret}},
			} {
				t.Run(name, func(t *testing.T) {
					h.expect(h.call("PUT", "/api/operator/seamless/aggregators/"+c.code, owner, c.body), 400, "INVALID_REQUEST")
				})
			}
			h.expect(h.call("PUT", "/api/operator/seamless/aggregators/nobody", owner, map[string]any{"enabled": true}), 404, "NO_DATA")
		})
		t.Run("an allow-list change applies on the next callback", func(t *testing.T) {
			r := put(owner, map[string]any{"enabled": true, "allow": []string{"203.0.113.0/24", " 198.51.100.7 "}})
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), `"allow":["203.0.113.0/24","198.51.100.7/32"]`) || !strings.Contains(string(r.Raw), `"source":"console"`) {
				t.Fatalf("answer = %s", r.Raw)
			}
			if got := callback(testAggregatorSecret); got != http.StatusUnauthorized {
				t.Fatalf("a callback from outside the list: HTTP %d, want 401", got)
			}
			h.expect(put(owner, map[string]any{"enabled": true, "allow": []string{netip.MustParseAddr("127.0.0.1").String()}}), 200, "")
			if got := callback(testAggregatorSecret); got == http.StatusUnauthorized {
				t.Fatalf("a callback from the list: HTTP %d", got)
			}
		})
		t.Run("a replaced secret applies on the next callback and is never answered", func(t *testing.T) {
			before := h.call("GET", "/api/operator/seamless/aggregators", owner, nil)
			r := put(owner, map[string]any{"enabled": true, "allow": []string{"127.0.0.1"}, "secret": newSecret})
			h.expect(r, 200, "")
			if got := callback(testAggregatorSecret); got != http.StatusUnauthorized {
				t.Fatalf("the old secret: HTTP %d, want 401", got)
			}
			if got := callback(newSecret); got == http.StatusUnauthorized {
				t.Fatalf("the new secret: HTTP %d", got)
			}
			after := h.call("GET", "/api/operator/seamless/aggregators", owner, nil)
			fp := func(r response) string {
				_, rest, _ := strings.Cut(string(r.Raw), `"keyFingerprint":"`)
				v, _, _ := strings.Cut(rest, `"`)
				return v
			}
			if fp(before) == "" || fp(after) == "" || fp(before) == fp(after) {
				t.Fatalf("fingerprints %q then %q", fp(before), fp(after))
			}
			// A change without a secret keeps the stored one.
			h.expect(put(owner, map[string]any{"enabled": true, "allow": []string{"127.0.0.1"}}), 200, "")
			if got := callback(newSecret); got == http.StatusUnauthorized {
				t.Fatalf("the kept secret: HTTP %d", got)
			}
		})
		t.Run("a switched-off aggregator is not in the lobby, its callbacks still answered", func(t *testing.T) {
			r := put(owner, map[string]any{"enabled": false, "allow": []string{"127.0.0.1"}})
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), `"enabled":false`) {
				t.Fatalf("answer = %s", r.Raw)
			}
			if got := callback(newSecret); got == http.StatusUnauthorized || got == http.StatusNotFound {
				t.Fatalf("callback: HTTP %d", got)
			}
		})
		t.Run("audited, the secret nowhere", func(t *testing.T) {
			r := h.call("GET", "/api/operator/audit?action=aggregator.update", owner, nil)
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), "acme") || !strings.Contains(string(r.Raw), "secretReplaced") {
				t.Fatalf("audit = %s", r.Raw)
			}
			for _, s := range []string{testAggregatorSecret, newSecret} {
				if strings.Contains(string(r.Raw), s) {
					t.Fatal("a secret in the audit log")
				}
				if strings.Contains(h.logs.String(), s) {
					t.Fatal("a secret in the logs")
				}
				var stored string
				if err := db.SQL().QueryRow(`SELECT secret_sealed FROM seamless_aggregators WHERE code = 'acme'`).Scan(&stored); err != nil ||
					stored == "" || strings.Contains(stored, s) {
					t.Fatalf("stored %q, %v: want sealed", stored, err)
				}
			}
		})
	})
}
