package settings

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"
	"unicode"

	"ngern/core/errs"
	"ngern/core/events"
	"ngern/core/money"
)

// QR providers (spec part 9): the bank QR (PromptPay, "kbank") and the
// payment gateways. What an operator edits in the console is stored per
// provider: whether members may use it, its minimum, its quick amounts, how
// long its QRs can be paid, and a gateway's API key and webhook secret.
// The secrets are write-only: sealed at rest, never answered by any call
// (QRProviderView says only whether each is set).
//
// What the deployment fixes stays in the environment (QRDeployment): the
// PromptPay target money is received on and the gateways' API URLs, so that
// an operator account cannot redirect deposits. At first start each
// provider's row is seeded from the spec's defaults and the environment
// (SeedQRProviders); from then on the stored row wins.

// PromptPayCode is the bank QR's channel code (spec part 9).
const PromptPayCode = "kbank"

// QR provider kinds.
const (
	QRKindPromptPay = "promptpay"
	QRKindGateway   = "gateway"
)

// Bounds of a provider's values.
const (
	QRMinLifetime   = 10 * time.Second
	QRMaxLifetime   = 24 * time.Hour
	QRMaxQuick      = 8
	QRMaxAmount     = money.Satang(10_000_000_00) // 10 million baht
	QRSecretMinLen  = 16
	QRSecretMaxLen  = 256
	DefaultLifetime = 10 * time.Minute
)

// QRChannel is one QR deposit channel as the apps see it (the limits
// lookup's qr[]): its smallest amount and the amounts offered as buttons.
type QRChannel struct {
	Code         string         `json:"code"`
	Min          money.Satang   `json:"min"`
	QuickAmounts []money.Satang `json:"quickAmounts"`
}

// QRProvider is a provider's stored configuration with its secrets in
// plain text: for the server only, never served.
type QRProvider struct {
	Code          string
	Kind          string
	Enabled       bool
	Min           money.Satang
	QuickAmounts  []money.Satang
	Lifetime      time.Duration
	APIKey        string // gateways: the bearer key of the gateway's API
	WebhookSecret string // gateways: the HMAC key of its webhooks
	UpdatedBy     string
	UpdatedAt     time.Time
	// Unreadable names the secrets stored but not opening with this
	// install's secret key (a lost or changed NGERN_SECRET_KEY): they count
	// as not set until an operator enters them again.
	Unreadable []string
}

// Channel is the provider as the limits lookup serves it.
func (p QRProvider) Channel() QRChannel {
	q := append([]money.Satang{}, p.QuickAmounts...)
	return QRChannel{Code: p.Code, Min: p.Min, QuickAmounts: q}
}

// QRProviderRow is a provider as stored: the secrets sealed.
type QRProviderRow struct {
	Code         string
	Enabled      bool
	Min          money.Satang
	QuickAmounts []money.Satang
	Lifetime     time.Duration
	APIKeySealed string
	SecretSealed string
	UpdatedBy    string
	UpdatedAt    time.Time
}

// QRProviderStore keeps the providers' rows.
type QRProviderStore interface {
	// QRProviderRows lists the stored rows (any order).
	QRProviderRows(ctx context.Context) ([]QRProviderRow, error)
	// PutQRProviderRow replaces a row.
	PutQRProviderRow(ctx context.Context, r QRProviderRow) error
	// SeedQRProviderRows inserts each row whose code is not stored yet.
	SeedQRProviderRows(ctx context.Context, rows []QRProviderRow) error
}

// Sealer encrypts the providers' secrets at rest (the install's secret
// key; *wallet.Sealer). owner binds a sealed value to its row.
type Sealer interface {
	Seal(plain, owner string) (string, error)
	Open(sealed, owner string) (string, error)
}

// QRDeployment is what the deployment fixes of QR deposits.
type QRDeployment struct {
	// Ready says which providers this deployment can serve at all: the
	// bank QR when it has a PromptPay target, a gateway when it has an
	// adapter (the simulated gateway, or NGERN_GATEWAY_<CODE>_URL).
	Ready map[string]bool
	// GatewaySecretsRequired: a gateway needs its webhook secret before it
	// can be enabled (real gateways; the simulated one derives its secret
	// when none is stored).
	GatewaySecretsRequired bool
}

