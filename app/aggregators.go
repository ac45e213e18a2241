package app

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/generic"
	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/httpapi"
	"ngern/adapters/sqlstore"
	"ngern/core/events"
	"ngern/core/seamless"
	"ngern/core/wallet"
)

// SimAggregatorCode is the code of the simulated aggregator, served
// in-process in demo mode; NGERN_AGGREGATORS may not use it.
const SimAggregatorCode = "sim"

// simAggregatorBase is where the in-process simulated aggregator's games
// API is mounted (its own wiring serves it there).
const simAggregatorBase = "/sim/aggregator"

// SimAggregatorSecret is the generic protocol's shared secret of the
// in-process simulated aggregator `sim` in demo mode (empty otherwise):
// Ngern's handler and the simulator, built in one process, both take it.
type SimAggregatorSecret []byte

// AggregatorsConfig configures the seamless aggregators that speak
// Ngern's generic protocol (docs/adapters.md, "The generic protocol").
type AggregatorsConfig struct {
	// SimSecret "" in demo mode: a random secret per start.
	SimSecret string   `env:"NGERN_SIM_AGGREGATOR_SECRET" secret:"true" doc:"Demo mode only: the shared secret (at least 32 bytes) of the in-process simulated aggregator ~sim~, whose callbacks Ngern serves under ~/api/games/sim/~. Empty → a random one per start (both sides are in this process). Never logged."`
	List      []string `env:"NGERN_AGGREGATORS" doc:"Seamless aggregators speaking Ngern's [generic protocol](adapters.md#the-generic-protocol): a comma-separated list of ~code=url~ (e.g. ~acme=https://api.acme.example/ngern~), the code in lowercase letters, digits and dashes (not ~sim~ or ~hub88~), the URL the base of its games API. Each needs ~NGERN_AGGREGATOR_<CODE>_SECRET_FILE~ and may set ~NGERN_AGGREGATOR_<CODE>_ALLOW~. Its callbacks are served under ~/api/games/<code>/~. A bad entry stops the server at start, naming it. The secret and allow-list are starting settings: once an owner saves them on the console's Aggregators page, the stored ones win ([adapters.md](adapters.md#aggregators-in-the-console))."`
	// Generic are List's aggregators by code, read by load.
	Generic map[string]GenericAggregator
}

// GenericAggregator is one entry of NGERN_AGGREGATORS.
type GenericAggregator struct {
	URL string
	// Secret is read from NGERN_AGGREGATOR_<CODE>_SECRET_FILE; never logged.
	Secret []byte
	// Allow (NGERN_AGGREGATOR_<CODE>_ALLOW) are the addresses callbacks
	// may come from; empty: any.
	Allow []netip.Prefix
}

// aggregatorCode is the form of an aggregator's code: it is a path
// segment and, upper-cased with dashes as underscores, part of variable
// names.
var aggregatorCode = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)

// reservedAggregators are codes with an adapter of their own: sim is
// refused in every mode (in demo mode it is served in-process; outside,
// it would be a simulator).
var reservedAggregators = map[string]string{
	SimAggregatorCode: "the simulated aggregator's (in-process in demo mode)",
	"hub88":           "Hub88's (NGERN_HUB88_*)",
}

// aggregatorVar is the name of one of code's variables (suffix SECRET_FILE
// or ALLOW).
func aggregatorVar(code, suffix string) string {
	return "NGERN_AGGREGATOR_" + strings.ToUpper(strings.ReplaceAll(code, "-", "_")) + "_" + suffix
}

// load reads List into Generic, with each aggregator's secret file and
// allow-list, and checks the simulated aggregator's secret; each problem
// names its entry or variable, never a secret.
func (a *AggregatorsConfig) load(env func(k, def string) string) []string {
	var problems []string
	if a.SimSecret != "" && len(a.SimSecret) < generic.MinSecretLen {
		problems = append(problems, fmt.Sprintf("NGERN_SIM_AGGREGATOR_SECRET must be at least %d bytes", generic.MinSecretLen))
	}
	a.Generic = map[string]GenericAggregator{}
	for _, entry := range a.List {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		code, g, err := readAggregator(entry, env)
		if err != nil {
			problems = append(problems, fmt.Sprintf("NGERN_AGGREGATORS entry %q: %v", code, err))
			continue
		}
		if _, dup := a.Generic[code]; dup {
			problems = append(problems, fmt.Sprintf("NGERN_AGGREGATORS entry %q: the code is listed twice", code))
			continue
		}
		a.Generic[code] = g
	}
	return problems
}

