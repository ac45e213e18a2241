package app

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"ngern/adapters/metrics"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/seamless"
	"ngern/core/settings"
)

// seamlessServices provides the seamless wallet that aggregators' callbacks
// call, over the SQL seamless.Store provided here.
func seamlessServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) seamless.Store { return sqlstore.NewSeamless(db) },
		func(cfg Config, store account.Store, s *settings.Service) seamless.Members {
			return seamlessMembers{store: store, settings: s, laos: cfg.Laos}
		},
		newSeamless,
		// The protocol adapters (Hub88, the generic protocol) call the
		// wallet through its port.
		func(s *seamless.Service) seamless.Wallet { return s },
		func(db *sqlstore.DB) seamless.CatalogueStore { return sqlstore.NewSeamlessGames(db) },
		newAggregatorSettings,
		newLobby,
	)
}

// newSeamless returns the seamless wallet of the configuration, counting
// its callbacks in m (nil: not counted).
func newSeamless(cfg Config, store seamless.Store, members seamless.Members, now Clock, m *metrics.Metrics) *seamless.Service {
	c := seamless.Config{Currency: installCurrency(cfg.Laos), SessionTTL: cfg.GameSessionTTL, Now: now}
	if m != nil {
		c.Observe = m.SeamlessCallback
	}
	return seamless.NewService(store, members, c)
}

type lobbyIn struct {
	fx.In
	Store  seamless.CatalogueStore
	Wallet *seamless.Service
	// Settings are the aggregators' enabled switches.
	Settings *seamless.Aggregators
	// Aggregators are every configured aggregator: Hub88, the generic
	// ones, and the simulated one in demo mode.
	Aggregators []seamless.Aggregator `group:"aggregators"`
}

// newLobby returns the game lobby over every configured aggregator.
func newLobby(in lobbyIn) *seamless.Lobby {
	return seamless.NewLobby(in.Store, in.Wallet, in.Aggregators, in.Settings)
}

// startGamesSync reads the aggregators' catalogues into the lobby at start
// and every NGERN_GAMES_SYNC_INTERVAL. It is invoked after the HTTP server
// listens, so that the in-process simulated aggregator answers the first
// read. A failure is logged (and kept for the console by the lobby), never
// fatal: the lobby keeps the last good list.
func startGamesSync(lc fx.Lifecycle, cfg Config, l *seamless.Lobby, log *slog.Logger) {
	log = log.With("component", "games-sync")
	startEvery(lc, cfg.GamesSyncInterval, func(ctx context.Context) {
		if err := l.Sync(ctx); err != nil && ctx.Err() == nil {
			log.Warn("game catalogue not synced", "err", err)
		}
	})
}

// installCurrency is the aggregators' code of the currency most wallets are
// in: kip in the Laos build, baht otherwise; each member's own currency
// wins over it (seamlessMembers).
func installCurrency(laos bool) string {
	if laos {
		return "LAK"
	}
	return "THB"
}

// seamlessMembers is the seamless wallet's member port over the member
// accounts: a member is blocked when locked (Active false) or when the
// operator has terminated the service.
type seamlessMembers struct {
	store    account.Store
	settings *settings.Service
	laos     bool
}

// Member returns what the seamless wallet needs of a member (NO_USER).
func (m seamlessMembers) Member(ctx context.Context, id string) (seamless.Member, error) {
	a, err := m.store.MemberByID(ctx, id)
	if err != nil {
		return seamless.Member{}, err
	}
	terminated, err := m.settings.Terminated(ctx)
	if err != nil {
		return seamless.Member{}, err
	}
	// Members keep no language of their own: the build's first language.
	lang := "th"
	if m.laos {
		lang = "lo"
	}
	return seamless.Member{ID: a.ID, Name: a.Name, Currency: walletCurrency(a.Currency, m.laos), Country: m.settings.Country(), Lang: lang,
		Blocked: !a.Active || terminated}, nil
}

// walletCurrency returns the ISO code of a member's wallet currency as the
// aggregators write it (members store BAHT or LAK).
func walletCurrency(c string, laos bool) string {
	switch c {
	case "BAHT", "THB":
		return "THB"
	case "LAK":
		return "LAK"
	}
	return installCurrency(laos)
}
