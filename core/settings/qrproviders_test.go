package settings

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
)

// testSealer "seals" by reversing the text after its owner, so that a test
// sees a sealed value is neither the plain text nor opens for another row.
type testSealer struct{}

func (testSealer) Seal(plain, owner string) (string, error) {
	r := []rune(plain)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return "sealed:" + owner + ":" + string(r), nil
}

func (testSealer) Open(sealed, owner string) (string, error) {
	rest, ok := strings.CutPrefix(sealed, "sealed:"+owner+":")
	if !ok {
		return "", errors.New("does not open")
	}
	r := []rune(rest)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r), nil
}

func (m *memStore) QRProviderRows(context.Context) ([]QRProviderRow, error) {
	var out []QRProviderRow
	for _, r := range m.qr {
		out = append(out, r)
	}
	return out, nil
}

func (m *memStore) PutQRProviderRow(_ context.Context, r QRProviderRow) error {
	m.qr[r.Code] = r
	return nil
}

func (m *memStore) SeedQRProviderRows(_ context.Context, rows []QRProviderRow) error {
	if m.qr == nil {
		m.qr = map[string]QRProviderRow{}
	}
	for _, r := range rows {
		if _, ok := m.qr[r.Code]; !ok {
			m.qr[r.Code] = r
		}
	}
	return nil
}

func ptr(s string) *string { return &s }

func baht(bs ...int64) []money.Satang {
	out := make([]money.Satang, len(bs))
	for i, b := range bs {
		out[i] = money.FromBaht(b)
	}
	return out
}