// DefaultQRProviders are the providers of spec part 9 with their default
// minimums and quick amounts, all enabled, secrets unset. The spec's "kbank
// above 0" is a minimum of 0.01, the smallest amount there is, so that
// every provider has one rule: min ≤ amount.
func DefaultQRProviders() []QRProvider {
	baht := func(bs ...int64) []money.Satang {
		out := make([]money.Satang, len(bs))
		for i, b := range bs {
			out[i] = money.FromBaht(b)
		}
		return out
	}
	p := func(code, kind string, min money.Satang, quick []money.Satang) QRProvider {
		return QRProvider{Code: code, Kind: kind, Enabled: true, Min: min, QuickAmounts: quick, Lifetime: DefaultLifetime}
	}
	return []QRProvider{
		p(PromptPayCode, QRKindPromptPay, 1, baht(10, 20, 50, 100, 500, 1000)),
		p("WW", QRKindGateway, money.FromBaht(100), baht(100, 200, 300, 500, 1000)),
		p("PAYTIMZ", QRKindGateway, money.FromBaht(10), baht(10, 50, 100, 500, 1000)),
		p("PAYONEX", QRKindGateway, money.FromBaht(100), baht(100, 200, 300, 500, 1000)),
		p("FP", QRKindGateway, money.FromBaht(10), baht(10, 50, 100, 500, 1000)),
	}
}

// QRProviderCodes are the providers' codes in the spec's order.
func QRProviderCodes() []string {
	var out []string
	for _, p := range DefaultQRProviders() {
		out = append(out, p.Code)
	}
	return out
}

func defaultQRProvider(code string) (QRProvider, bool) {
	for _, p := range DefaultQRProviders() {
		if p.Code == code {
			return p, true
		}
	}
	return QRProvider{}, false
}

// qrTopic tells every node that a provider's configuration changed.
const qrTopic events.Topic[struct{}] = "settings.qrproviders"

// qrCacheFor bounds how long a node serves a cached configuration when an
// event was missed.
const qrCacheFor = 10 * time.Second

type qrCache struct {
	mu        sync.Mutex
	providers []QRProvider
	at        time.Time
}

func (s *Service) qrStore() (QRProviderStore, error) {
	qs, ok := s.store.(QRProviderStore)
	if !ok {
		return nil, errors.New("settings: the store keeps no QR providers")
	}
	return qs, nil
}

// SeedQRProviders stores each provider not stored yet: the defaults of
// spec part 9 overlaid with seed (what the environment said at first
// start: enabled, secrets). A stored row is never changed here.
func (s *Service) SeedQRProviders(ctx context.Context, seed map[string]QRProvider) error {
	qs, err := s.qrStore()
	if err != nil {
		return err
	}
	var rows []QRProviderRow
	for _, p := range DefaultQRProviders() {
		if v, ok := seed[p.Code]; ok {
			p.Enabled, p.APIKey, p.WebhookSecret = v.Enabled, v.APIKey, v.WebhookSecret
		}
		p.UpdatedBy, p.UpdatedAt = "seed", s.now().UTC()
		r, err := s.sealRow(p)
		if err != nil {
			return err
		}
		rows = append(rows, r)
	}
	if err := qs.SeedQRProviderRows(ctx, rows); err != nil {
		return err
	}
	s.forgetQR()
	return nil
}

func (s *Service) sealRow(p QRProvider) (QRProviderRow, error) {
	r := QRProviderRow{Code: p.Code, Enabled: p.Enabled, Min: p.Min, QuickAmounts: p.QuickAmounts, Lifetime: p.Lifetime,
		UpdatedBy: p.UpdatedBy, UpdatedAt: p.UpdatedAt}
	seal := func(plain, what string) (string, error) {
		if plain == "" {
			return "", nil
		}
		if s.cfg.Sealer == nil {
			return "", errors.New("settings: no sealer for the QR providers' secrets")
		}
		return s.cfg.Sealer.Seal(plain, "qrprovider:"+p.Code+":"+what)
	}
	var err error
	if r.APIKeySealed, err = seal(p.APIKey, "apiKey"); err != nil {
		return r, err
	}
	r.SecretSealed, err = seal(p.WebhookSecret, "webhookSecret")
	return r, err
}

func (s *Service) openRow(r QRProviderRow) (QRProvider, error) {
	def, _ := defaultQRProvider(r.Code)
	p := QRProvider{Code: r.Code, Kind: def.Kind, Enabled: r.Enabled, Min: r.Min, QuickAmounts: r.QuickAmounts,
		Lifetime: r.Lifetime, UpdatedBy: r.UpdatedBy, UpdatedAt: r.UpdatedAt}
	open := func(sealed, what string) string {
		if sealed == "" {
			return ""
		}
		var plain string
		err := errors.New("settings: no sealer for the QR providers' secrets")
		if s.cfg.Sealer != nil {
			plain, err = s.cfg.Sealer.Open(sealed, "qrprovider:"+r.Code+":"+what)
		}
		if err != nil {
			p.Unreadable = append(p.Unreadable, what)
			return ""
		}
		return plain
	}
	p.APIKey = open(r.APIKeySealed, "apiKey")
	p.WebhookSecret = open(r.SecretSealed, "webhookSecret")
	return p, nil
}

