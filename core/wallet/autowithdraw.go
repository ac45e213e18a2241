package wallet

import (
	"context"
	"time"

	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/settings"
)

// Auto-approval of withdrawals by the owner's rules (settings.AutoWithdraw;
// docs/operations.md, "Auto-approval rules"). Right after a withdrawal is
// recorded, the rules are evaluated over the facts the store reads of the
// member; when every rule passes the withdrawal is approved by
// AutoApprover through the operators' path (decide), as one complete
// approval: within the rules' limits, which never exceed the four-eyes
// threshold, the owner's rules take the place of the operators. Anything
// else, and any failure to evaluate, leaves the withdrawal PENDING for
// operators. Every evaluation is recorded with the rule that stopped it, or
// AutoRuleAll when all passed.
//
// Concurrency: a member has at most one PENDING withdrawal (the store's
// unique index), and the evaluation and the approval happen while this
// one is PENDING. So a member's second withdrawal can only be recorded
// once the first is decided, and its facts (read after it is recorded)
// count the first: two withdrawals cannot both pass a daily limit that
// only one fits.

// AutoApprover is who decided a withdrawal the rules approved (DecidedBy);
// no operator can bear this name (usernames have no colon).
const AutoApprover = "system:auto"

// AutoRule names a rule of the auto-approval, as recorded and shown.
type AutoRule string

// The rules, in the order they are checked; AutoRuleAll when every one
// passed, AutoRuleError when the facts could not be read.
const (
	AutoRuleAll        AutoRule = "ALL_PASSED"
	AutoRuleLocked     AutoRule = "LOCKED"        // the member is locked
	AutoRuleAmount     AutoRule = "MAX_AMOUNT"    // above maxAmount
	AutoRuleFourEyes   AutoRule = "FOUR_EYES"     // above the four-eyes threshold in force
	AutoRuleDayCount   AutoRule = "DAY_COUNT"     // over maxDayCount withdrawals today
	AutoRuleDayTotal   AutoRule = "DAY_TOTAL"     // over maxDayTotal today
	AutoRuleAccountAge AutoRule = "ACCOUNT_AGE"   // registered fewer than minAccountAgeDays ago
	AutoRuleBonus      AutoRule = "BONUS"         // holds a bonus or promotion condition
	AutoRuleDeposits   AutoRule = "DEPOSITS"      // deposited less than minDepositPercent of the amount since the last withdrawal
	AutoRuleError      AutoRule = "NOT_EVALUATED" // the facts could not be read
)

// AutoFacts is what the store reads of a member for the rules, right after
// the withdrawal is recorded.
type AutoFacts struct {
	RegisteredAt time.Time
	Locked       bool
	// BonusHeld: a bonus or promotion condition is active, or one was
	// received since the member's previous withdrawal.
	BonusHeld bool
	// DayCount and DayTotal are the member's withdrawals since the day's
	// start (limits.Zone) other than REJECTED ones, this one included.
	DayCount int
	DayTotal money.Satang
	// DepositsSinceLast is what deposits credited to the wallet since the
	// member's previous withdrawal (not rejected), or ever when none.
	DepositsSinceLast money.Satang
}

// AutoDecision is the recorded outcome of one evaluation.
type AutoDecision struct {
	WithdrawalID string    `db:"withdrawal_id"`
	Approved     bool      `db:"approved"`
	Rule         AutoRule  `db:"rule"`
	At           time.Time `db:"at"`
}

// AutoStore reads the facts and keeps the decisions.
type AutoStore interface {
	// AutoWithdrawFacts reads the facts of w's member, w being recorded;
	// dayStart is the start of today in limits.Zone.
	AutoWithdrawFacts(ctx context.Context, w Withdrawal, dayStart time.Time) (AutoFacts, error)
	// RecordAutoDecision stores the decision of a withdrawal (one per
	// withdrawal: a second is ignored).
	RecordAutoDecision(ctx context.Context, d AutoDecision) error
	// AutoDecisions answers the decisions of ids that have one.
	AutoDecisions(ctx context.Context, ids []string) (map[string]AutoDecision, error)
}

