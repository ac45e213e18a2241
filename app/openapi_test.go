package app

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"ngern/adapters/httpapi"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// openAPIDoc is the served contract (adapters/httpapi/openapi.yaml).
type openAPIDoc struct {
	Paths map[string]map[string]json.RawMessage `json:"paths"`
}

func loadOpenAPI(t *testing.T) (openAPIDoc, any) {
	t.Helper()
	b, err := httpapi.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc openAPIDoc
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	raw, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return doc, raw
}

// TestOpenAPIRoutes: every route the server registers is in the document,
// and every documented operation is registered, so the contract cannot
// drift from the server. Patterns without a method are catch-alls (the
// web app, /api/'s not-found answer) and simulators, not part of the API.
func TestOpenAPIRoutes(t *testing.T) {
	h := newHarness(t, storetest.Open(t, storetest.Dialects[0]), func(c *Config) { c.QR.BankFeedSecret = "contract-test-secret" })
	doc, _ := loadOpenAPI(t)
	var registered []string
	for _, p := range h.api.Patterns() {
		if method, path, ok := strings.Cut(p, " "); ok {
			registered = append(registered, strings.ToLower(method)+" "+path)
		}
	}
	var documented []string
	for path, ops := range doc.Paths {
		for method := range ops {
			if method != "parameters" {
				documented = append(documented, method+" "+path)
			}
		}
	}
	for _, r := range registered {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is registered but not in openapi.yaml", r)
		}
	}
	for _, d := range documented {
		if !slices.Contains(registered, d) {
			t.Errorf("operation %s is in openapi.yaml but not registered", d)
		}
	}
}

// TestOpenAPIAnswers: real answers of a member read, a member write, an
// operator list and errors validate against the schema the document gives
// their status (or its default answer). The schemas are JSON Schema
// 2020-12, the dialect of OpenAPI 3.1, checked with santhosh-tekuri/jsonschema.
func TestOpenAPIAnswers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		doc, raw := loadOpenAPI(t)
		c := jsonschema.NewCompiler()
		const base = "https://ngern.invalid/openapi.json"
		if err := c.AddResource(base, raw); err != nil {
			t.Fatal(err)
		}
		check := func(method, path string, r response) {
			t.Helper()
			status := strconv.Itoa(r.Status)
			var op struct {
				Responses map[string]any `json:"responses"`
			}
			_ = json.Unmarshal(doc.Paths[path][method], &op)
			if _, ok := op.Responses[status]; !ok {
				status = "default"
			}
			ptr := "#/paths/" + pointerEscape(path) + "/" + method + "/responses/" + status
			if status == "default" {
				ptr = "#/components/responses/Error" // every default answer refers to it
			}
			s, err := c.Compile(base + ptr + "/content/application~1json/schema")
			if err != nil {
				t.Fatalf("%s %s %d: no schema: %v", method, path, r.Status, err)
			}
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.Raw))
			if err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			if err := s.Validate(v); err != nil {
				t.Errorf("%s %s %d: answer %s does not match the document: %v", method, path, r.Status, r.Raw, err)
			}
		}

		r := h.call("GET", "/api/openapi.json", "", nil)
		h.expect(r, 200, "")
		check("get", "/api/openapi.json", r)

		token := h.member("0812345678", "1234567890", 500_00)
		r = h.call("GET", "/api/wallet", token, nil)
		h.expect(r, 200, "")
		check("get", "/api/wallet", r)
		r = h.call("GET", "/api/account/profile", token, nil)
		h.expect(r, 200, "")
		check("get", "/api/account/profile", r)
		r = h.call("POST", "/api/statement", token, map[string]any{"page": 1, "limit": 10})
		h.expect(r, 200, "")
		check("post", "/api/statement", r)

		r = h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "s3cret-pass", "newPassword": "n3w-s3cret-pass"})
		h.expect(r, 200, "")
		check("put", "/api/account/changepwd", r)
		r = h.call("POST", "/api/login", "", map[string]any{"username": "0812345678", "password": "n3w-s3cret-pass"})
		h.expect(r, 200, "")
		check("post", "/api/login", r)

		op := h.operator("owner1", operator.Owner)
		r = h.call("GET", "/api/operator/operators", op, nil)
		h.expect(r, 200, "")
		check("get", "/api/operator/operators", r)
		for _, path := range []string{"/api/operator/me", "/api/operator/dashboard", "/api/operator/members", "/api/operator/withdrawals",
			"/api/operator/adjustments", "/api/operator/transfers", "/api/operator/reports/daily", "/api/operator/settings",
			"/api/operator/games", "/api/operator/banks", "/api/operator/audit", "/api/operator/changes"} {
			r = h.call("GET", path, op, nil)
			h.expect(r, 200, "")
			check("get", path, r)
		}

		r = h.call("GET", "/api/operator/members/"+h.memberID(token), op, nil)
		h.expect(r, 200, "")
		check("get", "/api/operator/members/{id}", r)

		r = h.call("GET", "/api/wallet", "", nil)
		if r.Status < 400 {
			t.Fatalf("no token: %d", r.Status)
		}
		check("get", "/api/wallet", r)
		r = h.call("PUT", "/api/account/changepwd", token, map[string]any{"oldPassword": "wrong", "newPassword": ""})
		if r.Status != 400 {
			t.Fatalf("bad password change: %d %s", r.Status, r.Raw)
		}
		check("put", "/api/account/changepwd", r)

		r = h.call("DELETE", "/api/operator/members/"+h.memberID(token)+"/sessions", op, nil)
		h.expect(r, 200, "")
		check("delete", "/api/operator/members/{id}/sessions", r)
	})
}

// pointerEscape escapes a path as one JSON pointer token (RFC 6901).
func pointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
