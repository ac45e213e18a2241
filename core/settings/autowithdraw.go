package settings

import (
	"context"
	"encoding/json"

	"ngern/core/limits"
	"ngern/core/money"
)

// KeyAutoWithdraw names the owner's auto-approval rules of withdrawals
// (GET/PUT /api/operator/settings/autoWithdraw; read by operators only,
// not a lookup). A change waits for a second owner, as the four-eyes
// threshold does: the rules approve withdrawals in place of operators
// (docs/operations.md, "Auto-approval rules").
const KeyAutoWithdraw = "autoWithdraw"

// AutoWithdraw is the autoWithdraw setting: a withdrawal is approved by
// the system when Enabled and every rule passes; otherwise it waits for
// operators as before (core/wallet, autowithdraw.go).
type AutoWithdraw struct {
	Enabled bool `json:"enabled"`
	// MaxAmount caps one withdrawal. It is never above the four-eyes
	// threshold (withdrawApprovalThreshold): refused when saved, and a
	// withdrawal above the threshold in force is queued whatever the rules.
	MaxAmount money.Satang `json:"maxAmount"`
	// MaxDayTotal caps what one member withdraws in a day (Asia/Bangkok),
	// this withdrawal included, rejected ones left out.
	MaxDayTotal money.Satang `json:"maxDayTotal"`
	// MaxDayCount caps how many withdrawals one member makes in a day,
	// this one included, rejected ones left out.
	MaxDayCount int `json:"maxDayCount"`
	// MinAccountAgeDays: the member registered at least this many days ago
	// (0: any age).
	MinAccountAgeDays int `json:"minAccountAgeDays"`
	// RequireNoBonus: the member holds no bonus or promotion condition,
	// neither active nor received since their last withdrawal.
	RequireNoBonus bool `json:"requireNoBonus"`
	// MinDepositPercent: what the member deposited since their last
	// withdrawal is at least this share of the amount (0: no condition).
	MinDepositPercent int `json:"minDepositPercent"`
}

// DefaultAutoWithdraw is off: every withdrawal waits for operators until
// an owner (and a second one) switches the rules on. The limits are what
// switching on without editing them would approve.
var DefaultAutoWithdraw = autoWithdrawIn(limits.Baht)

// autoWithdrawIn is the default with the amounts of an install's currency.
func autoWithdrawIn(a limits.Amounts) AutoWithdraw {
	return AutoWithdraw{
		Enabled: false, MaxAmount: a.AutoWithdrawMax, MaxDayTotal: a.AutoWithdrawDayTotal, MaxDayCount: 3,
		MinAccountAgeDays: 7, RequireNoBonus: true, MinDepositPercent: 100,
	}
}

// autoWithdrawSchema is the rules' schema: maxAmount not above
// maxDayTotal; the four-eyes threshold is checked by checkAutoWithdraw.
func autoWithdrawSchema() Schema {
	return object(Schema{
		"enabled": boolean(), "maxAmount": withNotAbove(amount(), "maxDayTotal"), "maxDayTotal": amount(),
		"maxDayCount": wholeFrom(1, 0), "minAccountAgeDays": wholeFrom(0, 0), "requireNoBonus": boolean(),
		"minDepositPercent": wholeFrom(0, 0),
	})
}

// checkAutoWithdraw refuses rules whose maxAmount is above the four-eyes
// threshold in force: an auto-approval replaces the operators' approval,
// so it never approves what two operators would have to.
func (s *Service) checkAutoWithdraw(ctx context.Context, doc json.RawMessage) (json.RawMessage, string) {
	out, why := normalised[AutoWithdraw](ctx, s, doc)
	if why != "" {
		return nil, why
	}
	var a AutoWithdraw
	_ = json.Unmarshal(out, &a)
	threshold, err := s.WithdrawApprovalThreshold(ctx)
	if err != nil {
		return nil, "the four-eyes threshold cannot be read"
	}
	if a.MaxAmount > threshold {
		return nil, "maxAmount: must not be above the four-eyes threshold (withdrawApprovalThreshold " + threshold.String() + ")"
	}
	return out, ""
}

// AutoWithdraw answers the auto-approval rules in force.
func (s *Service) AutoWithdraw(ctx context.Context) (AutoWithdraw, error) {
	var a AutoWithdraw
	err := s.decode(ctx, KeyAutoWithdraw, &a)
	return a, err
}