func TestQRProviders(t *testing.T) {
	ctx := context.Background()

	t.Run("OKSeededOnceFromTheEnvironment", func(t *testing.T) {
		store := &memStore{values: map[string]json.RawMessage{}}
		s := NewService(store, Config{QR: QRDeployment{Ready: map[string]bool{"WW": true}}, Sealer: testSealer{}}, nil)
		seed := map[string]QRProvider{"WW": {Enabled: true, APIKey: "key-from-env-123456", WebhookSecret: "secret-from-env-1234"},
			"kbank": {Enabled: false}}
		if err := s.SeedQRProviders(ctx, seed); err != nil {
			t.Fatal(err)
		}
		if sealed := store.qr["WW"].SecretSealed; sealed == "" || strings.Contains(sealed, "secret-from-env-1234") {
			t.Fatalf("secret stored as %q", sealed)
		}
		ww, err := s.QRProvider(ctx, "WW")
		if err != nil || ww.WebhookSecret != "secret-from-env-1234" || ww.APIKey != "key-from-env-123456" || ww.Min != money.FromBaht(100) {
			t.Fatalf("%+v %v", ww, err)
		}
		// A second start with other values changes nothing stored.
		if err := s.SeedQRProviders(ctx, map[string]QRProvider{"WW": {Enabled: false, WebhookSecret: "another-secret-12345"}}); err != nil {
			t.Fatal(err)
		}
		if ww, _ := s.QRProvider(ctx, "WW"); !ww.Enabled || ww.WebhookSecret != "secret-from-env-1234" {
			t.Fatalf("the seed overwrote the stored row: %+v", ww)
		}
		// Only ready and enabled providers are channels.
		chans, _ := s.QRChannels(ctx)
		if len(chans) != 1 || chans[0].Code != "WW" {
			t.Fatalf("channels %+v", chans)
		}
	})

	t.Run("OKUpdateServedAtOnceAndSecretsKept", func(t *testing.T) {
		s, _ := newSeeded(t, nil)
		_, after, err := s.UpdateQRProvider(ctx, "FP", QRProviderUpdate{Enabled: true, Min: money.FromBaht(25),
			QuickAmounts: baht(25, 50, 75), LifetimeSeconds: 60, WebhookSecret: ptr("a-brand-new-secret-1")}, "boss")
		if err != nil {
			t.Fatal(err)
		}
		if after.UpdatedBy != "boss" || after.WebhookSecret != "a-brand-new-secret-1" {
			t.Fatalf("%+v", after)
		}
		lim, _ := s.Limits(ctx)
		raw, _ := json.Marshal(lim.QR)
		if !strings.Contains(string(raw), `{"code":"FP","min":25.00,"quickAmounts":[25.00,50.00,75.00]}`) {
			t.Fatalf("limits %s", raw)
		}
		// A later change without secrets keeps them; the view only says set.
		_, after, err = s.UpdateQRProvider(ctx, "FP", QRProviderUpdate{Enabled: false, Min: money.FromBaht(25),
			QuickAmounts: baht(25), LifetimeSeconds: 60}, "boss")
		if err != nil || after.WebhookSecret != "a-brand-new-secret-1" {
			t.Fatalf("%+v %v", after, err)
		}
		v, _ := json.Marshal(s.View(after))
		if strings.Contains(string(v), "a-brand-new-secret-1") || !strings.Contains(string(v), `"webhookSecretSet":true`) {
			t.Fatalf("view %s", v)
		}
		lim, _ = s.Limits(ctx)
		for _, c := range lim.QR {
			if c.Code == "FP" {
				t.Fatal("a disabled provider is in the limits")
			}
		}
		// Clearing a secret.
		_, after, _ = s.UpdateQRProvider(ctx, "FP", QRProviderUpdate{Min: 100, QuickAmounts: baht(1), LifetimeSeconds: 60, WebhookSecret: ptr("")}, "boss")
		if after.WebhookSecret != "" {
			t.Fatal("not cleared")
		}
	})

	t.Run("OKAnotherNodeSeesTheChangeAfterItsEvent", func(t *testing.T) {
		s, store := newSeeded(t, nil)
		if _, err := s.QRProviders(ctx); err != nil { // cached
			t.Fatal(err)
		}
		r := store.qr["WW"]
		r.Enabled = false
		store.qr["WW"] = r // written by another node
		if p, _ := s.QRProvider(ctx, "WW"); !p.Enabled {
			t.Fatal("the cache was not used")
		}
		s.forgetQR() // what the event does
		if p, _ := s.QRProvider(ctx, "WW"); p.Enabled {
			t.Fatal("the change is not seen")
		}
	})

	good := QRProviderUpdate{Enabled: true, Min: money.FromBaht(10), QuickAmounts: baht(10, 20), LifetimeSeconds: 600}
	for _, tc := range []struct {
		name, code string
		deploy     QRDeployment
		change     func(u *QRProviderUpdate)
		field      string
		want       errs.Code
	}{
		{"ErrUnknownProvider", "NOPE", QRDeployment{}, func(*QRProviderUpdate) {}, "", errs.NotFoundCode},
		{"ErrMinZero", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.Min = 0 }, "min", errs.InvalidRequest},
		{"ErrMinHuge", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.Min = QRMaxAmount + 1 }, "min", errs.InvalidRequest},
		{"ErrNoQuickAmounts", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.QuickAmounts = nil }, "quickAmounts", errs.InvalidRequest},
		{"ErrQuickBelowMin", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.QuickAmounts = baht(5, 20) }, "quickAmounts", errs.InvalidRequest},
		{"ErrQuickNotRising", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.QuickAmounts = baht(20, 20) }, "quickAmounts", errs.InvalidRequest},
		{"ErrTooManyQuick", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.QuickAmounts = baht(10, 20, 30, 40, 50, 60, 70, 80, 90) }, "quickAmounts", errs.InvalidRequest},
		{"ErrLifetimeShort", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.LifetimeSeconds = 9 }, "lifetimeSeconds", errs.InvalidRequest},
		{"ErrLifetimeLong", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.LifetimeSeconds = 86401 }, "lifetimeSeconds", errs.InvalidRequest},
		{"ErrShortSecret", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.WebhookSecret = ptr("short") }, "webhookSecret", errs.InvalidRequest},
		{"ErrSecretWithSpace", "WW", QRDeployment{}, func(u *QRProviderUpdate) { u.APIKey = ptr("has a space inside it") }, "apiKey", errs.InvalidRequest},
		{"ErrBankQRHasNoSecret", "kbank", QRDeployment{}, func(u *QRProviderUpdate) { u.WebhookSecret = ptr("a-long-enough-secret") }, "webhookSecret", errs.InvalidRequest},
		{"ErrEnableNotReady", "WW", QRDeployment{Ready: map[string]bool{}}, func(*QRProviderUpdate) {}, "enabled", errs.InvalidRequest},
		{"ErrEnableWithoutSecret", "WW", QRDeployment{GatewaySecretsRequired: true}, func(u *QRProviderUpdate) { u.APIKey = ptr("a-long-enough-api-key") }, "webhookSecret", errs.InvalidRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, store := newSeeded(t, nil)
			if tc.deploy.Ready == nil {
				tc.deploy.Ready = s.cfg.QR.Ready
			}
			s.cfg.QR = tc.deploy
			before := store.qr["WW"]
			u := good
			tc.change(&u)
			_, _, err := s.UpdateQRProvider(ctx, tc.code, u, "boss")
			e := errs.As(err)
			if e == nil || e.Code != tc.want || e.Field != tc.field {
				t.Fatalf("err = %v (field %v), want %s on %q", err, e, tc.want, tc.field)
			}
			if after := store.qr["WW"]; after.UpdatedBy != before.UpdatedBy || after.Min != before.Min {
				t.Fatal("changed on a refused update")
			}
		})
	}
	_ = time.Second
}

// TestQRProviderSecretNotOpening: a secret sealed with another key (a lost
// NGERN_SECRET_KEY) counts as not set and is named, rather than breaking
// the lookups.
func TestQRProviderSecretNotOpening(t *testing.T) {
	ctx := context.Background()
	s, store := newSeeded(t, nil)
	r := store.qr["WW"]
	r.SecretSealed = "sealed:qrprovider:FP:webhookSecret:terces" // another row's
	store.qr["WW"] = r
	s.forgetQR()
	p, err := s.QRProvider(ctx, "WW")
	if err != nil || p.WebhookSecret != "" || len(p.Unreadable) != 1 || p.Unreadable[0] != "webhookSecret" {
		t.Fatalf("%+v %v", p, err)
	}
	if v := s.View(p); v.WebhookSecretSet || len(v.UnreadableSecrets) != 1 {
		t.Fatalf("%+v", v)
	}
	if _, err := s.Limits(ctx); err != nil {
		t.Fatal(err)
	}
	_, after, err := s.UpdateQRProvider(ctx, "WW", QRProviderUpdate{Enabled: true, Min: 10000, QuickAmounts: baht(100),
		LifetimeSeconds: 600, WebhookSecret: ptr("entered-again-123456")}, "boss")
	if err != nil || len(after.Unreadable) != 0 || after.WebhookSecret != "entered-again-123456" {
		t.Fatalf("%+v %v", after, err)
	}
}
