package deposit

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"ngern/core/errs"
	"ngern/core/money"
)

// Current is the member's open QR of a provider (NO_DATA when none).
func (s *QRService) Current(ctx context.Context, memberID, provider string) (QRCode, error) {
	if _, ok, err := s.channel(ctx, provider); err != nil || !ok {
		if err == nil {
			err = errs.New(errs.NoData)
		}
		return QRCode{}, err
	}
	return s.d.Store.OpenQR(ctx, memberID, provider, s.d.Now().UTC())
}

// Create makes the member a QR of provider for amount (satang): the member's
// open QR of that provider when it is for the same amount asked, otherwise a
// refusal (cancel it first); it cancels the member's open QRs of the other
// providers.
func (s *QRService) Create(ctx context.Context, memberID, provider string, amount money.Satang) (QRCode, error) {
	ch, ok, err := s.channel(ctx, provider)
	if err != nil {
		return QRCode{}, err
	}
	if !ok {
		return QRCode{}, qrFail("%s is not a QR channel here", provider)
	}
	if amount < 100 || amount < ch.Min {
		min := max(ch.Min, 100)
		// The member's input, refused before any provider is asked.
		return QRCode{}, errs.Newf(errs.QRMinimum, "the smallest amount is %d.%02d", min/100, min%100)
	}
	now := s.d.Now().UTC()
	lifetime := ch.Lifetime
	if lifetime <= 0 {
		lifetime = DefaultQRLifetime
	}
	q := QRCode{ID: s.d.IDs(), MemberID: memberID, Provider: provider, Amount: amount, Status: QROpen,
		CreatedAt: now, ExpiresAt: now.Add(lifetime)}
	if provider == s.d.PromptPayCode {
		return s.createPromptPay(ctx, q, now)
	}
	if err := s.d.Store.CreateQR(ctx, q, now); err != nil {
		if errors.Is(err, ErrQRTaken) {
			return QRCode{}, qrFail("a QR of %s is open: pay or cancel it first", provider)
		}
		return QRCode{}, err
	}
	g, err := s.d.Gateways.Gateway(ch).Create(ctx, GatewayOrder{Ref: q.ID, Amount: amount, ExpiresAt: q.ExpiresAt})
	if err != nil {
		s.d.Log.WarnContext(ctx, "gateway order refused", "provider", provider, "qr", q.ID, "err", err)
		// Cancelled so that the member can ask again at once; a QR left open
		// here blocks a new one of its provider only until it expires.
		if _, cerr := s.d.Store.CancelQR(ctx, memberID, q.ID, now); cerr != nil {
			s.d.Log.ErrorContext(ctx, "refused gateway order's QR not cancelled", "provider", provider, "qr", q.ID, "err", cerr)
		}
		return QRCode{}, qrFail("%s cannot make a QR now", provider)
	}
	q.GatewayRef, q.Payload = g.Ref, g.Payload
	if err := s.d.Store.SetGatewayRef(ctx, q.ID, g.Ref, g.Payload); err != nil {
		return QRCode{}, err
	}
	return q, nil
}

// createPromptPay gives the QR an amount of its own among the target's open
// QRs: the asked amount plus 1 to 99 satang.
func (s *QRService) createPromptPay(ctx context.Context, q QRCode, now time.Time) (QRCode, error) {
	q.Target = s.d.PromptPayTarget
	asked := q.Amount
	for attempt := 0; attempt < 3; attempt++ {
		taken, err := s.d.Store.OpenAmounts(ctx, q.Target, now)
		if err != nil {
			return QRCode{}, err
		}
		off, ok := freeOffset(asked, taken)
		if !ok {
			return QRCode{}, qrFail("too many QRs of this amount are open: try another amount")
		}
		q.Amount = asked + off
		if q.Payload, err = PromptPayPayload(q.Target, q.Amount, true); err != nil {
			return QRCode{}, fmt.Errorf("promptpay target: %w", err)
		}
		err = s.d.Store.CreateQR(ctx, q, now)
		if err == nil {
			return q, nil
		}
		if !errors.Is(err, ErrQRTaken) {
			return QRCode{}, err
		}
		if _, err := s.d.Store.OpenQR(ctx, q.MemberID, q.Provider, now); err == nil {
			return QRCode{}, qrFail("a QR of %s is open: pay or cancel it first", q.Provider)
		}
		// Another member took the amount meanwhile: choose again.
	}
	return QRCode{}, qrFail("too many QRs are being made: try again")
}

// freeOffset picks at random an offset of 1–99 satang such that asked+offset
// is not taken.
func freeOffset(asked money.Satang, taken []money.Satang) (money.Satang, bool) {
	used := map[money.Satang]bool{}
	for _, t := range taken {
		used[t] = true
	}
	var free []money.Satang
	for off := money.Satang(1); off <= 99; off++ {
		if !used[asked+off] {
			free = append(free, off)
		}
	}
	if len(free) == 0 {
		return 0, false
	}
	return free[rand.IntN(len(free))], true
}

// Cancel cancels the member's own open QR.
func (s *QRService) Cancel(ctx context.Context, memberID, id string) error {
	ok, err := s.d.Store.CancelQR(ctx, memberID, id, s.d.Now().UTC())
	if err != nil {
		return err
	}
	if !ok {
		return errs.New(errs.NoData)
	}
	return nil
}

// ExpireIn is how many seconds q can still be paid, rounded up (a QR made
// now answers its whole lifetime).
func (s *QRService) ExpireIn(q QRCode) int {
	d := q.ExpiresAt.Sub(s.d.Now())
	if d <= 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}
