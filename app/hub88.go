package app

import (
	"crypto/rsa"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/core/seamless"
)

// hub88Prefix is where Hub88's Wallet API calls are served
// (/api/games/{provider}/…).
const hub88Prefix = "/api/games/" + hub88.Code

// Hub88Config is the Hub88 aggregator: all four variables or none.
type Hub88Config struct {
	URL            string `env:"NGERN_HUB88_URL" doc:"Base URL of Hub88's Operator API (the Games API: ~POST {base}/operator/generic/v2/game/list~ and ~/game/url~). With the three below it turns Hub88 on, in production mode too: its Wallet API calls are served at ~/api/games/hub88/~ and its games are in the lobby. All four or none; see [adapters.md](adapters.md#hub88)."`
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
}

type hub88Out struct {
	fx.Out
	Routes      []httpapi.Route       `group:"routes,flatten"`
	Aggregators []seamless.Aggregator `group:"aggregators,flatten"`
}

// newHub88 serves Hub88's Wallet API under /api/games/hub88/ and provides
// its Games API client as an aggregator, when NGERN_HUB88_* are set.
func newHub88(in hub88In) (hub88Out, error) {
	h := in.Cfg.Hub88
	if !h.On() {
		return hub88Out{}, nil
	}
	log := in.Log.With("component", hub88.Code)
	handler, err := hub88.NewHandler(hub88.HandlerConfig{Wallet: in.Wallet, Hub88Key: h.Hub88Key, Key: h.Key, Log: log})
	if err != nil {
		return hub88Out{}, err
	}
	country, currency := "TH", "THB"
	if in.Cfg.Laos {
		country, currency = "LA", "LAK"
	}
	client, err := hub88.New(hub88.Config{BaseURL: h.URL, OperatorID: int64(h.OperatorID), Key: h.Key, Country: country,
		Currency: currency, HTTPClient: in.Metrics.Client(hub88.Code, nil)})
	if err != nil {
		return hub88Out{}, err
	}
	out := hub88Out{Aggregators: []seamless.Aggregator{client}}
	for _, p := range hub88.Paths {
		out.Routes = append(out.Routes, httpapi.Route{Pattern: "POST " + hub88Prefix + p, Handler: handler})
	}
	log.Info("hub88 aggregator", "games", h.URL, "wallet", hub88Prefix+"/", "operator", h.OperatorID)
	return out, nil
}

// hub88Services provides Hub88's routes and aggregator (newHub88).
func hub88Services() fx.Option {
	return fx.Provide(newHub88)
}
