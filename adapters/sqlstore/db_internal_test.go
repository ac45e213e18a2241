package sqlstore

import (
	"net/url"
	"slices"
	"testing"

	"ngern/core/money"
	"ngern/core/wallet"
)

func TestPostgresDSN(t *testing.T) {
	for _, tc := range []struct{ name, in, binary, options string }{
		{"Defaults", "postgres://u@h/db?sslmode=disable", "yes", "-c plan_cache_mode=force_generic_plan"},
		{"KeepsOptions", "postgres://u@h/db?options=-c%20search_path%3Dx", "yes", "-c search_path=x -c plan_cache_mode=force_generic_plan"},
		{"OwnPlanCacheMode", "postgres://u@h/db?options=-c%20plan_cache_mode%3Dauto&binary_parameters=no", "no", "-c plan_cache_mode=auto"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dsn, err := postgresDSN(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			u, err := url.Parse(dsn)
			if err != nil {
				t.Fatal(err)
			}
			if q := u.Query(); q.Get("binary_parameters") != tc.binary || q.Get("options") != tc.options {
				t.Fatalf("%s → %s", tc.in, dsn)
			}
		})
	}
	t.Run("ErrBadURLHidesIt", func(t *testing.T) {
		if _, err := postgresDSN("postgres://u:secret@h:bad/db"); err == nil || err.Error() != "NGERN_DATABASE_URL is not a valid URL" {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestFillBalances(t *testing.T) {
	for _, tc := range []struct {
		name            string
		balances, games string
		wallet          money.Satang
		coin            int64
		want            []wallet.GameBalance
	}{
		{"None", "", "", 0, 0, nil},
		{"WalletOnly", "wallet:500:", "", 500, 0, nil},
		{"AccountWithoutLedgerRow", "wallet:1:,coin:3:", "SIAMSLOT", 1, 3, []wallet.GameBalance{{Game: "SIAMSLOT", Amount: 0}}},
		{"Several", "game:12345:SIAMSLOT,wallet:-0:,game:1:NAGAGOLD", "NAGAGOLD,SIAMSLOT", 0, 0,
			[]wallet.GameBalance{{Game: "NAGAGOLD", Amount: 1}, {Game: "SIAMSLOT", Amount: 12345}}},
		{"ColonInCode", "game:7:A:B", "A:B", 0, 0, []wallet.GameBalance{{Game: "A:B", Amount: 7}}},
		{"UnknownKindIgnored", "bonus:9:,wallet:2:", "", 2, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var h wallet.MemberHome
			if err := fillBalances(&h, tc.balances, tc.games); err != nil {
				t.Fatal(err)
			}
			if h.Wallet != tc.wallet || h.Member.Coin != tc.coin || !slices.Equal(h.Accounts, tc.want) {
				t.Fatalf("%q %q → wallet %v coin %d games %v", tc.balances, tc.games, h.Wallet, h.Member.Coin, h.Accounts)
			}
		})
	}
	for _, bad := range [][2]string{{"wallet", ""}, {"wallet:x:", ""}, {"game:5:", ""}, {":", ""}, {"wallet:1:", "A,"}, {"wallet:1:,", ""}} {
		t.Run("Err"+bad[0]+"|"+bad[1], func(t *testing.T) {
			var h wallet.MemberHome
			if err := fillBalances(&h, bad[0], bad[1]); err == nil {
				t.Fatalf("%q %q → %+v", bad[0], bad[1], h)
			}
		})
	}
}
