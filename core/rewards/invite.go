package rewards

import (
	"context"
	"errors"

	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/promo"
)

// InviteBonus is the invite bonus waiting for a member, with the condition
// that comes with it.
type InviteBonus struct {
	Amount  money.Satang
	Success int
	Fail    int
	Active  bool
}

// InviteBonus returns what GET /api/invite/bonus and the wallet's invite
// field show.
func (s *Service) InviteBonus(ctx context.Context, memberID string) (InviteBonus, error) {
	st, err := s.Settings(ctx, Invite)
	if err != nil {
		return InviteBonus{}, err
	}
	a, err := s.store.Amounts(ctx, Invite, memberID)
	if err != nil {
		return InviteBonus{}, err
	}
	return InviteBonus{Amount: a.Pending, Success: st.SuccessPercent, Fail: st.FailPercent, Active: st.Active}, nil
}

// ReceiveInvite credits the member's pending invite bonus from
// sys:invites with the invite condition attached. INVITE_INACTIVE; with
// nothing pending, INVITE_COLLECT when the member received an invite bonus
// before, NO_INVITEE_PLAY_INFO when they have invitees none of whom played,
// NO_INVITE_BONUS otherwise; INVITE_BONUS_FAIL while a condition is held.
func (s *Service) ReceiveInvite(ctx context.Context, memberID string) (promo.Condition, error) {
	st, err := s.Settings(ctx, Invite)
	if err != nil {
		return promo.Condition{}, err
	}
	if !st.Active {
		return promo.Condition{}, errs.New(errs.InviteInactive)
	}
	a, err := s.store.Amounts(ctx, Invite, memberID)
	if err != nil {
		return promo.Condition{}, err
	}
	if a.Pending <= 0 {
		return promo.Condition{}, s.noInviteBonus(ctx, memberID, a)
	}
	if held, err := s.held(ctx, memberID); err != nil {
		return promo.Condition{}, err
	} else if held {
		return promo.Condition{}, errs.Newf(errs.InviteBonusFail, "a bonus condition is active")
	}
	c, err := s.claim(ctx, Invite, memberID, st)
	switch {
	case errs.HasCode(err, errs.BonusAlreadyActive):
		return promo.Condition{}, errs.Newf(errs.InviteBonusFail, "a bonus condition is active")
	case errors.Is(err, ErrNothing):
		// Taken by a concurrent call meanwhile.
		return promo.Condition{}, errs.New(errs.InviteCollect)
	}
	return c, err
}

// noInviteBonus says why nothing waits.
func (s *Service) noInviteBonus(ctx context.Context, memberID string, a Amounts) error {
	if a.Claimed {
		return errs.New(errs.InviteCollect)
	}
	_, invitees, err := s.store.Invitees(ctx, memberID, 0, 1)
	if err != nil {
		return err
	}
	if invitees > 0 {
		played, err := s.store.InviteePlayed(ctx, memberID)
		if err != nil {
			return err
		}
		if !played {
			return errs.New(errs.NoInviteePlayInfo)
		}
	}
	return errs.New(errs.NoInviteBonus)
}

// Invitees is POST /api/invite: the members memberID invited.
func (s *Service) Invitees(ctx context.Context, memberID string, page, limit int) ([]Invitee, int, error) {
	page, limit = pageOf(page, limit)
	return s.store.Invitees(ctx, memberID, (page-1)*limit, limit)
}
