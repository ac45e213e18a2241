// Package app is the composition root: it reads the configuration and wires
// an adapter to every port of core with uber-go/fx. Nothing else imports fx.
package app

import (
	"encoding/base64"
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/httpapi"
	"ngern/adapters/objectstore"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/chat"
	"ngern/core/deposit"
	"ngern/core/wallet"
)

// Config is the whole configuration, read from NGERN_* environment
// variables (docs/configuration.md).
type Config struct {
	// Mode is NGERN_MODE: ModeProduction (the default) or ModeDemo, which
	// runs every outside party simulated in-process (docs/configuration.md).
	Mode Mode
	// unsafe names each variable that configures a simulator; serve
	// refuses to start in production while one is set (Config.Unsafe).
	unsafe []string

	Addr        string
	DataDir     string
	DatabaseURL string
	WebDir      string

	S3 objectstore.MinIOConfig

	RegisterOTP bool
	// Sign-in tries per member (NGERN_LIMIT_LOGIN_PER_PHONE) and per IP
	// (NGERN_LIMIT_LOGIN_PER_IP) in 15 minutes; phone look-ups and OTP
	// sends per IP in an hour (NGERN_LIMIT_LOOKUP_PER_IP,
	// NGERN_LIMIT_OTP_PER_IP).
	LoginPerPhone int
	LoginPerIP    int
	LookupPerIP   int
	OTPPerIP      int
	SMS           string // console | http
	SMSURL        string
	SMSKey        string
	SMSSender     string

	Laos bool

	LogFormat   string // text | json
	LogLevel    string
	TrustProxy  bool
	CORSOrigins []string

	// TrustedNets (NGERN_TRUSTED_PROXIES) are our proxies' addresses: only
	// their X-Forwarded-For entries are believed.
	TrustedNets []netip.Prefix
	// MaxConnsPerIP (NGERN_MAX_CONNS_PER_IP) bounds the connections open at
	// once from one peer address; 0: none.
	MaxConnsPerIP int

	ShutdownTimeout time.Duration

	// ProviderURL and ProviderKey point at an external game provider; with
	// no URL, serve runs the simulated provider in-process under /sim/ in
	// demo mode and has no game provider in production.
	ProviderURL     string
	ProviderKey     string
	ProviderTimeout time.Duration
	Sim             SimConfig

	// SecretKey seals game passwords (32 bytes); nil: the data dir's
	// secret.key, created at first start.
	SecretKey []byte
	// OperatorToken is a token the operator API accepts besides the stored
	// operators' tokens.
	OperatorToken string

	// SlipVerifier is sim (the simulated bank, mounted at /sim/bank/),
	// slipok or manual (the production default); SlipOK* configure slipok.
	SlipVerifier  string
	SlipOKURL     string
	SlipOKBranch  string
	SlipOKKey     string
	SlipOKTimeout time.Duration
	// TrueMoney is sim (mounted at /sim/truemoney/), api or off (the
	// production default: no gift links).
	TrueMoney        string
	TrueMoneyURL     string
	TrueMoneyTimeout time.Duration

	// QR deposits: QR is the gateways' kind, sim (the simulated gateway,
	// mounted at /sim/gateway/, every provider of spec part 9) or api (the
	// providers whose NGERN_GATEWAY_<CODE>_URL is set); PromptPayTarget the
	// bank QR's target ("off": no bank QR).
	QR QRConfig

	// ReconcileInterval is the reconciler's period; ReconcileWindow is how
	// long a transfer may stay open before `ngern check` reports it.
	ReconcileInterval time.Duration
	ReconcileWindow   time.Duration

	// HomeCacheTTL bounds the life of a member's home in the node's home
	// cache (NGERN_HOME_CACHE_TTL, at most a minute); 0 keeps nothing (the
	// node still tells the others of its writes).
	HomeCacheTTL time.Duration

	// Chat is the support chat's configuration (NGERN_CHAT_*).
	Chat chat.Config

	// MetricsAddr (NGERN_METRICS_ADDR) is where GET /metrics answers;
	// empty: no metrics, and no periodic check. CheckInterval
	// (NGERN_CHECK_INTERVAL) is the period of the check the server runs
	// for the metrics.
	MetricsAddr   string
	CheckInterval time.Duration
	// DrainDelay (NGERN_DRAIN_DELAY) is how long a stopping node answers
	// /readyz 503 while still serving, before it stops accepting
	// connections: a load balancer's health interval and more; 0 (the
	// default, a single node): none.
	DrainDelay time.Duration
}

