package deposit

import (
	"context"
	"strings"
	"unicode/utf8"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
)

// ReviewPayments lists unmatched payments for the operators.
func (s *QRService) ReviewPayments(ctx context.Context, limit int) ([]Payment, error) {
	return s.d.Store.ReviewPayments(ctx, limit)
}

// AssignPayment credits an unmatched payment to a member, by an operator
// who checked it (the review queue's "assign"): its whole amount, once.
func (s *QRService) AssignPayment(ctx context.Context, provider, ref, memberID, by string) (Payment, error) {
	p, err := s.d.Store.ReviewPayment(ctx, provider, ref)
	if err != nil {
		return Payment{}, err
	}
	if s.d.Members == nil {
		return Payment{}, errs.New(errs.NoData)
	}
	if _, err := s.d.Members.MemberByID(ctx, memberID); err != nil {
		return Payment{}, err
	}
	memo := "qr deposit " + p.Provider + " assigned"
	if p.Provider == TransferProvider {
		memo = "bank transfer " + p.Sender.BankCode + " assigned"
	}
	j := ledger.Journal{ID: s.d.IDs(), Kind: JournalKind, Ref: paymentRef(p), MemberID: memberID, By: by,
		Memo: memo, CreatedAt: s.d.Now().UTC(),
		Postings: ledger.Move(ledger.Deposits, ledger.Wallet(memberID), p.Amount)}
	m, err := credit(ctx, s.d.Coins, j)
	if err != nil {
		return Payment{}, err
	}
	if err := s.d.Store.AssignPayment(ctx, p, m, by); err != nil {
		return Payment{}, err
	}
	p.Status, p.MemberID, p.JournalID, p.Note = PaymentCredited, memberID, j.ID, ""
	return p, nil
}

// MaxRefundNote bounds the note of a refund outside Ngern.
const MaxRefundNote = limits.Reason

// RefundPayment records that an operator gave an unmatched payment back
// outside Ngern (the review queue's "refund outside"): the payment leaves
// the queue as REFUNDED with the operator's note; nothing is credited.
// The note (how it was refunded, e.g. the bank transfer's reference) is
// required.
func (s *QRService) RefundPayment(ctx context.Context, provider, ref, note, by string) (Payment, error) {
	note = strings.TrimSpace(note)
	if note == "" || utf8.RuneCountInString(note) > MaxRefundNote {
		return Payment{}, errs.OnField(errs.InvalidRequest, "note")
	}
	p, err := s.d.Store.ReviewPayment(ctx, provider, ref)
	if err != nil {
		return Payment{}, err
	}
	now := s.d.Now().UTC()
	if err := s.d.Store.RefundPayment(ctx, provider, ref, note, by, now); err != nil {
		return Payment{}, err
	}
	p.Status, p.DecidedBy, p.DecidedAt, p.DecisionNote = PaymentRefunded, by, now, note
	return p, nil
}

// DecidedPayments lists the payments operators decided, newest first.
func (s *QRService) DecidedPayments(ctx context.Context, limit int) ([]Payment, error) {
	return s.d.Store.DecidedPayments(ctx, limit)
}

// RecentQRs lists QRs newest first for the operators; an OPEN QR past its
// time shows EXPIRED.
func (s *QRService) RecentQRs(ctx context.Context, offset, limit int) ([]QRCode, error) {
	qs, err := s.d.Store.RecentQRs(ctx, offset, limit)
	now := s.d.Now()
	for i := range qs {
		if qs[i].Status == QROpen && !now.Before(qs[i].ExpiresAt) {
			qs[i].Status = QRExpired
		}
	}
	return qs, err
}
