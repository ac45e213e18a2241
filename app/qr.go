package app

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/bankfeed"
	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/adapters/paygate"
	"ngern/adapters/slip"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/deposit"
	"ngern/core/settings"
)

// DemoPromptPayTarget is the bank QR's PromptPay target when none is
// configured: paid through the simulated bank (/sim/bank/transfers with
// toAccountNo = this number).
const DemoPromptPayTarget = "0912345678"

// QRConfig configures QR deposits: what the deployment fixes (the kind of
// gateways, their URLs, the PromptPay target) and the first-start seed of
// what operators then edit in the console (Lifetime, the gateways' keys and
// secrets: docs/configuration.md#qr-providers).
type QRConfig struct {
	// Gateways is sim, api or off (the production default: no gateway).
	Gateways  string         `env:"NGERN_QR_GATEWAYS" doc:"QR payment gateways: ~sim~ (the simulated gateway for ~WW~, ~PAYTIMZ~, ~PAYONEX~ and ~FP~, mounted without auth at ~/sim/gateway/~; demo mode only), ~api~ (the providers whose ~NGERN_GATEWAY_<CODE>_URL~ is set) or ~off~ (none: every gateway provider is not ready). See [adapters.md](adapters.md#payment-gateways-depositpaymentgateway-and-the-bank-feed-depositbankfeed) and [QR providers](#qr-providers) below."`
	Timeout   time.Duration  `env:"NGERN_GATEWAY_TIMEOUT" envDefault:"10s" min:"1ns" doc:"Bound of one gateway call."`
	SimFaults paygate.Faults `env:"NGERN_SIMGATEWAY_FAULTS" doc:"Faults of the simulated gateway: ~drop~, ~duplicate~, ~delay=<duration>~, ~5xx~, comma-separated."`
	// PromptPayTarget "" (NGERN_PROMPTPAY_TARGET=off): no bank QR.
	PromptPayTarget string `env:"NGERN_PROMPTPAY_TARGET" doc:"The bank QR's PromptPay target: a mobile number, a 13-digit tax or national id, or a 15-digit e-wallet id; ~off~: no bank QR (the ~kbank~ provider is seeded switched off and cannot be switched on). With the simulated bank, a transfer to it pays the QR of that exact amount. Fixed by the deployment (where money is received is never editable in the console)."`
	// BankFeedSecret turns on POST /api/payments/bankfeed, the signed
	// notifications of a bank's API or an SMS forwarder ("": off).
	BankFeedSecret string `env:"NGERN_BANKFEED_SECRET" doc:"Turns on ~POST /api/payments/bankfeed~, signed notifications of transfers to the PromptPay target or a receiving account (slipless deposits) from a bank's API or a relay (at least 16 characters; never logged)."`
	// BankFeedSMSToken turns on POST /api/payments/bankfeed/sms, the
	// bank's SMS alerts as an SMS-forwarder app posts them ("": off).
	BankFeedSMSToken string `env:"NGERN_BANKFEED_SMS_TOKEN" doc:"Turns on ~POST /api/payments/bankfeed/sms~: the KBank SMS alerts of a receiving account as an SMS-forwarder app on its phone posts them, with this token in the header ~X-Ngern-Token~ (at least 16 characters; never logged). See [adapters.md](adapters.md#the-sms-forwarder)."`
	// Lifetime is the seed of every provider's lifetime.
	Lifetime     time.Duration `env:"NGERN_QR_LIFETIME" min:"1ns" doc:"**First start only**: the lifetime every QR provider is seeded with (~expireIn~ of a new QR). Afterwards each provider's lifetime is edited in the console and this is ignored."`
	PollInterval time.Duration `env:"NGERN_QR_POLL_INTERVAL" envDefault:"30s" min:"1ns" doc:"How often gateway QRs that saw no webhook are settled by asking the gateway."`
	// API are the real gateways (Gateways=api) by provider code.
	API map[string]GatewayConfig
}

// GatewayConfig is one real gateway: NGERN_GATEWAY_<CODE>_URL (fixed by
// the deployment), _KEY and _SECRET (the first-start seed of the stored
// API key and webhook secret, at least 16 characters).
type GatewayConfig struct {
	URL, Key, Secret string
}

