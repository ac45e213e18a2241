package deposit

import (
	"context"

	"ngern/core/errs"
)

// Slip page sizes (spec part 9: the slip table shows 10).
const (
	DefaultSlipLimit = 10
	MaxSlipLimit     = 50
)

// MemberSlips returns page (1-based) of a member's slips.
func (s *Service) MemberSlips(ctx context.Context, memberID string, page, limit int) ([]Slip, int, error) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 {
		limit = DefaultSlipLimit
	}
	limit = min(limit, MaxSlipLimit)
	return s.d.Store.MemberSlips(ctx, memberID, (page-1)*limit, limit)
}

// MemberSlip returns one of the member's slips; another member's answers
// NOT_FOUND, as an unknown one does.
func (s *Service) MemberSlip(ctx context.Context, memberID, id string) (Slip, error) {
	sl, err := s.d.Store.Slip(ctx, id)
	if errs.HasCode(err, errs.NoData) || (err == nil && sl.MemberID != memberID) {
		return Slip{}, errs.New(errs.NotFoundCode)
	}
	return sl, err
}

// Slip returns a slip (operator use).
func (s *Service) Slip(ctx context.Context, id string) (Slip, error) { return s.d.Store.Slip(ctx, id) }

// Credits lists deposit credits, newest first.
func (s *Service) Credits(ctx context.Context, page, limit int) ([]Credit, error) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	return s.d.Store.Credits(ctx, (page-1)*limit, limit)
}

// PendingVouchers lists vouchers whose redemption outcome is unknown.
func (s *Service) PendingVouchers(ctx context.Context) ([]Voucher, error) {
	return s.d.Store.PendingVouchers(ctx)
}
