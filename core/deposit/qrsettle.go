package deposit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
)

// Webhook handles a gateway's webhook delivery: the signature is checked
// first (ErrBadSignature: nothing changes), a delivery seen before is a
// replay (ErrBadSignature), a status other than PAID is acknowledged
// without change, and a payment is settled (a payment recorded before is
// acknowledged without change).
func (s *QRService) Webhook(ctx context.Context, provider string, header func(string) string, body []byte) error {
	g, err := s.gateway(ctx, provider)
	if err != nil {
		return err
	}
	if g == nil {
		return errs.New(errs.NotFoundCode)
	}
	ev, err := g.VerifyWebhook(header, body)
	if err != nil {
		s.d.Log.WarnContext(ctx, "webhook refused", "provider", provider, "err", err)
		return errs.New(errs.BadSignature)
	}
	if ev.DeliveryID == "" {
		return errs.New(errs.BadSignature)
	}
	seen, err := s.d.Store.DeliverySeen(ctx, provider, ev.DeliveryID)
	if err != nil {
		return err
	}
	if seen {
		s.d.Log.WarnContext(ctx, "webhook replayed", "provider", provider, "delivery", ev.DeliveryID)
		return errs.New(errs.BadSignature)
	}
	// The delivery is recorded only once it is settled: a settlement that
	// failed (the database gone) answers an error, and the gateway's retry
	// of the same delivery settles it then instead of being refused as a
	// replay. Two copies arriving at once both settle, which records the
	// payment once (its key is the gateway's reference).
	if _, err := s.settleEvent(ctx, provider, ev); err != nil {
		return err
	}
	_, err = s.d.Store.RecordDelivery(ctx, provider, ev.DeliveryID, s.d.Now().UTC())
	return err
}

// settleEvent records a PAID event's payment; other statuses change
// nothing (a late PENDING after PAID is harmless).
func (s *QRService) settleEvent(ctx context.Context, provider string, ev GatewayEvent) (Payment, error) {
	if ev.Status != PaymentPaid {
		return Payment{}, nil
	}
	if ev.PaymentRef == "" || ev.Amount <= 0 {
		return Payment{}, fmt.Errorf("gateway %s: a paid event without reference or amount", provider)
	}
	p := Payment{Provider: provider, Ref: ev.PaymentRef, QRCodeID: ev.OrderRef, Amount: ev.Amount, PaidAt: ev.PaidAt.UTC()}
	if p.PaidAt.IsZero() {
		p.PaidAt = s.d.Now().UTC()
	}
	return s.pay(ctx, p)
}

// pay matches a payment with its QR and records it: credited when the QR
// is open, of the amount and within its time; otherwise for review.
func (s *QRService) pay(ctx context.Context, p Payment) (Payment, error) {
	var m []ledger.Journal
	if p.QRCodeID != "" {
		q, err := s.d.Store.QR(ctx, p.QRCodeID)
		switch {
		case errs.HasCode(err, errs.NoData):
			p.QRCodeID, p.Note = "", NoteNoQR
		case err != nil:
			return Payment{}, err
		case q.Provider != p.Provider:
			p.QRCodeID, p.Note = "", NoteNoQR
		case q.Amount != p.Amount:
			p.Note, p.MemberID = NoteAmountMismatch, q.MemberID
		case q.Status == QRPaid || q.Status == QRCancelled && !p.PaidAt.Before(q.ClosedAt) || p.PaidAt.After(q.ExpiresAt):
			// Paid after its time, after a cancel, or a second time. A QR
			// paid while it was open whose notice arrives after the member
			// cancelled it is credited: the gateway's paid time precedes
			// the cancel.
			p.Note, p.MemberID = NoteQRNotOpen, q.MemberID
		default:
			p.MemberID = q.MemberID
			j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: paymentRef(p), MemberID: q.MemberID,
				Memo: "qr deposit " + p.Provider, CreatedAt: s.d.Now().UTC(),
				Postings: ledger.Move(ledger.Deposits, ledger.Wallet(q.MemberID), p.Amount)}
			if m, err = credit(ctx, s.d.Coins, j); err != nil {
				return Payment{}, err
			}
		}
	} else if p.Note == "" {
		p.Note = NoteNoQR
	}
	return s.record(ctx, p, m)
}

