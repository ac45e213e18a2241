package app

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"ngern/core/changes"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/gameprovider/transferwallet"
	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/idempotency"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/promo"
	"ngern/core/seamless"
	"ngern/core/settings"
	"ngern/core/wallet"
)

// walletServices provides the ledger, wallet, operator and idempotency
// stores and services; the game provider comes from elsewhere (Provider,
// Offline, or a test).
func walletServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) ledger.Store { return sqlstore.NewLedger(db) },
		func(db *sqlstore.DB) wallet.Store { return sqlstore.NewWallet(db) },
		func(db *sqlstore.DB) idempotency.Store { return sqlstore.NewIdempotency(db) },
		func(db *sqlstore.DB) *sqlstore.Operators { return sqlstore.NewOperators(db) },
		func(cfg Config, store *sqlstore.Operators, limiter account.Limiter, now Clock) *operator.Service {
			return operator.NewService(store, limiter, operator.DefaultConfig(), cfg.OperatorToken, now)
		},
		func(store *sqlstore.Operators, now Clock) *operator.Auditor { return operator.NewAuditor(store, now) },
		// Changes that need two owners (core/changes).
		func(db *sqlstore.DB, s *settings.Service, ops *operator.Service, aggs *seamless.Aggregators, sealer *wallet.Sealer, now Clock) *changes.Service {
			return changes.NewService(sqlstore.NewChanges(db), s, ops, aggs, sealer, now)
		},
		func(db *sqlstore.DB, now Clock) *operator.Console {
			return operator.NewConsole(sqlstore.NewConsole(db), now)
		},
		func(store idempotency.Store, now Clock) *idempotency.Service {
			// A request runs at most 60 s; a key in progress longer than that
			// belongs to a request that died.
			return idempotency.NewService(store, now, 2*time.Minute)
		},
		newSealer,
		newPayouts,
		newWallet,
	)
}

func newWallet(cfg Config, db *sqlstore.DB, store wallet.Store, l ledger.Store, p wallet.GameProvider, members account.Store, s *settings.Service,
	sealer *wallet.Sealer, log *slog.Logger, now Clock, promos *promo.Service, payouts payoutParty) *wallet.Service {
	// The SQL store reads the auto-approval's facts (core/wallet, autowithdraw.go).
	auto, _ := store.(wallet.AutoStore)
	w := wallet.NewService(wallet.Deps{Store: store, Ledger: l, Provider: p, Members: members, Limits: s, Sealer: sealer,
		Log: log, Now: now, Promotions: promos, AutoRules: s, AutoStore: auto}, walletConfig(cfg))
	if payouts.Party != nil {
		w.UsePayouts(sqlstore.NewWallet(db), payouts.Party)
	}
	return w
}

// newSealer returns the sealer of game passwords with NGERN_SECRET_KEY, or
// with the key in <data dir>/secret.key, created (0600) at first start.
func newSealer(cfg Config, log *slog.Logger) (*wallet.Sealer, error) {
	key, err := secretKey(cfg, log)
	if err != nil {
		return nil, err
	}
	return wallet.NewSealer(key)
}

// secretKey returns NGERN_SECRET_KEY, or the key in <data dir>/secret.key,
// created (0600) at first start.
func secretKey(cfg Config, log *slog.Logger) ([]byte, error) {
	if cfg.SecretKey != nil {
		return cfg.SecretKey, nil
	}
	path := filepath.Join(cfg.DataDir, "secret.key")
	key, err := readKey(path)
	if errors.Is(err, fs.ErrNotExist) {
		key, err = createKey(path)
		if err == nil {
			log.Warn("secret key created; back it up, or set NGERN_SECRET_KEY (every node must share one key)", "path", path)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("secret key: %w", err)
	}
	return key, nil
}

func readKey(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(key) != wallet.KeySize {
		return nil, fmt.Errorf("%s does not hold %d bytes in base64", path, wallet.KeySize)
	}
	return key, nil
}

// createKey writes a fresh key; if another process wrote one first, that
// one is used.
func createKey(path string) ([]byte, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, err
	}
	key := make([]byte, wallet.KeySize)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return readKey(path)
	}
	if err != nil {
		return nil, err
	}
	if _, err := f.WriteString(base64.StdEncoding.EncodeToString(key) + "\n"); err != nil {
		f.Close()
		return nil, err
	}
	return key, f.Close()
}

// providerOut is the game provider and the routes of an in-process
// simulated provider.
type providerOut struct {
	fx.Out
	Provider wallet.GameProvider
	Routes   []httpapi.Route `group:"routes,flatten"`
}

