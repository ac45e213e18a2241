package simaggregator

import (
	"fmt"
	"html"
	"net/http"
	"strings"
)

// Studio is the maker the demo games name.
const Studio = "Ngern Demo"

// game is one demo game of the catalogue.
type game struct {
	Code     string
	Name     string
	Category string // slot, casino, sport or lotto
	// Color and Glyph draw its thumbnail.
	Color, Glyph string
}

// catalogue is the simulated aggregator's games: two or more in each of the
// lobby's categories, so that every tab of a lobby has something in it.
var catalogue = []game{
	{"lucky-lanterns", "Lucky Lanterns", "slot", "#c0392b", "🏮"},
	{"golden-elephant", "Golden Elephant", "slot", "#b7950b", "🐘"},
	{"mekong-gems", "Mekong Gems", "slot", "#1f618d", "💎"},
	{"baccarat-lite", "Baccarat Lite", "casino", "#145a32", "🂡"},
	{"dragon-tiger", "Dragon Tiger", "casino", "#6c3483", "🐉"},
	{"penalty-kick", "Penalty Kick", "sport", "#117a65", "⚽"},
	{"muay-thai-night", "Muay Thai Night", "sport", "#a04000", "🥊"},
	{"quick-lotto", "Quick Lotto", "lotto", "#2e4053", "🎱"},
}

// gameByCode returns a catalogue game, or false.
func gameByCode(code string) (game, bool) {
	for _, g := range catalogue {
		if g.Code == code {
			return g, true
		}
	}
	return game{}, false
}

// gameJSON is one game of the /games answer.
type gameJSON struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Category string `json:"category"`
	Studio   string `json:"studio"`
	Image    string `json:"image"`
	Demo     bool   `json:"demo"`
}

// thumbnail draws g's 300×300 SVG thumbnail: its colour, its glyph and its
// name, nothing fetched from elsewhere.
func thumbnail(g game) string {
	name := html.EscapeString(g.Name)
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img" aria-label="%[1]s">`+
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%[2]s"/><stop offset="1" stop-color="#111"/></linearGradient></defs>`+
		`<rect width="300" height="300" rx="24" fill="url(#g)"/>`+
		`<circle cx="150" cy="125" r="72" fill="#fff" fill-opacity="0.15"/>`+
		`<text x="150" y="150" font-size="80" text-anchor="middle">%[3]s</text>`+
		`<text x="150" y="250" font-family="system-ui,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">%[1]s</text>`+
		`<text x="150" y="280" font-family="system-ui,sans-serif" font-size="14" fill="#ddd" text-anchor="middle">%[4]s</text></svg>`,
		name, g.Color, html.EscapeString(g.Glyph), html.EscapeString(Studio))
}

func (s *Server) handleImage(w http.ResponseWriter, r *http.Request) {
	code, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	g, found := gameByCode(code)
	if !ok || !found {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("X-Content-Type-Options", "nosniff")
	// An SVG opened on its own runs no script of anyone's.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	_, _ = w.Write([]byte(thumbnail(g)))
}