// AutoRules gives the rules in force and the four-eyes threshold
// (*settings.Service).
type AutoRules interface {
	AutoWithdraw(ctx context.Context) (settings.AutoWithdraw, error)
	WithdrawApprovalThreshold(ctx context.Context) (money.Satang, error)
}

// EvaluateAuto answers whether rules approve a withdrawal of amount given
// the facts, and the first rule that stops it (AutoRuleAll when none). It
// does not look at Enabled: the caller evaluates enabled rules only.
func EvaluateAuto(r settings.AutoWithdraw, threshold, amount money.Satang, f AutoFacts, now time.Time) (bool, AutoRule) {
	switch {
	case f.Locked:
		return false, AutoRuleLocked
	case amount > r.MaxAmount:
		return false, AutoRuleAmount
	case amount > threshold:
		return false, AutoRuleFourEyes
	case f.DayCount > r.MaxDayCount:
		return false, AutoRuleDayCount
	case f.DayTotal > r.MaxDayTotal:
		return false, AutoRuleDayTotal
	case now.Before(f.RegisteredAt.AddDate(0, 0, r.MinAccountAgeDays)):
		return false, AutoRuleAccountAge
	case r.RequireNoBonus && f.BonusHeld:
		return false, AutoRuleBonus
	case int64(f.DepositsSinceLast)*100 < int64(amount)*int64(r.MinDepositPercent):
		return false, AutoRuleDeposits
	}
	return true, AutoRuleAll
}

// autoApprove evaluates the rules for w, just recorded, records the
// decision and approves w when every rule passes. It answers w as it
// stands: a failure leaves it PENDING (logged), never approved.
func (s *Service) autoApprove(ctx context.Context, w Withdrawal) Withdrawal {
	if s.autoRules == nil || s.autoStore == nil {
		return w
	}
	rules, err := s.autoRules.AutoWithdraw(ctx)
	if err != nil {
		s.log.ErrorContext(ctx, "auto-approval rules not read; the withdrawal waits for operators", "withdrawal", w.ID, "err", err)
		return w
	}
	if !rules.Enabled {
		return w
	}
	now := s.now()
	d := AutoDecision{WithdrawalID: w.ID, Rule: AutoRuleError, At: now.UTC()}
	threshold, err := s.autoRules.WithdrawApprovalThreshold(ctx)
	var f AutoFacts
	if err == nil {
		local := now.In(limits.Zone)
		f, err = s.autoStore.AutoWithdrawFacts(ctx, w, time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, limits.Zone))
	}
	if err == nil {
		d.Approved, d.Rule = EvaluateAuto(rules, threshold, w.Amount, f, now)
	} else {
		s.log.ErrorContext(ctx, "auto-approval not evaluated; the withdrawal waits for operators", "withdrawal", w.ID, "err", err)
	}
	if err := s.autoStore.RecordAutoDecision(ctx, d); err != nil {
		// Without its record an approval could not be told from an
		// operator's: the operators decide.
		s.log.ErrorContext(ctx, "auto-approval not recorded; the withdrawal waits for operators", "withdrawal", w.ID, "err", err)
		return w
	}
	if !d.Approved {
		return w
	}
	approved, err := s.decide(ctx, w.ID, WithdrawalApproved, "", AutoApprover)
	if err != nil {
		s.log.ErrorContext(ctx, "auto-approval failed; the withdrawal waits for operators", "withdrawal", w.ID, "err", err)
		return w
	}
	s.log.InfoContext(ctx, "withdrawal approved by the owner's rules", "withdrawal", w.ID, "amount", w.Amount)
	approved.Auto = &d
	return approved
}

// withAutoDecisions fills the Auto decision of each withdrawal that has one.
func (s *Service) withAutoDecisions(ctx context.Context, list []Withdrawal) ([]Withdrawal, error) {
	if s.autoStore == nil || len(list) == 0 {
		return list, nil
	}
	ids := make([]string, len(list))
	for i, w := range list {
		ids[i] = w.ID
	}
	got, err := s.autoStore.AutoDecisions(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if d, ok := got[list[i].ID]; ok {
			list[i].Auto = &d
		}
	}
	return list, nil
}
