package httpapi

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"slices"
	"sync"

	"go.yaml.in/yaml/v3"
)

// openAPIYAML is the API's contract: every route, request and answer of the
// member, operator, webhook and callback APIs (OpenAPI 3.1). It is the one
// home of the wire shapes: the UI's types are generated from it (ui's
// gen:api script) and app's contract test checks the registered routes and
// sampled answers against it.
//
//go:embed openapi.yaml
var openAPIYAML []byte

// OpenAPIJSON returns the contract as JSON, as GET /api/openapi.json serves it.
var OpenAPIJSON = sync.OnceValues(func() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(openAPIYAML, &doc); err != nil {
		return nil, err
	}
	return json.Marshal(doc)
})

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	b, err := OpenAPIJSON()
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
}

// routeMux is the API's mux, remembering the patterns registered on it so
// that the contract test can hold them against the document.
type routeMux struct {
	*http.ServeMux
	patterns []string
}

func (m *routeMux) Handle(pattern string, h http.Handler) {
	m.patterns = append(m.patterns, pattern)
	m.ServeMux.Handle(pattern, h)
}

func (m *routeMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}

// Patterns returns the route patterns registered on the server, in order.
func (s *Server) Patterns() []string { return slices.Clone(s.mux.patterns) }
