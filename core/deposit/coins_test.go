package deposit

import (
	"context"
	"testing"
	"time"

	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

func TestCoins(t *testing.T) {
	dep := func(amount money.Satang) ledger.Journal {
		return ledger.Journal{ID: "j1", Kind: JournalKind, Ref: "slip:KBANK:1", MemberID: "m1",
			Postings: ledger.Move(ledger.Deposits, ledger.Wallet("m1"), amount), CreatedAt: time.Now()}
	}
	cases := []struct {
		name    string
		j       ledger.Journal
		perCoin money.Satang
		coins   int64
	}{
		{"OneHundred", dep(100_00), 100_00, 1},
		{"RoundedDown", dep(299_99), 100_00, 2},
		{"BelowRate", dep(99_99), 100_00, 0},
		{"OtherRate", dep(100_00), 10_00, 10},
		{"NotADeposit", ledger.Journal{ID: "j", Kind: ledger.Adjustment, Ref: "r", MemberID: "m1",
			Postings: ledger.Move(ledger.Adjustments, ledger.Wallet("m1"), 500_00)}, 100_00, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cj, ok := Coins(tc.j, tc.perCoin)
			if ok != (tc.coins > 0) {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				return
			}
			if err := cj.Validate(); err != nil {
				t.Fatal(err)
			}
			if cj.Ref != tc.j.Ref || cj.Kind != KindCoins || cj.Postings[1].Account.ID != "coin:m1" ||
				int64(cj.Postings[1].Amount) != tc.coins {
				t.Fatalf("journal %+v", cj)
			}
		})
	}
}

// TestDepositCreditsEarnCoins: the movement a slip credit asks the store
// to post carries the coins it earns at the operator's rate, once; a
// second credit of the same deposit posts neither.
func TestDepositCreditsEarnCoins(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.svc.d.Coins = func(context.Context) (settings.Coins, error) {
		return settings.Coins{DepositPerCoin: 10_00}, nil
	}
	up := f.transfer("REF00077", 125_00, "xxx-x-x4321-x", t0)
	for range 2 {
		f.svc.SubmitSlip(ctx, "m1", up)
	}
	if got := f.store.balance(ledger.Coin("m1").ID); got != 12 {
		t.Fatalf("coins %d after a 125.00 deposit at 10.00 a coin, want 12", got)
	}
	if w := wallet(f, "m1"); w != 125_00 {
		t.Fatalf("wallet %s", w)
	}
}
