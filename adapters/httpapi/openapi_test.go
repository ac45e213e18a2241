package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"ngern/core/errs"
)

// TestOpenAPIErrorCodes: the document's ErrorCode enum is the catalogue,
// in its order, so that a generated client knows every code the server
// answers and no other.
func TestOpenAPIErrorCodes(t *testing.T) {
	var doc struct {
		OpenAPI    string `json:"openapi"`
		Components struct {
			Schemas map[string]struct {
				Enum []errs.Code `json:"enum"`
			} `json:"schemas"`
		} `json:"components"`
	}
	b, err := OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q, want 3.1.0", doc.OpenAPI)
	}
	if got := doc.Components.Schemas["ErrorCode"].Enum; !slices.Equal(got, errs.All()) {
		t.Fatalf("ErrorCode enum differs from core/errs:\n got %v\nwant %v", got, errs.All())
	}
}

// TestServeOpenAPI: GET /api/openapi.json answers the document as JSON.
func TestServeOpenAPI(t *testing.T) {
	rec := httptest.NewRecorder()
	serveOpenAPI(rec, httptest.NewRequest(http.MethodGet, "/api/openapi.json", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("got %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	var doc map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil || doc["paths"] == nil {
		t.Fatalf("not the document: %v", err)
	}
}
