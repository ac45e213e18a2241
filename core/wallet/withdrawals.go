package wallet

import (
	"context"
	"strings"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
)

// Withdraw holds amount from the member's wallet for an operator to pay,
// or approves it at once when the owner's rules allow (autowithdraw.go).
func (s *Service) Withdraw(ctx context.Context, memberID string, amount money.Satang) (Withdrawal, error) {
	if err := s.promotionGate(ctx, memberID); err != nil {
		return Withdrawal{}, err
	}
	lim, err := s.limits.WithdrawLimits(ctx)
	if err != nil {
		return Withdrawal{}, err
	}
	if amount < lim.Min {
		e := errs.Newf(errs.WithdrawMinimum, "the minimum is %s", lim.Min)
		e.Field = "amount"
		return Withdrawal{}, e
	}
	if amount > lim.Max {
		e := errs.Newf(errs.WithdrawMaximum, "the maximum is %s", lim.Max)
		e.Field = "amount"
		return Withdrawal{}, e
	}
	w := Withdrawal{ID: s.newID(), MemberID: memberID, Amount: amount, Status: WithdrawalPending, CreatedAt: s.now().UTC()}
	j := s.journal(ledger.WithdrawHold, w.ID, memberID, ledger.Move(ledger.Wallet(memberID), ledger.WithdrawalsPending, amount))
	if err := s.store.RequestWithdrawal(ctx, w, j); err != nil {
		return Withdrawal{}, err
	}
	return s.autoApprove(ctx, w), nil
}

// WithdrawAll brings every game balance back to the wallet, then withdraws
// amount, or the whole wallet when amount is 0. When a game's money cannot
// be brought back, that failure is answered and nothing is withdrawn.
func (s *Service) WithdrawAll(ctx context.Context, memberID string, amount money.Satang) (Withdrawal, error) {
	if err := s.promotionGate(ctx, memberID); err != nil {
		return Withdrawal{}, err
	}
	if err := s.bringBack(ctx, memberID); err != nil {
		return Withdrawal{}, stopped(ctx, err)
	}
	if amount == 0 {
		bal, err := s.store.WalletBalance(ctx, memberID)
		if err != nil {
			return Withdrawal{}, stopped(ctx, err)
		}
		if bal == 0 {
			return Withdrawal{}, errs.New(errs.MoneyNotEnough)
		}
		amount = bal
	}
	wd, err := s.Withdraw(ctx, memberID, amount)
	if err != nil {
		return wd, stopped(ctx, err)
	}
	return wd, nil
}

// promotionGate refuses a withdrawal while a promotion condition locks the
// member's money (BONUS_REMAINING).
func (s *Service) promotionGate(ctx context.Context, memberID string) error {
	if s.promos == nil {
		return nil
	}
	return s.promos.CheckWithdraw(ctx, memberID)
}

// Withdrawals lists the withdrawals with status: those waiting for an
// operator (PENDING: the oldest WithdrawalQueueLimit, oldest first) or the decided ones (APPROVED,
// REJECTED: the newest WithdrawalHistoryLimit, newest decided first), each
// with the auto-approval's decision when the rules were evaluated. Any
// other status is INVALID_REQUEST.
func (s *Service) Withdrawals(ctx context.Context, status WithdrawalStatus) ([]Withdrawal, error) {
	limit := WithdrawalQueueLimit
	switch status {
	case WithdrawalPending:
	case WithdrawalApproved, WithdrawalRejected:
		limit = WithdrawalHistoryLimit
	default:
		return nil, errs.Newf(errs.InvalidRequest, "unknown withdrawal status %q", status)
	}
	list, err := s.store.Withdrawals(ctx, status, limit)
	if err != nil {
		return nil, err
	}
	return s.withAutoDecisions(ctx, list)
}

// PendingWithdrawals counts the withdrawals waiting for an operator and
// sums their amounts, all of them (the queue lists the oldest
// WithdrawalQueueLimit).
func (s *Service) PendingWithdrawals(ctx context.Context) (int, money.Satang, error) {
	return s.store.PendingWithdrawals(ctx)
}

// Approve records by's approval of a pending withdrawal and reports
// whether it paid it. Up to the withdrawApprovalThreshold setting one
// approval pays; above it (four-eyes) the first approval is recorded and the
// withdrawal stays PENDING until a second, different operator approves
// (SAME_APPROVER when the same one tries again).
func (s *Service) Approve(ctx context.Context, id, by string) (w Withdrawal, paid bool, err error) {
	w, err = s.store.Withdrawal(ctx, id)
	if err != nil {
		return Withdrawal{}, false, err
	}
	if w.Status != WithdrawalPending {
		return Withdrawal{}, false, errs.Newf(errs.NoData, "the withdrawal is %s already", strings.ToLower(string(w.Status)))
	}
	threshold, err := s.limits.WithdrawApprovalThreshold(ctx)
	if err != nil {
		return Withdrawal{}, false, err
	}
	if err := s.store.AddWithdrawalApproval(ctx, id, by, s.now().UTC()); err != nil {
		return Withdrawal{}, false, err
	}
	approvers, err := s.store.WithdrawalApprovals(ctx, id)
	if err != nil {
		return Withdrawal{}, false, err
	}
	w.ApprovedBy = approvers
	if w.Amount > threshold && len(approvers) < 2 {
		return w, false, nil
	}
	w, err = s.decide(ctx, id, WithdrawalApproved, "", by)
	w.ApprovedBy = approvers
	return w, err == nil, err
}

// Reject returns a pending withdrawal to the member's wallet.
func (s *Service) Reject(ctx context.Context, id, reason, by string) (Withdrawal, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || len(reason) > limits.Reason {
		return Withdrawal{}, errs.OnField(errs.InvalidRequest, "reason")
	}
	return s.decide(ctx, id, WithdrawalRejected, reason, by)
}

func (s *Service) decide(ctx context.Context, id string, status WithdrawalStatus, reason, by string) (Withdrawal, error) {
	w, err := s.store.Withdrawal(ctx, id)
	if err != nil {
		return Withdrawal{}, err
	}
	if w.Status != WithdrawalPending {
		return Withdrawal{}, errs.Newf(errs.NoData, "the withdrawal is %s already", strings.ToLower(string(w.Status)))
	}
	kind, to := ledger.WithdrawPay, ledger.WithdrawalsOut
	if status == WithdrawalRejected {
		kind, to = ledger.WithdrawReturn, ledger.Wallet(w.MemberID)
	}
	now := s.now().UTC()
	if status == WithdrawalApproved && s.party != nil {
		return s.approveForPayout(ctx, w, by, now)
	}
	j := s.journal(kind, w.ID, w.MemberID, ledger.Move(ledger.WithdrawalsPending, to, w.Amount))
	j.Memo = reason
	ok, err := s.store.DecideWithdrawal(ctx, w.ID, status, reason, by, j, now)
	if err != nil {
		return Withdrawal{}, err
	}
	if !ok {
		return Withdrawal{}, errs.Newf(errs.NoData, "the withdrawal was decided meanwhile")
	}
	w.Status, w.Reason, w.DecidedBy, w.DecidedAt = status, reason, by, &now
	return w, nil
}
