package app

import (
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/generic"
	"ngern/adapters/httpapi"
	"ngern/core/seamless"
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
	List      []string `env:"NGERN_AGGREGATORS" doc:"Seamless aggregators speaking Ngern's [generic protocol](adapters.md#the-generic-protocol): a comma-separated list of ~code=url~ (e.g. ~acme=https://api.acme.example/ngern~), the code in lowercase letters, digits and dashes (not ~sim~ or ~hub88~), the URL the base of its games API. Each needs ~NGERN_AGGREGATOR_<CODE>_SECRET_FILE~ and may set ~NGERN_AGGREGATOR_<CODE>_ALLOW~. Its callbacks are served under ~/api/games/<code>/~. A bad entry stops the server at start, naming it."`
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
	return fx.Provide(newGenericAggregators)
}

type genericAggregatorsIn struct {
	fx.In
	Cfg Config
	Log *slog.Logger
	// Wallet is the seamless wallet the callbacks move money with.
	Wallet seamless.Wallet
}

type genericAggregatorsOut struct {
	fx.Out
	Routes      []httpapi.Route       `group:"routes,flatten"`
	Aggregators []seamless.Aggregator `group:"aggregators,flatten"`
	SimSecret   SimAggregatorSecret
}

// newGenericAggregators serves the callbacks of every generic aggregator
// (the configured ones and, in demo mode, the simulated `sim`) under
// POST /api/games/{provider}/balance|bet|win|rollback, and provides their
// games-API clients. The four routes are mounted whatever the
// configuration, so that the served API is the documented one; a provider
// that is not a generic aggregator is answered 404.
func newGenericAggregators(in genericAggregatorsIn) (genericAggregatorsOut, error) {
	var out genericAggregatorsOut
	var handlers []*generic.Handler
	log := in.Log.With("component", "aggregators")
	// The handlers check timestamps on the wall clock (time.Now), not on
	// Clock: the skew bound is between two machines' clocks.
	for code, g := range in.Cfg.Aggregators.Generic {
		opts := []generic.Option{generic.WithLogger(log.With("provider", code))}
		if len(g.Allow) > 0 {
			opts = append(opts, generic.WithAllow(g.Allow, httpapi.ClientIP))
		}
		handlers = append(handlers, generic.New(code, g.Secret, in.Wallet, opts...))
		out.Aggregators = append(out.Aggregators, generic.NewClient(code, g.URL, g.Secret))
		log.Info("generic aggregator", "code", code, "url", g.URL, "at", "/api/games/"+code+"/", "allow", len(g.Allow))
	}
	if in.Cfg.Mode == ModeDemo {
		secret, err := simAggregatorSecret(in.Cfg.Aggregators.SimSecret)
		if err != nil {
			return out, err
		}
		origin, err := loopbackOrigin(in.Cfg.Addr)
		if err != nil {
			return out, err
		}
		out.SimSecret = secret
		handlers = append(handlers, generic.New(SimAggregatorCode, secret, in.Wallet, generic.WithLogger(log.With("provider", SimAggregatorCode))))
		out.Aggregators = append(out.Aggregators, generic.NewClient(SimAggregatorCode, origin+simAggregatorBase, secret))
	}
	mux := generic.NewMux(handlers...)
	for _, op := range generic.Ops {
		out.Routes = append(out.Routes, httpapi.Route{Pattern: "POST /api/games/{provider}/" + op, Handler: mux})
	}
	return out, nil
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

// aggregatorInfos describes the configured aggregators for the console
// (GET /api/operator/seamless/aggregators), by code: what is configured,
// never a key. Hub88 has no allow-list of its own: its signatures
// authenticate each call.
func aggregatorInfos(cfg Config) []seamless.AggregatorInfo {
	mode := string(cfg.Mode)
	var out []seamless.AggregatorInfo
	if cfg.Hub88.On() {
		out = append(out, seamless.AggregatorInfo{Code: "hub88", Kind: "hub88", Mode: mode, URL: cfg.Hub88.URL,
			Keys: cfg.Hub88.Hub88Key != nil && cfg.Hub88.Key != nil})
	}
	for code, g := range cfg.Aggregators.Generic {
		out = append(out, seamless.AggregatorInfo{Code: code, Kind: "generic", Mode: mode, URL: g.URL, AllowList: len(g.Allow) > 0,
			Keys: len(g.Secret) > 0})
	}
	if cfg.Mode == ModeDemo {
		// Its secret is the configured one or a random one per start.
		out = append(out, seamless.AggregatorInfo{Code: SimAggregatorCode, Kind: "sim", Mode: mode, URL: simAggregatorBase, Keys: true})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
