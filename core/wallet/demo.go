package wallet

import (
	"encoding/base64"
	"fmt"
)

// DemoGames is the catalogue a fresh install with the simulated provider
// starts with: four slots, two sports books and two lotteries. Logos and
// backgrounds are inline SVG data URLs, so nothing is fetched from another
// host.
func DemoGames() []Game {
	type demo struct {
		code, name string
		cat        Category
		factor     float64
		from, to   string
	}
	list := []demo{
		{"SIAMSLOT", "Siam Slot", CategorySlot, 1, "#f59e0b", "#b45309"},
		{"NAGAGOLD", "Naga Gold", CategorySlot, 1, "#10b981", "#065f46"},
		{"ELEPHANT", "Lucky Elephant", CategorySlot, 1, "#6366f1", "#312e81"},
		{"MEKONG", "Mekong Fortune", CategorySlot, 0.5, "#ec4899", "#831843"},
		{"MUAYBET", "Muay Sports", CategorySport, 1, "#ef4444", "#7f1d1d"},
		{"KICKOFF", "Kick Off Casino", CategorySport, 1, "#0ea5e9", "#0c4a6e"},
		{"HUAYTHAI", "Huay Thai Lotto", CategoryLotto, 1, "#eab308", "#713f12"},
		{"LAOLOTTO", "Lao Lotto", CategoryLotto, 1, "#14b8a6", "#134e4a"},
	}
	games := make([]Game, len(list))
	for i, d := range list {
		games[i] = Game{
			Code: d.code, Name: d.name, Category: d.cat, FtWalletSlot: d.factor, Active: true, Sort: i + 1,
			Logo:       svgURL(logoSVG(d.name, d.from, d.to)),
			Background: svgURL(backgroundSVG(d.name, d.from, d.to)),
		}
	}
	return games
}

func svgURL(svg string) string {
	return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg))
}

// initials returns the first letter of the first two words of name.
func initials(name string) string {
	out := []rune{}
	start := true
	for _, r := range name {
		if r == ' ' {
			start = true
			continue
		}
		if start && len(out) < 2 {
			out = append(out, r)
		}
		start = false
	}
	return string(out)
}

func logoSVG(name, from, to string) string {
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">`+
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`+
		`<circle cx="48" cy="48" r="46" fill="url(#g)"/>`+
		`<text x="48" y="60" font-family="sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">%s</text></svg>`,
		from, to, initials(name))
}

func backgroundSVG(name, from, to string) string {
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="211" viewBox="0 0 300 211">`+
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`+
		`<rect width="300" height="211" rx="16" fill="url(#g)"/>`+
		`<circle cx="250" cy="40" r="70" fill="#fff" fill-opacity=".12"/><circle cx="40" cy="190" r="60" fill="#fff" fill-opacity=".08"/>`+
		`<text x="20" y="190" font-family="sans-serif" font-size="24" font-weight="700" fill="#fff">%s</text></svg>`,
		from, to, name)
}
