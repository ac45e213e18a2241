// Package httpapi is the HTTP driving adapter: the member REST API of spec
// part 7, the operator API, health checks and the web app's static files.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"ngern/core/changes"
	"sync/atomic"
	"time"

	"github.com/go-playground/validator/v10"

	"ngern/adapters/howtovideos"
	"ngern/core/account"
	"ngern/core/chat"
	"ngern/core/deposit"
	"ngern/core/errs"
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

// Config tunes the HTTP adapter.
type Config struct {
	RequestTimeout time.Duration
	UploadTimeout  time.Duration
	MaxBody        int64
	MaxUpload      int64
	// TrustProxy: take the client IP from X-Forwarded-For and HTTPS from
	// X-Forwarded-Proto, when the peer is in TrustedNets (our proxies'
	// addresses; clientIP).
	TrustProxy  bool
	TrustedNets []netip.Prefix
	// MaxConnsPerIP bounds the connections open at once from one peer
	// address (Listener; 0: none).
	MaxConnsPerIP int
	CORSOrigins   []string // web origins allowed to call the API
	WebDir        string   // the exported web app; empty or missing → notice page
	LogStatic     bool
}

// DefaultConfig returns the documented defaults.
func DefaultConfig() Config {
	return Config{
		RequestTimeout: 60 * time.Second,
		UploadTimeout:  300 * time.Second,
		MaxBody:        1 << 20,
		MaxUpload:      25 << 20,
		TrustedNets:    DefaultTrustedProxies(),
		MaxConnsPerIP:  DefaultMaxConnsPerIP,
	}
}

// DefaultMaxConnsPerIP is the default bound of connections open at once
// from one address: a browser opens about 6 per site and a socket, so it
// leaves room for dozens of members behind one carrier NAT.
const DefaultMaxConnsPerIP = 256

// DefaultTrustedProxies are the proxies believed when none are configured:
// one on the server's own machine (loopback).
func DefaultTrustedProxies() []netip.Prefix {
	return []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
}

// Pinger reports whether the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Deps are the services the API drives.
type Deps struct {
	Log      *slog.Logger
	Accounts *account.Service
	Settings *settings.Service
	DB       Pinger
	// Wallet, Operators and Idempotency serve the wallet, statement,
	// auto-login and operator calls.
	Wallet    *wallet.Service
	Operators *operator.Service
	Auditor   *operator.Auditor
	// Changes holds the changes that need two owners (core/changes).
	Changes     *changes.Service
	Console     *operator.Console
	Idempotency *idempotency.Service
	// Promo serves the bonus and promotion calls; nil: none are mounted.
	Promo *promo.Service
	// Rewards serves the refund and invite calls; nil: none are mounted.
	Rewards *rewards.Service
	// Deposits, Objects and SlipURLKey serve the deposit calls and the
	// signed slip-image links (nil Deposits: no deposit calls); Chat and
	// Objects serve the support chat and its media.
	Deposits   *deposit.Service
	Objects    objects.Store
	SlipURLKey []byte
	Chat       *chat.Service
	// QR serves the QR deposit calls and the gateways' webhooks (nil: none).
	QR *deposit.QRService
	// Spin serves the spin wheel and coin calls (nil: no member spin calls).
	Spin *spin.Service
	// Seamless serves the console's round search, resolution and callback
	// figures (nil: the searches answer NO_DATA); Aggregators are the
	// configured seamless aggregators' settings, which owners edit (nil:
	// none is listed).
	Seamless    *seamless.Service
	Aggregators *seamless.Aggregators
	// Lobby serves the seamless aggregators' games in the lobby and their
	// launch (nil: the lobby lists the transfer games only).
	Lobby *seamless.Lobby
	// DomainError maps an infrastructure failure that reaches the API (e.g.
	// the database cannot be reached) to a domain error; nil: none is.
	DomainError func(error) error
	// Observer is told of every request when it ends and of sockets as
	// they open and close (the metrics); nil: none is.
	Observer Observer
	// Routes are handlers of other adapters mounted beside the API, keyed
	// by Go 1.22 route patterns: today the simulated game provider's /sim/
	// pages (the wallet and operator calls are this server's own).
	Routes []Route
}

// Route is a handler of another adapter mounted on the API mux.
type Route struct {
	Pattern string
	Handler http.Handler
}