// promptPayCode is the bank QR's channel code (spec part 9: "kbank").
const promptPayCode = settings.PromptPayCode

func (q *QRConfig) load(env func(k, def string) string) []string {
	var problems []string
	if strings.EqualFold(q.PromptPayTarget, "off") {
		q.PromptPayTarget = ""
	} else if _, _, err := deposit.PromptPayTarget(q.PromptPayTarget); err != nil {
		problems = append(problems, "NGERN_PROMPTPAY_TARGET: "+err.Error())
	}
	if q.BankFeedSecret != "" && len(q.BankFeedSecret) < 16 {
		problems = append(problems, "NGERN_BANKFEED_SECRET must be at least 16 characters")
	}
	if q.BankFeedSMSToken != "" && len(q.BankFeedSMSToken) < 16 {
		problems = append(problems, "NGERN_BANKFEED_SMS_TOKEN must be at least 16 characters")
	}
	switch q.Gateways {
	case "sim", "off":
	case "api":
		q.API = map[string]GatewayConfig{}
		for _, code := range settings.QRProviderCodes() {
			if code == promptPayCode {
				continue
			}
			g := GatewayConfig{URL: env("NGERN_GATEWAY_"+code+"_URL", ""), Key: env("NGERN_GATEWAY_"+code+"_KEY", ""),
				Secret: env("NGERN_GATEWAY_"+code+"_SECRET", "")}
			if g.URL == "" {
				continue
			}
			if g.Secret != "" && len(g.Secret) < settings.QRSecretMinLen {
				problems = append(problems, fmt.Sprintf("NGERN_GATEWAY_%s_SECRET must be at least 16 characters", code))
			}
			q.API[code] = g
		}
	default:
		problems = append(problems, fmt.Sprintf("NGERN_QR_GATEWAYS=%q: use sim, api or off", q.Gateways))
	}
	return problems
}

// qrServices provides the QR deposit service with its gateways and, when
// the simulated gateway is the one, its routes.
func qrServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) deposit.QRStore { return sqlstore.NewQRDeposits(db) },
		func(db *sqlstore.DB) deposit.SenderStore { return sqlstore.NewQRDeposits(db) },
		newGateways,
		newBankFeed,
		newQRService,
	)
}

type bankFeedOut struct {
	fx.Out
	Feed   *bankfeed.Webhook
	SMS    *bankfeed.SMSForwarder
	Routes []httpapi.Route `group:"routes,flatten"`
}

// newBankFeed mounts the bank-feed webhook when NGERN_BANKFEED_SECRET is
// set, and the SMS forwarder's when NGERN_BANKFEED_SMS_TOKEN is.
func newBankFeed(cfg Config, log *slog.Logger, now Clock) (bankFeedOut, error) {
	var out bankFeedOut
	if cfg.QR.BankFeedSecret != "" {
		f, err := bankfeed.NewWebhook([]byte(cfg.QR.BankFeedSecret), now, log.With("component", "bankfeed"))
		if err != nil {
			return bankFeedOut{}, err
		}
		log.Info("bank feed", "kind", "webhook", "at", "/api/payments/bankfeed")
		out.Feed = f
		out.Routes = append(out.Routes, httpapi.Route{Pattern: "POST /api/payments/bankfeed", Handler: f})
	}
	if cfg.QR.BankFeedSMSToken != "" {
		f, err := bankfeed.NewSMSForwarder([]byte(cfg.QR.BankFeedSMSToken), now, log.With("component", "bankfeed-sms"))
		if err != nil {
			return bankFeedOut{}, err
		}
		log.Info("bank feed", "kind", "sms forwarder", "at", "/api/payments/bankfeed/sms")
		out.SMS = f
		out.Routes = append(out.Routes, httpapi.Route{Pattern: "POST /api/payments/bankfeed/sms", Handler: f})
	}
	return out, nil
}

type gatewaysOut struct {
	fx.Out
	Gateways deposit.GatewaySource
	Sim      *paygate.Sim
	Routes   []httpapi.Route `group:"routes,flatten"`
}