// Provider provides the game provider of `ngern serve`: the external one at
// NGERN_PROVIDER_URL, or else in demo mode the simulated provider mounted
// under /sim/ on the server's own listener and called over loopback HTTP,
// and in production none (noProvider); in demo mode also the simulated
// seamless aggregator under /sim/aggregator/ (newSimAggregator).
func Provider() fx.Option {
	return fx.Options(
		fx.Provide(newProvider, newSimAggregator),
		fx.Invoke(seedDemoGames),
	)
}

func newProvider(lc fx.Lifecycle, cfg Config, log *slog.Logger, m *metrics.Metrics) (providerOut, error) {
	if cfg.ProviderURL != "" {
		c, err := transferwallet.New(transferwallet.Config{BaseURL: cfg.ProviderURL, AgentKey: cfg.ProviderKey, Timeout: cfg.ProviderTimeout,
			HTTPClient: m.Client(metrics.PartyGameProvider, nil)})
		return providerOut{Provider: c}, err
	}
	if cfg.Mode != ModeDemo {
		log.Warn("no game provider: set NGERN_PROVIDER_URL and NGERN_PROVIDER_KEY")
		return providerOut{Provider: noProvider{}}, nil
	}
	origin, err := loopbackOrigin(cfg.Addr)
	if err != nil {
		return providerOut{}, err
	}
	sc := cfg.Sim
	if sc.AgentKey == "" {
		// Both ends live in this process: a fresh key each start will do.
		sc.AgentKey = account.NewToken()
	}
	if sc.StatePath == "" {
		sc.StatePath = filepath.Join(cfg.DataDir, "sim", "state.jsonl")
	}
	srv, err := newSim(sc, log)
	if err != nil {
		return providerOut{}, err
	}
	lc.Append(fx.StopHook(srv.Close))
	c, err := transferwallet.New(transferwallet.Config{BaseURL: origin + "/sim", AgentKey: sc.AgentKey, Timeout: cfg.ProviderTimeout})
	if err != nil {
		return providerOut{}, err
	}
	var p wallet.GameProvider = c
	if sc.PublicURL == "" {
		p = sameOriginLaunch{GameProvider: c, origin: origin}
	}
	log.Info("simulated game provider in-process", "at", "/sim/", "faults", sc.Faults.String())
	return providerOut{Provider: p, Routes: []httpapi.Route{{Pattern: "/sim/", Handler: srv}}}, nil
}

// newSim returns a simulated provider mounted under /sim.
func newSim(sc SimConfig, log *slog.Logger) (*sim.Server, error) {
	return sim.NewServer(sim.Config{AgentKey: sc.AgentKey, PathPrefix: "/sim", PublicURL: sc.PublicURL, StatePath: sc.StatePath,
		Faults: sc.Faults, Delay: sc.Delay, Games: sc.Games, Logger: log.With("component", "simprovider")})
}

// loopbackOrigin is where this process reaches its own listener.
func loopbackOrigin(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" || port == "0" {
		return "", fmt.Errorf("NGERN_ADDR=%q: the in-process simulated provider needs a fixed port (or set NGERN_PROVIDER_URL)", addr)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port), nil
}

// sameOriginLaunch makes the in-process provider's launch links relative,
// so that the browser opens the game on the origin it is on.
type sameOriginLaunch struct {
	wallet.GameProvider
	origin string
}

// LaunchURL returns the provider's link without this server's origin.
func (p sameOriginLaunch) LaunchURL(ctx context.Context, game, username, password string) (string, error) {
	link, err := p.GameProvider.LaunchURL(ctx, game, username, password)
	if rest, ok := strings.CutPrefix(link, p.origin); err == nil && ok && strings.HasPrefix(rest, "/") {
		return rest, nil
	}
	return link, err
}

// noProvider is the game provider of a production install with no
// NGERN_PROVIDER_URL: it refuses every call, so no transfer is ever open
// with it (docs/configuration.md#modes).
type noProvider struct{}

var errNoProvider = &wallet.Rejected{Reason: "no game provider configured"}

func (noProvider) CreateAccount(context.Context, string, string) (wallet.Credentials, error) {
	return wallet.Credentials{}, errNoProvider
}
func (noProvider) ResetPassword(context.Context, string, string) (string, error) {
	return "", errNoProvider
}
func (noProvider) Balance(context.Context, string, string) (money.Satang, error) {
	return 0, errNoProvider
}
func (noProvider) TransferIn(context.Context, string, string, string, money.Satang) error {
	return errNoProvider
}
func (noProvider) TransferOut(context.Context, string, string, string, money.Satang) error {
	return errNoProvider
}

