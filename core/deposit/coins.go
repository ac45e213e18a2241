package deposit

import (
	"context"

	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

// KindCoins credits the coins a deposit earns: sys:coins → coin:<member>;
// ref the deposit journal's ref, so that one deposit earns coins once.
const KindCoins ledger.JournalKind = "coin_deposit"

// CoinRate is where the deposit services read the operator's coins setting
// (settings.KeyCoins).
type CoinRate func(ctx context.Context) (settings.Coins, error)

// credit returns the movement of a deposit credit j, which the store posts
// in one transaction: j, and the coins j earns at the operator's rate
// (docs/spin.md). Every deposit credit (slip, gift voucher, QR) is built
// here, so there is one place coins are earned.
func credit(ctx context.Context, rate CoinRate, j ledger.Journal) ([]ledger.Journal, error) {
	c := settings.DefaultCoins
	if rate != nil {
		var err error
		if c, err = rate(ctx); err != nil {
			return nil, err
		}
	}
	if c.DepositPerCoin <= 0 {
		c = settings.DefaultCoins
	}
	if cj, ok := Coins(j, c.DepositPerCoin); ok {
		return []ledger.Journal{j, cj}, nil
	}
	return []ledger.Journal{j}, nil
}

// Coins returns the journal of the coins a deposit credit j earns at one
// coin per perCoin credited to the member's wallet (rounded down), and
// false when it earns none.
func Coins(j ledger.Journal, perCoin money.Satang) (ledger.Journal, bool) {
	if j.Kind != JournalKind || j.MemberID == "" || perCoin <= 0 {
		return ledger.Journal{}, false
	}
	var credited money.Satang
	for _, p := range j.Postings {
		if p.Account.ID == ledger.Wallet(j.MemberID).ID && p.Amount > 0 {
			credited += p.Amount
		}
	}
	n := int64(credited / perCoin)
	if n <= 0 {
		return ledger.Journal{}, false
	}
	return ledger.Journal{ID: j.ID + "-coins", Kind: KindCoins, Ref: j.Ref, MemberID: j.MemberID, By: j.By,
		Memo: "deposit " + j.ID, Postings: ledger.CoinMove(ledger.Coins, ledger.Coin(j.MemberID), n), CreatedAt: j.CreatedAt}, true
}
