// Package gifttest is the conformance kit of deposit.GiftRedeemer: every
// redeemer adapter runs RunRedeemer against its service or a fake that
// replays the service's documented answers.
package gifttest

import (
	"context"
	"errors"
	"testing"

	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/money"
)

// Kind is a kind of voucher the kit asks for.
type Kind int

// Voucher kinds.
const (
	Fresh   Kind = iota
	Expired      // past its expiry
	Own          // made by the phone that redeems
)

// Setup is what the kit needs of an adapter's test.
type Setup struct {
	Redeemer deposit.GiftRedeemer
	Phone    string // the wallet vouchers are redeemed to
	// Voucher makes a voucher of amount and kind and returns its hash.
	Voucher func(t *testing.T, amount money.Satang, kind Kind) string
	// Outage makes the service's next answer an outage; nil: never fails.
	Outage func(t *testing.T)
}

func refusedWith(t *testing.T, err error, code errs.Code) {
	t.Helper()
	var r *deposit.Refused
	if !errors.As(err, &r) || r.Code != code {
		t.Fatalf("want refused %s, got %v", code, err)
	}
}

// RunRedeemer checks the contract of deposit.GiftRedeemer.
func RunRedeemer(t *testing.T, s Setup) {
	ctx := context.Background()
	t.Run("CheckThenRedeem", func(t *testing.T) {
		v := s.Voucher(t, 12345, Fresh)
		for range 2 { // checking redeems nothing
			if got, err := s.Redeemer.Check(ctx, v, s.Phone); err != nil || got != 12345 {
				t.Fatalf("check: %s %v", got, err)
			}
		}
		if got, err := s.Redeemer.Redeem(ctx, v, s.Phone); err != nil || got != 12345 {
			t.Fatalf("redeem: %s %v", got, err)
		}
		_, err := s.Redeemer.Redeem(ctx, v, s.Phone)
		var r *deposit.Refused
		if !errors.As(err, &r) || (r.Code != errs.TruelinkDup && r.Code != errs.TruelinkEmpty) {
			t.Fatalf("redeemed twice: %v", err)
		}
	})
	t.Run("Unknown", func(t *testing.T) {
		_, err := s.Redeemer.Redeem(ctx, "0190000000000000000000000000000000", s.Phone)
		refusedWith(t, err, errs.TruelinkInvalid)
	})
	t.Run("Expired", func(t *testing.T) {
		_, err := s.Redeemer.Check(ctx, s.Voucher(t, 500, Expired), s.Phone)
		refusedWith(t, err, errs.TruelinkExpired)
	})
	t.Run("Own", func(t *testing.T) {
		_, err := s.Redeemer.Redeem(ctx, s.Voucher(t, 500, Own), s.Phone)
		refusedWith(t, err, errs.TruelinkOwn)
	})
	t.Run("CancelledContextRedeemsNothing", func(t *testing.T) {
		v := s.Voucher(t, 500, Fresh)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.Redeemer.Redeem(cctx, v, s.Phone); err == nil {
			t.Fatal("a cancelled call redeemed")
		}
		if got, err := s.Redeemer.Redeem(ctx, v, s.Phone); err != nil || got != 500 {
			t.Fatalf("%s %v", got, err)
		}
	})
	if s.Outage == nil {
		return
	}
	t.Run("OutageIsUnavailable", func(t *testing.T) {
		v := s.Voucher(t, 500, Fresh)
		s.Outage(t)
		_, err := s.Redeemer.Redeem(ctx, v, s.Phone)
		var r *deposit.Refused
		if !errors.Is(err, deposit.ErrUnavailable) || errors.As(err, &r) {
			t.Fatalf("want ErrUnavailable, got %v", err)
		}
	})
}