// Server is the HTTP API.
type Server struct {
	cfg       Config
	log       *slog.Logger
	accounts  *account.Service
	settings  *settings.Service
	db        Pinger
	wallet    *wallet.Service
	operators *operator.Service
	auditor   *operator.Auditor
	changes   *changes.Service // the changes that need two owners
	console   *operator.Console
	idem      *idempotency.Service
	promo     *promo.Service
	rewards   *rewards.Service
	chat      *chat.Service
	validate  *validator.Validate
	mux       *routeMux
	domainErr func(error) error
	deposits  *deposit.Service
	objects   objects.Store
	slipKey   []byte
	qr        *deposit.QRService
	spin      *spin.Service
	seamless  *seamless.Service
	// seamlessSince is when this node's callback figures started.
	seamlessSince time.Time
	aggregators   *seamless.Aggregators
	lobby         *seamless.Lobby
	slots         slotCache // the home screen's per-game JSON (homejson.go)
	obs           Observer
	draining      atomic.Bool // Drain was called: /readyz answers 503
}

// Drain makes /readyz answer 503 from now on, so that a load balancer
// stops sending requests before the server stops accepting them.
func (s *Server) Drain() { s.draining.Store(true) }

// New returns the API server.
func New(cfg Config, d Deps) *Server {
	s := &Server{cfg: cfg, log: d.Log, accounts: d.Accounts, settings: d.Settings, db: d.DB,
		wallet: d.Wallet, operators: d.Operators, auditor: d.Auditor, console: d.Console, idem: d.Idempotency,
		promo: d.Promo, rewards: d.Rewards, validate: newValidator(), mux: &routeMux{ServeMux: http.NewServeMux()}, domainErr: d.DomainError,
		changes: d.Changes, deposits: d.Deposits, objects: d.Objects, slipKey: d.SlipURLKey, chat: d.Chat, qr: d.QR, spin: d.Spin,
		obs: d.Observer, seamless: d.Seamless, seamlessSince: time.Now(), aggregators: d.Aggregators, lobby: d.Lobby}
	s.routes()
	for _, r := range d.Routes {
		s.mux.Handle(r.Pattern, r.Handler)
	}
	return s
}

// Handler returns the whole HTTP handler with its middleware.
func (s *Server) Handler() http.Handler {
	return s.observe(s.secure(s.limits(s.cleanPaths(s.routed(s.mux)))))
}

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	m.HandleFunc("GET /readyz", s.ready)

	m.HandleFunc("GET /api/lookup/{name}", s.lookup)
	m.HandleFunc("GET /api/openapi.json", serveOpenAPI)

	m.Handle("POST /api/otp/send", s.serviceOpen(http.HandlerFunc(s.otpSend)))
	m.Handle("POST /api/otp/verify", s.serviceOpen(http.HandlerFunc(s.otpVerify)))
	m.Handle("POST /api/account/validate", s.serviceOpen(http.HandlerFunc(s.validateAccount)))
	m.Handle("POST /api/account", s.serviceOpen(http.HandlerFunc(s.register)))
	m.Handle("POST /api/login", s.serviceOpen(http.HandlerFunc(s.login)))
	m.Handle("POST /api/account/password/reset/otp", s.serviceOpen(http.HandlerFunc(s.resetOTP)))
	m.Handle("POST /api/account/password/reset", s.serviceOpen(http.HandlerFunc(s.resetPassword)))
	m.Handle("POST /api/logout", s.member(s.logout))
	m.Handle("GET /api/account/profile", s.member(s.profile))
	m.Handle("PUT /api/account/profile", s.member(s.updateProfile))
	m.Handle("PUT /api/account/bankAccountName", s.member(s.updateBankAccountName))
	m.Handle("PUT /api/account/changepwd", s.member(s.changePassword))

	s.walletRoutes()
	s.lobbyRoutes()
	s.promoRoutes()
	s.rewardsRoutes()
	s.depositRoutes()
	s.qrRoutes()
	s.spinRoutes()
	s.operatorRoutes()
	s.chatRoutes()

	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, errs.New(errs.NotFoundCode))
	})
	// The how-to videos the binary bundles (the info lookup's defaults).
	m.Handle(settings.HowtoVideoPrefix, howtovideos.Handler(settings.HowtoVideoPrefix))
	m.Handle("/", s.web())
}

func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "draining"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		logger(ctx).WarnContext(ctx, "not ready", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unreachable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}

// Caller returns the authenticated member of a request wrapped by Member.
func Caller(r *http.Request) account.Caller {
	c, _ := r.Context().Value(callerKey{}).(account.Caller)
	return c
}
