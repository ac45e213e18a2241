package settings

import (
	"context"
	"time"

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