// qrDeployment is what the deployment fixes of QR deposits for the
// settings: which providers it can serve, and whether gateways need their
// secrets stored before they are enabled (real ones do).
func qrDeployment(cfg Config) settings.QRDeployment {
	d := settings.QRDeployment{Ready: map[string]bool{promptPayCode: cfg.QR.PromptPayTarget != ""},
		GatewaySecretsRequired: cfg.QR.Gateways == "api"}
	for _, code := range settings.QRProviderCodes() {
		if code == promptPayCode {
			continue
		}
		_, hasURL := cfg.QR.API[code]
		d.Ready[code] = cfg.QR.Gateways == "sim" || hasURL
	}
	return d
}

// qrSeed is what the environment says of each provider at first start
// (settings.SeedQRProviders): a stored provider ignores it.
func qrSeed(cfg Config) map[string]settings.QRProvider {
	seed := map[string]settings.QRProvider{promptPayCode: {Enabled: cfg.QR.PromptPayTarget != "", Lifetime: cfg.QR.Lifetime}}
	for _, code := range settings.QRProviderCodes() {
		if code == promptPayCode {
			continue
		}
		p := settings.QRProvider{Enabled: cfg.QR.Gateways == "sim", Lifetime: cfg.QR.Lifetime}
		if g, ok := cfg.QR.API[code]; ok && cfg.QR.Gateways == "api" {
			p.APIKey, p.WebhookSecret = g.Key, g.Secret
			p.Enabled = g.Secret != ""
		}
		seed[code] = p
	}
	return seed
}

// gatewaySource builds each gateway's client with the provider's stored
// API key and webhook secret, and builds it again when they change.
type gatewaySource struct {
	mu      sync.Mutex
	clients map[string]cachedGateway
	// from names what p's client is built from ("" when the deployment
	// has no gateway for p); build makes it.
	from  func(p settings.QRProvider) string
	build func(p settings.QRProvider) (deposit.PaymentGateway, error)
	log   *slog.Logger
}

type cachedGateway struct {
	from string
	gw   deposit.PaymentGateway
}

// Gateway answers p's client, nil when this deployment has none for p.
func (g *gatewaySource) Gateway(p settings.QRProvider) deposit.PaymentGateway {
	if p.Kind != settings.QRKindGateway {
		return nil
	}
	from := g.from(p)
	if from == "" {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := g.clients[p.Code]; ok && c.from == from {
		return c.gw
	}
	gw, err := g.build(p)
	if err != nil {
		g.log.Warn("qr gateway not usable", "provider", p.Code, "err", err)
		return nil
	}
	g.clients[p.Code] = cachedGateway{from: from, gw: gw}
	return gw
}

// fingerprint names what a client was built from without keeping secrets
// in the clear.
func fingerprint(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return string(h.Sum(nil))
}

// newGateways returns the gateways: every provider on the simulated
// gateway (in-process, mounted at /sim/gateway/, signing with the secret
// stored for the provider or, when none is, one derived from the secret
// key) or the real ones at NGERN_GATEWAY_<CODE>_URL with their stored API
// key and secret.
func newGateways(cfg Config, log *slog.Logger, now Clock, set *settings.Service, m *metrics.Metrics) (gatewaysOut, error) {
	src := &gatewaySource{clients: map[string]cachedGateway{}, log: log}
	if cfg.QR.Gateways == "api" {
		src.from = func(p settings.QRProvider) string {
			g, ok := cfg.QR.API[p.Code]
			if !ok || p.WebhookSecret == "" {
				return ""
			}
			return fingerprint(g.URL, p.APIKey, p.WebhookSecret)
		}
		src.build = func(p settings.QRProvider) (deposit.PaymentGateway, error) {
			return paygate.New(paygate.Config{Name: p.Code, BaseURL: cfg.QR.API[p.Code].URL, APIKey: p.APIKey,
				Secret: []byte(p.WebhookSecret), Timeout: cfg.QR.Timeout, Now: now, HTTPClient: m.Client(p.Code, nil)})
		}
		log.Info("qr gateways", "kind", "api", "providers", len(cfg.QR.API))
		return gatewaysOut{Gateways: src}, nil
	}
	if cfg.QR.Gateways == "off" {
		src.from = func(settings.QRProvider) string { return "" }
		log.Info("qr gateways", "kind", "off")
		return gatewaysOut{Gateways: src}, nil
	}
	key, err := secretKey(cfg, log)
	if err != nil {
		return gatewaysOut{}, err
	}
	derived := map[string][]byte{}
	for _, code := range settings.QRProviderCodes() {
		if code != promptPayCode {
			derived[code] = simGatewaySecret(key, code)
		}
	}
	secretOf := func(p settings.QRProvider) []byte {
		if p.WebhookSecret != "" {
			return []byte(p.WebhookSecret)
		}
		return derived[p.Code]
	}
	sim := paygate.NewSim(paygate.SimConfig{PathPrefix: "/sim/gateway", Secrets: derived, Faults: cfg.QR.SimFaults, Now: now,
		Log: log.With("component", "simgateway"), SecretOf: func(code string) []byte {
			p, err := set.QRProvider(context.Background(), code)
			if err != nil {
				return nil
			}
			return secretOf(p)
		}})
	src.from = func(p settings.QRProvider) string {
		if derived[p.Code] == nil {
			return ""
		}
		return fingerprint(string(secretOf(p)))
	}
	src.build = func(p settings.QRProvider) (deposit.PaymentGateway, error) {
		return paygate.New(paygate.Config{Name: p.Code, BaseURL: "http://in-process/sim/gateway/" + p.Code, Secret: secretOf(p),
			Timeout: cfg.QR.Timeout, Now: now, HTTPClient: &http.Client{Transport: sim.Transport()}})
	}
	log.Info("qr gateways", "kind", "simulated gateway", "at", "/sim/gateway/")
	return gatewaysOut{Gateways: src, Sim: sim, Routes: []httpapi.Route{{Pattern: "/sim/gateway/", Handler: sim}}}, nil
}

// simGatewaySecret derives a simulated provider's webhook secret from the
// secret key, so that every node verifies alike.
func simGatewaySecret(key []byte, code string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("ngern simulated gateway webhooks " + code))
	return m.Sum(nil)
}

