package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"ngern/core/changes"
	"os"
	"path/filepath"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/events/inproc"
	"ngern/adapters/events/pgnotify"
	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/adapters/objectstore"
	"ngern/adapters/paygate"
	"ngern/adapters/sms"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/chat"
	"ngern/core/deposit"
	"ngern/core/events"
	"ngern/core/idempotency"
	"ngern/core/objects"
	"ngern/core/operator"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/seamless"
	"ngern/core/settings"
	"ngern/core/spin"
	"ngern/core/wallet"
)

// Clock tells the time; tests replace it.
type Clock func() time.Time

// Core provides the configuration, the logger, the database, the stores and
// the core services: what every command needs.
func Core(cfg Config, logOut io.Writer) fx.Option {
	return fx.Options(
		fx.Supply(cfg),
		fx.Provide(
			func() *slog.Logger { return NewLogger(cfg, logOut) },
			func() Clock { return time.Now },
			openDB,
		),
		Services(),
	)
}

// Services provides the stores and core services on a *sqlstore.DB, a
// Config, a Clock and a logger provided elsewhere.
func Services() fx.Option {
	return fx.Options(
		fx.Provide(
			func(db *sqlstore.DB) settings.Store { return sqlstore.NewSettings(db) },
			func(db *sqlstore.DB) account.Store { return sqlstore.NewAccounts(db) },
			func(db *sqlstore.DB, now Clock) account.Limiter { return sqlstore.NewLimiter(db, now) },
			newBus,
			newSettings,
			newSMS,
			newAccounts,
			newObjectStore,
			func(db *sqlstore.DB) chat.Store { return sqlstore.NewChat(db) },
			newChat,
		),
		walletServices(),
		promoServices(),
		rewardsServices(),
		depositServices(),
		qrServices(),
		spinServices(),
		seamlessServices(),
		aggregatorServices(),
		metricsServices(),
		hub88Services(),
	)
}

// Serve adds the HTTP server and the reconciler to Core and a provider.
func Serve() fx.Option {
	return fx.Options(
		fx.Provide(newHTTPServer),
		fx.Invoke(warnDemo, startHTTP, startGamesSync, startReconciler, startPromoJob, startQRPoller, startChatPurge, startRewardsJob, startGiftRecovery, startPayouts),
		serveMetrics(),
	)
}

// warnDemo says at start, at WARN, that a demo install simulates the bank
// and the games.
func warnDemo(cfg Config, log *slog.Logger) {
	if cfg.Mode == ModeDemo {
		log.Warn("demo mode: simulated bank, TrueMoney, QR gateways, SMS and games; members can make money (NGERN_MODE=demo)")
	}
}

// NewLogger returns the structured logger of the configuration.
func NewLogger(cfg Config, w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(httpapi.LogHandler(h))
}

// openDB opens the database, applies migrations and seeds default settings.
func openDB(lc fx.Lifecycle, cfg Config, log *slog.Logger) (*sqlstore.DB, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db, err := sqlstore.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	lc.Append(fx.StopHook(db.Close))
	where := "PostgreSQL"
	if db.Dialect() == sqlstore.SQLite {
		where = filepath.Join(cfg.DataDir, "ngern.db")
	}
	log.Info("database ready", "dialect", db.Dialect(), "at", where)
	return db, nil
}

func newSettings(lc fx.Lifecycle, cfg Config, store settings.Store, bus events.Bus, now Clock, sealer *wallet.Sealer) (*settings.Service, error) {
	s := settings.NewService(store, settings.Config{Laos: cfg.Laos, RegisterOTP: cfg.RegisterOTP, AppVersion: Version, Demo: cfg.Mode == ModeDemo, GiftLinksOff: cfg.TrueMoney == "off",
		QR: qrDeployment(cfg), Sealer: sealer}, now)
	lc.Append(fx.StopHook(s.UseEvents(bus)))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.Seed(ctx); err != nil {
		return nil, err
	}
	return s, s.SeedQRProviders(ctx, qrSeed(cfg))
}

func newSMS(cfg Config, log *slog.Logger) account.SMSSender {
	if cfg.SMS == "http" {
		return sms.HTTPGateway{URL: cfg.SMSURL, Key: cfg.SMSKey, Sender: cfg.SMSSender}
	}
	return sms.Console{Log: log}
}

