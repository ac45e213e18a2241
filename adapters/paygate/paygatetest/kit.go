// Package paygatetest is the conformance kit of deposit.PaymentGateway:
// every gateway adapter runs Run against its gateway's sandbox or a fake
// replaying the gateway's documented answers and webhooks.
package paygatetest

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"ngern/core/deposit"
	"ngern/core/money"
)

// Setup is what the kit needs of an adapter's test.
type Setup struct {
	Gateway deposit.PaymentGateway
	// Pay pays the order as a member would (the gateway's sandbox or fake).
	Pay func(t *testing.T, o deposit.GatewayOrder, q deposit.GatewayQR)
	// NextWebhook answers the next webhook delivery the gateway sent.
	NextWebhook func(t *testing.T) (http.Header, []byte)
	// Sign signs body at time at as the gateway would (for stale and
	// tampered deliveries).
	Sign func(body []byte, at time.Time) http.Header
}

// Run checks the contract of deposit.PaymentGateway.
func Run(t *testing.T, s Setup) {
	ctx := context.Background()
	order := func(ref string, amount money.Satang) (deposit.GatewayOrder, deposit.GatewayQR) {
		t.Helper()
		o := deposit.GatewayOrder{Ref: ref, Amount: amount, ExpiresAt: time.Now().Add(10 * time.Minute)}
		q, err := s.Gateway.Create(ctx, o)
		if err != nil || q.Ref == "" || q.Payload == "" {
			t.Fatalf("create: %+v %v", q, err)
		}
		return o, q
	}
	t.Run("CreateThenStatusPending", func(t *testing.T) {
		_, a := order("kit-a", 10000)
		_, b := order("kit-b", 10000)
		if a.Ref == b.Ref {
			t.Fatal("two orders share a reference")
		}
		ev, err := s.Gateway.Status(ctx, a.Ref)
		if err != nil || ev.Status != deposit.PaymentPending || ev.OrderRef != "kit-a" {
			t.Fatalf("%+v %v", ev, err)
		}
	})
	t.Run("StatusOfAnUnknownOrderIsAnError", func(t *testing.T) {
		if _, err := s.Gateway.Status(ctx, "no-such-order"); err == nil {
			t.Fatal("no error")
		}
	})
	t.Run("PaidWebhookVerifiesAndStatusSaysPaid", func(t *testing.T) {
		o, q := order("kit-c", 12345)
		s.Pay(t, o, q)
		h, body := s.NextWebhook(t)
		ev, err := s.Gateway.VerifyWebhook(h.Get, body)
		if err != nil || ev.Status != deposit.PaymentPaid || ev.OrderRef != "kit-c" || ev.Amount != 12345 ||
			ev.PaymentRef == "" || ev.DeliveryID == "" {
			t.Fatalf("%+v %v", ev, err)
		}
		st, err := s.Gateway.Status(ctx, q.Ref)
		if err != nil || st.Status != deposit.PaymentPaid || st.PaymentRef != ev.PaymentRef || st.Amount != 12345 {
			t.Fatalf("status %+v %v", st, err)
		}
		t.Run("TamperedBody", func(t *testing.T) {
			bad := append([]byte{}, body...)
			bad[len(bad)/2] ^= 1
			if _, err := s.Gateway.VerifyWebhook(h.Get, bad); !errors.Is(err, deposit.ErrBadSignature) {
				t.Fatal(err)
			}
		})
		t.Run("NoSignature", func(t *testing.T) {
			if _, err := s.Gateway.VerifyWebhook(http.Header{}.Get, body); !errors.Is(err, deposit.ErrBadSignature) {
				t.Fatal(err)
			}
		})
		t.Run("StaleTimestamp", func(t *testing.T) {
			for _, at := range []time.Time{time.Now().Add(-6 * time.Minute), time.Now().Add(6 * time.Minute)} {
				if _, err := s.Gateway.VerifyWebhook(s.Sign(body, at).Get, body); !errors.Is(err, deposit.ErrBadSignature) {
					t.Fatal(at, err)
				}
			}
			if _, err := s.Gateway.VerifyWebhook(s.Sign(body, time.Now().Add(-4*time.Minute)).Get, body); err != nil {
				t.Fatal("within 5 minutes:", err)
			}
		})
	})
}
