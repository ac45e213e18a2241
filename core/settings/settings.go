// Package settings holds the operator-editable lookups the apps read
// (GET /api/lookup/...), the bank directory and the service status.
package settings

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"ngern/core/errs"
	"ngern/core/events"
	"ngern/core/money"
)

// Bank is one bank of the directory. NameTH is the bank's name in the local
// language of its country (Thai for Thai banks, Lao for Lao banks).
type Bank struct {
	Code        string `json:"code" db:"code"`
	BOTCode     string `json:"-" db:"bot_code"`
	NameTH      string `json:"nameTH" db:"name_th"`
	NameEN      string `json:"nameEN" db:"name_en"`
	Country     string `json:"-" db:"country"`
	EnglishOnly bool   `json:"englishOnly" db:"english_only"`
	Active      bool   `json:"-" db:"active"`
	Sort        int    `json:"-" db:"sort"`
}

// Store keeps settings as JSON documents by key, and the bank directory.
type Store interface {
	Setting(ctx context.Context, key string) (json.RawMessage, error) // NO_DATA when absent
	PutSetting(ctx context.Context, key string, value json.RawMessage) error
	// SeedSettings inserts each key that is not stored yet.
	SeedSettings(ctx context.Context, values map[string]json.RawMessage) error
	Banks(ctx context.Context, country string) ([]Bank, error) // the active ones, in order
	Bank(ctx context.Context, code string) (Bank, error)       // INVALID_BANK when absent
	// AllBanks lists every bank of a country, inactive ones included.
	AllBanks(ctx context.Context, country string) ([]Bank, error)
	// UpdateBank stores the flags of a bank (NOT_FOUND when absent) and
	// returns it. It refuses, atomically, a change that would leave the
	// bank's country without an active bank (LastActiveBank).
	UpdateBank(ctx context.Context, code string, f BankFlags) (Bank, error)
	SeedBanks(ctx context.Context, banks []Bank) error
}

// Config is what the deployment fixes rather than the operator.
type Config struct {
	Laos        bool
	RegisterOTP bool
	// AppVersion is the version the apps show (the limits lookup).
	AppVersion string
	// Demo: the install simulates the outside parties; the active lookup
	// says so and the apps show a ribbon.
	Demo bool
	// GiftLinksOff: no gift redeemer is configured (NGERN_TRUEMONEY=off),
	// so the deposit lookup offers no wallet for gift links.
	GiftLinksOff bool
	// QR is what the deployment fixes of QR deposits; Sealer seals the QR
	// providers' secrets (qrproviders.go).
	QR     QRDeployment
	Sealer Sealer
}

// Service answers lookups.
type Service struct {
	store Store
	cfg   Config
	now   func() time.Time

	mu          sync.Mutex
	terminated  bool
	checkedAt   time.Time
	statusCache time.Duration
	bus         events.Bus // tells the other nodes of a status change (events.go)
	qr          qrCache    // the QR providers (qrproviders.go)
}

// NewService returns a settings service. now may be nil (system clock).
func NewService(store Store, cfg Config, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, cfg: cfg, now: now, statusCache: 2 * time.Second}
}

// Config returns the deployment configuration.
func (s *Service) Config() Config { return s.cfg }

// Country returns the bank-directory country of this deployment.
func (s *Service) Country() string {
	if s.cfg.Laos {
		return "LA"
	}
	return "TH"
}

// Seed stores the defaults for every setting and bank not stored yet.
func (s *Service) Seed(ctx context.Context) error {
	values := map[string]json.RawMessage{}
	for k, v := range DefaultsIn(s.Amounts()) {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		values[k] = b
	}
	if err := s.store.SeedSettings(ctx, values); err != nil {
		return err
	}
	if err := s.upgradeTexts(ctx); err != nil {
		return err
	}
	return s.store.SeedBanks(ctx, DefaultBanks())
}

// Names of the stored lookups (GET /api/lookup/{name}).
const (
	KeySources    = "sources"
	KeyInfo       = "info"
	KeyContact    = "contact"
	KeyConditions = "conditions"
	KeyAgreements = "agreements"
	KeyNotice     = "notice"
	KeyWithdraw   = "withdraw"
	KeySlip       = "slip"
	KeyDeposit    = "deposit"
	KeyChat       = "enableChatWidget"
	KeyActive     = "active"
	// KeyLimits is not stored as a document: it serves the fixed values of
	// rules.go and the QR providers' minimums and quick amounts.
	KeyLimits = "limits"
)

