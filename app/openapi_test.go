package app

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"ngern/adapters/httpapi"
	"ngern/adapters/sqlstore/storetest"
)

// openAPIDoc is the served contract (adapters/httpapi/openapi.yaml).
type openAPIDoc struct {
	Paths map[string]map[string]json.RawMessage `json:"paths"`
}

func loadOpenAPI(t *testing.T) openAPIDoc {
	t.Helper()
	b, err := httpapi.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc openAPIDoc
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestOpenAPIRoutes: every route the server registers is in the document,
// and every documented operation is registered, so the contract cannot
// drift from the server. Patterns without a method are catch-alls (the
// web app, /api/'s not-found answer) and simulators, not part of the API.
func TestOpenAPIRoutes(t *testing.T) {
	h := newHarness(t, storetest.Open(t, storetest.Dialects[0]), func(c *Config) { c.QR.BankFeedSecret = "contract-test-secret" })
	doc := loadOpenAPI(t)
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
