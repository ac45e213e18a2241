package sqlstore_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
)

// TestRegisteredAccountsLastFour checks that the registered accounts a
// masked sender may be, read along the last four digits (migration 0036),
// are those the plain LIKE over the bank's members finds, whatever the
// pattern shows or hides.
func TestRegisteredAccountsLastFour(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		numbers := []string{"1234567890", "9994561234", "0001234", "5551234599", "1112340", "1112349", "1112350",
			"7771234", "123456", "98765432101234", "2221239"}
		for i, no := range numbers {
			m := newMember(fmt.Sprintf("08200000%02d", i), no)
			if i%3 == 2 {
				m.BankCode = "SCB"
			}
			if err := accounts.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
		}
		store := sqlstore.NewQRDeposits(db)
		for _, c := range []struct{ name, shown string }{
			{"last four shown", "XXXXXX1234"},
			{"last digit hidden", "xxx-x-x1234-x"},
			{"two hidden at the end", "xxxxx1234xx"},
			{"a hidden digit inside the last four", "xxxx123x4"},
			{"last four hidden", "xx1234xxxx"},
			{"full number", "1234567890"},
			{"six shown", "xxxx561234"},
			{"no such number", "xxxxxx0000"},
		} {
			t.Run(c.name, func(t *testing.T) {
				pattern := deposit.AccountPattern(c.shown)
				if pattern == "" {
					t.Fatalf("no pattern for %q", c.shown)
				}
				for _, bank := range []string{"KBANK", "SCB"} {
					got, err := store.RegisteredAccounts(ctx, bank, pattern, 50)
					if err != nil {
						t.Fatal(err)
					}
					want := plainLike(t, db, bank, pattern)
					var nos []string
					for _, a := range got {
						nos = append(nos, a.AccountNo)
					}
					if !slices.Equal(nos, want) {
						t.Errorf("%s %s: got %v, want %v", bank, pattern, nos, want)
					}
				}
			})
		}
	})
}

// plainLike is RegisteredAccounts as it was: the LIKE over every member
// of the bank.
func plainLike(t *testing.T, db *sqlstore.DB, bank, pattern string) []string {
	t.Helper()
	q := `SELECT bank_account_no FROM members WHERE bank_code = ? AND bank_account_no LIKE ? ORDER BY id`
	if db.Dialect() == sqlstore.Postgres {
		q = rebindDollar(q)
	}
	rows, err := db.SQL().QueryContext(context.Background(), q, bank, pattern)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var no string
		if err := rows.Scan(&no); err != nil {
			t.Fatal(err)
		}
		out = append(out, no)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestLastFourRange(t *testing.T) {
	for _, c := range []struct {
		name, pattern, lo, hi string
		ok                    bool
	}{
		{"four shown", "%______1234", "1234", "1234", true},
		{"last hidden", "%_____1234_", "2340", "2349", true},
		{"two hidden", "%_____1234__", "3400", "3499", true},
		{"hidden inside", "%____12_4", "1200", "1299", true},
		{"first of four hidden", "%__1234____", "", "", false},
		{"too short", "%123", "", "", false},
		{"no percent", "1234567890", "7890", "7890", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			lo, hi, ok := sqlstore.LastFourRange(c.pattern)
			if lo != c.lo || hi != c.hi || ok != c.ok {
				t.Errorf("LastFourRange(%q) = %q, %q, %v; want %q, %q, %v", c.pattern, lo, hi, ok, c.lo, c.hi, c.ok)
			}
		})
	}
}