// newBus returns the event bus between the nodes of the install:
// PostgreSQL LISTEN/NOTIFY, or in-process on SQLite (a single node). The
// database's home cache listens to it and announces its changes on it
// (stopped first, so that what waits is sent before the bus closes).
func newBus(lc fx.Lifecycle, cfg Config, db *sqlstore.DB, log *slog.Logger) (events.Bus, error) {
	var b interface {
		events.Bus
		Close() error
	}
	if db.Dialect() != sqlstore.Postgres {
		b = inproc.New()
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		pb, err := pgnotify.New(ctx, pgnotify.Config{URL: db.URL(), DB: db.SQL(), Log: log})
		if err != nil {
			return nil, fmt.Errorf("event bus: %w", err)
		}
		b = pb
	}
	lc.Append(fx.StopHook(b.Close))
	lc.Append(fx.StopHook(db.UseEvents(b, cfg.HomeCacheTTL, log)))
	return b, nil
}

func newAccounts(lc fx.Lifecycle, cfg Config, store account.Store, limiter account.Limiter, sender account.SMSSender, s *settings.Service,
	bus events.Bus, log *slog.Logger, now Clock) (*account.Service, error) {
	ac := account.DefaultConfig()
	ac.Laos, ac.RegisterOTP = cfg.Laos, cfg.RegisterOTP
	ac.LoginPerPhone, ac.LoginPerIP = cfg.LoginPerPhone, cfg.LoginPerIP
	ac.LookupPerIP, ac.OTPPerIP = cfg.LookupPerIP, cfg.OTPPerIP
	a := account.NewService(store, limiter, sender, s, ac, now)
	a.UseLog(log)
	// Members registered before member codes get theirs before the app
	// serves (migration 0026); on a started install this is one query.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	n, err := a.BackfillCodes(ctx)
	if err != nil {
		return nil, fmt.Errorf("member codes: %w", err)
	}
	if n > 0 {
		log.Info("member codes given", "members", n)
	}
	lc.Append(fx.StopHook(a.UseEvents(bus, 0, 0)))
	// Reset codes being sent in the background go out before the app stops.
	lc.Append(fx.StopHook(a.WaitBackground))
	startTouchFlush(lc, a, log)
	return a, nil
}

// startTouchFlush writes the sessions' queued last_seen touches every
// second, off the request path, and once more when the app stops.
func startTouchFlush(lc fx.Lifecycle, a *account.Service, log *slog.Logger) {
	stop, done := make(chan struct{}), make(chan struct{})
	flush := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := a.FlushTouches(ctx); err != nil {
			log.Warn("session touches not written", "err", err)
		}
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				tick := time.NewTicker(time.Second)
				defer tick.Stop()
				for {
					select {
					case <-stop:
						flush()
						return
					case <-tick.C:
						flush()
					}
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			close(stop)
			select {
			case <-done:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		},
	})
}

// newChat returns the support chat, delivering every node's messages to
// this node's sockets while the app runs.
func newChat(lc fx.Lifecycle, cfg Config, store chat.Store, limiter account.Limiter, bus events.Bus, log *slog.Logger, now Clock) *chat.Service {
	c := chat.NewService(store, limiter, bus, cfg.Chat, now, log)
	var stop, unwatch, unbalances func()
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			stop = c.Start(0)
			// A member's socket closes as soon as its session ends on any
			// node: the account service publishes every revocation.
			unwatch = account.WatchRevocations(bus, c.SessionsEnded)
			// And it tells the app when the member's home changed on any
			// node (the storage publishes after every such commit).
			unbalances = wallet.BalancesChanged.Subscribe(bus, c.BalancesChanged)
			return nil
		},
		OnStop: func(context.Context) error { unbalances(); unwatch(); stop(); return nil },
	})
	return c
}

// startChatPurge deletes, hourly while the server runs, the chat guests
// with no message for the retention (NGERN_CHAT_GUEST_RETENTION, 30 days).
// Every node runs it; the deletes are idempotent.
func startChatPurge(lc fx.Lifecycle, c *chat.Service, files objects.Store, log *slog.Logger, m *metrics.Metrics) {
	startEvery(lc, time.Hour, func(ctx context.Context) {
		n, err := c.PurgeGuests(ctx, files)
		m.JobEnded(jobChatPurge, err)
		if err != nil && ctx.Err() == nil {
			log.Error("chat guests not purged", "err", err)
		} else if n > 0 {
			log.Info("chat guests purged", "guests", n)
		}
	})
}

