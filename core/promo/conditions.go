package promo

import (
	"context"
	"errors"
	"strings"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Progress is a condition with where the member stands.
type Progress struct {
	Condition
	Total    money.Satang // wallet + games + open transfers, for the console
	Play     money.Satang // game results (wins − bets) booked since the condition started
	Progress money.Satang // Base + Play: only play moves it
}

// Active evaluates the member's condition and returns it with its progress
// while it is active.
func (s *Service) Active(ctx context.Context, memberID string) (Progress, bool, error) {
	c, ok, err := s.store.ActiveCondition(ctx, memberID)
	if err != nil || !ok {
		return Progress{}, false, err
	}
	p, err := s.evaluate(ctx, c)
	if err != nil {
		return Progress{}, false, err
	}
	return p, p.Status == Active, nil
}

// Evaluate ends the member's active condition when it has reached its
// target or fallen below its minimum, and returns it with whether it is
// still active. An error is logged and the condition left active: the
// next evaluation tries again.
func (s *Service) Evaluate(ctx context.Context, memberID string) (Condition, bool) {
	p, active, err := s.Active(ctx, memberID)
	if err != nil {
		s.log.ErrorContext(ctx, "promotion condition not evaluated", "member", memberID, "err", err)
		c, ok, _ := s.store.ActiveCondition(ctx, memberID)
		return c, ok
	}
	return p.Condition, active
}

// BalanceChanged is told of every balance change of a member the server
// sees; it evaluates the member's condition.
func (s *Service) BalanceChanged(ctx context.Context, memberID string) { s.Evaluate(ctx, memberID) }

// CheckWithdraw answers BONUS_REMAINING while a condition locks the
// member's money (evaluated first, so that a condition just met does not
// block).
func (s *Service) CheckWithdraw(ctx context.Context, memberID string) error {
	p, active, err := s.Active(ctx, memberID)
	if err != nil {
		return err
	}
	if active {
		return errs.Newf(errs.BonusRemaining, "reach %s or cancel the bonus", p.Target())
	}
	return nil
}

func (s *Service) evaluate(ctx context.Context, c Condition) (Progress, error) {
	p := Progress{Condition: c}
	total, err := s.store.TotalBalance(ctx, c.MemberID)
	if err != nil {
		return p, err
	}
	p.Total = total
	played, err := s.store.Play(ctx, c.MemberID, c.PlayFrom)
	if err != nil {
		return p, err
	}
	p.Play = played - c.PlayMark
	p.Progress = c.Base + p.Play
	var to Status
	switch {
	case p.Progress >= c.Target():
		to = Success
	case p.Progress < c.Minimum():
		to = Failed
	default:
		return p, nil
	}
	now := s.now().UTC()
	if _, err := s.store.EndCondition(ctx, c.ID, to, "", now, nil); err != nil {
		return p, err
	}
	// Whoever ended it (this call or another at once), it is over.
	ended, err := s.store.Condition(ctx, c.ID)
	if err != nil {
		return p, err
	}
	p.Condition = ended
	return p, nil
}

// EvaluateAll evaluates every active condition (the periodic job) and
// reports how many ended.
func (s *Service) EvaluateAll(ctx context.Context) (int, error) {
	conds, err := s.store.ActiveConditions(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range conds {
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		p, err := s.evaluate(ctx, c)
		if err != nil {
			s.log.ErrorContext(ctx, "promotion condition not evaluated", "condition", c.ID, "err", err)
			continue
		}
		if p.Status != Active {
			n++
		}
	}
	return n, nil
}

// Clear cancels the member's active condition, forfeiting the remaining
// bonus part: min(bonus, total balance), never more than what is left,
// taken from the wallet. Money in game accounts must be brought back first
// (the API does so): while the wallet holds less than the forfeit it
// answers MONEY_NOT_ENOUGH and changes nothing. A condition that
// evaluation ends first is not forfeited. NO_DATA when none is active.
func (s *Service) Clear(ctx context.Context, memberID string) (Condition, error) {
	p, active, err := s.Active(ctx, memberID)
	if err != nil {
		return Condition{}, err
	}
	if !active {
		if p.ID != "" {
			return p.Condition, nil
		}
		return Condition{}, errs.New(errs.NoData)
	}
	return s.end(ctx, p.Condition, Cancelled, "", true)
}

// end ends an active condition with status, forfeiting min(bonus, total)
// from the wallet when forfeit.
func (s *Service) end(ctx context.Context, c Condition, status Status, by string, forfeit bool) (Condition, error) {
	for attempt := 0; ; attempt++ {
		var j *ledger.Journal
		if forfeit {
			wal, err := s.store.WalletBalance(ctx, c.MemberID)
			if err != nil {
				return Condition{}, err
			}
			total, err := s.store.TotalBalance(ctx, c.MemberID)
			if err != nil {
				return Condition{}, err
			}
			amount := min(c.Amount, total)
			if wal < amount {
				return Condition{}, errs.Newf(errs.MoneyNotEnough, "bring the game balances back to the wallet first")
			}
			if amount > 0 {
				j = &ledger.Journal{ID: s.newID(), Kind: KindForfeit, Ref: c.ID, MemberID: c.MemberID,
					Memo: string(c.Source) + ":" + c.Code, By: by,
					Postings: ledger.Move(ledger.Wallet(c.MemberID), Expense(c.Source), amount), CreatedAt: s.now().UTC()}
			}
		}
		ok, err := s.store.EndCondition(ctx, c.ID, status, by, s.now().UTC(), j)
		var e *errs.Error
		if errors.As(err, &e) && e.Code == errs.MoneyNotEnough && attempt < 3 {
			continue // the wallet changed meanwhile: read it again
		}
		if err != nil {
			return Condition{}, err
		}
		if !ok {
			return Condition{}, errs.Newf(errs.NoData, "the condition ended meanwhile")
		}
		return s.store.Condition(ctx, c.ID)
	}
}

// Conditions lists active conditions with their progress (the console).
func (s *Service) Conditions(ctx context.Context) ([]Progress, error) {
	conds, err := s.store.ActiveConditions(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Progress, 0, len(conds))
	for _, c := range conds {
		p, err := s.evaluate(ctx, c)
		if err != nil {
			return nil, err
		}
		if p.Status == Active {
			out = append(out, p)
		}
	}
	return out, nil
}

// EndByOperator ends an active condition for an operator: with forfeit as
// a cancel, without it as a release. NO_DATA when it is not active.
func (s *Service) EndByOperator(ctx context.Context, id, by string, forfeit bool) (Condition, error) {
	c, err := s.store.Condition(ctx, id)
	if err != nil {
		return Condition{}, err
	}
	if c.Status != Active {
		return Condition{}, errs.Newf(errs.NoData, "the condition is %s already", strings.ToLower(string(c.Status)))
	}
	return s.end(ctx, c, Ended, by, forfeit)
}
