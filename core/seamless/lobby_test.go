package seamless_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

// catalogue is a fake CatalogueStore with the store's rules: a sync keeps
// enabled and sort and hides what is gone.
type catalogue struct {
	mu    sync.Mutex
	games map[[2]string]seamless.CatalogueGame
}

func (c *catalogue) SyncGames(_ context.Context, provider string, games []seamless.Game, at time.Time) (seamless.SyncCounts, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var n seamless.SyncCounts
	seen := map[string]bool{}
	for _, g := range games {
		k := [2]string{provider, g.Code}
		old, ok := c.games[k]
		if !ok {
			old = seamless.CatalogueGame{Enabled: true}
			n.Added++
		} else {
			n.Updated++
		}
		old.Game, old.AggregatorCategory, old.Listed, old.SyncedAt = g, g.Category, true, at
		if old.CategoryOverride != "" {
			old.Category = old.CategoryOverride
		}
		c.games[k], seen[g.Code] = old, true
	}
	for k, g := range c.games {
		if k[0] == provider && !seen[k[1]] && g.Listed {
			g.Listed = false
			c.games[k] = g
			n.Removed++
		}
	}
	return n, nil
}

func (c *catalogue) CatalogueGames(context.Context) ([]seamless.CatalogueGame, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []seamless.CatalogueGame
	for _, g := range c.games {
		out = append(out, g)
	}
	return out, nil
}

func (c *catalogue) CatalogueGame(_ context.Context, provider, code string) (seamless.CatalogueGame, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	g, ok := c.games[[2]string{provider, code}]
	if !ok {
		return g, errs.New(errs.NoData)
	}
	return g, nil
}

func (c *catalogue) SetCatalogueGame(_ context.Context, provider, code string, choices seamless.GameChoices) (seamless.CatalogueGame, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := [2]string{provider, code}
	g, ok := c.games[k]
	if !ok {
		return g, errs.New(errs.NoData)
	}
	g.Enabled, g.Sort, g.CategoryOverride, g.Category = choices.Enabled, choices.Sort, choices.Category, g.AggregatorCategory
	if choices.Category != "" {
		g.Category = choices.Category
	}
	c.games[k] = g
	return g, nil
}

// aggregator is a fake Aggregator that records its launches.
type aggregator struct {
	code     string
	games    []seamless.Game
	err      error // of Games
	launchEr error
	launches []seamless.Launch
}

func (a *aggregator) Code() string { return a.code }
func (a *aggregator) Games(context.Context) ([]seamless.Game, error) {
	return a.games, a.err
}
func (a *aggregator) LaunchURL(_ context.Context, l seamless.Launch) (string, error) {
	if a.launchEr != nil {
		return "", a.launchEr
	}
	a.launches = append(a.launches, l)
	return "https://agg.example/play/" + l.Game, nil
}

func newLobby(t *testing.T, aggs ...seamless.Aggregator) (*fixture, *catalogue, *seamless.Lobby) {
	f := newFixture(t)
	c := &catalogue{games: map[[2]string]seamless.CatalogueGame{}}
	return f, c, seamless.NewLobby(c, f.svc, aggs, nil)
}

