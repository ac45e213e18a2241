package spin

import (
	"context"
	"errors"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
)

// MemberCoupons lists the member's coupons, newest first (at most 100).
func (s *Service) MemberCoupons(ctx context.Context, memberID string) ([]Coupon, error) {
	return s.d.Store.MemberCoupons(ctx, memberID, 100)
}

// Claim pays the member's coupon exactly once: cash from sys:prizes to the
// wallet, coins from sys:coins, a bonus through the condition engine.
// INVALID_CODE for no such coupon of the member, NO_CLAIMABLE_COUPON when
// claimed already, COUPON_EXPIRED past its date, BONUS_REMAINING while a
// bonus condition is active, INVALID_COUPON_TYPE for a prize that cannot
// be paid.
func (s *Service) Claim(ctx context.Context, memberID, code string) (Coupon, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 64 {
		return Coupon{}, errs.New(errs.InvalidCode)
	}
	c, err := s.d.Store.Coupon(ctx, code)
	if err != nil {
		return Coupon{}, err
	}
	if c.MemberID != memberID {
		return Coupon{}, errs.New(errs.InvalidCode)
	}
	now := s.d.Now().UTC()
	if err := claimable(c, now); err != nil {
		return c, err
	}
	p := c.Slice.Prize
	var j *ledger.Journal
	switch p.Type {
	case PrizeCash:
		j = &ledger.Journal{ID: s.d.IDs(), Kind: KindPrizeCash, Ref: c.ID, MemberID: memberID, Memo: "spin " + c.Slice.Code,
			Postings: ledger.Move(ledger.Prizes, ledger.Wallet(memberID), p.Amount), CreatedAt: now}
	case PrizeCoins:
		j = &ledger.Journal{ID: s.d.IDs(), Kind: KindPrizeCoins, Ref: c.ID, MemberID: memberID, Memo: "spin " + c.Slice.Code,
			Postings: ledger.CoinMove(ledger.Coins, ledger.Coin(memberID), p.Coins), CreatedAt: now}
	case PrizeBonus:
		if s.d.Bonus == nil {
			return c, errs.New(errs.InvalidCouponType)
		}
		err := s.d.Bonus.GrantPrize(ctx, memberID, c.ID, c.Slice.Code, p.Amount, p.SuccessPercent, p.PercentFail)
		switch {
		case errs.HasCode(err, errs.BonusAlreadyActive):
			return c, errs.New(errs.BonusRemaining)
		case errs.HasCode(err, errs.BonusMaxClaimed):
			// Credited before (a claim that stopped before marking the
			// coupon): mark it now; this claim pays nothing.
			if _, err := s.d.Store.ClaimCoupon(ctx, c.ID, memberID, now, nil); err != nil {
				return c, err
			}
			return c, errs.New(errs.NoClaimableCoupon)
		case err != nil:
			return c, err
		}
	default:
		return c, errs.New(errs.InvalidCouponType)
	}
	ok, err := s.d.Store.ClaimCoupon(ctx, c.ID, memberID, now, j)
	if errors.Is(err, ledger.ErrDuplicate) {
		ok, err = false, nil
	}
	if err != nil {
		return c, err
	}
	if !ok && p.Type != PrizeBonus {
		// Another claim won the race, or the coupon expired meanwhile.
		if c, err = s.d.Store.Coupon(ctx, c.ID); err != nil {
			return c, err
		}
		if err := claimable(c, now); err != nil {
			return c, err
		}
		return c, errs.New(errs.NoClaimableCoupon)
	}
	c.Status, c.ClaimedAt = CouponClaimed, &now
	return c, nil
}

func claimable(c Coupon, now time.Time) error {
	switch {
	case c.Status != CouponOpen:
		return errs.New(errs.NoClaimableCoupon)
	case c.Expired(now):
		return errs.New(errs.CouponExpired)
	}
	return nil
}
