package spin

import (
	"context"
	"errors"
	"strings"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
)

// GrantCoinsByPhone is GrantCoins to the member with phone (NO_USER); it
// returns the member's id and coins after.
func (s *Service) GrantCoinsByPhone(ctx context.Context, phone string, n int64, reason, by string) (string, int64, error) {
	m, err := s.d.Members.MemberByPhone(ctx, strings.TrimSpace(phone))
	if err != nil {
		return "", 0, err
	}
	coins, err := s.GrantCoins(ctx, m.ID, n, reason, by, "")
	return m.ID, coins, err
}

// GrantCoins gives a member coins (a negative n takes them back, never
// below zero: NOT_ENOUGH_COIN), recorded in the ledger as made by by with
// the reason. ref makes a retry safe (the ledger's (kind, ref) is unique).
// It returns the member's coins after.
func (s *Service) GrantCoins(ctx context.Context, memberID string, n int64, reason, by, ref string) (int64, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case n == 0 || n > MaxGrant || n < -MaxGrant:
		return 0, errs.Newf(errs.InvalidAmount, "coins: a whole number, not 0, at most %d either way", MaxGrant)
	case reason == "" || len([]rune(reason)) > limits.Reason:
		return 0, errs.OnField(errs.InvalidRequest, "reason")
	}
	if ref == "" {
		ref = s.d.IDs()
	}
	postings := ledger.CoinMove(ledger.Coins, ledger.Coin(memberID), n)
	if n < 0 {
		postings = ledger.CoinMove(ledger.Coin(memberID), ledger.Coins, -n)
	}
	j := ledger.Journal{ID: s.d.IDs(), Kind: KindCoinGrant, Ref: ref, MemberID: memberID, Memo: reason, By: by,
		Postings: postings, CreatedAt: s.d.Now().UTC()}
	err := s.d.Ledger.Post(ctx, j)
	if errs.HasCode(err, errs.MoneyNotEnough) {
		return 0, errs.New(errs.NotEnoughCoin)
	}
	if err != nil && !errors.Is(err, ledger.ErrDuplicate) {
		return 0, err
	}
	return s.Coins(ctx, memberID)
}
