package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"ngern/core/errs"
	"ngern/core/seamless"
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

// TestOpenAPIGameCategories: the document's category enums are the lobby's
// categories (seamless.Categories), in their order, so that the apps know
// every category the server answers and no other; an override may also be
// "" (the aggregator's own).
func TestOpenAPIGameCategories(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Enum []string `json:"enum"`
				} `json:"properties"`
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
	override := append([]string{""}, seamless.Categories...)
	for _, c := range []struct {
		schema, property string
		want             []string
	}{
		{"LobbyGame", "category", seamless.Categories},
		{"SeamlessCatalogueGame", "category", seamless.Categories},
		{"SeamlessCatalogueGame", "aggregatorCategory", seamless.Categories},
		{"SeamlessCatalogueGame", "categoryOverride", override},
		{"SeamlessCatalogueGameUpdate", "category", override},
	} {
		t.Run(c.schema+"."+c.property, func(t *testing.T) {
			if got := doc.Components.Schemas[c.schema].Properties[c.property].Enum; !slices.Equal(got, c.want) {
				t.Fatalf("enum %q, want %q (seamless.Categories)", got, c.want)
			}
		})
	}
}
