package seamless

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"ngern/core/errs"
)

// DefaultSyncInterval is how often the lobby reads the aggregators'
// catalogues again when the configuration names no interval.
const DefaultSyncInterval = time.Hour

// CatalogueGame is a game of the synced catalogue: what the aggregator
// lists, with what the operator decides (Enabled, Sort, CategoryOverride),
// which a sync never changes. Game.Category is the category members see:
// the operator's override when there is one, else the aggregator's.
type CatalogueGame struct {
	Game
	// AggregatorCategory is the category the aggregator lists the game in
	// (refreshed by every sync).
	AggregatorCategory string
	// CategoryOverride is the operator's category ("": the aggregator's).
	CategoryOverride string
	// Enabled is the operator's switch (a new game comes enabled).
	Enabled bool
	// Listed is false once the aggregator stops listing the game: it is
	// hidden, not deleted, so the operator's choices survive its return.
	Listed   bool
	Sort     int
	SyncedAt time.Time
}

// Playable reports whether members may see and launch the game.
func (g CatalogueGame) Playable() bool { return g.Enabled && g.Listed }

// GameChoices are what the operator decides of a synced game.
type GameChoices struct {
	Enabled bool
	Sort    int
	// Category overrides the aggregator's: one of Categories, or "" for
	// the aggregator's own.
	Category string
}

// SyncCounts is what a sync changed in an aggregator's catalogue.
type SyncCounts struct {
	// Added are games not stored before.
	Added int
	// Updated are stored games whose aggregator's fields (name, category,
	// studio, image, demo) changed, or that are listed again.
	Updated int
	// Removed are games listed before that the aggregator no longer lists
	// (hidden, not deleted).
	Removed int
}

// CatalogueStore keeps the synced catalogue (migrations 0024, 0031).
type CatalogueStore interface {
	// SyncGames stores provider's catalogue as of at in one transaction:
	// each game is inserted (enabled, listed, sort 0, no category
	// override) or its aggregator's fields (name, category, studio, image,
	// demo) updated and listed again, keeping the operator's choices;
	// provider's games missing from games are marked unlisted. It answers
	// what changed.
	SyncGames(ctx context.Context, provider string, games []Game, at time.Time) (SyncCounts, error)
	// CatalogueGames returns every game, listed or not, ordered by sort,
	// then name, then provider and code.
	CatalogueGames(ctx context.Context) ([]CatalogueGame, error)
	// CatalogueGame returns one game (errs NO_DATA).
	CatalogueGame(ctx context.Context, provider, code string) (CatalogueGame, error)
	// SetCatalogueGame sets the operator's fields of one game, which a
	// sync keeps, and returns the game (errs NO_DATA).
	SetCatalogueGame(ctx context.Context, provider, code string, c GameChoices) (CatalogueGame, error)
}

// SyncStatus is the outcome of an aggregator's last catalogue sync, for the
// console.
type SyncStatus struct {
	Provider string
	At       time.Time
	Games    int    // games the aggregator listed (0 on failure)
	Err      string // empty: the sync succeeded
	// Counts is what the sync changed (zero on failure).
	Counts SyncCounts
	// OKAt is the last sync that succeeded (zero: none since the start),
	// so that a failure shows how old the lobby's list of it is.
	OKAt time.Time
}

// Lobby is the member's side of the seamless aggregators: the synced game
// catalogue and the launch of a game.
type Lobby struct {
	store  CatalogueStore
	wallet *Service
	aggs   map[string]Aggregator
	codes  []string // aggs' codes, sorted: syncs run in a stable order
	now    func() time.Time
	// switches are the owners' enabled switches (nil: all on).
	switches *Aggregators

	mu     sync.Mutex
	status map[string]SyncStatus
	// syncing runs one sync at a time on this node (the timer's and an
	// operator's "sync now").
	syncing sync.Mutex
}

// NewLobby returns the lobby of aggregators, whose sessions wallet mints;
// switches (nil: every aggregator on) turn aggregators off: a switched-off
// aggregator is not synced, its games leave the lobby and cannot be
// launched (the callbacks of sessions already open are still answered, so
// that their rounds settle).
func NewLobby(store CatalogueStore, wallet *Service, aggregators []Aggregator, switches *Aggregators) *Lobby {
	l := &Lobby{store: store, wallet: wallet, aggs: map[string]Aggregator{}, now: wallet.now, status: map[string]SyncStatus{},
		switches: switches}
	for _, a := range aggregators {
		l.aggs[a.Code()] = a
		l.codes = append(l.codes, a.Code())
	}
	sort.Strings(l.codes)
	return l
}

// Has reports whether provider is a configured seamless aggregator.
func (l *Lobby) Has(provider string) bool { return l.aggs[provider] != nil }

// on reports whether provider is configured and switched on.
func (l *Lobby) on(ctx context.Context, provider string) bool {
	return l.Has(provider) && l.switches.Enabled(ctx, provider)
}

// Sync reads every aggregator's catalogue into the store. An aggregator
// that fails leaves its games as they were (the lobby keeps offering the
// last good list); its error is kept for the console (Status) and joined
// into the one returned, and the others are synced all the same.
func (l *Lobby) Sync(ctx context.Context) error {
	l.syncing.Lock()
	defer l.syncing.Unlock()
	var failed []error
	for _, code := range l.codes {
		if !l.switches.Enabled(ctx, code) {
			continue
		}
		n, counts, err := l.syncOne(ctx, code)
		st := SyncStatus{Provider: code, At: l.now().UTC(), Games: n, Counts: counts}
		l.mu.Lock()
		if err != nil {
			st.Err = err.Error()
			st.OKAt = l.status[code].OKAt
			failed = append(failed, fmt.Errorf("%s: %w", code, err))
		} else {
			st.OKAt = st.At
		}
		l.status[code] = st
		l.mu.Unlock()
	}
	return errors.Join(failed...)
}

