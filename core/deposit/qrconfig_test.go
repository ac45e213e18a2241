package deposit

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/settings"
)

// withProviders makes f's service read the providers from a list the test
// edits, as the console's changes reach it (settings.Service.QRProviders).
func withProviders(f *qrFixture) (edit func(code string, fn func(p *settings.QRProvider))) {
	var mu sync.Mutex
	ps := settings.DefaultQRProviders()
	f.svc.d.Providers = func(context.Context) ([]settings.QRProvider, error) {
		mu.Lock()
		defer mu.Unlock()
		return append([]settings.QRProvider{}, ps...), nil
	}
	return func(code string, fn func(p *settings.QRProvider)) {
		mu.Lock()
		defer mu.Unlock()
		for i := range ps {
			if ps[i].Code == code {
				fn(&ps[i])
			}
		}
	}
}

func TestQRProviderConfiguration(t *testing.T) {
	ctx := context.Background()
	t.Run("a disabled provider is no channel and makes no QR", func(t *testing.T) {
		f := newQRFixture(t)
		edit := withProviders(f)
		edit("WW", func(p *settings.QRProvider) { p.Enabled = false })
		ps, _ := f.svc.Providers(ctx)
		var codes []string
		for _, p := range ps {
			codes = append(codes, p.Code)
		}
		if strings.Join(codes, ",") != "kbank,FP" {
			t.Fatal(codes)
		}
		if _, err := f.svc.Create(ctx, "m1", "WW", money.FromBaht(500)); !errs.HasCode(err, errs.QRFail) {
			t.Fatal(err)
		}
		if _, err := f.svc.Current(ctx, "m1", "WW"); !errs.HasCode(err, errs.NoData) {
			t.Fatal(err)
		}
	})
	t.Run("a changed minimum applies to the next QR", func(t *testing.T) {
		f := newQRFixture(t)
		edit := withProviders(f)
		if _, err := f.svc.Create(ctx, "m1", "FP", money.FromBaht(20)); err != nil {
			t.Fatal(err)
		}
		edit("FP", func(p *settings.QRProvider) { p.Min = money.FromBaht(50) })
		_, err := f.svc.Create(ctx, "m2", "FP", money.FromBaht(20))
		if !errs.HasCode(err, errs.QRMinimum) || !strings.Contains(errs.As(err).Detail, "50.00") {
			t.Fatal(err)
		}
		if _, err := f.svc.Create(ctx, "m2", "FP", money.FromBaht(50)); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("the provider's lifetime is the QR's", func(t *testing.T) {
		f := newQRFixture(t)
		edit := withProviders(f)
		edit("kbank", func(p *settings.QRProvider) { p.Lifetime = 30 * time.Second })
		q, err := f.svc.Create(ctx, "m1", "kbank", money.FromBaht(20))
		if err != nil {
			t.Fatal(err)
		}
		if q.ExpiresAt.Sub(q.CreatedAt) != 30*time.Second || f.svc.ExpireIn(q) != 30 {
			t.Fatal(q.ExpiresAt.Sub(q.CreatedAt))
		}
	})
	t.Run("a payment after the provider was switched off is still recorded", func(t *testing.T) {
		f := newQRFixture(t)
		edit := withProviders(f)
		q, err := f.svc.Create(ctx, "m1", "WW", money.FromBaht(100))
		if err != nil {
			t.Fatal(err)
		}
		edit("WW", func(p *settings.QRProvider) { p.Enabled = false })
		body := []byte(fmt.Sprintf("d1 %s P1 PAID %d", q.ID, q.Amount))
		if err := f.svc.Webhook(ctx, "WW", hdr("good"), body); err != nil {
			t.Fatal(err)
		}
		if f.store.balance("m1") != q.Amount {
			t.Fatal(f.store.balance("m1"))
		}
	})
}

func TestQRRefundOutside(t *testing.T) {
	ctx := context.Background()
	f := newQRFixture(t)
	q, err := f.svc.Create(ctx, "m1", "WW", money.FromBaht(100))
	if err != nil {
		t.Fatal(err)
	}
	// Paid another amount: waits for review.
	body := []byte(fmt.Sprintf("d1 %s P1 PAID %d", q.ID, q.Amount+100))
	if err := f.svc.Webhook(ctx, "WW", hdr("good"), body); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, provider, ref, note string
		want                      errs.Code
	}{
		{"no note", "WW", "P1", "  ", errs.InvalidRequest},
		{"note too long", "WW", "P1", strings.Repeat("ก", MaxRefundNote+1), errs.InvalidRequest},
		{"unknown payment", "WW", "NOPE", "refunded", errs.NoData},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := f.svc.RefundPayment(ctx, tc.provider, tc.ref, tc.note, "fin"); !errs.HasCode(err, tc.want) {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
			if r, _ := f.svc.ReviewPayments(ctx, 10); len(r) != 1 {
				t.Fatal("the payment left the queue", r)
			}
		})
	}
	t.Run("refunded: out of the queue, nothing credited, once", func(t *testing.T) {
		p, err := f.svc.RefundPayment(ctx, "WW", "P1", " KBank transfer 123 ", "fin")
		if err != nil || p.Status != PaymentRefunded || p.DecisionNote != "KBank transfer 123" || p.DecidedBy != "fin" {
			t.Fatal(p, err)
		}
		if r, _ := f.svc.ReviewPayments(ctx, 10); len(r) != 0 {
			t.Fatal(r)
		}
		if f.store.balance("m1") != 0 {
			t.Fatal("credited", f.store.balance("m1"))
		}
		if _, err := f.svc.RefundPayment(ctx, "WW", "P1", "again", "fin"); !errs.HasCode(err, errs.NoData) {
			t.Fatal(err)
		}
		if _, err := f.svc.AssignPayment(ctx, "WW", "P1", "m1", "fin"); !errs.HasCode(err, errs.NoData) {
			t.Fatal("a refunded payment was assigned:", err)
		}
		d, _ := f.svc.DecidedPayments(ctx, 10)
		if len(d) != 1 || d[0].Status != PaymentRefunded {
			t.Fatal(d)
		}
	})
}
