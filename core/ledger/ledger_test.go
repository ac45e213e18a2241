package ledger

import "testing"

func TestValidate(t *testing.T) {
	w, c := Wallet("m1"), Clearing("SLOT")
	cases := []struct {
		name string
		j    Journal
		ok   bool
	}{
		{"OK", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: Move(w, c, 100)}, true},
		{"OKThreeWay", Journal{ID: "j", Kind: GameResult, Ref: "r", Postings: []Posting{{w, -300}, {c, 100}, {Deposits, 200}}}, true},
		{"ErrUnbalanced", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: []Posting{{w, -100}, {c, 99}}}, false},
		{"ErrOnePosting", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: []Posting{{w, 0}}}, false},
		{"ErrZero", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: Move(w, c, 0)}, false},
		{"ErrSameAccountTwice", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: Move(w, w, 5)}, false},
		{"ErrNoRef", Journal{ID: "j", Kind: Adjustment, Postings: Move(w, c, 1)}, false},
		{"OKCoins", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: CoinMove(Coins, Coin("m1"), 3)}, true},
		{"ErrCoinsAgainstBaht", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: CoinMove(Deposits, Coin("m1"), 3)}, false},
		{"ErrWalletAgainstCoins", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: Move(Coins, w, 3)}, false},
		{"ErrThreeWayMixed", Journal{ID: "j", Kind: Adjustment, Ref: "r", Postings: []Posting{{w, -300}, {c, 299}, {Coin("m1"), 1}}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.j.Validate(); (err == nil) != tc.ok {
				t.Fatalf("Validate() = %v", err)
			}
		})
	}
}

func TestAccounts(t *testing.T) {
	if !Wallet("m").Member() || !Game("m", "g").Member() || Clearing("g").Member() || Adjustments.Member() {
		t.Fatal("only WALLET and GAME accounts are member accounts")
	}
	if !Coin("m").Member() || Coin("m").Unit() != UnitCoin || Coins.Unit() != UnitCoin || Coins.Member() ||
		Wallet("m").Unit() != UnitSatang || Prizes.ID != "sys:prizes" || Coins.ID != "sys:coins" {
		t.Fatal("coin accounts: coin:<member> is a member account in coins, sys:coins a system account in coins")
	}
	if Game("m", "g").ID != "game:m:g" || Clearing("g").Game != "g" {
		t.Fatalf("ids: %+v %+v", Game("m", "g"), Clearing("g"))
	}
}
