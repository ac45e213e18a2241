package app

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

var (
	passwordLine = regexp.MustCompile(`(?m)^password: (\S+)$`)
	secretLine   = regexp.MustCompile(`(?m)^totp-secret: ([A-Z2-7]+)$`)
	uriLine      = regexp.MustCompile(`(?m)^totp-uri: (otpauth://totp/\S+)$`)
)

// TestOperatorCLI: ngern operator add prints the lines tooling reads, and
// the printed credentials sign in; list and reset; demo is idempotent.
func TestOperatorCLI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		ctx := context.Background()
		var out bytes.Buffer
		signIn := func(username string) string {
			t.Helper()
			pw, secret := passwordLine.FindStringSubmatch(out.String()), secretLine.FindStringSubmatch(out.String())
			if pw == nil || secret == nil || uriLine.FindString(out.String()) == "" {
				t.Fatalf("printed %q", out.String())
			}
			return h.operatorLogin(username, pw[1], secret[1])
		}
		if err := runOperator(ctx, h.tools, []string{"add", "-username", "sup", "-role", "support"}, &out); err != nil {
			t.Fatal(err)
		}
		tok := signIn("sup")
		if me := h.call("GET", "/api/operator/me", tok, nil); me.Body["role"] != "support" {
			t.Fatalf("me = %s", me.Raw)
		}
		for _, bad := range [][]string{{"add", "-username", "sup", "-role", "support"}, {"add", "-username", "x2", "-role", "root"},
			{"add", "-username", "x3"}, {"reset", "-username", "nobody"}, {"nothing"}, {}} {
			if err := runOperator(ctx, h.tools, bad, &out); err == nil {
				t.Fatalf("%v accepted", bad)
			}
		}
		out.Reset()
		if err := runOperator(ctx, h.tools, []string{"reset", "-username", "sup"}, &out); err != nil {
			t.Fatal(err)
		}
		h.expect(h.call("GET", "/api/operator/me", tok, nil), 401, "invalid-token")
		signIn("sup")
		out.Reset()
		if err := runOperator(ctx, h.tools, []string{"list"}, &out); err != nil || !strings.Contains(out.String(), "sup") ||
			!strings.Contains(out.String(), "support") || !strings.Contains(out.String(), "1 operators") {
			t.Fatalf("list printed %q, %v", out.String(), err)
		}

		out.Reset()
		if err := runDemo(ctx, h.tools, &out); err != nil || !strings.Contains(out.String(), "operator: demo-owner created") ||
			!strings.Contains(out.String(), "deposit: KBANK 111-2-22333-4") {
			t.Fatalf("demo printed %q, %v", out.String(), err)
		}
		if dep := h.call("GET", "/api/lookup/deposit", "", nil); !strings.Contains(string(dep.Raw), `"bankAccountNo":"1112223334"`) ||
			!strings.Contains(string(dep.Raw), `"walletAccountName":"Ngern Demo"`) {
			t.Fatalf("deposit lookup after demo: %s", dep.Raw)
		}
		demo := signIn("demo-owner")
		if me := h.call("GET", "/api/operator/me", demo, nil); me.Body["role"] != string(operator.Owner) {
			t.Fatalf("me = %s", me.Raw)
		}
		out.Reset()
		if err := runDemo(ctx, h.tools, &out); err != nil || !strings.Contains(out.String(), "operator: demo-owner exists") ||
			!strings.Contains(out.String(), "deposit: receiving accounts set before") ||
			passwordLine.MatchString(out.String()) {
			t.Fatalf("demo again printed %q, %v", out.String(), err)
		}
		audit := h.call("GET", "/api/operator/audit?operator=cli", demo, nil)
		if audit.Body["total"] == nil || audit.Body["entries"].([]any)[0].(map[string]any)["action"] != "operator.create" {
			t.Fatalf("audit = %s", audit.Raw)
		}
		// add and reset are recorded under the console's names (the
		// console's audit filter offers those).
		sup := h.call("GET", "/api/operator/audit?operator=cli&target=sup", demo, nil)
		var actions []string
		for _, e := range sup.Body["entries"].([]any) {
			actions = append(actions, e.(map[string]any)["action"].(string))
		}
		if strings.Join(actions, " ") != "operator.reset operator.create" {
			t.Fatalf("cli actions on sup = %v", actions)
		}
	})
}