// readAggregator reads one code=url entry and its variables.
func readAggregator(entry string, env func(k, def string) string) (string, GenericAggregator, error) {
	code, base, ok := strings.Cut(entry, "=")
	code, base = strings.TrimSpace(code), strings.TrimSpace(base)
	if !ok {
		return entry, GenericAggregator{}, fmt.Errorf("write code=url")
	}
	if !aggregatorCode.MatchString(code) {
		return code, GenericAggregator{}, fmt.Errorf("the code must be 1–32 lowercase letters, digits or dashes")
	}
	if owner, ok := reservedAggregators[code]; ok {
		return code, GenericAggregator{}, fmt.Errorf("the code is %s; choose another", owner)
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return code, GenericAggregator{}, fmt.Errorf("%q is not an http(s) URL", base)
	}
	g := GenericAggregator{URL: base}
	fileVar := aggregatorVar(code, "SECRET_FILE")
	path := env(fileVar, "")
	if path == "" {
		return code, g, fmt.Errorf("%s is not set", fileVar)
	}
	secret, err := os.ReadFile(path)
	if err != nil {
		return code, g, fmt.Errorf("%s: %v", fileVar, err)
	}
	// A trailing newline is the editor's, not the secret's.
	g.Secret = []byte(strings.TrimRight(string(secret), "\r\n"))
	if len(g.Secret) < generic.MinSecretLen {
		return code, g, fmt.Errorf("the secret in %s must be at least %d bytes", fileVar, generic.MinSecretLen)
	}
	allowVar := aggregatorVar(code, "ALLOW")
	for _, part := range strings.Split(env(allowVar, ""), ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				return code, g, fmt.Errorf("%s: %q is not a CIDR such as 203.0.113.0/24 or an address", allowVar, part)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		g.Allow = append(g.Allow, p.Masked())
	}
	return code, g, nil
}

// aggregatorServices provides the generic protocol's aggregators.
func aggregatorServices() fx.Option {
	return fx.Provide(newSimAggregatorSecret, newGenericAggregators)
}

// newSimAggregatorSecret is the in-process simulated aggregator's secret
// in demo mode (NGERN_SIM_AGGREGATOR_SECRET or a random one per start),
// nil otherwise.
func newSimAggregatorSecret(cfg Config) (SimAggregatorSecret, error) {
	if cfg.Mode != ModeDemo {
		return nil, nil
	}
	return simAggregatorSecret(cfg.Aggregators.SimSecret)
}

// configuredAggregators are the aggregators the configuration names, with
// the settings it starts them with (seamless.Aggregators: an owner's
// stored settings win over these).
func configuredAggregators(cfg Config, sim SimAggregatorSecret) []seamless.AggregatorSettings {
	mode := string(cfg.Mode)
	var out []seamless.AggregatorSettings
	if cfg.Hub88.On() {
		out = append(out, seamless.AggregatorSettings{Code: hub88.Code, Kind: seamless.KindHub88, Mode: mode, URL: cfg.Hub88.URL, Enabled: true,
			OperatorID: int64(cfg.Hub88.OperatorID), Hub88Key: cfg.Hub88.Hub88Key, Key: cfg.Hub88.Key})
	}
	for code, g := range cfg.Aggregators.Generic {
		out = append(out, seamless.AggregatorSettings{Code: code, Kind: seamless.KindGeneric, Mode: mode, URL: g.URL, Enabled: true,
			Secret: g.Secret, Allow: g.Allow})
	}
	if len(sim) > 0 {
		out = append(out, seamless.AggregatorSettings{Code: SimAggregatorCode, Kind: seamless.KindSim, Mode: mode, URL: simAggregatorBase,
			Enabled: true, Secret: sim})
	}
	return out
}

// newAggregatorSettings returns the aggregators' settings in effect: the
// configuration's, overridden by what owners stored in the console, read
// again on every node when one changes.
func newAggregatorSettings(lc fx.Lifecycle, cfg Config, db *sqlstore.DB, sealer *wallet.Sealer, bus events.Bus, now Clock,
	sim SimAggregatorSecret) *seamless.Aggregators {
	a := seamless.NewAggregators(sqlstore.NewSeamlessAggregators(db), sealer, configuredAggregators(cfg, sim), now)
	lc.Append(fx.StopHook(a.UseEvents(bus)))
	return a
}

type genericAggregatorsIn struct {
	fx.In
	Cfg Config
	Log *slog.Logger
	// Wallet is the seamless wallet the callbacks move money with.
	Wallet   seamless.Wallet
	Settings *seamless.Aggregators
	Sim      SimAggregatorSecret
}

type genericAggregatorsOut struct {
	fx.Out
	Routes      []httpapi.Route       `group:"routes,flatten"`
	Aggregators []seamless.Aggregator `group:"aggregators,flatten"`
}

