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
	"syscall"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/bankfeed"
	"ngern/adapters/httpapi"
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

// QRConfig configures QR deposits.
type QRConfig struct {
	Gateways        string // sim or api
	PromptPayTarget string // "" (NGERN_PROMPTPAY_TARGET=off): no bank QR
	Lifetime        time.Duration
	PollInterval    time.Duration
	Timeout         time.Duration
	SimFaults       paygate.Faults
	// API are the real gateways (Gateways=api) by provider code.
	API map[string]GatewayConfig
	// BankFeedSecret turns on POST /api/payments/bankfeed, the signed
	// notifications of a bank's API or an SMS forwarder ("": off).
	BankFeedSecret string
}

// GatewayConfig is one real gateway: NGERN_GATEWAY_<CODE>_URL, _KEY and
// _SECRET (the webhook secret, at least 16 bytes).
type GatewayConfig struct {
	URL, Key, Secret string
}

// promptPayCode is the bank QR's channel code (spec part 9: "kbank").
const promptPayCode = "kbank"

func (q *QRConfig) load(env func(k, def string) string) []string {
	var problems []string
	if strings.EqualFold(q.PromptPayTarget, "off") {
		q.PromptPayTarget = ""
	} else if _, _, err := deposit.PromptPayTarget(q.PromptPayTarget); err != nil {
		problems = append(problems, "NGERN_PROMPTPAY_TARGET: "+err.Error())
	}
	q.BankFeedSecret = env("NGERN_BANKFEED_SECRET", "")
	if q.BankFeedSecret != "" && len(q.BankFeedSecret) < 16 {
		problems = append(problems, "NGERN_BANKFEED_SECRET must be at least 16 characters")
	}
	f, err := paygate.ParseFaults(env("NGERN_SIMGATEWAY_FAULTS", ""))
	if err != nil {
		problems = append(problems, "NGERN_SIMGATEWAY_FAULTS: "+err.Error())
	}
	q.SimFaults = f
	switch q.Gateways {
	case "sim":
	case "api":
		q.API = map[string]GatewayConfig{}
		for _, c := range settings.QRChannels() {
			if c.Code == promptPayCode {
				continue
			}
			g := GatewayConfig{URL: env("NGERN_GATEWAY_"+c.Code+"_URL", ""), Key: env("NGERN_GATEWAY_"+c.Code+"_KEY", ""),
				Secret: env("NGERN_GATEWAY_"+c.Code+"_SECRET", "")}
			if g.URL == "" {
				continue
			}
			if len(g.Secret) < 16 {
				problems = append(problems, fmt.Sprintf("NGERN_GATEWAY_%s_SECRET must be at least 16 characters", c.Code))
			}
			q.API[c.Code] = g
		}
	default:
		problems = append(problems, fmt.Sprintf("NGERN_QR_GATEWAYS=%q: use sim or api", q.Gateways))
	}
	return problems
}

// qrServices provides the QR deposit service with its gateways and, when
// the simulated gateway is the one, its routes.
func qrServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) deposit.QRStore { return sqlstore.NewQRDeposits(db) },
		newGateways,
		newBankFeed,
		newQRService,
	)
}

type bankFeedOut struct {
	fx.Out
	Feed   *bankfeed.Webhook
	Routes []httpapi.Route `group:"routes,flatten"`
}

// newBankFeed mounts the bank-feed webhook when NGERN_BANKFEED_SECRET is set.
func newBankFeed(cfg Config, log *slog.Logger, now Clock) (bankFeedOut, error) {
	if cfg.QR.BankFeedSecret == "" {
		return bankFeedOut{}, nil
	}
	f, err := bankfeed.NewWebhook([]byte(cfg.QR.BankFeedSecret), now, log.With("component", "bankfeed"))
	if err != nil {
		return bankFeedOut{}, err
	}
	log.Info("bank feed", "kind", "webhook", "at", "/api/payments/bankfeed")
	return bankFeedOut{Feed: f, Routes: []httpapi.Route{{Pattern: "POST /api/payments/bankfeed", Handler: f}}}, nil
}

type gatewaysOut struct {
	fx.Out
	Gateways map[string]deposit.PaymentGateway
	Sim      *paygate.Sim
	Routes   []httpapi.Route `group:"routes,flatten"`
}

