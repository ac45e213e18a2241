package generic

import (
	"context"
	"net/http"
)

// Mux serves the callbacks of several aggregators under
// /api/games/{provider}/: it picks the handler of the pattern's {provider}
// wildcard at each call (so that a handler built again with new settings
// takes the next call). A provider it answers nil for is answered 404.
type Mux func(ctx context.Context, provider string) *Handler

// NewMux returns the Mux of fixed handlers.
func NewMux(handlers ...*Handler) Mux {
	m := map[string]*Handler{}
	for _, h := range handlers {
		m[h.provider] = h
	}
	return func(_ context.Context, provider string) *Handler { return m[provider] }
}

func (m Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := m(r.Context(), r.PathValue("provider"))
	if h == nil {
		http.NotFound(w, r)
		return
	}
	h.ServeHTTP(w, r)
}