// SimConfig configures the simulated game provider, in-process or as
// `ngern simprovider`.
type SimConfig struct {
	Addr      string // listen address of `ngern simprovider`
	AgentKey  string // empty in-process: a random key per start
	PublicURL string
	StatePath string // empty: a file in the data dir
	Faults    sim.Faults
	Delay     time.Duration
	Games     []string
}

// LoadConfig reads the configuration from getenv (os.Getenv in production).
func LoadConfig(getenv func(string) string) (Config, error) {
	env := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	var problems []string
	boolean := func(k string, def bool) bool {
		v := env(k, "")
		if v == "" {
			return def
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s=%q is not true or false", k, v))
		}
		return b
	}
	duration := func(k string, def time.Duration) time.Duration {
		v := env(k, "")
		if v == "" {
			return def
		}
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			problems = append(problems, fmt.Sprintf("%s=%q is not a positive duration such as 5s", k, v))
			return def
		}
		return d
	}
	mode, err := ParseMode(env("NGERN_MODE", ""))
	if err != nil {
		problems = append(problems, err.Error())
	}
	// The defaults of the outside parties: simulated in demo mode, the safe
	// ones in production (nothing a member can pay with until configured).
	def := map[bool]struct{ slip, trueMoney, sms, gateways, promptPay string }{
		true:  {"sim", "sim", "console", "sim", DemoPromptPayTarget},
		false: {"manual", "off", "http", "off", "off"},
	}[mode == ModeDemo]
	c := Config{
		Mode:        mode,
		Addr:        env("NGERN_ADDR", ":8080"),
		DataDir:     env("NGERN_DATA_DIR", "./data"),
		DatabaseURL: env("NGERN_DATABASE_URL", ""),
		WebDir:      env("NGERN_WEB_DIR", ""),
		S3: objectstore.MinIOConfig{
			Endpoint:  env("NGERN_S3_ENDPOINT", ""),
			AccessKey: env("NGERN_S3_ACCESS_KEY", ""),
			SecretKey: env("NGERN_S3_SECRET_KEY", ""),
			Bucket:    env("NGERN_S3_BUCKET", "ngern"),
			UseSSL:    boolean("NGERN_S3_USE_SSL", false),
		},
		RegisterOTP:     boolean("NGERN_REGISTER_OTP", true),
		SMS:             env("NGERN_SMS", def.sms),
		SMSURL:          env("NGERN_SMS_URL", ""),
		SMSKey:          env("NGERN_SMS_KEY", ""),
		SMSSender:       env("NGERN_SMS_SENDER", "NGERN"),
		Laos:            boolean("NGERN_LAOS", false),
		LogFormat:       env("NGERN_LOG_FORMAT", "text"),
		LogLevel:        env("NGERN_LOG_LEVEL", "info"),
		TrustProxy:      boolean("NGERN_TRUST_PROXY", false),
		ShutdownTimeout: 15 * time.Second,

		ProviderURL:     env("NGERN_PROVIDER_URL", ""),
		ProviderKey:     env("NGERN_PROVIDER_KEY", ""),
		ProviderTimeout: duration("NGERN_PROVIDER_TIMEOUT", 10*time.Second),
		Sim: SimConfig{
			Addr:      env("NGERN_SIMPROVIDER_ADDR", ":8090"),
			AgentKey:  env("NGERN_SIMPROVIDER_AGENT_KEY", ""),
			PublicURL: env("NGERN_SIMPROVIDER_PUBLIC_URL", ""),
			StatePath: env("NGERN_SIMPROVIDER_STATE", ""),
			Delay:     duration("NGERN_SIMPROVIDER_DELAY", sim.DefaultDelay),
		},
		OperatorToken:     env("NGERN_OPERATOR_TOKEN", ""),
		SlipVerifier:      env("NGERN_SLIP_VERIFIER", def.slip),
		SlipOKURL:         env("NGERN_SLIPOK_URL", ""),
		SlipOKBranch:      env("NGERN_SLIPOK_BRANCH", ""),
		SlipOKKey:         env("NGERN_SLIPOK_KEY", ""),
		SlipOKTimeout:     duration("NGERN_SLIPOK_TIMEOUT", 15*time.Second),
		TrueMoney:         env("NGERN_TRUEMONEY", def.trueMoney),
		TrueMoneyURL:      env("NGERN_TRUEMONEY_URL", ""),
		TrueMoneyTimeout:  duration("NGERN_TRUEMONEY_TIMEOUT", 10*time.Second),
		ReconcileInterval: duration("NGERN_RECONCILE_INTERVAL", 5*time.Second),
		ReconcileWindow:   duration("NGERN_RECONCILE_WINDOW", 15*time.Minute),
		MetricsAddr:       env("NGERN_METRICS_ADDR", ""),
		CheckInterval:     duration("NGERN_CHECK_INTERVAL", time.Hour),
		DrainDelay:        duration("NGERN_DRAIN_DELAY", 0),
		QR: QRConfig{
			Gateways:        env("NGERN_QR_GATEWAYS", def.gateways),
			PromptPayTarget: env("NGERN_PROMPTPAY_TARGET", def.promptPay),
			Lifetime:        duration("NGERN_QR_LIFETIME", deposit.DefaultQRLifetime),
			PollInterval:    duration("NGERN_QR_POLL_INTERVAL", 30*time.Second),
			Timeout:         duration("NGERN_GATEWAY_TIMEOUT", 10*time.Second),
		},
	}
	problems = append(problems, c.QR.load(env)...)
	c.HomeCacheTTL = sqlstore.DefaultHomeCacheTTL
	if v := env("NGERN_HOME_CACHE_TTL", ""); v == "0" {
		c.HomeCacheTTL = 0
	} else if d := duration("NGERN_HOME_CACHE_TTL", sqlstore.DefaultHomeCacheTTL); d > time.Minute {
		problems = append(problems, fmt.Sprintf("NGERN_HOME_CACHE_TTL=%q is over 1m", v))
	} else {
		c.HomeCacheTTL = d
	}
	if g := env("NGERN_SIMPROVIDER_GAMES", ""); g != "" {
		for _, code := range strings.Split(g, ",") {
			c.Sim.Games = append(c.Sim.Games, strings.TrimSpace(code))
		}
	}
	faults, err := sim.ParseFaults(env("NGERN_SIMPROVIDER_FAULTS", ""))
	if err != nil {
		problems = append(problems, "NGERN_SIMPROVIDER_FAULTS: "+err.Error())
	}
	c.Sim.Faults = faults
	if k := env("NGERN_SECRET_KEY", ""); k != "" {
		key, err := base64.StdEncoding.DecodeString(k)
		if err != nil || len(key) != wallet.KeySize {
			problems = append(problems, fmt.Sprintf("NGERN_SECRET_KEY must be %d bytes in base64 (openssl rand -base64 32)", wallet.KeySize))
		}
		c.SecretKey = key
	}
	if c.ProviderTimeout >= time.Minute {
		// The reconciler takes over a transfer still PENDING after a minute;
		// the call that made it must have ended by then.
		problems = append(problems, "NGERN_PROVIDER_TIMEOUT must be under 1m")
	}
	if c.ProviderURL != "" && c.ProviderKey == "" {
		problems = append(problems, "NGERN_PROVIDER_URL needs NGERN_PROVIDER_KEY")
	}
	if c.OperatorToken != "" && len(c.OperatorToken) < 32 {
		problems = append(problems, "NGERN_OPERATOR_TOKEN must be at least 32 characters")
	}
	// NGERN_TRUSTED_PROXIES: the addresses of our proxies; X-Forwarded-For
	// counts only on a connection from one of them (a count of hops, which
	// a client reaching the server directly could forge, is refused).
	c.TrustedNets = httpapi.DefaultTrustedProxies()
	if v := env("NGERN_TRUSTED_PROXIES", ""); v != "" {
		c.TrustedNets = nil
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if _, err := strconv.Atoi(part); err == nil {
				problems = append(problems, fmt.Sprintf("NGERN_TRUSTED_PROXIES=%q: a count of proxies is no longer accepted; list their addresses or CIDRs (e.g. 10.0.0.0/8)", v))
				break
			}
			p, err := netip.ParsePrefix(part)
			if err != nil {
				a, aerr := netip.ParseAddr(part)
				if aerr != nil {
					problems = append(problems, fmt.Sprintf("NGERN_TRUSTED_PROXIES: %q is not a CIDR such as 10.0.0.0/8 or an address", part))
					continue
				}
				p = netip.PrefixFrom(a, a.BitLen())
			}
			c.TrustedNets = append(c.TrustedNets, p.Masked())
		}
	}
	c.MaxConnsPerIP = httpapi.DefaultMaxConnsPerIP
	if v := env("NGERN_MAX_CONNS_PER_IP", ""); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			problems = append(problems, fmt.Sprintf("NGERN_MAX_CONNS_PER_IP=%q: a whole number of connections (0: no bound)", v))
		}
		c.MaxConnsPerIP = n
	}
	if o := env("NGERN_CORS_ORIGINS", ""); o != "" {
		for _, origin := range strings.Split(o, ",") {
			c.CORSOrigins = append(c.CORSOrigins, strings.TrimSpace(origin))
		}
	}
	ac := account.DefaultConfig()
	for _, l := range []struct {
		name string
		to   *int
		def  int
	}{
		{"NGERN_LIMIT_LOGIN_PER_PHONE", &c.LoginPerPhone, ac.LoginPerPhone},
		{"NGERN_LIMIT_LOGIN_PER_IP", &c.LoginPerIP, ac.LoginPerIP},
		{"NGERN_LIMIT_LOOKUP_PER_IP", &c.LookupPerIP, ac.LookupPerIP},
		{"NGERN_LIMIT_OTP_PER_IP", &c.OTPPerIP, ac.OTPPerIP},
	} {
		*l.to = l.def
		if v := env(l.name, ""); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				problems = append(problems, fmt.Sprintf("%s=%q: a positive whole number", l.name, v))
			}
			*l.to = n
		}
	}
	c.Chat = chat.DefaultConfig()
	c.Chat.Prefix = env("NGERN_CHAT_PREFIX", c.Chat.Prefix)
	if !chat.ValidPrefix.MatchString(c.Chat.Prefix) {
		problems = append(problems, fmt.Sprintf("NGERN_CHAT_PREFIX=%q: 1 to 16 lower-case letters or digits", c.Chat.Prefix))
	}
	c.Chat.AutoReply = env("NGERN_CHAT_AUTO_REPLY", c.Chat.AutoReply)
	if v := env("NGERN_CHAT_TICKET_LIMIT", ""); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			problems = append(problems, fmt.Sprintf("NGERN_CHAT_TICKET_LIMIT=%q: a positive number of tickets a minute", v))
		}
		c.Chat.TicketLimit = n
	}
	// Chat guests' budgets per client address and sockets per holder.
	for _, l := range []struct {
		name string
		to   *int
	}{
		{"NGERN_CHAT_GUEST_MESSAGES_PER_IP", &c.Chat.GuestSendPerIP},
		{"NGERN_CHAT_GUEST_UPLOAD_MB_PER_IP", &c.Chat.GuestUploadMBPerIP},
		{"NGERN_CHAT_SOCKETS_PER_HOLDER", &c.Chat.SocketsPerHolder},
	} {
		if v := env(l.name, ""); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				problems = append(problems, fmt.Sprintf("%s=%q: a positive whole number", l.name, v))
			}
			*l.to = n
		}
	}
	if v := env("NGERN_CHAT_GUEST_RETENTION", ""); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Hour {
			problems = append(problems, fmt.Sprintf("NGERN_CHAT_GUEST_RETENTION=%q: a duration of at least 1h (e.g. 720h)", v))
		} else {
			c.Chat.GuestRetention = d
		}
	}
	if h := env("NGERN_CHAT_HOURS", ""); h != "" {
		hours, err := parseHours(h)
		if err != nil {
			problems = append(problems, fmt.Sprintf("NGERN_CHAT_HOURS=%q: %v", h, err))
		}
		c.Chat.Hours = hours
	}
	if c.WebDir == "" {
		// The default is the web build of a checkout, when one exists.
		if st, err := os.Stat("ui/dist"); err == nil && st.IsDir() {
			c.WebDir = "ui/dist"
		}
	}
	switch c.SMS {
	case "console", "http":
	default:
		problems = append(problems, fmt.Sprintf("NGERN_SMS=%q: use console or http", c.SMS))
	}
	if c.S3.Endpoint != "" && (c.S3.AccessKey == "" || c.S3.SecretKey == "") {
		problems = append(problems, "NGERN_S3_ENDPOINT needs NGERN_S3_ACCESS_KEY and NGERN_S3_SECRET_KEY")
	}
	switch c.SlipVerifier {
	case "sim", "manual":
	case "slipok":
		if c.SlipOKBranch == "" || c.SlipOKKey == "" {
			problems = append(problems, "NGERN_SLIP_VERIFIER=slipok needs NGERN_SLIPOK_BRANCH and NGERN_SLIPOK_KEY")
		}
	default:
		problems = append(problems, fmt.Sprintf("NGERN_SLIP_VERIFIER=%q: use sim, slipok or manual", c.SlipVerifier))
	}
	if c.TrueMoney != "sim" && c.TrueMoney != "api" && c.TrueMoney != "off" {
		problems = append(problems, fmt.Sprintf("NGERN_TRUEMONEY=%q: use sim, api or off", c.TrueMoney))
	}
	c.unsafe = simulatorsConfigured(c, env)
	if c.LogFormat != "text" && c.LogFormat != "json" {
		problems = append(problems, fmt.Sprintf("NGERN_LOG_FORMAT=%q: use text or json", c.LogFormat))
	}
	if len(problems) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(problems, "; "))
	}
	return c, nil
}