func (l *Lobby) syncOne(ctx context.Context, code string) (int, SyncCounts, error) {
	games, err := l.aggs[code].Games(ctx)
	if err != nil {
		return 0, SyncCounts{}, err
	}
	clean := make([]Game, 0, len(games))
	seen := map[string]bool{}
	for _, g := range games {
		// The store keys games by (provider, code): the aggregator's own
		// code is the one that counts, whatever its adapter filled in.
		g.Provider = code
		if g.Code == "" || seen[g.Code] {
			continue
		}
		seen[g.Code] = true
		if !ValidCategory(g.Category) {
			g.Category = Categories[0]
		}
		if g.Name == "" {
			g.Name = g.Code
		}
		clean = append(clean, g)
	}
	// An empty list is taken as a failure, not as "hide every game": an
	// aggregator that lost its catalogue for a moment would empty the lobby.
	if len(clean) == 0 {
		return 0, SyncCounts{}, errors.New("the aggregator listed no games")
	}
	counts, err := l.store.SyncGames(ctx, code, clean, l.now().UTC())
	if err != nil {
		return 0, SyncCounts{}, err
	}
	return len(clean), counts, nil
}

// ValidCategory reports whether c is one of Categories.
func ValidCategory(c string) bool {
	for _, k := range Categories {
		if c == k {
			return true
		}
	}
	return false
}

// Status returns the outcome of each aggregator's last sync, by code (none
// before the first).
func (l *Lobby) Status() []SyncStatus {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]SyncStatus, 0, len(l.status))
	for _, code := range l.codes {
		if st, ok := l.status[code]; ok {
			out = append(out, st)
		}
	}
	return out
}

// Catalogue returns every synced game, enabled or not, listed or not, of
// any aggregator (one no longer configured too), for the console.
func (l *Lobby) Catalogue(ctx context.Context) ([]CatalogueGame, error) {
	return l.store.CatalogueGames(ctx)
}

// CatalogueGame returns one synced game (errs NO_DATA).
func (l *Lobby) CatalogueGame(ctx context.Context, provider, code string) (CatalogueGame, error) {
	return l.store.CatalogueGame(ctx, provider, code)
}

// SetGame sets the operator's choices for one synced game: whether
// members see it, its order and its category ("" for the aggregator's),
// which syncs keep (errs NO_DATA for an unknown game, INVALID_REQUEST on
// field category for one not in Categories).
func (l *Lobby) SetGame(ctx context.Context, provider, code string, c GameChoices) (CatalogueGame, error) {
	if c.Category != "" && !ValidCategory(c.Category) {
		return CatalogueGame{}, errs.OnField(errs.InvalidRequest, "category")
	}
	return l.store.SetCatalogueGame(ctx, provider, code, c)
}

// Games returns the games members may play: enabled, listed, of an
// aggregator configured now, ordered by sort then name.
func (l *Lobby) Games(ctx context.Context) ([]CatalogueGame, error) {
	all, err := l.store.CatalogueGames(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]CatalogueGame, 0, len(all))
	for _, g := range all {
		if g.Playable() && l.on(ctx, g.Provider) {
			out = append(out, g)
		}
	}
	return out, nil
}

// PlayOptions are the request's side of a launch.
type PlayOptions struct {
	// Lang is the language the member asked in (th, la or lo, en); empty:
	// the member's.
	Lang      string
	ReturnURL string
	IP        string
}

// Play launches a game for a member and returns the URL that opens it: it
// refuses a blocked member (INACTIVE_USER) and a game that is unknown,
// disabled or hidden (NO_GAME), mints the session its callbacks present,
// and asks the aggregator for the URL (PROVIDER_UNAVAILABLE when it fails;
// nothing moved, the member may try again).
func (l *Lobby) Play(ctx context.Context, memberID, provider, code string, o PlayOptions) (string, error) {
	agg := l.aggs[provider]
	if agg == nil || !l.on(ctx, provider) {
		return "", errs.New(errs.NoGame)
	}
	g, err := l.store.CatalogueGame(ctx, provider, code)
	if errs.HasCode(err, errs.NoData) || (err == nil && !g.Playable()) {
		return "", errs.New(errs.NoGame)
	}
	if err != nil {
		return "", err
	}
	m, err := l.wallet.member(ctx, memberID)
	if errors.Is(err, ErrBlocked) {
		return "", errs.New(errs.InactiveUser)
	}
	if err != nil {
		return "", err
	}
	token, err := l.wallet.Launch(ctx, memberID, provider, code)
	if errors.Is(err, ErrBlocked) {
		return "", errs.New(errs.InactiveUser)
	}
	if err != nil {
		return "", err
	}
	lang := aggregatorLang(o.Lang)
	if lang == "" {
		lang = m.Lang
	}
	u, err := agg.LaunchURL(ctx, Launch{Provider: provider, Game: code, Token: token, Player: memberID, Currency: m.Currency,
		Country: m.Country, Lang: lang, ReturnURL: o.ReturnURL, IP: o.IP})
	if errors.Is(err, ErrGame) {
		return "", errs.New(errs.NoGame)
	}
	if err != nil {
		// The aggregator's words stay in the log: the member is told only
		// that the provider failed.
		return "", fmt.Errorf("%s launch: %v: %w", provider, err, errs.New(errs.ProviderUnavailable))
	}
	return u, nil
}

// aggregatorLang is the aggregators' code of an app language: the app
// writes Lao "la", the aggregators ISO 639-1 "lo".
func aggregatorLang(lang string) string {
	switch l := strings.ToLower(lang); l {
	case "la", "lo":
		return "lo"
	case "th", "en":
		return l
	}
	return ""
}
