package settings

import (
	"context"
	"encoding/json"
	"sort"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
)

// KeyApprovalThreshold names the setting above which a withdrawal needs a
// second operator's approval. It is read by operators only (not a lookup).
const KeyApprovalThreshold = "withdrawApprovalThreshold"

// ApprovalThreshold is the withdrawApprovalThreshold setting.
type ApprovalThreshold struct {
	Amount money.Satang `json:"amount"`
}

// Names lists every stored setting, sorted.
func Names() []string {
	names := make([]string, 0, len(Defaults()))
	for k := range Defaults() {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// Value returns the stored JSON of a setting (NOT_FOUND for an unknown name).
func (s *Service) Value(ctx context.Context, name string) (json.RawMessage, error) {
	if _, ok := Defaults()[name]; !ok {
		return nil, errs.New(errs.NotFoundCode)
	}
	return s.store.Setting(ctx, name)
}

// WithdrawApprovalThreshold returns the amount above which a withdrawal
// needs two approvals.
func (s *Service) WithdrawApprovalThreshold(ctx context.Context) (money.Satang, error) {
	var t ApprovalThreshold
	err := s.decode(ctx, KeyApprovalThreshold, &t)
	return t.Amount, err
}

// KeyCoins names the setting of how deposits earn coins (read by
// operators and the ledger, not a lookup): one coin for every
// depositPerCoin credited by one deposit, rounded down (docs/spin.md).
const KeyCoins = "coins"

// Coins is the coins setting.
type Coins struct {
	DepositPerCoin money.Satang `json:"depositPerCoin"`
}

// DefaultCoins is one coin per 100.00 baht deposited.
var DefaultCoins = Coins{DepositPerCoin: limits.Baht.DepositPerCoin}

// Coins answers the coins setting.
func (s *Service) Coins(ctx context.Context) (Coins, error) {
	var c Coins
	err := s.decode(ctx, KeyCoins, &c)
	return c, err
}