type qrIn struct {
	fx.In
	Cfg      Config
	Store    deposit.QRStore
	Gateways deposit.GatewaySource
	Settings *settings.Service
	Verifier deposit.SlipVerifier
	Feed     *bankfeed.Webhook
	SMS      *bankfeed.SMSForwarder
	Members  account.Store
	Senders  deposit.SenderStore
	Log      *slog.Logger
	Now      Clock
}

// newQRService returns the QR deposit service; the simulated bank, when
// it is the slip verifier, is also the bank feed (the bank QR's payments
// and the slipless deposits to the receiving accounts).
func newQRService(in qrIn) *deposit.QRService {
	svc := deposit.NewQRService(deposit.QRDeps{Store: in.Store, Gateways: in.Gateways, PromptPayCode: promptPayCode,
		PromptPayTarget: in.Cfg.QR.PromptPayTarget, Members: in.Members, Providers: in.Settings.QRProviders, Coins: in.Settings.Coins, Log: in.Log,
		Receiving: deposit.ReceivingBanks(in.Settings.DepositOptions), Senders: in.Senders, Now: in.Now})
	var feeds []deposit.BankFeed
	if sim, ok := in.Verifier.(*slip.SimBank); ok {
		feeds = append(feeds, sim)
	}
	if in.Feed != nil {
		feeds = append(feeds, in.Feed)
	}
	if in.SMS != nil {
		feeds = append(feeds, in.SMS)
	}
	for _, f := range feeds {
		f.Listen(svc.BankCredit)
	}
	return svc
}

// deliverInProcess makes the simulated gateway post its webhooks to this
// server's handler, without a network.
func deliverInProcess(sim *paygate.Sim, api *httpapi.Server) {
	if sim == nil {
		return
	}
	h := api.Handler()
	sim.SetDeliver(func(ctx context.Context, provider string, header http.Header, body []byte) (int, error) {
		r, err := http.NewRequestWithContext(ctx, http.MethodPost, "/api/payments/"+provider+"/webhook", bytes.NewReader(body))
		if err != nil {
			return 0, err
		}
		r.Header = header.Clone()
		r.RemoteAddr = "127.0.0.1:0"
		res, err := paygate.HandlerTransport{H: h}.RoundTrip(r)
		if err != nil {
			return 0, err
		}
		res.Body.Close()
		return res.StatusCode, nil
	})
}

