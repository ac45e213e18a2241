package app

import (
	"context"
	"crypto/rsa"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/core/seamless"
)

// hub88Prefix is where Hub88's Wallet API calls are served
// (/api/games/{provider}/…).
const hub88Prefix = "/api/games/" + hub88.Code

// Hub88Config is the Hub88 aggregator: all four variables or none. They
// turn Hub88 on and are its starting settings: an owner may replace the
// URL, the operator id and both keys in the console, each value stored
// there winning over the configured one (docs/adapters.md, "Hub88's
// settings in the console").
type Hub88Config struct {
	URL            string `env:"NGERN_HUB88_URL" doc:"Base URL of Hub88's Operator API (the Games API: ~POST {base}/operator/generic/v2/game/list~ and ~/game/url~). With the three below it turns Hub88 on, in production mode too: its Wallet API calls are served at ~/api/games/hub88/~ and its games are in the lobby. All four or none; see [adapters.md](adapters.md#hub88). The four are starting settings: an owner may replace each of them (URL, operator id, both keys) on the console's Aggregators page, and a value stored there wins ([adapters.md](adapters.md#hub88s-settings-in-the-console))."`
	OperatorID     int    `env:"NGERN_HUB88_OPERATOR_ID" min:"1" docDefault:"empty" doc:"Our ~operator_id~ at Hub88 (a whole number, from Hub88's back office)."`
	PublicKeyFile  string `env:"NGERN_HUB88_PUBLIC_KEY" doc:"Path of a PEM file: Hub88's RSA public key, which verifies the ~X-Hub88-Signature~ of every Wallet API call (a call that fails it is answered ~RS_ERROR_INVALID_SIGNATURE~ and changes nothing)."`
	PrivateKeyFile string `env:"NGERN_HUB88_PRIVATE_KEY" doc:"Path of a PEM file: our RSA private key (~openssl genrsa -out private.pem 2048~), which signs our Games API requests and our Wallet API answers; give Hub88 its public key (~openssl rsa -in private.pem -pubout~). Its content is never logged."`
	// Hub88Key and Key are the keys read from the files (checkHub88).
	Hub88Key *rsa.PublicKey
	Key      *rsa.PrivateKey
}

// On reports whether Hub88 is configured.
func (h Hub88Config) On() bool { return h.URL != "" }

// checkHub88 refuses a partial Hub88 configuration, naming what is
// missing, and reads its keys (a key's content is never repeated).
func checkHub88(c *Config, _ map[string]string) []string {
	h := &c.Hub88
	set := map[string]bool{"NGERN_HUB88_URL": h.URL != "", "NGERN_HUB88_OPERATOR_ID": h.OperatorID != 0,
		"NGERN_HUB88_PUBLIC_KEY": h.PublicKeyFile != "", "NGERN_HUB88_PRIVATE_KEY": h.PrivateKeyFile != ""}
	var missing []string
	someSet := false
	for _, k := range []string{"NGERN_HUB88_URL", "NGERN_HUB88_OPERATOR_ID", "NGERN_HUB88_PUBLIC_KEY", "NGERN_HUB88_PRIVATE_KEY"} {
		if set[k] {
			someSet = true
		} else {
			missing = append(missing, k)
		}
	}
	if !someSet {
		return nil
	}
	if len(missing) > 0 {
		return []string{"Hub88 needs " + strings.Join(missing, ", ") + " too (all four of NGERN_HUB88_* or none)"}
	}
	if !strings.HasPrefix(h.URL, "https://") && !strings.HasPrefix(h.URL, "http://") {
		return []string{fmt.Sprintf("NGERN_HUB88_URL=%q: not an http(s) URL", h.URL)}
	}
	var problems []string
	if pem, err := os.ReadFile(h.PublicKeyFile); err != nil {
		problems = append(problems, "NGERN_HUB88_PUBLIC_KEY: "+err.Error())
	} else if h.Hub88Key, err = hub88.ParsePublicKey(pem); err != nil {
		problems = append(problems, "NGERN_HUB88_PUBLIC_KEY: "+err.Error())
	}
	if pem, err := os.ReadFile(h.PrivateKeyFile); err != nil {
		problems = append(problems, "NGERN_HUB88_PRIVATE_KEY: "+err.Error())
	} else if h.Key, err = hub88.ParsePrivateKey(pem); err != nil {
		problems = append(problems, "NGERN_HUB88_PRIVATE_KEY: "+err.Error())
	}
	return problems
}