// TransferStatus is final: this provider never executes a transfer.
func (noProvider) TransferStatus(context.Context, string, string) (wallet.TransferStatus, error) {
	return wallet.StatusNotFound, nil
}
func (noProvider) LaunchURL(context.Context, string, string, string) (string, error) {
	return "", errNoProvider
}
func (noProvider) Bets(context.Context, string, string, int) ([]wallet.Bet, string, error) {
	return nil, "", nil
}

// seedDemoGames gives a fresh demo install with the simulated provider its
// demo catalogue.
func seedDemoGames(cfg Config, w *wallet.Service, log *slog.Logger) error {
	if cfg.ProviderURL != "" || cfg.Mode != ModeDemo {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	n, err := w.SeedDemoGames(ctx)
	if n > 0 {
		log.Info("demo games catalogue seeded", "games", n)
	}
	return err
}

// Offline provides, for one-shot commands, a game provider that refuses
// every call: those commands never reach a provider, and must not open the
// in-process provider's state while a server has it.
func Offline() fx.Option {
	return fx.Provide(func() wallet.GameProvider { return offlineProvider{} })
}

var errOffline = fmt.Errorf("no game provider in this command: %w", wallet.ErrUnknown)

type offlineProvider struct{}

func (offlineProvider) CreateAccount(context.Context, string, string) (wallet.Credentials, error) {
	return wallet.Credentials{}, errOffline
}
func (offlineProvider) ResetPassword(context.Context, string, string) (string, error) {
	return "", errOffline
}
func (offlineProvider) Balance(context.Context, string, string) (money.Satang, error) {
	return 0, errOffline
}
func (offlineProvider) TransferIn(context.Context, string, string, string, money.Satang) error {
	return errOffline
}
func (offlineProvider) TransferOut(context.Context, string, string, string, money.Satang) error {
	return errOffline
}
func (offlineProvider) TransferStatus(context.Context, string, string) (wallet.TransferStatus, error) {
	return "", errOffline
}
func (offlineProvider) LaunchURL(context.Context, string, string, string) (string, error) {
	return "", errOffline
}
func (offlineProvider) Bets(context.Context, string, string, int) ([]wallet.Bet, string, error) {
	return nil, "", errOffline
}

// startReconciler runs the reconciler in the background of `ngern serve`:
// once at start, then every NGERN_RECONCILE_INTERVAL. Hourly it also purges
// idempotency keys older than a day, and OTPs, rate-limit windows and
// member and operator sessions that can no longer be used.
func startReconciler(lc fx.Lifecycle, cfg Config, log *slog.Logger, w *wallet.Service, idem *idempotency.Service, accounts *account.Service,
	operators *operator.Service, m *metrics.Metrics) {
	var purged time.Time
	startEvery(lc, cfg.ReconcileInterval, func(ctx context.Context) {
		st, err := w.Reconcile(ctx)
		m.JobEnded(jobReconciler, err)
		if err != nil && ctx.Err() == nil {
			log.Error("reconciler", "err", err)
		}
		if st != (wallet.ReconcileStats{}) {
			log.Info("reconciler pass", "settled", st.Settled, "reversed", st.Reversed, "unresolved", st.Unresolved)
		}
		if time.Since(purged) <= time.Hour {
			return
		}
		if n, err := idem.Purge(ctx, 24*time.Hour); err != nil && ctx.Err() == nil {
			log.Error("idempotency keys not purged", "err", err)
		} else if n > 0 {
			log.Info("idempotency keys purged", "keys", n)
		}
		if n, err := accounts.Prune(ctx); err != nil && ctx.Err() == nil {
			log.Error("account records not pruned", "err", err)
		} else if n > 0 {
			log.Info("account records pruned", "rows", n)
		}
		if n, err := operators.Prune(ctx); err != nil && ctx.Err() == nil {
			log.Error("operator sessions not pruned", "err", err)
		} else if n > 0 {
			log.Info("operator sessions pruned", "rows", n)
		}
		purged = time.Now()
	})
}

// walletConfig is the wallet's configuration: the payout timings, and the
// transfer minimum of the install's currency (kip in the Laos build).
func walletConfig(cfg Config) wallet.Config {
	wc := payoutConfig(cfg, wallet.DefaultConfig())
	wc.TransferMin = limits.For(cfg.Laos).TransferMin
	return wc
}