// QRProviders returns every known provider's configuration in the spec's
// order, secrets included (server use). It is cached on the node and
// dropped when any node changes a provider (an event), and after
// qrCacheFor in case an event was missed.
func (s *Service) QRProviders(ctx context.Context) ([]QRProvider, error) {
	s.qr.mu.Lock()
	defer s.qr.mu.Unlock()
	if s.qr.providers != nil && s.now().Sub(s.qr.at) < qrCacheFor {
		return s.qr.providers, nil
	}
	qs, err := s.qrStore()
	if err != nil {
		return nil, err
	}
	rows, err := qs.QRProviderRows(ctx)
	if err != nil {
		return nil, err
	}
	byCode := map[string]QRProviderRow{}
	for _, r := range rows {
		byCode[r.Code] = r
	}
	var out []QRProvider
	for _, def := range DefaultQRProviders() {
		r, ok := byCode[def.Code]
		if !ok {
			continue // not seeded: unknown to this install
		}
		p, err := s.openRow(r)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	s.qr.providers, s.qr.at = out, s.now()
	return out, nil
}

// QRProvider returns one provider's configuration (NOT_FOUND).
func (s *Service) QRProvider(ctx context.Context, code string) (QRProvider, error) {
	all, err := s.QRProviders(ctx)
	if err != nil {
		return QRProvider{}, err
	}
	for _, p := range all {
		if p.Code == code {
			return p, nil
		}
	}
	return QRProvider{}, errs.New(errs.NotFoundCode)
}

// QRChannels are the channels members may use now: the enabled providers
// the deployment can serve, in the spec's order (the limits lookup's qr[]
// and the deposit lookup's QR entries).
func (s *Service) QRChannels(ctx context.Context) ([]QRProvider, error) {
	all, err := s.QRProviders(ctx)
	if err != nil {
		return nil, err
	}
	var out []QRProvider
	for _, p := range all {
		if p.Enabled && s.cfg.QR.Ready[p.Code] {
			out = append(out, p)
		}
	}
	return out, nil
}

func (s *Service) forgetQR() {
	s.qr.mu.Lock()
	s.qr.providers = nil
	s.qr.mu.Unlock()
}

// QRProviderView is a provider for the console: the secrets only as set
// or not.
type QRProviderView struct {
	Code             string         `json:"code"`
	Kind             string         `json:"kind"`
	Ready            bool           `json:"ready"`
	Enabled          bool           `json:"enabled"`
	Min              money.Satang   `json:"min"`
	QuickAmounts     []money.Satang `json:"quickAmounts"`
	LifetimeSeconds  int            `json:"lifetimeSeconds"`
	APIKeySet        bool           `json:"apiKeySet"`
	WebhookSecretSet bool           `json:"webhookSecretSet"`
	SecretsRequired  bool           `json:"secretsRequired"`
	UpdatedBy        string         `json:"updatedBy"`
	UpdatedAt        time.Time      `json:"updatedAt"`
	// UnreadableSecrets are stored secrets this install's key does not
	// open (enter them again).
	UnreadableSecrets []string `json:"unreadableSecrets"`
}

// View is p as the console and the audit log see it.
func (s *Service) View(p QRProvider) QRProviderView {
	q := append([]money.Satang{}, p.QuickAmounts...)
	return QRProviderView{Code: p.Code, Kind: p.Kind, Ready: s.cfg.QR.Ready[p.Code], Enabled: p.Enabled, Min: p.Min,
		QuickAmounts: q, LifetimeSeconds: int(p.Lifetime / time.Second), APIKeySet: p.APIKey != "",
		WebhookSecretSet: p.WebhookSecret != "", SecretsRequired: p.Kind == QRKindGateway && s.cfg.QR.GatewaySecretsRequired,
		UpdatedBy: p.UpdatedBy, UpdatedAt: p.UpdatedAt.UTC(), UnreadableSecrets: append([]string{}, p.Unreadable...)}
}

// QRProviderUpdate is an operator's change of a provider. A nil secret is
// kept; a non-nil one replaces the stored one ("" clears it).
type QRProviderUpdate struct {
	Enabled         bool
	Min             money.Satang
	QuickAmounts    []money.Satang
	LifetimeSeconds int
	APIKey          *string
	WebhookSecret   *string
}

// UpdateQRProvider validates and stores a change of a provider and tells
// every node. It answers the provider before and after.
func (s *Service) UpdateQRProvider(ctx context.Context, code string, u QRProviderUpdate, by string) (before, after QRProvider, err error) {
	before, p, err := s.CheckQRProviderUpdate(ctx, code, u)
	if err != nil {
		return before, after, err
	}
	p.UpdatedBy, p.UpdatedAt = by, s.now().UTC()
	row, err := s.sealRow(p)
	if err != nil {
		return before, after, err
	}
	qs, err := s.qrStore()
	if err != nil {
		return before, after, err
	}
	if err := qs.PutQRProviderRow(ctx, row); err != nil {
		return before, after, err
	}
	s.forgetQR()
	if s.bus != nil {
		if err := qrTopic.Publish(ctx, s.bus, struct{}{}); err != nil {
			return before, p, err
		}
	}
	return before, p, nil
}

// CheckQRProviderUpdate validates a change of a provider as
// UpdateQRProvider does and answers the provider before and as it would be
// after; it stores nothing (a change of the secrets waits for a second
// owner and is checked when proposed).
func (s *Service) CheckQRProviderUpdate(ctx context.Context, code string, u QRProviderUpdate) (before, after QRProvider, err error) {
	before, err = s.QRProvider(ctx, code)
	if err != nil {
		return before, after, err
	}
	p := before
	p.Unreadable = nil
	p.Enabled, p.Min, p.QuickAmounts = u.Enabled, u.Min, append([]money.Satang{}, u.QuickAmounts...)
	p.Lifetime = time.Duration(u.LifetimeSeconds) * time.Second
	if u.APIKey != nil {
		p.APIKey = strings.TrimSpace(*u.APIKey)
	}
	if u.WebhookSecret != nil {
		p.WebhookSecret = strings.TrimSpace(*u.WebhookSecret)
	}
	if err := s.checkQRProvider(p, u); err != nil {
		return before, after, err
	}
	return before, p, nil
}

func (s *Service) checkQRProvider(p QRProvider, u QRProviderUpdate) error {
	bad := func(field, format string, a ...any) error {
		e := errs.Newf(errs.InvalidRequest, format, a...)
		e.Field = field
		return e
	}
	if p.Min < 1 || p.Min > QRMaxAmount {
		return bad("min", "the minimum is between 0.01 and %d baht", QRMaxAmount/100)
	}
	if len(p.QuickAmounts) == 0 || len(p.QuickAmounts) > QRMaxQuick {
		return bad("quickAmounts", "1 to %d quick amounts", QRMaxQuick)
	}
	for i, q := range p.QuickAmounts {
		if q < p.Min || q < 100 || q > QRMaxAmount {
			return bad("quickAmounts", "every quick amount is at least the minimum and 1 baht, at most %d baht", QRMaxAmount/100)
		}
		if i > 0 && q <= p.QuickAmounts[i-1] {
			return bad("quickAmounts", "quick amounts go up, each once")
		}
	}
	if p.Lifetime < QRMinLifetime || p.Lifetime > QRMaxLifetime {
		return bad("lifetimeSeconds", "a QR lives %d to %d seconds", int(QRMinLifetime/time.Second), int(QRMaxLifetime/time.Second))
	}
	for _, sec := range []struct {
		field string
		given *string
	}{{"apiKey", u.APIKey}, {"webhookSecret", u.WebhookSecret}} {
		if sec.given == nil || strings.TrimSpace(*sec.given) == "" {
			continue
		}
		if p.Kind != QRKindGateway {
			return bad(sec.field, "the bank QR has no %s", sec.field)
		}
		v := strings.TrimSpace(*sec.given)
		if len(v) < QRSecretMinLen || len(v) > QRSecretMaxLen || strings.IndexFunc(v, func(r rune) bool {
			return r > unicode.MaxASCII || !unicode.IsPrint(r) || unicode.IsSpace(r)
		}) >= 0 {
			return bad(sec.field, "%s: %d to %d printable ASCII characters without spaces", sec.field, QRSecretMinLen, QRSecretMaxLen)
		}
	}
	if p.Enabled {
		if !s.cfg.QR.Ready[p.Code] {
			if p.Kind == QRKindPromptPay {
				return bad("enabled", "no PromptPay target is configured (NGERN_PROMPTPAY_TARGET)")
			}
			return bad("enabled", "no gateway is configured for %s (NGERN_GATEWAY_%s_URL)", p.Code, p.Code)
		}
		// The API key is the gateway's business (some need none); the
		// webhook secret is ours: without it no payment could be verified.
		if p.Kind == QRKindGateway && s.cfg.QR.GatewaySecretsRequired {
			if p.WebhookSecret == "" {
				return bad("webhookSecret", "set the webhook secret before enabling %s", p.Code)
			}
		}
	}
	return nil
}
