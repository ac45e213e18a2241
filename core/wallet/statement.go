package wallet

import (
	"context"
)

// Statement page sizes.
const (
	DefaultStatementLimit = 10
	MaxStatementLimit     = 50
)

// Statement returns page (1-based) of the member's statement with limit
// items (default 10, at most 50), and the number of items in all.
func (s *Service) Statement(ctx context.Context, memberID string, page, limit int) ([]StatementItem, int, error) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 {
		limit = DefaultStatementLimit
	}
	limit = min(limit, MaxStatementLimit)
	return s.store.Statement(ctx, memberID, (page-1)*limit, limit)
}

// Sizes of the member's recent withdrawals list (the withdraw modal's).
const (
	DefaultMemberWithdrawalsLimit = 5
	MaxMemberWithdrawalsLimit     = 20
)

// MemberWithdrawals returns the member's own newest withdrawals, newest
// first: limit of them (default 5, at most 20). Each carries its payout's
// status and reason, so that Progress and Withdrawal.MemberReason tell the
// member where it stands.
func (s *Service) MemberWithdrawals(ctx context.Context, memberID string, limit int) ([]Withdrawal, error) {
	if limit <= 0 {
		limit = DefaultMemberWithdrawalsLimit
	}
	return s.store.MemberWithdrawals(ctx, memberID, min(limit, MaxMemberWithdrawalsLimit))
}
