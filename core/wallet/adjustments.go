package wallet

import (
	"context"
	"strings"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
)

// Adjustment is an operator's credit (positive) or debit (negative) of a
// member's wallet.
type Adjustment struct {
	Phone  string
	Amount money.Satang
	Reason string
	By     string // the operator
	// Ref makes the adjustment once only: a second adjustment with the same
	// ref answers ledger.ErrDuplicate. Empty: a fresh one.
	Ref string
}

// Adjust credits or debits a member's wallet through the ledger; a debit
// never takes it below zero (MONEY_NOT_ENOUGH). It returns the new balance.
func (s *Service) Adjust(ctx context.Context, a Adjustment) (money.Satang, error) {
	a.Reason = strings.TrimSpace(a.Reason)
	switch {
	case a.Amount == 0 || a.Amount > money.Max || a.Amount < -money.Max:
		return 0, errs.OnField(errs.InvalidAmount, "amount")
	case a.Reason == "" || len(a.Reason) > limits.Reason:
		return 0, errs.OnField(errs.InvalidRequest, "reason")
	}
	m, err := s.members.MemberByPhone(ctx, strings.TrimSpace(a.Phone))
	if err != nil {
		return 0, err
	}
	postings := ledger.Move(ledger.Adjustments, ledger.Wallet(m.ID), a.Amount)
	if a.Amount < 0 {
		postings = ledger.Move(ledger.Wallet(m.ID), ledger.Adjustments, -a.Amount)
	}
	if a.Ref == "" {
		a.Ref = s.newID()
	}
	j := s.journal(ledger.Adjustment, a.Ref, m.ID, postings)
	j.Memo, j.By = a.Reason, a.By
	if err := s.ledger.Post(ctx, j); err != nil {
		return 0, err
	}
	s.changed(ctx, m.ID)
	return s.store.WalletBalance(ctx, m.ID)
}
