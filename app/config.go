// Package app is the composition root: it reads the configuration and wires
// an adapter to every port of core with uber-go/fx. Nothing else imports fx.
package app

import (
	"fmt"
	"net/netip"
	"strings"
	"time"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/httpapi"
	"ngern/adapters/objectstore"
	simpayout "ngern/adapters/payout/sim"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/chat"
	"ngern/core/deposit"
)

// Config is the whole configuration, read from NGERN_* environment
// variables. Each variable is a field tagged with its name (env), its
// default (envDefault, or the value defaults sets where the default lives
// in code or depends on the mode), its bounds (min, max, oneof) and its
// meaning (doc, with ~ marking code): the variables table of
// docs/configuration.md is generated from these tags (TestConfigurationDoc).
type Config struct {
	// Mode is NGERN_MODE: ModeProduction (the default) or ModeDemo, which
	// runs every outside party simulated in-process (docs/configuration.md).
	Mode Mode `env:"NGERN_MODE" docDefault:"~production~" doc:"~production~ or ~demo~ ([Modes](#modes)): the defaults of the outside parties and whether simulators may run."`
	// unsafe names each variable that configures a simulator; serve
	// refuses to start in production while one is set (Config.Unsafe).
	unsafe []string

	Addr        string `env:"NGERN_ADDR" envDefault:":8080" doc:"Listen address."`
	DataDir     string `env:"NGERN_DATA_DIR" envDefault:"./data" doc:"Folder for the SQLite file (~ngern.db~) and local objects (~objects/~)."`
	DatabaseURL string `env:"NGERN_DATABASE_URL" doc:"Empty → SQLite in the data dir. ~postgres://user:pass@host:5432/db?sslmode=…~ → PostgreSQL; ~binary_parameters=yes~ is added unless the URL sets it (a query with parameters then takes one round trip instead of two), and ~-c plan_cache_mode=force_generic_plan~ is added to the URL's ~options~ unless they set ~plan_cache_mode~ (the statements prepared once for the hot paths keep one cached plan; see docs/performance.md). PostgreSQL 12 or later."`
	// WebDir's default is the web build of a checkout, when one exists.
	WebDir string `env:"NGERN_WEB_DIR" docDefault:"~ui/dist~ when it exists" doc:"The exported web app. Without one, ~/~ shows a notice page; the API works."`

	S3 S3Config

	RegisterOTP bool   `env:"NGERN_REGISTER_OTP" envDefault:"true" doc:"Registration needs a phone verified by OTP (~GET /api/lookup/registerOTP~)."`
	SMS         string `env:"NGERN_SMS" oneof:"console http" doc:"~console~: the OTP message is written to the server log with the phone number and code (demo only: the log then holds codes; refused in production). ~http~: post to an SMS gateway; ~serve~ refuses to start without ~NGERN_SMS_URL~ and ~NGERN_SMS_KEY~ unless ~NGERN_REGISTER_OTP=false~."`
	SMSURL      string `env:"NGERN_SMS_URL" doc:"The gateway for ~NGERN_SMS=http~: ~POST {\"to\",\"text\",\"sender\"}~ with ~Authorization: Bearer KEY~; any 2xx is delivered."`
	SMSKey      string `env:"NGERN_SMS_KEY" doc:"The SMS gateway's key (the bearer token)."`
	SMSSender   string `env:"NGERN_SMS_SENDER" envDefault:"NGERN" doc:"The sender name of the OTP messages."`

	Laos bool `env:"NGERN_LAOS" doc:"Laos mode: phone numbers are 6–15 digits (no 10-digit rule), the bank directory is the Lao one, currency ~LAK~ (default) or ~BAHT~. The operator's texts are answered in Lao when a request names no language, and ~{{currency}}~ in them reads kip. The money limits and the seeded settings amounts are sized for kip (~limits.Kip~: transfers from 1,000 kip, withdrawals 50,000–10,000,000 kip; [Limits](#amounts-in-the-installs-currency))."`

	LogFormat  string `env:"NGERN_LOG_FORMAT" envDefault:"text" oneof:"text json" doc:"~text~ or ~json~ (one object a line, for log shippers)."`
	LogLevel   string `env:"NGERN_LOG_LEVEL" envDefault:"info" doc:"~debug~, ~info~, ~warn~, ~error~."`
	TrustProxy bool   `env:"NGERN_TRUST_PROXY" doc:"Take the client IP from ~X-Forwarded-For~ and HTTPS from ~X-Forwarded-Proto~ (only behind your own proxy: rate limits key on the IP)."`

	// TrustedProxies (NGERN_TRUSTED_PROXIES) are our proxies' addresses:
	// only their X-Forwarded-For entries are believed; TrustedNets is the
	// list parsed (checkTrustedProxies).
	TrustedProxies []string `env:"NGERN_TRUSTED_PROXIES" doc:"With ~NGERN_TRUST_PROXY~, the addresses of your proxies: a comma-separated list of CIDRs/addresses (e.g. ~10.0.0.0/8,192.168.1.5~). ~X-Forwarded-For~ and ~X-Forwarded-Proto~ count only on a connection whose peer is in the list; a client that reaches the server directly, past the proxy, is its own peer address whatever it writes in them. Each proxy appends the address it saw, so only the right-hand end of the header was written by your proxies: the client is the first address from the right, starting with the peer, that is not in the list, and whatever the client sent on the left is never used. An entry that is not an address where the client should be (a misconfigured proxy) makes the peer address count. The default trusts a proxy on the same machine. A count of proxies (the former ~1~–~10~) is refused at start: it believed the header from any peer."`
	TrustedNets    []netip.Prefix
	// MaxConnsPerIP (NGERN_MAX_CONNS_PER_IP) bounds the connections open at
	// once from one peer address; 0: none.
	MaxConnsPerIP int `env:"NGERN_MAX_CONNS_PER_IP" min:"0" doc:"Connections open at once from one peer address; one more is closed as soon as it is accepted, before anything is read, while other addresses are still answered. A browser opens about 6 per site plus the chat socket, so the default leaves room for dozens of members behind one carrier NAT. Your proxies (~NGERN_TRUSTED_PROXIES~, with ~NGERN_TRUST_PROXY~) are not bounded: behind them, bound each client at the proxy. ~0~: no bound. Every request's body has the short read deadline (60 s) until its caller is authenticated; only then do uploads (slips, chat media) get 300 s, and a caller refused there is answered with the connection closed, its body unread."`

	// Sign-in tries per member (NGERN_LIMIT_LOGIN_PER_PHONE) and per IP
	// (NGERN_LIMIT_LOGIN_PER_IP) in 15 minutes; phone look-ups and OTP
	// sends per IP in an hour (NGERN_LIMIT_LOOKUP_PER_IP,
	// NGERN_LIMIT_OTP_PER_IP).
	LoginPerPhone int `env:"NGERN_LIMIT_LOGIN_PER_PHONE" min:"1" doc:"Member sign-in and change-password tries per member **and client address** in 15 minutes: wrong passwords from one address do not lock the member out at another. Across all addresses a member takes 20 times as many tries in an hour and a tenth of those in a minute: a burst waits out the minute, a sustained attack the hour, never a fixed lock-out. Over a bound: 429 ~REQUEST_LIMIT~ with ~Retry-After~ (the seconds until the bound frees). A refused try does not count against the next bound, so an address over its own bound adds nothing to the member's. Operators sign in under the same rule with 10 per username and address (~account.CheckSignIn~)."`
	LoginPerIP    int `env:"NGERN_LIMIT_LOGIN_PER_IP" min:"1" doc:"Member sign-in and change-password tries per client address in 15 minutes. Raise the per-address limits when many members share one address (a carrier's NAT, an office); the browser tests raise them (and the per-member one) because every test comes from 127.0.0.1 and many sign the demo member in."`
	LookupPerIP   int `env:"NGERN_LIMIT_LOOKUP_PER_IP" min:"1" doc:"Phone look-ups (validate, register, OTP send) per client address in an hour."`
	OTPPerIP      int `env:"NGERN_LIMIT_OTP_PER_IP" min:"1" doc:"OTP sends per client address in an hour."`

	CORSOrigins []string `env:"NGERN_CORS_ORIGINS" doc:"Comma-separated web origins allowed to call the API from another origin (e.g. the Expo dev server ~http://localhost:8081~). The same list, plus the server's own origin, are the origins a chat websocket may come from (a missing ~Origin~, as the native apps send, is accepted: the single-use ticket is required either way). The native apps need none."`

	// ChatVars are the support chat's variables (NGERN_CHAT_*), which make
	// Chat, its configuration.
	ChatVars ChatVars
	Chat     chat.Config

	ShutdownTimeout time.Duration

	// ProviderURL and ProviderKey point at an external game provider; with
	// no URL, serve runs the simulated provider in-process under /sim/ in
	// demo mode and has no game provider in production.
	ProviderURL     string        `env:"NGERN_PROVIDER_URL" doc:"Base URL of the game provider API (a transfer-wallet provider, or ~ngern simprovider~ at ~http://host:8090~). Empty → in demo mode the simulated provider runs in-process under ~/sim/~ and the demo games catalogue is seeded when empty; in production there is no game provider (every game call is refused, nothing seeded)."`
	ProviderKey     string        `env:"NGERN_PROVIDER_KEY" doc:"The provider's agent key (sent as ~X-Agent-Key~). Required with ~NGERN_PROVIDER_URL~."`
	ProviderTimeout time.Duration `env:"NGERN_PROVIDER_TIMEOUT" envDefault:"10s" min:"1ns" doc:"Bound of one provider call (under ~1m~); a call that runs out becomes a transfer to reconcile."`

	// GameSessionTTL is how long the token of a seamless game opens bets
	// (seamless.Config.SessionTTL); its default is seamless.DefaultSessionTTL
	// (TestSeamlessSessionTTLDefault keeps the two equal).
	// GamesSyncInterval is how often the lobby reads the seamless
	// aggregators' catalogues again; its default is
	// seamless.DefaultSyncInterval.
	GamesSyncInterval time.Duration `env:"NGERN_GAMES_SYNC_INTERVAL" envDefault:"1h" min:"1m" doc:"How often the lobby's catalogue is read again from each seamless aggregator's games API (it is read at start too). New games appear and games the aggregator no longer lists are hidden (never deleted; the operator's enabled and order are kept). A failed read is logged and kept for the console, and the last good list stays in the lobby. A Go duration of at least ~1m~."`

	GameSessionTTL time.Duration `env:"NGERN_GAME_SESSION_TTL" envDefault:"12h" min:"1m" doc:"How long the session token of a game launched from the lobby (a seamless aggregator's game) accepts bets. After it the aggregator's bets are refused as expired and the member launches the game again; wins and rollbacks of the session's rounds are still accepted (the aggregators settle rounds late). A Go duration of at least ~1m~."`

	// SecretKey seals game passwords (32 bytes); nil: the data dir's
	// secret.key, created at first start.
	SecretKey []byte `env:"NGERN_SECRET_KEY" secret:"true" doc:"32 bytes in base64 (~openssl rand -base64 32~) that encrypt stored game passwords (AES-256-GCM). Empty → ~<data dir>/secret.key~, created (0600) at first start and logged. Every node of a deployment must share one key."`
	// OperatorToken is a token the operator API accepts besides the stored
	// operators' tokens.
	OperatorToken string `env:"NGERN_OPERATOR_TOKEN" doc:"Automation and break-glass token (at least 32 characters) the operator API accepts as operator ~config~ with the owner role, without TOTP; every write with it is audited ([operations.md](operations.md#operators-roles-and-sign-in)); for a [four-eyes change](operations.md#four-eyes-changes) it counts as one owner, never two. People sign in with their own operator accounts instead."`

	// ReconcileInterval is the reconciler's period; ReconcileWindow is how
	// long a transfer may stay open before `ngern check` reports it.
	ReconcileInterval time.Duration `env:"NGERN_RECONCILE_INTERVAL" envDefault:"5s" min:"1ns" doc:"How often the reconciler asks the provider about transfers whose outcome is unknown. It also runs once at start."`
	ReconcileWindow   time.Duration `env:"NGERN_RECONCILE_WINDOW" envDefault:"15m" min:"1ns" doc:"A transfer still open (~PENDING~/~UNKNOWN~) after this long is reported by ~ngern check~."`

	// MetricsAddr is where GET /metrics answers; empty: no metrics, and no
	// periodic check. CheckInterval is the period of the check the server
	// runs for the metrics. DrainDelay is how long a stopping node answers
	// /readyz 503 while still serving, before it stops accepting
	// connections.
	MetricsAddr   string        `env:"NGERN_METRICS_ADDR" doc:"Where ~GET /metrics~ answers in the Prometheus text format (e.g. ~127.0.0.1:9090~), apart from the API so that the figures are never public ([operations](operations.md#metrics-and-alerts)). Empty → no metrics and no periodic check."`
	CheckInterval time.Duration `env:"NGERN_CHECK_INTERVAL" envDefault:"1h" min:"1ns" doc:"With metrics on, how often the server runs ~ngern check~ and exposes its result (~ngern_check_ok~); the first run is one interval after start."`
	DrainDelay    time.Duration `env:"NGERN_DRAIN_DELAY" envDefault:"0s" min:"0" docDefault:"~0~ (none)" doc:"Behind a load balancer: on SIGTERM the node answers ~/readyz~ with 503 for this long while it still serves, then stops accepting connections and drains ([operations](operations.md#rolling-restart)). Set it above the balancer's health interval (the scale profile: ~3s~ with Caddy's ~1s~)."`

	// HomeCacheTTL bounds the life of a member's home in the node's home
	// cache (NGERN_HOME_CACHE_TTL, at most a minute); 0 keeps nothing (the
	// node still tells the others of its writes).
	HomeCacheTTL time.Duration `env:"NGERN_HOME_CACHE_TTL" min:"0" max:"1m" doc:"The longest a node answers ~GET /api/wallet~ from its home cache ([operations](operations.md#home-cache)): every write that changes a member's home drops it at once on every node, so this only bounds what no message covers (a node that died between its commit and its message, a database changed by hand). At most ~1m~; ~0~ keeps nothing (every home read goes to the database; the node still tells the others of its writes)."`

	// SlipVerifier is sim (the simulated bank, mounted at /sim/bank/),
	// slipok or manual (the production default); SlipOK* configure slipok.
	SlipVerifier  string        `env:"NGERN_SLIP_VERIFIER" oneof:"sim slipok manual" doc:"Who resolves slip references: ~sim~ (the simulated bank, mounted without auth at ~/sim/bank/~; demo mode only), ~slipok~ (SlipOK's API) or ~manual~ (every slip to the review queue)."`
	SlipOKURL     string        `env:"NGERN_SLIPOK_URL" docDefault:"~https://api.slipok.com/api/line/apikey~" doc:"SlipOK's API base."`
	SlipOKBranch  string        `env:"NGERN_SLIPOK_BRANCH" doc:"SlipOK's branch id; required with ~slipok~."`
	SlipOKKey     string        `env:"NGERN_SLIPOK_KEY" doc:"SlipOK's API key (sent as ~x-authorization~); required with ~slipok~."`
	SlipOKTimeout time.Duration `env:"NGERN_SLIPOK_TIMEOUT" envDefault:"15s" min:"1ns" doc:"Bound of one SlipOK call; a slip whose call runs out goes to review."`
	// SlipOCR is tesseract (the default: on when the engine and its Thai
	// and English models are installed, off otherwise) or off.
	SlipOCR string `env:"NGERN_SLIP_OCR" envDefault:"tesseract" oneof:"tesseract off" doc:"Reading a slip's printed fields ([adapters](adapters.md#slip-ocr-depositslipocr)): ~tesseract~ runs the ~tesseract~ command with the Thai and English models (Debian: ~tesseract-ocr~, ~tesseract-ocr-tha~) when it is installed — checked at start, OCR is off with a log line when it is not; ~off~ never reads. OCR never credits: it pre-fills the review and sends a verified slip that prints another amount to review."`
	// TrueMoney is sim (mounted at /sim/truemoney/), api or off (the
	// production default: no gift links).
	TrueMoney        string        `env:"NGERN_TRUEMONEY" oneof:"sim api off" doc:"~sim~: the simulated TrueMoney, mounted without auth at ~/sim/truemoney/~ (demo mode only); ~api~: TrueMoney's gift API; ~off~: no gift links — every link is refused with ~404 NO_WALLET~ before TrueMoney is called, even if a TrueMoney wallet is set in the console; the deposit lookup then lists no wallet, so the app offers no gift-link tab."`
	TrueMoneyURL     string        `env:"NGERN_TRUEMONEY_URL" docDefault:"~https://gift.truemoney.com~" doc:"Base of the gift API with ~api~."`
	TrueMoneyTimeout time.Duration `env:"NGERN_TRUEMONEY_TIMEOUT" envDefault:"10s" min:"1ns" doc:"Bound of one TrueMoney call; a redemption that runs out is kept for an operator."`

	// Payouts is who pays approved withdrawals: off (operators pay by
	// hand, the production default) or sim (the simulated payout bank,
	// mounted at /sim/payout/; the demo default) or xendit (Xendit's
	// Payouts API, NGERN_XENDIT_*). A new payout adapter joins the oneof
	// and newPayouts (app/payouts.go).
	Payouts             string           `env:"NGERN_PAYOUTS" oneof:"off sim xendit" doc:"Who pays approved withdrawals to members' bank accounts ([operations](operations.md#automatic-payouts)): ~off~ — operators pay by hand and an approval means paid, as before automatic payouts; ~sim~ — the simulated payout bank, in-process, inspected without auth at ~/sim/payout/~ (demo mode only); ~xendit~ — Xendit's Payouts API ([adapters](adapters.md#xendit-payouts); needs ~NGERN_XENDIT_SECRET_KEY~)."`
	PayoutInterval      time.Duration    `env:"NGERN_PAYOUT_INTERVAL" envDefault:"5s" min:"1ns" doc:"How often the payout worker sends the payouts approvals recorded and asks the party about open ones (an approval also wakes it at once); also the first wait before asking again about a pending or unknown payout, doubled per call."`
	PayoutRetryMax      time.Duration    `env:"NGERN_PAYOUT_RETRY_MAX" envDefault:"5m" min:"1ns" doc:"The longest wait between two status questions about one payout."`
	PayoutTimeout       time.Duration    `env:"NGERN_PAYOUT_TIMEOUT" envDefault:"30s" min:"1ns" doc:"Bound of one call to the payout party; a call that runs out leaves the payout UNKNOWN (asked about, never sent again)."`
	PayoutEscalateAfter time.Duration    `env:"NGERN_PAYOUT_ESCALATE_AFTER" envDefault:"1h" min:"1ns" doc:"How long a payout's outcome may stay unknown before it joins the operators' queue of unknown payouts (the console's Payouts page), where an operator resolves it with evidence."`
	SimPayoutFaults     simpayout.Faults `env:"NGERN_SIMPAYOUT_FAULTS" doc:"Faults of the simulated payout bank, comma-separated: ~lostanswer~ (the payout is made, its answer lost), ~latefail~ (it answers pending, then fails), ~duplicate~ (every payout reaches the bank twice), ~slow=<duration>~ (every answer waits). See [adapters.md](adapters.md#the-simulated-payout-bank)."`

	// QR deposits: QR is the gateways' kind, sim (the simulated gateway,
	// mounted at /sim/gateway/, every provider of spec part 9) or api (the
	// providers whose NGERN_GATEWAY_<CODE>_URL is set); PromptPayTarget the
	// bank QR's target ("off": no bank QR).
	QR QRConfig

	// Hub88 is the Hub88 seamless aggregator (all of NGERN_HUB88_* or none).
	Hub88 Hub88Config

	// Xendit is the Xendit payout adapter (NGERN_XENDIT_SECRET_KEY turns it
	// on).
	Xendit XenditConfig

	Sim SimConfig

	// Aggregators are the seamless aggregators that speak Ngern's generic
	// protocol (app/aggregators.go).
	Aggregators AggregatorsConfig
}