// Mode is how serve treats the outside parties (NGERN_MODE).
type Mode string

// The modes: production (the default) never simulates a bank, wallet,
// gateway, game provider or SMS; demo simulates them all in-process.
const (
	ModeProduction Mode = "production"
	ModeDemo       Mode = "demo"
)

// ParseMode reads NGERN_MODE: "" is production; anything but demo or
// production is refused.
func ParseMode(v string) (Mode, error) {
	switch Mode(strings.ToLower(strings.TrimSpace(v))) {
	case "", ModeProduction:
		return ModeProduction, nil
	case ModeDemo:
		return ModeDemo, nil
	}
	return ModeProduction, fmt.Errorf("NGERN_MODE=%q: use demo or production", v)
}

// simVars are the variables that configure the simulators serve runs
// in-process (`ngern simprovider` and `ngern simgateway` read them too, as
// the separate processes they are).
var simVars = []string{"NGERN_SIMPROVIDER_AGENT_KEY", "NGERN_SIMPROVIDER_PUBLIC_URL", "NGERN_SIMPROVIDER_STATE",
	"NGERN_SIMPROVIDER_FAULTS", "NGERN_SIMPROVIDER_DELAY", "NGERN_SIMPROVIDER_GAMES", "NGERN_SIMGATEWAY_FAULTS"}

