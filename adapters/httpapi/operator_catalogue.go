package httpapi

import (
	"net/http"
	"time"

	"ngern/core/errs"
	"ngern/core/seamless"
)

// catalogueGameJSON is a game of the synced catalogue for the console:
// the aggregator's fields, the operator's (enabled, sort) and whether its
// aggregator is configured now (a game of one removed stays stored).
type catalogueGameJSON struct {
	Provider   string    `json:"provider"`
	Code       string    `json:"code"`
	Name       string    `json:"name"`
	Category   string    `json:"category"`
	Studio     string    `json:"studio"`
	Image      string    `json:"image"`
	Demo       bool      `json:"demo"`
	Enabled    bool      `json:"enabled"`
	Listed     bool      `json:"listed"`
	Configured bool      `json:"configured"`
	Sort       int       `json:"sort"`
	SyncedAt   time.Time `json:"syncedAt"`
}

// catalogueSyncJSON is an aggregator's last catalogue sync.
type catalogueSyncJSON struct {
	Provider string     `json:"provider"`
	At       time.Time  `json:"at"`
	Games    int        `json:"games"`
	Error    string     `json:"error,omitempty"`
	OKAt     *time.Time `json:"okAt,omitempty"`
}

func (s *Server) catalogueGameOf(g seamless.CatalogueGame) catalogueGameJSON {
	return catalogueGameJSON{Provider: g.Provider, Code: g.Code, Name: g.Name, Category: g.Category, Studio: g.Studio, Image: g.Image,
		Demo: g.Demo, Enabled: g.Enabled, Listed: g.Listed, Configured: s.lobby.Has(g.Provider), Sort: g.Sort, SyncedAt: g.SyncedAt.UTC()}
}

// seamlessGames lists the whole synced catalogue (enabled or not, listed
// or not) in the lobby's order, with each aggregator's last sync.
func (s *Server) seamlessGames(w http.ResponseWriter, r *http.Request) {
	games, syncs := []catalogueGameJSON{}, []catalogueSyncJSON{}
	if s.lobby != nil {
		all, err := s.lobby.Catalogue(r.Context())
		if err != nil {
			writeError(w, r, err)
			return
		}
		for _, g := range all {
			games = append(games, s.catalogueGameOf(g))
		}
		for _, st := range s.lobby.Status() {
			j := catalogueSyncJSON{Provider: st.Provider, At: st.At.UTC(), Games: st.Games, Error: st.Err}
			if !st.OKAt.IsZero() {
				t := st.OKAt.UTC()
				j.OKAt = &t
			}
			syncs = append(syncs, j)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": games, "syncs": syncs})
}

// catalogueGameRequest is what the operator decides for a synced game.
// The category is the aggregator's, refreshed by every sync: not here.
type catalogueGameRequest struct {
	Enabled bool `json:"enabled"`
	Sort    int  `json:"sort" validate:"min=0,max=1000000"`
}

// putSeamlessGame sets a synced game's enabled and order, audited.
func (s *Server) putSeamlessGame(w http.ResponseWriter, r *http.Request) {
	var req catalogueGameRequest
	if err := s.decode(r, &req, errs.InvalidRequest); err != nil {
		writeError(w, r, err)
		return
	}
	if s.lobby == nil {
		writeError(w, r, errs.New(errs.NoData))
		return
	}
	provider, code := r.PathValue("provider"), r.PathValue("code")
	before, err := s.lobby.CatalogueGame(r.Context(), provider, code)
	if err != nil {
		writeError(w, r, err)
		return
	}
	g, err := s.lobby.SetGame(r.Context(), provider, code, req.Enabled, req.Sort)
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.target = provider + ":" + code
	n.before = map[string]any{"enabled": before.Enabled, "sort": before.Sort}
	n.after = map[string]any{"enabled": g.Enabled, "sort": g.Sort}
	writeJSON(w, http.StatusOK, map[string]any{"game": s.catalogueGameOf(g)})
}