// Lookup returns the JSON document of a public lookup by its name. The
// texts (IsText) are served in lang (one of Langs; the install's default
// language when empty), a missing translation in Thai (texts.go). The
// conditions and agreements texts are served with their placeholders
// ({{withdrawMin}}, …) filled from the values in force.
func (s *Service) Lookup(ctx context.Context, name, lang string) (any, error) {
	if !ValidLang(lang) {
		lang = s.DefaultLang()
	}
	switch name {
	case "banks":
		return s.store.Banks(ctx, s.Country())
	case "registerOTP":
		return map[string]bool{"registerOTP": s.cfg.RegisterOTP}, nil
	case KeyLimits:
		return s.Limits(ctx)
	case KeyConditions, KeyAgreements:
		doc, err := s.text(ctx, name, lang)
		if err != nil {
			return nil, err
		}
		values, err := s.Placeholders(ctx, lang)
		if err != nil {
			return nil, err
		}
		return fill(doc, values)
	case KeyDeposit:
		doc, err := s.store.Setting(ctx, name)
		if err != nil {
			return nil, err
		}
		return publicDeposit(doc, s.cfg.GiftLinksOff)
	case KeyInfo:
		doc, err := s.text(ctx, name, lang)
		if err != nil {
			return nil, err
		}
		return withBundledVideos(doc, lang), nil
	case KeySources, KeyContact, KeyNotice:
		return s.text(ctx, name, lang)
	case KeyWithdraw, KeySlip, KeyChat:
		return s.store.Setting(ctx, name)
	case KeyActive:
		doc, err := s.store.Setting(ctx, name)
		if err != nil {
			return nil, err
		}
		var active map[string]any
		if err := json.Unmarshal(doc, &active); err != nil {
			return nil, err
		}
		active["demo"] = s.cfg.Demo
		return active, nil
	}
	return nil, errs.New(errs.NotFoundCode)
}

// Terminated reports whether the operator has shut the service down. The
// answer is cached for two seconds so that member calls do not pay a query.
func (s *Service) Terminated(ctx context.Context) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if now := s.now(); now.Sub(s.checkedAt) < s.statusCache {
		return s.terminated, nil
	}
	var a Active
	if err := s.decode(ctx, KeyActive, &a); err != nil {
		return false, err
	}
	s.terminated, s.checkedAt = a.Terminated, s.now()
	return s.terminated, nil
}

// WithdrawLimits returns the withdrawal bounds.
func (s *Service) WithdrawLimits(ctx context.Context) (Withdraw, error) {
	var w Withdraw
	err := s.decode(ctx, KeyWithdraw, &w)
	return w, err
}

// Bank returns a bank of this deployment's country.
func (s *Service) Bank(ctx context.Context, code string) (Bank, error) {
	b, err := s.store.Bank(ctx, code)
	if err != nil {
		return Bank{}, err
	}
	if !b.Active || b.Country != s.Country() {
		return Bank{}, errs.New(errs.InvalidBank)
	}
	return b, nil
}

// SourceExists reports whether code is one of the registration sources
// (every language lists the same codes).
func (s *Service) SourceExists(ctx context.Context, code string) (bool, error) {
	doc, err := s.text(ctx, KeySources, LangTH)
	if err != nil {
		return false, err
	}
	var list []Source
	if err := json.Unmarshal(doc, &list); err != nil {
		return false, err
	}
	for _, src := range list {
		if src.Code == code {
			return true, nil
		}
	}
	return false, nil
}

func (s *Service) decode(ctx context.Context, key string, v any) error {
	raw, err := s.store.Setting(ctx, key)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// Withdraw is the withdraw lookup.
type Withdraw struct {
	Min money.Satang `json:"withdrawMin"`
	Max money.Satang `json:"withdrawMax"`
}

// Active is the service-status lookup.
type Active struct {
	Terminated bool `json:"terminated"`
}

// Source is one answer to "where did you hear of us".
type Source struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}