// newGenericAggregators serves the callbacks of every generic aggregator
// (the configured ones and, in demo mode, the simulated `sim`) under
// POST /api/games/{provider}/balance|bet|win|rollback, and provides their
// games-API clients. Both take each aggregator's secret and allow-list in
// effect at each call (genericSource), so that an owner's change applies
// without a restart. The four routes are mounted whatever the
// configuration, so that the served API is the documented one; a provider
// that is not a generic aggregator is answered 404.
func newGenericAggregators(in genericAggregatorsIn) (genericAggregatorsOut, error) {
	var out genericAggregatorsOut
	log := in.Log.With("component", "aggregators")
	src := &genericSource{settings: in.Settings, wallet: in.Wallet, log: log, handlers: map[string]cachedHandler{},
		clients: map[string]cachedClient{}}
	for code, g := range in.Cfg.Aggregators.Generic {
		out.Aggregators = append(out.Aggregators, genericAggregator{code: code, src: src})
		log.Info("generic aggregator", "code", code, "url", g.URL, "at", "/api/games/"+code+"/")
	}
	if len(in.Sim) > 0 {
		origin, err := loopbackOrigin(in.Cfg.Addr)
		if err != nil {
			return out, err
		}
		src.simBase = origin + simAggregatorBase
		out.Aggregators = append(out.Aggregators, genericAggregator{code: SimAggregatorCode, src: src})
	}
	mux := generic.Mux(src.handler)
	for _, op := range generic.Ops {
		out.Routes = append(out.Routes, httpapi.Route{Pattern: "POST /api/games/{provider}/" + op, Handler: mux})
	}
	return out, nil
}

// genericSource builds each generic aggregator's callback handler and
// games-API client from its settings in effect, and builds them again when
// the secret or the allow-list change.
type genericSource struct {
	settings *seamless.Aggregators
	wallet   seamless.Wallet
	log      *slog.Logger
	// simBase is the in-process simulated aggregator's games API (demo).
	simBase string

	mu       sync.Mutex
	handlers map[string]cachedHandler
	clients  map[string]cachedClient
}

type cachedHandler struct {
	from string
	h    *generic.Handler
}

type cachedClient struct {
	from string
	c    *generic.Client
}

// current is the settings in effect of a generic (or the simulated)
// aggregator; false for any other provider.
func (g *genericSource) current(ctx context.Context, code string) (seamless.AggregatorSettings, bool) {
	s, err := g.settings.Get(ctx, code)
	if err != nil || (s.Kind != seamless.KindGeneric && s.Kind != seamless.KindSim) {
		return s, false
	}
	return s, true
}

// handler answers code's callback handler, nil when code is not a generic
// aggregator (404). A switched-off aggregator's callbacks are still
// answered: its sessions already open settle their rounds (the lobby no
// longer launches its games).
func (g *genericSource) handler(ctx context.Context, code string) *generic.Handler {
	s, ok := g.current(ctx, code)
	if !ok {
		return nil
	}
	allow := s.AllowStrings()
	from := fingerprint(append([]string{string(s.Secret)}, allow...)...)
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := g.handlers[code]; ok && c.from == from {
		return c.h
	}
	// The handlers check timestamps on the wall clock (time.Now), not on
	// Clock: the skew bound is between two machines' clocks.
	opts := []generic.Option{generic.WithLogger(g.log.With("provider", code))}
	if len(s.Allow) > 0 {
		opts = append(opts, generic.WithAllow(s.Allow, httpapi.ClientIP))
	}
	h := generic.New(code, s.Secret, g.wallet, opts...)
	if _, rebuilt := g.handlers[code]; rebuilt {
		g.log.Info("generic aggregator settings applied", "code", code, "allow", len(allow))
	}
	g.handlers[code] = cachedHandler{from: from, h: h}
	return h
}

// client answers code's games-API client with its secret in effect.
func (g *genericSource) client(ctx context.Context, code string) (*generic.Client, error) {
	s, ok := g.current(ctx, code)
	if !ok {
		return nil, fmt.Errorf("%s is not a generic aggregator", code)
	}
	base := s.URL
	if s.Kind == seamless.KindSim {
		base = g.simBase
	}
	from := fingerprint(base, string(s.Secret))
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := g.clients[code]; ok && c.from == from {
		return c.c, nil
	}
	c := generic.NewClient(code, base, s.Secret)
	g.clients[code] = cachedClient{from: from, c: c}
	return c, nil
}

// genericAggregator is a generic aggregator's games API with its settings
// in effect at each call.
type genericAggregator struct {
	code string
	src  *genericSource
}

func (a genericAggregator) Code() string { return a.code }

func (a genericAggregator) Games(ctx context.Context) ([]seamless.Game, error) {
	c, err := a.src.client(ctx, a.code)
	if err != nil {
		return nil, err
	}
	return c.Games(ctx)
}

func (a genericAggregator) LaunchURL(ctx context.Context, l seamless.Launch) (string, error) {
	c, err := a.src.client(ctx, a.code)
	if err != nil {
		return "", err
	}
	return c.LaunchURL(ctx, l)
}

// simAggregatorSecret is NGERN_SIM_AGGREGATOR_SECRET, or a random secret
// for this start.
func simAggregatorSecret(configured string) (SimAggregatorSecret, error) {
	if configured != "" {
		return SimAggregatorSecret(configured), nil
	}
	b := make([]byte, generic.MinSecretLen)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	return b, nil
}
