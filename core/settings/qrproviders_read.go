package settings

import (
	"context"
	"errors"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/events"
)

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