type hub88In struct {
	fx.In
	Cfg     Config
	Log     *slog.Logger
	Metrics *metrics.Metrics
	// Wallet is the seamless wallet Hub88's calls move money through.
	Wallet seamless.Wallet
	// Settings are the aggregators' settings in effect: Hub88's URL,
	// operator id and keys as configured or as an owner stored them.
	Settings *seamless.Aggregators
}

type hub88Out struct {
	fx.Out
	Routes      []httpapi.Route       `group:"routes,flatten"`
	Aggregators []seamless.Aggregator `group:"aggregators,flatten"`
}

// newHub88 serves Hub88's Wallet API under /api/games/hub88/ and provides
// its Games API client as an aggregator, when NGERN_HUB88_* are set. Both
// take Hub88's settings in effect at each call (hub88Source), so that keys,
// an address or an operator id an owner stored apply without a restart.
func newHub88(in hub88In) (hub88Out, error) {
	h := in.Cfg.Hub88
	if !h.On() {
		return hub88Out{}, nil
	}
	log := in.Log.With("component", hub88.Code)
	src := &hub88Source{settings: in.Settings, wallet: in.Wallet, log: log, country: "TH", currency: "THB",
		http: in.Metrics.Client(hub88.Code, nil),
		configured: seamless.AggregatorSettings{Code: hub88.Code, Kind: seamless.KindHub88, URL: h.URL, OperatorID: int64(h.OperatorID),
			Hub88Key: h.Hub88Key, Key: h.Key}}
	if in.Cfg.Laos {
		src.country, src.currency = "LA", "LAK"
	}
	// The configured settings must make a handler and a client: a
	// mistake shows at start, not at Hub88's first call.
	if _, err := src.handlerOf(src.configured); err != nil {
		return hub88Out{}, err
	}
	if _, err := src.clientOf(src.configured); err != nil {
		return hub88Out{}, err
	}
	out := hub88Out{Aggregators: []seamless.Aggregator{hub88Aggregator{src: src}}}
	for _, p := range hub88.Paths {
		out.Routes = append(out.Routes, httpapi.Route{Pattern: "POST " + hub88Prefix + p, Handler: src})
	}
	log.Info("hub88 aggregator", "games", h.URL, "wallet", hub88Prefix+"/", "operator", h.OperatorID)
	return out, nil
}

// hub88Source builds Hub88's Wallet API handler and Games API client from
// its settings in effect, and builds them again when the keys, the URL or
// the operator id change.
type hub88Source struct {
	settings *seamless.Aggregators
	wallet   seamless.Wallet
	log      *slog.Logger
	http     *http.Client
	country  string
	currency string
	// configured are the settings of NGERN_HUB88_*, used when settings is
	// nil or cannot be read at all.
	configured seamless.AggregatorSettings

	mu      sync.Mutex
	handler cachedHub88Handler
	client  cachedHub88Client
}

// cachedHub88Handler is the handler of the keys named by from; hub88Key
// and key are the very keys it was last asked with, so that a call with
// the same settings copy skips the fingerprints.
type cachedHub88Handler struct {
	from     string
	hub88Key *rsa.PublicKey
	key      *rsa.PrivateKey
	h        *hub88.Handler
}

type cachedHub88Client struct {
	from string
	c    *hub88.Client
}