// S3Config is an S3-compatible object store; with no endpoint, objects are
// files in the data dir.
type S3Config struct {
	Endpoint  string `env:"NGERN_S3_ENDPOINT" doc:"~host:port~ of MinIO or another S3 service. Empty → local folder."`
	AccessKey string `env:"NGERN_S3_ACCESS_KEY" doc:"Required with an endpoint."`
	SecretKey string `env:"NGERN_S3_SECRET_KEY" doc:"Required with an endpoint."`
	Bucket    string `env:"NGERN_S3_BUCKET" envDefault:"ngern" doc:"Created at start if missing."`
	UseSSL    bool   `env:"NGERN_S3_USE_SSL" doc:"HTTPS to the object store."`
}

// MinIO is the object store adapter's configuration.
func (s S3Config) MinIO() objectstore.MinIOConfig { return objectstore.MinIOConfig(s) }

// ChatVars are the support chat's variables; their defaults are
// chat.DefaultConfig's.
type ChatVars struct {
	Prefix      string `env:"NGERN_CHAT_PREFIX" doc:"Start of every chat room's name, ~{PREFIX}-{memberId|guestId}~ (1–16 lower-case letters or digits; ~GET /api/chat/config~ answers it). Changing it on a live install hides the existing conversations from their customers."`
	Hours       string `env:"NGERN_CHAT_HOURS" doc:"Operators' office hours in Thai/Lao time (UTC+7), ~HH:MM-HH:MM~, e.g. ~09:00-21:00~ (may cross midnight). Empty → always open. A customer who writes outside them gets the automatic reply, at most once an hour per conversation."`
	TicketLimit int    `env:"NGERN_CHAT_TICKET_LIMIT" min:"1" doc:"Websocket tickets a minute per member, guest or operator (~POST /api/chat/ticket~; the widget asks for one per connection and reconnects at most every 5 s). Over it: ~429 REQUEST_LIMIT~."`
	// Chat guests' budgets per client address and sockets per holder.
	GuestSendPerIP     int           `env:"NGERN_CHAT_GUEST_MESSAGES_PER_IP" min:"1" doc:"Messages an hour of all the chat guests of one client address together. A guest's own limits (messages and uploads a minute) are per guest and an address may make many guests an hour: this and ~NGERN_CHAT_GUEST_UPLOAD_MB_PER_IP~ bound what one address can store. Over it: ~429 REQUEST_LIMIT~. Members are not counted in it."`
	GuestUploadMBPerIP int           `env:"NGERN_CHAT_GUEST_UPLOAD_MB_PER_IP" min:"1" doc:"Megabytes of uploads an hour of all the chat guests of one client address together (each upload counts its started megabytes). Over it: ~429 REQUEST_LIMIT~. Members are not counted in it."`
	SocketsPerHolder   int           `env:"NGERN_CHAT_SOCKETS_PER_HOLDER" min:"1" doc:"Chat websockets open at once on a node per member or guest (operators: no bound); one more is answered ~429 REQUEST_LIMIT~ before the socket opens. A tab holds one."`
	AutoReply          string        `env:"NGERN_CHAT_AUTO_REPLY" docDefault:"a Thai and English \"we are outside office hours\" text" doc:"The automatic reply's text."`
	GuestRetention     time.Duration `env:"NGERN_CHAT_GUEST_RETENTION" min:"1h" doc:"How long a chat guest is kept after its last message (or its creation, when it never wrote); then ~ngern serve~ deletes it hourly with its conversation and media (docs/operations.md); a guest that became a member is kept. A Go duration of at least ~1h~."`
}