// startQRPoller asks the gateways, every NGERN_QR_POLL_INTERVAL, the status
// of QRs that saw no webhook.
func startQRPoller(lc fx.Lifecycle, cfg Config, log *slog.Logger, svc *deposit.QRService, sim *paygate.Sim, m *metrics.Metrics) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				tick := time.NewTicker(cfg.QR.PollInterval)
				defer tick.Stop()
				for {
					select {
					case <-ctx.Done():
						return
					case <-tick.C:
					}
					n, err := svc.PollGateways(ctx)
					m.JobEnded(jobQRPoller, err)
					if err != nil && ctx.Err() == nil {
						log.Error("qr poller", "err", err)
					} else if n > 0 {
						log.Info("qr poller settled payments", "count", n)
					}
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			<-done
			if sim != nil {
				sim.Wait()
			}
			return nil
		},
	})
}

// simGatewayFromEnv builds `ngern simgateway`: the simulated gateway for
// every provider whose NGERN_GATEWAY_<CODE>_SECRET is set, posting its
// webhooks to NGERN_SIMGATEWAY_WEBHOOK_URL (Ngern's base URL).
func simGatewayFromEnv(getenv func(string) string, cfg Config, log *slog.Logger) (*paygate.Sim, error) {
	base := strings.TrimSuffix(strings.TrimSpace(getenv("NGERN_SIMGATEWAY_WEBHOOK_URL")), "/")
	if base == "" {
		return nil, fmt.Errorf("set NGERN_SIMGATEWAY_WEBHOOK_URL (the base URL of the Ngern server webhooks go to)")
	}
	secrets := map[string][]byte{}
	for _, code := range settings.QRProviderCodes() {
		if secret := strings.TrimSpace(getenv("NGERN_GATEWAY_" + code + "_SECRET")); code != promptPayCode && secret != "" {
			if len(secret) < 16 {
				return nil, fmt.Errorf("NGERN_GATEWAY_%s_SECRET must be at least 16 characters", code)
			}
			secrets[code] = []byte(secret)
		}
	}
	if len(secrets) == 0 {
		return nil, fmt.Errorf("set NGERN_GATEWAY_<CODE>_SECRET for at least one of WW, PAYTIMZ, PAYONEX, FP")
	}
	client := &http.Client{Timeout: 10 * time.Second}
	sim := paygate.NewSim(paygate.SimConfig{PathPrefix: "/sim/gateway", Secrets: secrets, Faults: cfg.QR.SimFaults, Log: log})
	sim.SetDeliver(func(ctx context.Context, provider string, header http.Header, body []byte) (int, error) {
		r, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/payments/"+provider+"/webhook", bytes.NewReader(body))
		if err != nil {
			return 0, err
		}
		r.Header = header.Clone()
		res, err := client.Do(r)
		if err != nil {
			return 0, err
		}
		_, _ = io.Copy(io.Discard, res.Body) // drained for the connection's reuse only
		res.Body.Close()
		return res.StatusCode, nil
	})
	return sim, nil
}

// runSimGateway serves the simulated gateway on NGERN_SIMGATEWAY_ADDR
// (default :8091) until SIGINT or SIGTERM.
func runSimGateway(getenv func(string) string, cfg Config, stderr io.Writer) int {
	log := NewLogger(cfg, stderr)
	sim, err := simGatewayFromEnv(getenv, cfg, log)
	if err != nil {
		fmt.Fprintln(stderr, "simgateway:", err)
		return 2
	}
	addr := strings.TrimSpace(getenv("NGERN_SIMGATEWAY_ADDR"))
	if addr == "" {
		addr = ":8091"
	}
	srv := &http.Server{Addr: addr, Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut) // past the deadline the process exits anyway
	}()
	log.Info("simulated gateway serving", "addr", addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "simgateway:", err)
		return 1
	}
	sim.Wait()
	return 0
}