// current is Hub88's settings in effect.
func (s *hub88Source) current(ctx context.Context) seamless.AggregatorSettings {
	if s.settings == nil {
		return s.configured
	}
	a, err := s.settings.Get(ctx, hub88.Code)
	if err != nil || a.Hub88Key == nil || a.Key == nil {
		return s.configured
	}
	return a
}

// ServeHTTP answers a Wallet API call with the keys in effect now.
func (s *hub88Source) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h, err := s.handlerOf(s.current(r.Context()))
	if err != nil {
		// Cannot happen with settings that passed Check; answered as
		// Ngern's fault, not Hub88's.
		s.log.ErrorContext(r.Context(), "hub88 handler", "err", err)
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	h.ServeHTTP(w, r)
}

func (s *hub88Source) handlerOf(a seamless.AggregatorSettings) (*hub88.Handler, error) {
	s.mu.Lock()
	if s.handler.h != nil && s.handler.hub88Key == a.Hub88Key && s.handler.key == a.Key {
		h := s.handler.h
		s.mu.Unlock()
		return h, nil
	}
	s.mu.Unlock()
	// The settings were read again: the same keys keep their handler.
	from := fingerprint(seamless.KeyFingerprint(a.Hub88Key), seamless.KeyFingerprint(publicOf(a.Key)))
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.handler.h != nil && s.handler.from == from {
		s.handler.hub88Key, s.handler.key = a.Hub88Key, a.Key
		return s.handler.h, nil
	}
	h, err := hub88.NewHandler(hub88.HandlerConfig{Wallet: s.wallet, Hub88Key: a.Hub88Key, Key: a.Key, Log: s.log})
	if err != nil {
		return nil, err
	}
	if s.handler.h != nil {
		s.log.Info("hub88 keys applied", "hub88Key", seamless.KeyFingerprint(a.Hub88Key), "ourKey", seamless.KeyFingerprint(publicOf(a.Key)))
	}
	s.handler = cachedHub88Handler{from: from, hub88Key: a.Hub88Key, key: a.Key, h: h}
	return h, nil
}

func (s *hub88Source) clientOf(a seamless.AggregatorSettings) (*hub88.Client, error) {
	from := fingerprint(a.URL, fmt.Sprint(a.OperatorID), seamless.KeyFingerprint(publicOf(a.Key)))
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client.c != nil && s.client.from == from {
		return s.client.c, nil
	}
	c, err := hub88.New(hub88.Config{BaseURL: a.URL, OperatorID: a.OperatorID, Key: a.Key, Country: s.country, Currency: s.currency,
		HTTPClient: s.http})
	if err != nil {
		return nil, err
	}
	if s.client.c != nil {
		s.log.Info("hub88 games api applied", "games", a.URL, "operator", a.OperatorID)
	}
	s.client = cachedHub88Client{from: from, c: c}
	return c, nil
}

func publicOf(k *rsa.PrivateKey) *rsa.PublicKey {
	if k == nil {
		return nil
	}
	return &k.PublicKey
}

// hub88Aggregator is Hub88's Games API with its settings in effect at
// each call.
type hub88Aggregator struct{ src *hub88Source }

func (hub88Aggregator) Code() string { return hub88.Code }

func (a hub88Aggregator) Games(ctx context.Context) ([]seamless.Game, error) {
	c, err := a.src.clientOf(a.src.current(ctx))
	if err != nil {
		return nil, err
	}
	return c.Games(ctx)
}

func (a hub88Aggregator) LaunchURL(ctx context.Context, l seamless.Launch) (string, error) {
	c, err := a.src.clientOf(a.src.current(ctx))
	if err != nil {
		return "", err
	}
	return c.LaunchURL(ctx, l)
}

// hub88Services provides Hub88's routes and aggregator (newHub88).
func hub88Services() fx.Option {
	return fx.Provide(newHub88)
}
