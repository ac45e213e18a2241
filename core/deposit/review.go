package deposit

import (
	"context"
	"strings"

	"ngern/core/errs"
	"ngern/core/money"
)

// Approve credits a slip in review with the amount the operator read on it.
// A slip whose bank reference was read credits under that reference, so an
// approved slip uploaded again never credits twice.
func (s *Service) Approve(ctx context.Context, id string, amount money.Satang, by string) (Slip, error) {
	if amount <= 0 || amount > money.Max {
		return Slip{}, errs.OnField(errs.InvalidAmount, "amount")
	}
	sl, err := s.d.Store.Slip(ctx, id)
	if err != nil {
		return Slip{}, err
	}
	if sl.Status != Pending {
		return sl, errs.Newf(errs.NoData, "the slip is %s already", strings.ToLower(string(sl.Status)))
	}
	sl.Amount = amount
	return s.credit(ctx, sl, by)
}

// Reject refuses a slip in review with a reason code of the slip table.
func (s *Service) Reject(ctx context.Context, id string, reason errs.Code, by string) (Slip, error) {
	known := false
	for _, r := range RejectReasons {
		known = known || r == reason
	}
	if !known {
		return Slip{}, errs.OnField(errs.InvalidRequest, "reason")
	}
	sl, err := s.d.Store.Slip(ctx, id)
	if err != nil {
		return Slip{}, err
	}
	if sl.Status != Pending {
		return sl, errs.Newf(errs.NoData, "the slip is %s already", strings.ToLower(string(sl.Status)))
	}
	now := s.d.Now().UTC()
	sl.Status, sl.Note, sl.DecidedBy, sl.DecidedAt = Failed, string(reason), by, &now
	ok, err := s.d.Store.UpdateSlip(ctx, sl)
	if err != nil {
		return sl, err
	}
	if !ok {
		return sl, errs.Newf(errs.NoData, "the slip was decided already")
	}
	return sl, nil
}

// Review lists the slips waiting for an operator, oldest first; a slip
// waiting because the bank feed credited its transfer (NoteFeedCredited)
// names that payment (FeedRef).
func (s *Service) Review(ctx context.Context) ([]Slip, error) {
	list, err := s.d.Store.SlipsByStatus(ctx, Pending, 200)
	if err != nil {
		return nil, err
	}
	for i, sl := range list {
		if sl.Note != NoteFeedCredited || sl.TransferredAt == nil {
			continue
		}
		if list[i].FeedRef, err = s.d.Store.FeedCredit(ctx, sl); err != nil {
			return nil, err
		}
	}
	return list, nil
}
