// Command lists times the long lists at a year's volume through the
// stores (docs/performance.md, "Lists at a year's volume"): the member's
// statement at its first and deep pages, the audit log's and the payouts
// list's pages, and the slipless deposits' masked-sender look-up. It reads
// the database NGERN_DATABASE_URL names (made by `ngern seed-volume`) and
// prints the median of -runs calls of each.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/core/operator"
	"ngern/core/wallet"
)

func main() {
	member := flag.String("member", "", "the member whose statement is read (the one with the most history)")
	runs := flag.Int("runs", 9, "calls of each, the median printed")
	bank := flag.String("bank", "KBANK", "the bank of the masked-sender look-up")
	shown := flag.String("shown", "%_____1234_", "the account pattern of the masked-sender look-up")
	flag.Parse()
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, os.Getenv("NGERN_DATABASE_URL"), "")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w, ops, qr := sqlstore.NewWallet(db), sqlstore.NewOperators(db), sqlstore.NewQRDeposits(db)
	_, total, err := w.Statement(ctx, *member, 0, 10)
	must(err)
	fmt.Printf("statement of %s: %d items\n", *member, total)
	for _, off := range []int{0, 990, total - 10} {
		timed(fmt.Sprintf("statement, offset %d", off), *runs, func() error {
			_, _, err := w.Statement(ctx, *member, off, 10)
			return err
		})
	}
	// By keyset (what the app asks): the first page, then the page after
	// the item at each depth above (its cursor found by offset first).
	for _, off := range []int{0, 990, total - 10} {
		var cursor wallet.StatementCursor
		if off > 0 {
			at, _, err := w.Statement(ctx, *member, off-1, 1)
			must(err)
			cursor = at[0].Cursor()
		}
		timed(fmt.Sprintf("statement by keyset, after item %d", off), *runs, func() error {
			_, err := w.StatementBefore(ctx, *member, cursor, 11)
			return err
		})
		// The page by keyset is the page by offset.
		byKey, err := w.StatementBefore(ctx, *member, cursor, 10)
		must(err)
		byOffset, _, err := w.Statement(ctx, *member, off, 10)
		must(err)
		if !slices.EqualFunc(byKey, byOffset, func(a, b wallet.StatementItem) bool {
			return a.ID == b.ID && a.CreatedAt.Equal(b.CreatedAt) && a.Amount == b.Amount && a.Status == b.Status
		}) {
			fmt.Printf("  the page by keyset differs from the page by offset\n")
		}
	}
	// The whole log, not the API's capped count.
	var atotal int
	must(db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`).Scan(&atotal))
	fmt.Printf("audit log: %d entries\n", atotal)
	for _, off := range []int{0, atotal - 50} {
		timed(fmt.Sprintf("audit, offset %d", off), *runs, func() error {
			_, _, err := ops.Audit(ctx, operator.AuditFilter{Limit: 50, Offset: off})
			return err
		})
	}
	for _, off := range []int{0, atotal - 50} {
		var before int64
		if off > 0 {
			at, _, err := ops.Audit(ctx, operator.AuditFilter{Limit: 1, Offset: off - 1})
			must(err)
			before = at[0].Seq
		}
		timed(fmt.Sprintf("audit by keyset, after entry %d", off), *runs, func() error {
			_, _, err := ops.Audit(ctx, operator.AuditFilter{Limit: 51, Before: before})
			return err
		})
	}
	timed("audit of an action, offset 0", *runs, func() error {
		_, _, err := ops.Audit(ctx, operator.AuditFilter{Action: "withdrawal.approve", Limit: 50})
		return err
	})
	timed("payouts PAID", *runs, func() error {
		_, _, err := w.Payouts(ctx, wallet.PayoutStatusPaid, wallet.PayoutListLimit)
		return err
	})
	timed("registered accounts "+*shown, *runs, func() error {
		_, err := qr.RegisteredAccounts(ctx, *bank, *shown, 50)
		return err
	})
}

func timed(name string, runs int, f func() error) {
	ds := make([]time.Duration, runs)
	for i := range ds {
		start := time.Now()
		must(f())
		ds[i] = time.Since(start)
	}
	slices.Sort(ds)
	fmt.Printf("%-45s %10.2f ms (min %.2f)\n", name, float64(ds[runs/2].Microseconds())/1000, float64(ds[0].Microseconds())/1000)
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