// startEvery runs pass in a goroutine of its own while the app runs: at
// start, then every interval. Stopping the app cancels pass's context and
// waits for it to return, up to the stop deadline (whose error the stop
// then answers).
func startEvery(lc fx.Lifecycle, every time.Duration, pass func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				tick := time.NewTicker(every)
				defer tick.Stop()
				for {
					pass(ctx)
					select {
					case <-ctx.Done():
						return
					case <-tick.C:
					}
				}
			}()
			return nil
		},
		OnStop: func(stop context.Context) error {
			cancel()
			select {
			case <-done:
				return nil
			case <-stop.Done():
				return stop.Err()
			}
		},
	})
}

func newObjectStore(cfg Config) (objects.Store, error) {
	if cfg.S3.Endpoint == "" {
		return objectstore.NewLocal(filepath.Join(cfg.DataDir, "objects"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return objectstore.NewMinIO(ctx, cfg.S3.MinIO())
}

// httpDeps are what the HTTP server is built from.
type httpDeps struct {
	fx.In
	Cfg         Config
	Log         *slog.Logger
	DB          *sqlstore.DB
	Accounts    *account.Service
	Settings    *settings.Service
	Wallet      *wallet.Service
	Operators   *operator.Service
	Auditor     *operator.Auditor
	Changes     *changes.Service
	Console     *operator.Console
	Idempotency *idempotency.Service
	Promo       *promo.Service
	Rewards     *rewards.Service
	Deposits    *deposit.Service
	Objects     objects.Store
	SlipURLKey  slipURLKey
	Chat        *chat.Service
	QR          *deposit.QRService
	Spin        *spin.Service
	Seamless    *seamless.Service
	Lobby       *seamless.Lobby
	Aggregators *seamless.Aggregators
	QRSim       *paygate.Sim
	Observer    httpapi.Observer
	Routes      []httpapi.Route `group:"routes"`
}

func newHTTPServer(d httpDeps) *httpapi.Server {
	hc := httpapi.DefaultConfig()
	hc.WebDir, hc.TrustProxy, hc.CORSOrigins = d.Cfg.WebDir, d.Cfg.TrustProxy, d.Cfg.CORSOrigins
	hc.TrustedNets, hc.MaxConnsPerIP = d.Cfg.TrustedNets, d.Cfg.MaxConnsPerIP
	routes := d.Routes
	if d.Cfg.Mode != ModeDemo {
		// No simulator outside demo mode: every /sim/ path is not found
		// (rather than the web app's answer), whatever else is mounted.
		routes = append(routes[:len(routes):len(routes)], httpapi.Route{Pattern: "/sim/", Handler: http.NotFoundHandler()})
	}
	api := httpapi.New(hc, httpapi.Deps{Log: d.Log, Accounts: d.Accounts, Settings: d.Settings, DB: d.DB,
		Wallet: d.Wallet, Operators: d.Operators, Auditor: d.Auditor, Changes: d.Changes, Console: d.Console, Idempotency: d.Idempotency,
		Promo: d.Promo, Rewards: d.Rewards, Deposits: d.Deposits, Objects: d.Objects, SlipURLKey: d.SlipURLKey, Chat: d.Chat, QR: d.QR, Spin: d.Spin,
		Seamless: d.Seamless, Aggregators: d.Aggregators, Lobby: d.Lobby, Routes: routes, DomainError: sqlstore.DomainError, Observer: d.Observer})
	deliverInProcess(d.QRSim, api)
	return api
}

// startHTTP listens when the app starts and drains requests when it stops.
func startHTTP(lc fx.Lifecycle, cfg Config, log *slog.Logger, api *httpapi.Server) {
	srv := &http.Server{
		Addr:              cfg.Addr,
		Handler:           api.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", cfg.Addr)
			if err != nil {
				return fmt.Errorf("listen %s: %w", cfg.Addr, err)
			}
			web := cfg.WebDir
			if web == "" {
				web = "(none: notice page)"
			}
			log.Info("ngern serving", "addr", ln.Addr().String(), "web", web)
			go func() {
				if err := srv.Serve(api.Listener(ln)); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server", "err", err)
					os.Exit(1)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			if cfg.DrainDelay > 0 {
				// Behind a load balancer: fail /readyz first, go on serving
				// until the balancer has seen it, then stop accepting.
				log.Info("draining", "for", cfg.DrainDelay)
				api.Drain()
				select {
				case <-time.After(cfg.DrainDelay):
				case <-ctx.Done():
				}
			}
			log.Info("shutting down")
			return srv.Shutdown(ctx)
		},
	})
}
