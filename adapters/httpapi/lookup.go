package httpapi

import (
	"encoding/json"
	"net/http"

	"ngern/core/settings"
)

// lookup answers GET /api/lookup/{name}. Lookups are public and answer even
// while the service is terminated (the app asks "active" to learn that).
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) {
	v, err := s.settings.Lookup(r.Context(), r.PathValue("name"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	if d, ok := v.(settings.Deposit); ok {
		qr, err := s.qrBanks(r.Context())
		if err != nil {
			writeError(w, r, err)
			return
		}
		d.Banks = append(d.Banks, qr...)
		v = d
	}
	if raw, ok := v.(json.RawMessage); ok {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Write(raw)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