// SimConfig configures the simulated game provider, in-process or as
// `ngern simprovider`.
type SimConfig struct {
	// Addr is the listen address of `ngern simprovider`.
	Addr string `env:"NGERN_SIMPROVIDER_ADDR" envDefault:":8090" doc:"Listen address of ~ngern simprovider~."`
	// AgentKey empty in-process: a random key per start.
	AgentKey string        `env:"NGERN_SIMPROVIDER_AGENT_KEY" doc:"The simulated provider's agent key. Required by ~ngern simprovider~; in-process, empty means a random key per start."`
	Faults   sim.Faults    `env:"NGERN_SIMPROVIDER_FAULTS" doc:"Injected faults ~op:kind:probability~, comma-separated (ops ~create~, ~balance~, ~transferIn~, ~transferOut~, ~status~; kinds ~delay~, ~error~, ~drop~, ~duplicate~), for the in-process provider and ~ngern simprovider~. See [adapters.md](adapters.md#faults)."`
	Delay    time.Duration `env:"NGERN_SIMPROVIDER_DELAY" min:"1ns" doc:"How long the ~delay~ fault sleeps."`
	// StatePath empty: a file in the data dir.
	StatePath string   `env:"NGERN_SIMPROVIDER_STATE" docDefault:"~<data dir>/sim/state.jsonl~ in-process, ~<data dir>/simprovider/state.jsonl~ standalone" doc:"The simulated provider's state journal."`
	PublicURL string   `env:"NGERN_SIMPROVIDER_PUBLIC_URL" doc:"Scheme and host players reach the simulated provider at. Empty in-process → launch links are paths on this server."`
	Games     []string `env:"NGERN_SIMPROVIDER_GAMES" doc:"Comma-separated game codes the simulated provider knows; empty → any code."`
}

