package rewards

import (
	"context"
	"errors"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/promo"
)

// RefundCheck is GET /api/refund/check.
type RefundCheck struct {
	Result  bool         // refunds are active and something is pending or received
	Bonus   bool         // a bonus condition is held (receive is disabled)
	Info    string       // the explanatory html
	Pending money.Satang // accrued, not yet received
	Balance money.Satang // received, not yet added to the wallet
	Success int
	Fail    int
	Active  bool
}

// CheckRefund answers the refund modal's state.
func (s *Service) CheckRefund(ctx context.Context, memberID, lang string) (RefundCheck, error) {
	st, err := s.Settings(ctx, Refund)
	if err != nil {
		return RefundCheck{}, err
	}
	a, err := s.store.Amounts(ctx, Refund, memberID)
	if err != nil {
		return RefundCheck{}, err
	}
	held, err := s.held(ctx, memberID)
	if err != nil {
		return RefundCheck{}, err
	}
	return RefundCheck{Result: st.Active && (a.Pending > 0 || a.Received > 0), Bonus: held, Info: pick(st.Info, lang),
		Pending: a.Pending, Balance: a.Received, Success: st.SuccessPercent, Fail: st.FailPercent, Active: st.Active}, nil
}

func (s *Service) held(ctx context.Context, memberID string) (bool, error) {
	if s.promos == nil {
		return false, nil
	}
	_, active, err := s.promos.Active(ctx, memberID)
	return active, err
}

// ReceiveRefund moves the member's pending refunds to their refund balance
// and returns the amount: REFUND_INACTIVE, REFUND_CONDITION while a bonus
// is held, NO_REFUND when nothing is pending.
func (s *Service) ReceiveRefund(ctx context.Context, memberID string) (money.Satang, error) {
	st, err := s.Settings(ctx, Refund)
	if err != nil {
		return 0, err
	}
	if !st.Active {
		return 0, errs.New(errs.RefundInactive)
	}
	if held, err := s.held(ctx, memberID); err != nil {
		return 0, err
	} else if held {
		return 0, errs.New(errs.RefundCondition)
	}
	n, err := s.store.ReceiveRefunds(ctx, memberID, s.now().UTC())
	if err != nil {
		return 0, err
	}
	if n <= 0 {
		return 0, errs.New(errs.NoRefund)
	}
	return n, nil
}

// AddRefund credits the member's refund balance to their wallet from
// sys:refunds with the refund condition attached: REFUND_INACTIVE,
// REFUND_CONDITION while a bonus is held, REFUND_MINIMUM when the refund
// balance is 0.
func (s *Service) AddRefund(ctx context.Context, memberID string) (promo.Condition, error) {
	st, err := s.Settings(ctx, Refund)
	if err != nil {
		return promo.Condition{}, err
	}
	if !st.Active {
		return promo.Condition{}, errs.New(errs.RefundInactive)
	}
	if held, err := s.held(ctx, memberID); err != nil {
		return promo.Condition{}, err
	} else if held {
		return promo.Condition{}, errs.New(errs.RefundCondition)
	}
	c, err := s.claim(ctx, Refund, memberID, st)
	switch {
	case errors.Is(err, ErrNothing):
		return promo.Condition{}, errs.New(errs.RefundMinimum)
	case errs.HasCode(err, errs.BonusAlreadyActive):
		return promo.Condition{}, errs.New(errs.RefundCondition)
	}
	return c, err
}

// claim takes the member's claimable accruals of p and credits them with
// the program's condition, in one store transaction.
func (s *Service) claim(ctx context.Context, p Program, memberID string, st Settings) (promo.Condition, error) {
	claimID := s.newID()
	now := s.now().UTC()
	src, kind, code, from := SourceRefund, KindRefund, "REFUND", ledger.RefundExpense
	if p == Invite {
		src, kind, code, from = SourceInvite, KindInvite, "INVITE", ledger.InviteExpense
	}
	build := func(amount money.Satang) promo.Grant {
		return promo.Grant{
			Receipt: promo.Receipt{ID: claimID, MemberID: memberID, Source: src, Code: code, Period: claimID, Slot: 1,
				Amount: amount, UpdatedAt: now},
			Journal: ledger.Journal{ID: s.newID(), Kind: kind, Ref: claimID, MemberID: memberID,
				Memo: string(src) + ":" + code, Postings: ledger.Move(from, ledger.Wallet(memberID), amount), CreatedAt: now},
			Condition: promo.Condition{ID: claimID, MemberID: memberID, Source: src, Code: code, Type: string(src),
				Amount: amount, SuccessPercent: st.SuccessPercent, PercentFail: st.FailPercent, Status: promo.Active,
				CreatedAt: now},
			MaxSlot: 1,
		}
	}
	return s.store.Claim(ctx, p, memberID, claimID, now, build)
}

// RefundLog is POST /api/refund: the member's refunds, newest first.
func (s *Service) RefundLog(ctx context.Context, memberID string, page, limit int) ([]Item, int, error) {
	return s.Items(ctx, Refund, memberID, "", page, limit)
}
