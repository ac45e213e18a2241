package sqlstore_test

import (
	"context"
	"fmt"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// TestCountMembersKept checks the count of members the dashboard reads
// from member_totals (migration 0039): it follows every registration, and
// a registration that fails (a phone taken) counts nobody.
func TestCountMembersKept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db) // the banks
		accounts, console := sqlstore.NewAccounts(db), sqlstore.NewConsole(db)
		check := func(want int) {
			t.Helper()
			n, err := console.CountMembers(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var counted int
			if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM members`).Scan(&counted); err != nil {
				t.Fatal(err)
			}
			if n != want || counted != want {
				t.Fatalf("kept %d, counted %d, want %d", n, counted, want)
			}
		}
		check(0)
		for i := range 3 {
			if err := accounts.CreateMember(ctx, newMember(fmt.Sprintf("081000000%d", i), fmt.Sprintf("100000000%d", i)), ""); err != nil {
				t.Fatal(err)
			}
			check(i + 1)
		}
		if err := accounts.CreateMember(ctx, newMember("0810000000", "2000000000"), ""); err == nil {
			t.Fatal("a taken phone registered")
		}
		check(3)
	})
}