// LoadConfig reads the configuration from getenv (os.Getenv in production):
// the mode's defaults, then the variables set, then the checks; every
// problem is named in the one error.
func LoadConfig(getenv func(string) string) (Config, error) {
	vars := environment(getenv)
	mode, err := ParseMode(vars["NGERN_MODE"])
	var problems []string
	if err != nil {
		problems = append(problems, err.Error())
	}
	c := defaults(mode)
	problems = append(problems, parseVars(&c, vars)...)
	problems = append(problems, checkBounds(&c, vars)...)
	for _, check := range checks {
		problems = append(problems, check(&c, vars)...)
	}
	// lookup reads the variables not in Config (a gateway's, by its code).
	lookup := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	problems = append(problems, c.QR.load(lookup)...)
	problems = append(problems, c.Aggregators.load(lookup)...)
	c.unsafe = simulatorsConfigured(c, lookup)
	if len(problems) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(problems, "; "))
	}
	return c, nil
}

// defaults is the configuration with no variable set in mode: the
// defaults that live in code (the packages that own them) and those of
// the outside parties, simulated in demo mode and the safe ones in
// production (nothing a member can pay with until configured).
func defaults(mode Mode) Config {
	ac := account.DefaultConfig()
	cc := chat.DefaultConfig()
	c := Config{
		Mode:            mode,
		ShutdownTimeout: 15 * time.Second,
		TrustedProxies:  prefixes(httpapi.DefaultTrustedProxies()),
		MaxConnsPerIP:   httpapi.DefaultMaxConnsPerIP,
		LoginPerPhone:   ac.LoginPerPhone,
		LoginPerIP:      ac.LoginPerIP,
		LookupPerIP:     ac.LookupPerIP,
		OTPPerIP:        ac.OTPPerIP,
		HomeCacheTTL:    sqlstore.DefaultHomeCacheTTL,
		ChatVars: ChatVars{Prefix: cc.Prefix, TicketLimit: cc.TicketLimit, GuestSendPerIP: cc.GuestSendPerIP,
			GuestUploadMBPerIP: cc.GuestUploadMBPerIP, SocketsPerHolder: cc.SocketsPerHolder, AutoReply: cc.AutoReply,
			GuestRetention: cc.GuestRetention},
		Sim:          SimConfig{Delay: sim.DefaultDelay},
		QR:           QRConfig{Lifetime: deposit.DefaultQRLifetime},
		SlipVerifier: "manual", TrueMoney: "off", SMS: "http", Payouts: "off",
	}
	c.QR.Gateways, c.QR.PromptPayTarget = "off", "off"
	if mode == ModeDemo {
		c.SlipVerifier, c.TrueMoney, c.SMS, c.Payouts = "sim", "sim", "console", "sim"
		c.QR.Gateways, c.QR.PromptPayTarget = "sim", DemoPromptPayTarget
	}
	return c
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
	"NGERN_SIMPROVIDER_FAULTS", "NGERN_SIMPROVIDER_DELAY", "NGERN_SIMPROVIDER_GAMES", "NGERN_SIMGATEWAY_FAULTS",
	"NGERN_SIM_AGGREGATOR_SECRET", "NGERN_SIMPAYOUT_FAULTS"}

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
		{"NGERN_PAYOUTS", c.Payouts, "sim"},
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
