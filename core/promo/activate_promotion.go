package promo

import (
	"context"
	"strings"

	"ngern/core/errs"
)

// FindPromotion returns a promotion code the member may use now
// (NO_PROMOTION).
func (s *Service) FindPromotion(ctx context.Context, code string) (Promotion, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if !codeRE.MatchString(code) {
		return Promotion{}, errs.New(errs.NoPromotion)
	}
	p, err := s.store.Promotion(ctx, code)
	if err != nil {
		return Promotion{}, err
	}
	if !p.usable(s.now()) {
		return Promotion{}, errs.New(errs.NoPromotion)
	}
	return p, nil
}

// ActivatePromotion gives the member a promotion code's credit and attaches
// its condition.
func (s *Service) ActivatePromotion(ctx context.Context, memberID, code string) (Condition, error) {
	p, err := s.FindPromotion(ctx, code)
	if err != nil {
		return Condition{}, err
	}
	if p.LimitTotal > 0 && p.Used >= p.LimitTotal {
		return Condition{}, errs.New(errs.BonusFull)
	}
	receipts, err := s.store.Receipts(ctx, memberID)
	if err != nil {
		return Condition{}, err
	}
	used := 0
	for _, r := range receipts {
		if r.Source == SourcePromotion && r.Code == p.Code {
			used++
		}
	}
	if used >= p.LimitPerMember {
		return Condition{}, errs.New(errs.PromotionReceived)
	}
	if err := s.noActive(ctx, memberID); err != nil {
		return Condition{}, err
	}
	return s.grant(ctx, memberID, SourcePromotion, p.Code, TypePromotion, "all", used+1, p.LimitPerMember, p.Amount,
		p.SuccessPercent, p.PercentFail)
}

// CurrentPromotion returns the promotion of the member's active condition,
// if its source is a promotion code.
func (s *Service) CurrentPromotion(ctx context.Context, memberID string) (Promotion, bool, error) {
	c, active := s.Evaluate(ctx, memberID)
	if !active || c.Source != SourcePromotion {
		return Promotion{}, false, nil
	}
	p, err := s.store.Promotion(ctx, c.Code)
	if err != nil {
		return Promotion{}, false, err
	}
	return p, true, nil
}