// newGateways returns the configured gateways: every provider on the
// simulated gateway (in-process, mounted at /sim/gateway/, its secrets
// derived from the secret key) or the real ones.
func newGateways(cfg Config, log *slog.Logger, now Clock) (gatewaysOut, error) {
	gws := map[string]deposit.PaymentGateway{}
	if cfg.QR.Gateways == "api" {
		for code, g := range cfg.QR.API {
			c, err := paygate.New(paygate.Config{Name: code, BaseURL: g.URL, APIKey: g.Key, Secret: []byte(g.Secret),
				Timeout: cfg.QR.Timeout, Now: now})
			if err != nil {
				return gatewaysOut{}, err
			}
			gws[code] = c
		}
		log.Info("qr gateways", "kind", "api", "providers", len(gws))
		return gatewaysOut{Gateways: gws}, nil
	}
	key, err := secretKey(cfg, log)
	if err != nil {
		return gatewaysOut{}, err
	}
	secrets := map[string][]byte{}
	for _, c := range settings.QRChannels() {
		if c.Code != promptPayCode {
			secrets[c.Code] = simGatewaySecret(key, c.Code)
		}
	}
	sim := paygate.NewSim(paygate.SimConfig{PathPrefix: "/sim/gateway", Secrets: secrets, Faults: cfg.QR.SimFaults, Now: now,
		Log: log.With("component", "simgateway")})
	for code, secret := range secrets {
		c, err := paygate.New(paygate.Config{Name: code, BaseURL: "http://in-process/sim/gateway/" + code, Secret: secret,
			Timeout: cfg.QR.Timeout, Now: now, HTTPClient: &http.Client{Transport: sim.Transport()}})
		if err != nil {
			return gatewaysOut{}, err
		}
		gws[code] = c
	}
	log.Info("qr gateways", "kind", "simulated gateway", "at", "/sim/gateway/")
	return gatewaysOut{Gateways: gws, Sim: sim, Routes: []httpapi.Route{{Pattern: "/sim/gateway/", Handler: sim}}}, nil
}

// simGatewaySecret derives a simulated provider's webhook secret from the
// secret key, so that every node verifies alike.
func simGatewaySecret(key []byte, code string) []byte {
	m := hmac.New(sha256.New, key)
	io.WriteString(m, "ngern simulated gateway webhooks "+code)
	return m.Sum(nil)
}

type qrIn struct {
	fx.In
	Cfg      Config
	Store    deposit.QRStore
	Gateways map[string]deposit.PaymentGateway
	Verifier deposit.SlipVerifier
	Feed     *bankfeed.Webhook
	Members  account.Store
	Log      *slog.Logger
	Now      Clock
}

// newQRService returns the QR deposit service; the simulated bank, when
// it is the slip verifier, is also the bank QR's feed.
func newQRService(in qrIn) *deposit.QRService {
	svc := deposit.NewQRService(deposit.QRDeps{Store: in.Store, Gateways: in.Gateways, PromptPayCode: promptPayCode,
		PromptPayTarget: in.Cfg.QR.PromptPayTarget, Members: in.Members, Lifetime: in.Cfg.QR.Lifetime, Log: in.Log, Now: in.Now})
	var feeds []deposit.BankFeed
	if sim, ok := in.Verifier.(*slip.SimBank); ok {
		feeds = append(feeds, sim)
	}
	if in.Feed != nil {
		feeds = append(feeds, in.Feed)
	}
	if in.Cfg.QR.PromptPayTarget != "" {
		for _, f := range feeds {
			f.Listen(svc.BankCredit)
		}
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
func startQRPoller(lc fx.Lifecycle, cfg Config, log *slog.Logger, svc *deposit.QRService, sim *paygate.Sim) {
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
					if n, err := svc.PollGateways(ctx); err != nil && ctx.Err() == nil {
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
	for _, c := range settings.QRChannels() {
		if secret := strings.TrimSpace(getenv("NGERN_GATEWAY_" + c.Code + "_SECRET")); c.Code != promptPayCode && secret != "" {
			if len(secret) < 16 {
				return nil, fmt.Errorf("NGERN_GATEWAY_%s_SECRET must be at least 16 characters", c.Code)
			}
			secrets[c.Code] = []byte(secret)
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
		io.Copy(io.Discard, res.Body)
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
		srv.Shutdown(shut)
	}()
	log.Info("simulated gateway serving", "addr", addr)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "simgateway:", err)
		return 1
	}
	sim.Wait()
	return 0
}
