package promo

import (
	"context"
	"regexp"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
)

// Condition returns a condition (NO_DATA).
func (s *Service) Condition(ctx context.Context, id string) (Condition, error) {
	return s.store.Condition(ctx, id)
}

// Bonus returns a bonus (NO_DATA).
func (s *Service) Bonus(ctx context.Context, code string) (Bonus, error) {
	return s.store.Bonus(ctx, code)
}

// Promotion returns a promotion code (NO_PROMOTION).
func (s *Service) Promotion(ctx context.Context, code string) (Promotion, error) {
	return s.store.Promotion(ctx, code)
}

// Bonuses lists every bonus (the console).
func (s *Service) Bonuses(ctx context.Context) ([]Bonus, error) { return s.store.Bonuses(ctx) }

// Promotions lists every promotion code (the console).
func (s *Service) Promotions(ctx context.Context) ([]Promotion, error) {
	return s.store.Promotions(ctx)
}

var codeRE = regexp.MustCompile(`^[A-Z0-9_-]{2,32}$`)

func validCommon(code string, percentFail, successPercent *int, from, to *time.Time) error {
	switch {
	case !codeRE.MatchString(code):
		return errs.OnField(errs.InvalidRequest, "code")
	case *percentFail < 0 || *percentFail > 100:
		return errs.OnField(errs.InvalidRequest, "percentFail")
	case *successPercent != 0 && (*successPercent <= 100 || *successPercent > 10000):
		return errs.OnField(errs.InvalidRequest, "successPercent")
	case from != nil && to != nil && !to.After(*from):
		return errs.OnField(errs.InvalidRequest, "validTo")
	}
	if *percentFail == 0 {
		*percentFail = DefaultPercentFail
	}
	if *successPercent == 0 {
		*successPercent = DefaultSuccessPercent
	}
	return nil
}

// maxAmount bounds a credit an operator may define (1,000,000.00).
const maxAmount = money.Satang(100_000_000)

// SaveBonus validates and stores a bonus (created or replaced).
func (s *Service) SaveBonus(ctx context.Context, b Bonus) (Bonus, error) {
	b.Code = strings.ToUpper(strings.TrimSpace(b.Code))
	b.Name = strings.TrimSpace(b.Name)
	if err := validCommon(b.Code, &b.PercentFail, &b.SuccessPercent, b.ValidFrom, b.ValidTo); err != nil {
		return Bonus{}, err
	}
	if err := b.checkFields(); err != nil {
		return Bonus{}, err
	}
	if b.Banners == nil {
		b.Banners = []Banner{}
	}
	b.UpdatedAt = s.now().UTC()
	return b, s.store.SaveBonus(ctx, b)
}

// checkFields refuses a bonus whose own fields are out of range, naming
// the first field at fault.
func (b *Bonus) checkFields() error {
	switch {
	case b.Name == "" || len(b.Name) > 100:
		return errs.OnField(errs.InvalidRequest, "name")
	case b.Type != TypeLimit && b.Type != TypeDay && b.Type != TypeWeek:
		return errs.OnField(errs.InvalidRequest, "type")
	case b.MaxReceived < 1 || b.MaxReceived > 1000:
		return errs.OnField(errs.InvalidRequest, "maxReceived")
	case b.Percent < 0 || b.Percent > 1000:
		return errs.OnField(errs.InvalidRequest, "percent")
	case b.Percent == 0 && (b.Fixed <= 0 || b.Fixed > maxAmount):
		return errs.OnField(errs.InvalidRequest, "fixed")
	case b.Percent > 0 && b.Fixed != 0:
		return errs.Newf(errs.InvalidRequest, "fixed or percent, not both")
	case b.Cap < 0 || b.Cap > maxAmount:
		return errs.OnField(errs.InvalidRequest, "cap")
	case b.MinDeposit < 0 || b.MinDeposit > maxAmount:
		return errs.OnField(errs.InvalidRequest, "minDeposit")
	case b.NewMemberDays < 0 || b.NewMemberDays > 3650:
		return errs.OnField(errs.InvalidRequest, "newMemberDays")
	case len(b.Banners) > 10:
		return errs.OnField(errs.InvalidRequest, "banners")
	}
	for _, bn := range b.Banners {
		if len(bn.Image) > 2048 || len(bn.HTML) > 10000 || (bn.Lang != "" && bn.Lang != "th" && bn.Lang != "la" && bn.Lang != "en") {
			return errs.OnField(errs.InvalidRequest, "banners")
		}
	}
	return nil
}

// SavePromotion validates and stores a promotion code (created or
// replaced; its use count is kept).
func (s *Service) SavePromotion(ctx context.Context, p Promotion) (Promotion, error) {
	p.Code = strings.ToUpper(strings.TrimSpace(p.Code))
	if err := validCommon(p.Code, &p.PercentFail, &p.SuccessPercent, p.ValidFrom, p.ValidTo); err != nil {
		return Promotion{}, err
	}
	if p.LimitPerMember == 0 {
		p.LimitPerMember = 1
	}
	switch {
	case p.Amount <= 0 || p.Amount > maxAmount:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "amount")
	case p.LimitTotal < 0:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "limitTotal")
	case p.LimitPerMember < 0 || p.LimitPerMember > 1000:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "limitPerMember")
	case len(p.Description) > limits.HTML:
		return Promotion{}, errs.OnField(errs.InvalidRequest, "description")
	}
	p.UpdatedAt = s.now().UTC()
	return p, s.store.SavePromotion(ctx, p)
}
