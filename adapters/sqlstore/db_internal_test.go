package sqlstore

import (
	"net/url"
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

func TestParseGameBalances(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []wallet.GameBalance
	}{
		{"None", "", nil},
		{"One", "SIAMSLOT:0", []wallet.GameBalance{{Game: "SIAMSLOT", Amount: 0}}},
		{"Several", "SIAMSLOT:12345,NAGAGOLD:1", []wallet.GameBalance{{Game: "SIAMSLOT", Amount: 12345}, {Game: "NAGAGOLD", Amount: money.Satang(1)}}},
		{"ColonInCode", "A:B:7", []wallet.GameBalance{{Game: "A:B", Amount: 7}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseGameBalances(tc.in)
			if err != nil || len(got) != len(tc.want) {
				t.Fatalf("%q → %v, %v", tc.in, got, err)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("%q → %v", tc.in, got)
				}
			}
		})
	}
	for _, bad := range []string{"SIAMSLOT", ":5", "SIAMSLOT:x", "A:1,"} {
		t.Run("Err"+bad, func(t *testing.T) {
			if got, err := parseGameBalances(bad); err == nil {
				t.Fatalf("%q → %v", bad, got)
			}
		})
	}
}
