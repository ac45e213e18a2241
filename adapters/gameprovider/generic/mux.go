package generic

import "net/http"

// Mux serves the callbacks of several aggregators under
// /api/games/{provider}/: it picks the handler by the pattern's
// {provider} wildcard. An unknown provider is answered 404.
type Mux map[string]*Handler

// NewMux returns the Mux of handlers.
func NewMux(handlers ...*Handler) Mux {
	m := Mux{}
	for _, h := range handlers {
		m[h.provider] = h
	}
	return m
}

func (m Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h, ok := m[r.PathValue("provider")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h.ServeHTTP(w, r)
}
