package settings

import (
	"context"
	"strings"
	"time"
	"unicode"

	"ngern/core/errs"
	"ngern/core/money"
)

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