// record stores a payment once per (provider, ref), crediting it with m
// when m is given; a payment told before changes nothing.
func (s *QRService) record(ctx context.Context, p Payment, m []ledger.Journal) (Payment, error) {
	out, err := s.d.Store.PayQR(ctx, p, m)
	if errors.Is(err, ErrPaymentDuplicate) {
		return out, nil // told before: nothing changes
	}
	if err != nil {
		return Payment{}, err
	}
	if out.Status == PaymentReview {
		s.d.Log.WarnContext(ctx, "payment for review", "provider", p.Provider, "ref", p.Ref, "note", out.Note,
			"candidates", len(p.Candidates))
	}
	return out, nil
}

// BankCredit handles a transfer a BankFeed tells of. To the PromptPay
// target: it credits the open QR of the target with exactly that amount
// made before the transfer and still valid then; anything else waits for
// review. To a receiving account of the deposit lookup: a slipless deposit
// (transferCredit). To another account: not ours, nothing is recorded.
func (s *QRService) BankCredit(ctx context.Context, c BankCredit) error {
	if strings.TrimSpace(c.Ref) == "" || c.Amount <= 0 {
		s.d.Log.WarnContext(ctx, "bank credit without reference or amount: ignored")
		return nil
	}
	if s.d.PromptPayCode == "" || s.d.PromptPayTarget == "" || !sameTarget(c.Target, s.d.PromptPayTarget) {
		ours, err := s.receiving(ctx, c.Target)
		if err != nil {
			return err
		}
		if !ours {
			s.d.Log.InfoContext(ctx, "bank credit to an account not ours: ignored", "ref", c.Ref)
			return nil
		}
		return s.transferCredit(ctx, c)
	}
	p := Payment{Provider: s.d.PromptPayCode, Ref: c.Ref, Amount: c.Amount, PaidAt: c.At.UTC()}
	if p.PaidAt.IsZero() {
		p.PaidAt = s.d.Now().UTC()
	}
	// Banks and SMS stamp transfers to the second or the minute: a QR made
	// within BankClockSkew after the stamped time is still a candidate.
	q, err := s.d.Store.QRByAmount(ctx, s.d.PromptPayTarget, c.Amount, p.PaidAt.Add(BankClockSkew))
	switch {
	case errs.HasCode(err, errs.NoData):
		p.Note = NoteNoQR
	case err != nil:
		return err
	default:
		p.QRCodeID = q.ID
	}
	_, err = s.pay(ctx, p)
	return err
}

// BankClockSkew is how far a bank's time of a transfer may lag ours.
const BankClockSkew = time.Minute

func sameTarget(a, b string) bool {
	_, x, err1 := PromptPayTarget(a)
	_, y, err2 := PromptPayTarget(b)
	return err1 == nil && err2 == nil && x == y
}

// PollGateways asks the gateways the status of QRs that saw no payment
// (open, or expired or cancelled within the last hour) and settles those
// paid: a lost webhook is made good (a QR paid before its cancel is
// credited, see pay). It answers how many payments it recorded.
func (s *QRService) PollGateways(ctx context.Context) (int, error) {
	now := s.d.Now().UTC()
	qs, err := s.d.Store.UnsettledGatewayQRs(ctx, now.Add(-time.Hour), 200)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, q := range qs {
		g, err := s.gateway(ctx, q.Provider)
		if err != nil {
			return n, err
		}
		if g == nil || q.GatewayRef == "" {
			continue
		}
		ev, err := g.Status(ctx, q.GatewayRef)
		if err != nil {
			s.d.Log.WarnContext(ctx, "gateway status unknown", "provider", q.Provider, "qr", q.ID, "err", err)
			continue
		}
		if ev.Status != PaymentPaid {
			continue
		}
		if ev.OrderRef == "" {
			ev.OrderRef = q.ID
		}
		if _, err := s.settleEvent(ctx, q.Provider, ev); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
