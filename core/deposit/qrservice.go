package deposit

import (
	"context"
	"log/slog"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/settings"
)

// QRDeps are what the QR service needs.
type QRDeps struct {
	Store    QRStore
	Gateways GatewaySource
	// PromptPay is the bank QR's channel code ("kbank") and its target;
	// no target: no bank QR.
	PromptPayCode   string
	PromptPayTarget string
	Members         Members // for operators' assignments
	// Receiving answers the receiving bank accounts of the deposit lookup
	// (settings.Deposit.Banks): a transfer to one is a slipless deposit.
	// Senders finds the registered accounts its sender may be. Nil: no
	// slipless deposits.
	Receiving func(ctx context.Context) ([]settings.ReceivingBank, error)
	Senders   SenderStore
	// Providers answers the providers' configuration as operators set it
	// (settings.Service.QRProviders): enabled, minimum, quick amounts,
	// lifetime, secrets. Nil: the defaults of spec part 9, all enabled.
	Providers func(ctx context.Context) ([]settings.QRProvider, error)
	// Coins answers the operator's coins setting; nil: its default.
	Coins CoinRate
	Log   *slog.Logger
	Now   func() time.Time
	IDs   func() string
}

// QRService implements QR deposits.
type QRService struct{ d QRDeps }

// DefaultQRLifetime is how long a QR can be paid unless its provider says
// otherwise.
const DefaultQRLifetime = settings.DefaultLifetime

// NewQRService returns the QR deposit service.
func NewQRService(d QRDeps) *QRService {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.IDs == nil {
		d.IDs = account.NewID
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Gateways == nil {
		d.Gateways = StaticGateways(nil)
	}
	if d.PromptPayCode == "" {
		d.PromptPayCode = settings.PromptPayCode
	}
	if d.Providers == nil {
		d.Providers = func(context.Context) ([]settings.QRProvider, error) { return settings.DefaultQRProviders(), nil }
	}
	return &QRService{d: d}
}

// Providers are the QR channels members may use now: the enabled
// providers this deployment can serve (the bank QR when it has a target, a
// gateway with an adapter), in the spec's order.
func (s *QRService) Providers(ctx context.Context) ([]settings.QRProvider, error) {
	all, err := s.d.Providers(ctx)
	if err != nil {
		return nil, err
	}
	var out []settings.QRProvider
	for _, p := range all {
		if p.Enabled && s.configured(p) {
			out = append(out, p)
		}
	}
	return out, nil
}

func (s *QRService) configured(p settings.QRProvider) bool {
	if p.Code == s.d.PromptPayCode {
		return s.d.PromptPayTarget != ""
	}
	return s.d.Gateways.Gateway(p) != nil
}

// provider is a provider's configuration, enabled or not (NO_DATA when
// unknown).
func (s *QRService) provider(ctx context.Context, code string) (settings.QRProvider, error) {
	all, err := s.d.Providers(ctx)
	if err != nil {
		return settings.QRProvider{}, err
	}
	for _, p := range all {
		if p.Code == code {
			return p, nil
		}
	}
	return settings.QRProvider{}, errs.New(errs.NoData)
}

// channel is an enabled, configured provider members may use.
func (s *QRService) channel(ctx context.Context, code string) (settings.QRProvider, bool, error) {
	p, err := s.provider(ctx, code)
	if errs.HasCode(err, errs.NoData) {
		return p, false, nil
	}
	if err != nil {
		return p, false, err
	}
	return p, p.Enabled && s.configured(p), nil
}

// gateway is the adapter of a gateway provider, enabled or not: a payment
// told of after an operator switched the provider off is still recorded.
func (s *QRService) gateway(ctx context.Context, code string) (PaymentGateway, error) {
	if code == s.d.PromptPayCode {
		return nil, nil
	}
	p, err := s.provider(ctx, code)
	if errs.HasCode(err, errs.NoData) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.d.Gateways.Gateway(p), nil
}

// qrFail is the member's QR_FAIL with a message the app shows.
func qrFail(format string, a ...any) error { return errs.Newf(errs.QRFail, format, a...) }