// simulatorsConfigured names each setting of c that would make serve run
// a simulator or let a member's money path be faked, and each simulator
// variable set.
func simulatorsConfigured(c Config, env func(k, def string) string) []string {
	var found []string
	for _, s := range []struct {
		name, value, bad string
	}{
		{"NGERN_SLIP_VERIFIER", c.SlipVerifier, "sim"},
		{"NGERN_TRUEMONEY", c.TrueMoney, "sim"},
		{"NGERN_QR_GATEWAYS", c.QR.Gateways, "sim"},
		{"NGERN_SMS", c.SMS, "console"},
	} {
		if s.value == s.bad {
			found = append(found, s.name+"="+s.bad)
		}
	}
	if c.QR.PromptPayTarget == DemoPromptPayTarget {
		found = append(found, "NGERN_PROMPTPAY_TARGET="+DemoPromptPayTarget+" (the demo target)")
	}
	for _, k := range simVars {
		if env(k, "") != "" {
			found = append(found, k)
		}
	}
	return found
}

// Unsafe refuses what serve must not run with: in production a simulator
// (naming each offending variable), and in any mode an SMS gateway with no
// URL or key while registration sends OTPs.
func (c Config) Unsafe() error {
	var problems []string
	if c.Mode != ModeDemo && len(c.unsafe) > 0 {
		problems = append(problems, "production mode runs no simulator; unset "+strings.Join(c.unsafe, ", ")+
			" (or set NGERN_MODE=demo for a demo install)")
	}
	if c.SMS == "http" && c.RegisterOTP && (c.SMSURL == "" || c.SMSKey == "") {
		problems = append(problems, "NGERN_SMS=http needs NGERN_SMS_URL and NGERN_SMS_KEY (or NGERN_REGISTER_OTP=false)")
	}
	if len(problems) > 0 {
		return fmt.Errorf("refusing to serve: %s", strings.Join(problems, "; "))
	}
	return nil
}

// parseHours reads office hours such as 09:00-21:00 in Thai (and Lao)
// time, UTC+7 all year.
func parseHours(v string) (chat.OfficeHours, error) {
	from, to, ok := strings.Cut(v, "-")
	clock := func(s string) (time.Duration, error) {
		t, err := time.Parse("15:04", strings.TrimSpace(s))
		if err != nil {
			return 0, fmt.Errorf("use HH:MM-HH:MM")
		}
		return time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute, nil
	}
	if !ok {
		return chat.OfficeHours{}, fmt.Errorf("use HH:MM-HH:MM")
	}
	start, err := clock(from)
	if err != nil {
		return chat.OfficeHours{}, err
	}
	end, err := clock(to)
	if err != nil {
		return chat.OfficeHours{}, err
	}
	return chat.OfficeHours{Start: start, End: end, Location: time.FixedZone("ICT", 7*3600)}, nil
}
