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
// secret and its IP allow-list; a new secret, another allow-list or
// switching on waits for a second owner (four-eyes), switching off applies
// at once; the next callback follows without a restart, the secret is
// never answered nor logged, and each change is audited.
func TestSeamlessAggregatorsAPI(t *testing.T) {
	const newSecret = "replaced-secret-replaced-secret-0123456789"
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) {
			c.LogLevel = "debug"
			c.Aggregators.Generic = map[string]GenericAggregator{
				"acme": {URL: "http://127.0.0.1:9/ngern", Secret: []byte(testAggregatorSecret)},
			}
		})
		owner, owner2, finance := h.operator("own", operator.Owner), h.operator("own2", operator.Owner), h.operator("fin", operator.Finance)
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
			h.expect(r, 202, "SECOND_APPROVAL_REQUIRED")
			if !strings.Contains(string(r.Raw), `"kind":"aggregator","target":"acme"`) ||
				!strings.Contains(string(r.Raw), `"allow":["203.0.113.0/24","198.51.100.7/32"]`) {
				t.Fatalf("answer = %s", r.Raw)
			}
			if got := callback(testAggregatorSecret); got == http.StatusUnauthorized {
				t.Fatalf("a proposed allow-list applied before its approval: HTTP %d", got)
			}
			h.confirm(r, owner2)
			got := h.call("GET", "/api/operator/seamless/aggregators", finance, nil)
			if !strings.Contains(string(got.Raw), `"allow":["203.0.113.0/24","198.51.100.7/32"]`) || !strings.Contains(string(got.Raw), `"source":"console"`) ||
				!strings.Contains(string(got.Raw), `"updatedBy":"own+own2"`) {
				t.Fatalf("aggregators = %s", got.Raw)
			}
			if got := callback(testAggregatorSecret); got != http.StatusUnauthorized {
				t.Fatalf("a callback from outside the list: HTTP %d, want 401", got)
			}
			h.confirm(put(owner, map[string]any{"enabled": true, "allow": []string{netip.MustParseAddr("127.0.0.1").String()}}), owner2)
			if got := callback(testAggregatorSecret); got == http.StatusUnauthorized {
				t.Fatalf("a callback from the list: HTTP %d", got)
			}
		})
		t.Run("a replaced secret applies on the next callback and is never answered", func(t *testing.T) {
			before := h.call("GET", "/api/operator/seamless/aggregators", owner, nil)
			r := put(owner, map[string]any{"enabled": true, "allow": []string{"127.0.0.1"}, "secret": newSecret})
			h.expect(r, 202, "SECOND_APPROVAL_REQUIRED")
			if strings.Contains(string(r.Raw), newSecret) || !strings.Contains(string(r.Raw), `"secret":"set"`) {
				t.Fatalf("proposal = %s", r.Raw)
			}
			if got := callback(newSecret); got != http.StatusUnauthorized {
				t.Fatalf("a proposed secret applied before its approval: HTTP %d", got)
			}
			c, _ := r.Body["change"].(map[string]any)
			id, _ := c["id"].(string)
			// The proposer cannot approve it alone.
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", owner, nil), 403, "OWN_CHANGE")
			list := h.call("GET", "/api/operator/changes", owner2, nil)
			if !strings.Contains(string(list.Raw), id) || strings.Contains(string(list.Raw), newSecret) {
				t.Fatalf("changes = %s", list.Raw)
			}
			approved := h.confirm(r, owner2)
			if strings.Contains(string(approved.Raw), newSecret) {
				t.Fatal("the secret in the approval's answer")
			}
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
			// A change without a secret, nor another allow-list, applies at
			// once and keeps the stored secret.
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
			// Switching on again waits for a second owner.
			r = put(owner, map[string]any{"enabled": true, "allow": []string{"127.0.0.1"}})
			h.expect(r, 202, "SECOND_APPROVAL_REQUIRED")
			h.confirm(r, owner2)
			if got := h.call("GET", "/api/operator/seamless/aggregators", owner, nil); !strings.Contains(string(got.Raw), `"code":"acme","kind":"generic","mode":"demo","url":"http://127.0.0.1:9/ngern","enabled":true`) {
				t.Fatalf("aggregators = %s", got.Raw)
			}
		})
		t.Run("a change proposed over settings that moved is closed stale, nothing applied", func(t *testing.T) {
			const other = "another-secret-another-secret-0123456789"
			r := put(owner, map[string]any{"enabled": true, "allow": []string{"127.0.0.1"}, "secret": other})
			h.expect(r, 202, "SECOND_APPROVAL_REQUIRED")
			h.expect(put(owner2, map[string]any{"enabled": true, "allow": []string{"127.0.0.1"}, "secret": other}), 409, "CHANGE_PENDING")
			// Meanwhile an owner switches it off (at once).
			h.expect(put(owner, map[string]any{"enabled": false, "allow": []string{"127.0.0.1"}}), 200, "")
			c, _ := r.Body["change"].(map[string]any)
			id, _ := c["id"].(string)
			h.expect(h.call("POST", "/api/operator/changes/"+id+"/approve", owner2, nil), 409, "CHANGE_STALE")
			if got := callback(other); got != http.StatusUnauthorized {
				t.Fatalf("a stale change's secret applied: HTTP %d", got)
			}
			// Back on, for the next subtests.
			h.confirm(put(owner, map[string]any{"enabled": true, "allow": []string{"127.0.0.1"}}), owner2)
		})
		t.Run("audited, the secret nowhere", func(t *testing.T) {
			r := h.call("GET", "/api/operator/audit?action=aggregator.update", owner, nil)
			h.expect(r, 200, "")
			if !strings.Contains(string(r.Raw), "acme") {
				t.Fatalf("audit = %s", r.Raw)
			}
			proposals := h.call("GET", "/api/operator/audit?action=change.propose", owner, nil)
			if !strings.Contains(string(proposals.Raw), `\"secret\":\"set\"`) && !strings.Contains(string(proposals.Raw), `"secret":"set"`) {
				t.Fatalf("audit = %s", proposals.Raw)
			}
			r.Raw = append(r.Raw, proposals.Raw...)
			approvals := h.call("GET", "/api/operator/audit?action=change.approve", owner, nil)
			r.Raw = append(r.Raw, approvals.Raw...)
			for _, s := range []string{testAggregatorSecret, newSecret} {
				if strings.Contains(string(r.Raw), s) {
					t.Fatal("a secret in the audit log")
				}
				if strings.Contains(h.logs.String(), s) {
					t.Fatal("a secret in the logs")
				}
				var pending string
				if err := db.SQL().QueryRow(`SELECT payload FROM pending_changes WHERE kind = 'aggregator' AND summary LIKE '%"secret"%'`).Scan(&pending); err != nil ||
					strings.Contains(pending, s) {
					t.Fatalf("pending change %q, %v: want sealed", pending, err)
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
