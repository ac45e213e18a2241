package httpapi

import (
	"net/http"
	"time"

	"ngern/core/errs"
	"ngern/core/seamless"
)

// catalogueGameJSON is a game of the synced catalogue for the console:
// the aggregator's fields, the operator's (enabled, sort, category
// override) and whether its aggregator is configured now (a game of one
// removed stays stored). Category is the one members see.
type catalogueGameJSON struct {
	Provider           string    `json:"provider"`
	Code               string    `json:"code"`
	Name               string    `json:"name"`
	Category           string    `json:"category"`
	AggregatorCategory string    `json:"aggregatorCategory"`
	CategoryOverride   string    `json:"categoryOverride"`
	Studio             string    `json:"studio"`
	Image              string    `json:"image"`
	Demo               bool      `json:"demo"`
	Enabled            bool      `json:"enabled"`
	Listed             bool      `json:"listed"`
	Configured         bool      `json:"configured"`
	Sort               int       `json:"sort"`
	SyncedAt           time.Time `json:"syncedAt"`
}

// catalogueSyncJSON is an aggregator's last catalogue sync.
type catalogueSyncJSON struct {
	Provider string     `json:"provider"`
	At       time.Time  `json:"at"`
	Games    int        `json:"games"`
	Added    int        `json:"added"`
	Updated  int        `json:"updated"`
	Removed  int        `json:"removed"`
	Error    string     `json:"error,omitempty"`
	OKAt     *time.Time `json:"okAt,omitempty"`
}

func (s *Server) catalogueGameOf(g seamless.CatalogueGame) catalogueGameJSON {
	return catalogueGameJSON{Provider: g.Provider, Code: g.Code, Name: g.Name, Category: g.Category,
		AggregatorCategory: g.AggregatorCategory, CategoryOverride: g.CategoryOverride, Studio: g.Studio, Image: g.Image,
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
		syncs = s.catalogueSyncs()
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": games, "syncs": syncs})
}

// catalogueSyncs is each aggregator's last sync on this node.
func (s *Server) catalogueSyncs() []catalogueSyncJSON {
	out := []catalogueSyncJSON{}
	for _, st := range s.lobby.Status() {
		j := catalogueSyncJSON{Provider: st.Provider, At: st.At.UTC(), Games: st.Games, Added: st.Counts.Added, Updated: st.Counts.Updated,
			Removed: st.Counts.Removed, Error: st.Err}
		if !st.OKAt.IsZero() {
			t := st.OKAt.UTC()
			j.OKAt = &t
		}
		out = append(out, j)
	}
	return out
}

// syncSeamlessGames reads every aggregator's catalogue now ("sync now")
// and answers each one's outcome: what changed, or its error (an
// aggregator that fails keeps its games; the answer is 200 all the same,
// the failure is in its entry).
func (s *Server) syncSeamlessGames(w http.ResponseWriter, r *http.Request) {
	if s.lobby == nil {
		writeJSON(w, http.StatusOK, map[string]any{"syncs": []catalogueSyncJSON{}})
		return
	}
	if err := s.lobby.Sync(r.Context()); err != nil {
		logger(r.Context()).WarnContext(r.Context(), "game catalogue not synced", "err", err)
	}
	syncs := s.catalogueSyncs()
	n := noteAudit(r)
	n.target = "catalogue"
	n.after = map[string]any{"syncs": syncs}
	writeJSON(w, http.StatusOK, map[string]any{"syncs": syncs})
}

// catalogueGameRequest is what the operator decides for a synced game;
// category overrides the aggregator's ("" or absent: the aggregator's),
// and syncs keep it.
type catalogueGameRequest struct {
	Enabled  bool   `json:"enabled"`
	Sort     int    `json:"sort" validate:"min=0,max=1000000"`
	Category string `json:"category"`
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
	g, err := s.lobby.SetGame(r.Context(), provider, code, seamless.GameChoices{Enabled: req.Enabled, Sort: req.Sort, Category: req.Category})
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := noteAudit(r)
	n.target = provider + ":" + code
	n.before = map[string]any{"enabled": before.Enabled, "sort": before.Sort, "category": before.CategoryOverride}
	n.after = map[string]any{"enabled": g.Enabled, "sort": g.Sort, "category": g.CategoryOverride}
	writeJSON(w, http.StatusOK, map[string]any{"game": s.catalogueGameOf(g)})
}
