package sqlstore_test

import (
	"context"
	"fmt"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/core/wallet"
)

// checkKeysetPages reads the member's whole statement by keyset pages of
// each size (StatementBefore, the cursor being the last item's as the
// service makes it) and checks that they are the statement Statement
// answers in one page: the same items, fields and rounds, in the same
// order.
func checkKeysetPages(t *testing.T, db *sqlstore.DB, memberID string) {
	t.Helper()
	ctx := context.Background()
	w := sqlstore.NewWallet(db)
	all, total, err := w.Statement(ctx, memberID, 0, 1000)
	if err != nil || len(all) != total {
		t.Fatalf("statement: %d items of %d, %v", len(all), total, err)
	}
	for _, size := range []int{1, 2, 3, 7, 1000} {
		t.Run(fmt.Sprintf("keyset size %d", size), func(t *testing.T) {
			var got []wallet.StatementItem
			var cursor wallet.StatementCursor
			for len(got) <= len(all) {
				page, err := w.StatementBefore(ctx, memberID, cursor, size)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, page...)
				if len(page) < size {
					break
				}
				cursor = page[len(page)-1].Cursor()
			}
			if len(got) != len(all) {
				t.Fatalf("%d items over the keyset pages, want %d", len(got), len(all))
			}
			for i := range all {
				if d := itemDiff(got[i], all[i]); d != "" {
					t.Fatalf("item %d: %s\n got %+v\nwant %+v", i, d, got[i], all[i])
				}
			}
		})
	}
}

// itemDiff names the first field in which two statement items differ.
func itemDiff(a, b wallet.StatementItem) string {
	switch {
	case a.ID != b.ID || a.Type != b.Type || a.From != b.From || a.To != b.To || a.Amount != b.Amount || a.Status != b.Status:
		return "id, type, accounts, amount or status"
	case !a.CreatedAt.Equal(b.CreatedAt):
		return "time"
	case a.Description != b.Description || a.Source != b.Source || a.Withdrawal != b.Withdrawal:
		return "description, source or withdrawal"
	case a.Method != b.Method || a.Channel != b.Channel:
		return "method or channel"
	case (a.Round == nil) != (b.Round == nil):
		return "round"
	case a.Round == nil:
		return ""
	}
	ra, rb := a.Round, b.Round
	if ra.Provider != rb.Provider || ra.Round != rb.Round || ra.Game != rb.Game || ra.GameName != rb.GameName ||
		ra.Stake != rb.Stake || ra.Payout != rb.Payout || len(ra.Movements) != len(rb.Movements) {
		return "round's figures"
	}
	for i, m := range ra.Movements {
		n := rb.Movements[i]
		if m.Kind != n.Kind || m.TxID != n.TxID || m.Amount != n.Amount || m.RolledBack != n.RolledBack || !m.CreatedAt.Equal(n.CreatedAt) {
			return fmt.Sprintf("movement %d", i)
		}
	}
	return ""
}