func TestLobbySync(t *testing.T) {
	good := &aggregator{code: provider, games: []seamless.Game{
		{Provider: "whatever", Code: "g1", Name: "One", Category: "slot"},
		{Code: "g1", Name: "One again"}, // a repeated code: the first counts
		{Code: "g2", Category: "bingo"}, // an unknown category, no name
		{Code: ""},                      // no code: skipped
	}}
	bad := &aggregator{code: "down", err: errors.New("connection refused")}
	_, c, l := newLobby(t, good, bad)
	err := l.Sync(context.Background())
	if err == nil || !strings.Contains(err.Error(), "down: connection refused") {
		t.Fatalf("Sync = %v, want the failing aggregator named", err)
	}
	t.Run("the good aggregator's games are stored, cleaned", func(t *testing.T) {
		games, err := l.Games(context.Background())
		if err != nil || len(games) != 2 {
			t.Fatalf("games %+v, %v", games, err)
		}
		g2, _ := c.CatalogueGame(context.Background(), provider, "g2")
		if g2.Provider != provider || g2.Category != "slot" || g2.Name != "g2" {
			t.Errorf("g2 = %+v", g2)
		}
	})
	t.Run("the status keeps each aggregator's last outcome", func(t *testing.T) {
		st := l.Status()
		if len(st) != 2 || st[0].Provider != "down" || st[0].Err == "" || !st[0].OKAt.IsZero() ||
			st[1].Err != "" || st[1].Games != 2 || st[1].OKAt.IsZero() {
			t.Fatalf("status %+v", st)
		}
	})
	okAt := l.Status()[1].OKAt
	t.Run("an empty list hides nothing", func(t *testing.T) {
		good.games = nil
		if err := l.Sync(context.Background()); err == nil {
			t.Fatal("an empty list was accepted")
		}
		if games, _ := l.Games(context.Background()); len(games) != 2 {
			t.Fatalf("games %+v", games)
		}
	})
	t.Run("a failure keeps the last success", func(t *testing.T) {
		if st := l.Status()[1]; st.Err == "" || !st.OKAt.Equal(okAt) {
			t.Fatalf("status %+v, want the failure and the success at %v", st, okAt)
		}
	})
	t.Run("a disabled game is not in the lobby, still in the catalogue", func(t *testing.T) {
		if _, err := l.SetGame(context.Background(), provider, "g1", seamless.GameChoices{Enabled: false, Sort: 3}); err != nil {
			t.Fatal(err)
		}
		if games, _ := l.Games(context.Background()); len(games) != 1 || games[0].Code != "g2" {
			t.Fatalf("games %+v", games)
		}
		if all, _ := l.Catalogue(context.Background()); len(all) != 2 {
			t.Fatalf("catalogue %+v", all)
		}
	})
	t.Run("an unknown game is NO_DATA", func(t *testing.T) {
		if _, err := l.SetGame(context.Background(), provider, "zz", seamless.GameChoices{Enabled: true}); !errs.HasCode(err, errs.NoData) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a category not in Categories is refused on its field", func(t *testing.T) {
		_, err := l.SetGame(context.Background(), provider, "g2", seamless.GameChoices{Enabled: true, Category: "bingo"})
		var e *errs.Error
		if !errors.As(err, &e) || e.Code != errs.InvalidRequest || e.Field != "category" {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a category override is what members see", func(t *testing.T) {
		if _, err := l.SetGame(context.Background(), provider, "g2", seamless.GameChoices{Enabled: true, Category: "lotto"}); err != nil {
			t.Fatal(err)
		}
		g, err := l.CatalogueGame(context.Background(), provider, "g2")
		if err != nil || g.Category != "lotto" || g.CategoryOverride != "lotto" {
			t.Fatalf("game %+v, %v", g, err)
		}
	})
}

func TestLobbyPlay(t *testing.T) {
	agg := &aggregator{code: provider, games: []seamless.Game{{Code: "g1", Name: "One", Category: "slot"}, {Code: "off", Name: "Off", Category: "slot"}}}
	f, c, l := newLobby(t, agg)
	if err := l.Sync(context.Background()); err != nil {
		t.Fatal(err)
	}
	g := c.games[[2]string{provider, "off"}]
	g.Enabled = false
	c.games[[2]string{provider, "off"}] = g
	f.members.blocked["locked"] = true
	ctx := context.Background()
	o := seamless.PlayOptions{Lang: "la", ReturnURL: "https://app.example/user/games", IP: "203.0.113.9"}

	t.Run("a launch mints a live session and passes the member's details", func(t *testing.T) {
		u, err := l.Play(ctx, "m1", provider, "g1", o)
		if err != nil || u != "https://agg.example/play/g1" {
			t.Fatalf("Play = %q, %v", u, err)
		}
		got := agg.launches[len(agg.launches)-1]
		if got.Player != "m1" || got.Lang != "lo" || got.Currency != "THB" || got.Country != "TH" || got.ReturnURL != o.ReturnURL ||
			got.IP != o.IP || got.Token == "" || got.Demo {
			t.Fatalf("launch %+v", got)
		}
		if _, err := f.svc.Balance(ctx, provider, got.Token, "m1"); err != nil {
			t.Fatalf("the minted token does not open the wallet: %v", err)
		}
	})
	t.Run("without a language the member's", func(t *testing.T) {
		if _, err := l.Play(ctx, "m1", provider, "g1", seamless.PlayOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := agg.launches[len(agg.launches)-1]; got.Lang != "th" {
			t.Fatalf("lang %q", got.Lang)
		}
	})
	for _, tc := range []struct {
		name, member, provider, code string
		want                         errs.Code
	}{
		{"a locked member", "locked", provider, "g1", errs.InactiveUser},
		{"a disabled game", "m1", provider, "off", errs.NoGame},
		{"an unknown game", "m1", provider, "nope", errs.NoGame},
		{"an unknown aggregator", "m1", "nope", "g1", errs.NoGame},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := len(agg.launches)
			if _, err := l.Play(ctx, tc.member, tc.provider, tc.code, o); !errs.HasCode(err, tc.want) {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
			if len(agg.launches) != n {
				t.Fatal("the aggregator was asked")
			}
		})
	}
	t.Run("an aggregator that fails is PROVIDER_UNAVAILABLE", func(t *testing.T) {
		agg.launchEr = errors.New("HTTP 500")
		defer func() { agg.launchEr = nil }()
		if _, err := l.Play(ctx, "m1", provider, "g1", o); !errs.HasCode(err, errs.ProviderUnavailable) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a game the aggregator refuses is NO_GAME", func(t *testing.T) {
		agg.launchEr = seamless.ErrGame
		defer func() { agg.launchEr = nil }()
		if _, err := l.Play(ctx, "m1", provider, "g1", o); !errs.HasCode(err, errs.NoGame) {
			t.Fatalf("err = %v", err)
		}
	})
}

// A switched-off aggregator is not synced, its games leave the lobby and
// cannot be launched; they stay in the console's catalogue.
func TestLobbySwitchedOff(t *testing.T) {
	ctx := context.Background()
	agg := &aggregator{code: provider, games: []seamless.Game{{Code: "g1", Name: "One", Category: "slot"}}}
	f := newFixture(t)
	c := &catalogue{games: map[[2]string]seamless.CatalogueGame{}}
	store := memstore.NewAggregators()
	switches := seamless.NewAggregators(store, rot13Sealer{}, []seamless.AggregatorSettings{{Code: provider, Kind: seamless.KindSim, Enabled: true}},
		time.Now)
	l := seamless.NewLobby(c, f.svc, []seamless.Aggregator{agg}, switches)
	if err := l.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := switches.Update(ctx, provider, seamless.AggregatorUpdate{Enabled: false}, "own"); err != nil {
		t.Fatal(err)
	}
	t.Run("not in the lobby", func(t *testing.T) {
		if games, err := l.Games(ctx); err != nil || len(games) != 0 {
			t.Fatalf("games %+v, %v", games, err)
		}
		if all, _ := l.Catalogue(ctx); len(all) != 1 {
			t.Fatalf("catalogue %+v", all)
		}
	})
	t.Run("not launched", func(t *testing.T) {
		if _, err := l.Play(ctx, "m1", provider, "g1", seamless.PlayOptions{}); !errs.HasCode(err, errs.NoGame) {
			t.Fatalf("Play = %v", err)
		}
	})
	t.Run("not synced", func(t *testing.T) {
		agg.err = errors.New("would fail")
		if err := l.Sync(ctx); err != nil {
			t.Fatalf("Sync = %v", err)
		}
	})
}
