package httpapi

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"ngern/core/settings"
)

// lookup answers GET /api/lookup/{name}. Lookups are public and answer even
// while the service is terminated (the app asks "active" to learn that).
// The texts are answered in the language of ?lang=th|la|en, else of
// Accept-Language, else in the install's default language (lookupLang).
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	lang := lookupLang(r)
	v, err := s.settings.Lookup(r.Context(), name, lang)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if settings.IsText(name) {
		w.Header().Set("Vary", "Accept-Language")
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

// lookupLang is the language a lookup is asked in: ?lang= when it names one
// of settings.Langs, else the first of them Accept-Language prefers (by q,
// "en-GB" read as "en", Lao's standard tag "lo" as the app's "la"), else ""
// (the install's default language). An unknown ?lang= is ignored rather
// than refused, as a browser's unknown language is.
func lookupLang(r *http.Request) string {
	if l := langTag(r.URL.Query().Get("lang")); settings.ValidLang(l) {
		return l
	}
	type pref struct {
		lang string
		q    float64
	}
	var prefs []pref
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		primary, _, _ := strings.Cut(strings.TrimSpace(tag), "-")
		primary = langTag(primary)
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if settings.ValidLang(primary) && q > 0 {
			prefs = append(prefs, pref{primary, q})
		}
	}
	sort.SliceStable(prefs, func(i, j int) bool { return prefs[i].q > prefs[j].q })
	if len(prefs) > 0 {
		return prefs[0].lang
	}
	return ""
}

// langTag is a language tag as the app names it.
func langTag(tag string) string {
	tag = strings.ToLower(tag)
	if tag == "lo" {
		return settings.LangLA
	}
	return tag
}
