package sqlstore_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// journal returns a journal of kind with a fresh id and ref.
func journal(kind ledger.JournalKind, memberID string, postings []ledger.Posting) ledger.Journal {
	return ledger.Journal{ID: account.NewID(), Kind: kind, Ref: account.NewID(), MemberID: memberID,
		Postings: postings, CreatedAt: time.Now().UTC()}
}

// credit gives a member's wallet amount through an adjustment.
func credit(t *testing.T, l *sqlstore.Ledger, memberID string, amount money.Satang) {
	t.Helper()
	j := journal(ledger.Adjustment, memberID, ledger.Move(ledger.Adjustments, ledger.Wallet(memberID), amount))
	if err := l.Post(context.Background(), j); err != nil {
		t.Fatal(err)
	}
}

// mustVerify fails the test unless every ledger invariant holds.
func mustVerify(t *testing.T, l *sqlstore.Ledger) ledger.Report {
	t.Helper()
	r, err := l.Verify(context.Background(), time.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK() {
		t.Fatalf("ledger invariants broken:\n%s", strings.Join(r.Problems, "\n"))
	}
	return r
}

func TestLedger(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		l := sqlstore.NewLedger(db)
		wallet := ledger.Wallet(m.ID)

		t.Run("OKBalanced", func(t *testing.T) {
			credit(t, l, m.ID, 500_00)
			j := journal(ledger.TransferReserve, m.ID, ledger.Move(wallet, ledger.Clearing("SLOT"), 200_00))
			if err := l.Post(ctx, j); err != nil {
				t.Fatal(err)
			}
			if b, _ := l.Balance(ctx, wallet.ID); b != 300_00 {
				t.Fatalf("wallet = %s", b)
			}
			if b, _ := l.Balance(ctx, ledger.Adjustments.ID); b != -500_00 {
				t.Fatalf("system account = %s, want -500.00 (system accounts may go negative)", b)
			}
			mustVerify(t, l)
		})
		t.Run("ErrUnbalanced", func(t *testing.T) {
			j := journal(ledger.Adjustment, m.ID, []ledger.Posting{{Account: wallet, Amount: 100}, {Account: ledger.Adjustments, Amount: -99}})
			if err := l.Post(ctx, j); err == nil {
				t.Fatal("an unbalanced journal was posted")
			}
		})
		t.Run("ErrOverdraft", func(t *testing.T) {
			j := journal(ledger.TransferReserve, m.ID, ledger.Move(wallet, ledger.Clearing("SLOT"), 300_01))
			if err := l.Post(ctx, j); !errs.HasCode(err, errs.MoneyNotEnough) {
				t.Fatalf("err = %v, want MONEY_NOT_ENOUGH", err)
			}
			if b, _ := l.Balance(ctx, wallet.ID); b != 300_00 {
				t.Fatalf("wallet = %s after a refused debit", b)
			}
			// An account that was never credited refuses a debit too.
			j = journal(ledger.TransferReserve, m.ID, ledger.Move(ledger.Game(m.ID, "SLOT"), ledger.Clearing("SLOT"), 1))
			if err := l.Post(ctx, j); !errs.HasCode(err, errs.MoneyNotEnough) {
				t.Fatalf("err = %v, want MONEY_NOT_ENOUGH", err)
			}
			mustVerify(t, l)
		})
		t.Run("ErrDuplicate", func(t *testing.T) {
			j := journal(ledger.Adjustment, m.ID, ledger.Move(ledger.Adjustments, wallet, 1_00))
			if err := l.Post(ctx, j); err != nil {
				t.Fatal(err)
			}
			j.ID = account.NewID()
			if err := l.Post(ctx, j); !errors.Is(err, ledger.ErrDuplicate) {
				t.Fatalf("err = %v, want ErrDuplicate", err)
			}
			if b, _ := l.Balance(ctx, wallet.ID); b != 301_00 {
				t.Fatalf("wallet = %s", b)
			}
		})
		t.Run("ConcurrentDebitsNeverOverdraw", func(t *testing.T) {
			// 301.00 in the wallet, 10 debits of 100.00 at once: 3 pass.
			var wg sync.WaitGroup
			var mu sync.Mutex
			ok, refused := 0, 0
			for range 10 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					err := l.Post(ctx, journal(ledger.WithdrawHold, m.ID, ledger.Move(wallet, ledger.WithdrawalsPending, 100_00)))
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						ok++
					case errs.HasCode(err, errs.MoneyNotEnough):
						refused++
					default:
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if ok != 3 || refused != 7 {
				t.Fatalf("%d debits passed and %d were refused, want 3 and 7", ok, refused)
			}
			mustVerify(t, l)
		})
		t.Run("SystemBalancesComeFromPostings", func(t *testing.T) {
			// A system account keeps no balance of its own (no row every
			// transfer of a game must lock): its stored balance stays 0
			// and Balance sums its postings.
			before, err := l.Balance(ctx, ledger.Clearing("HOTGAME").ID)
			if err != nil || before != 0 {
				t.Fatalf("new clearing account: %s, %v", before, err)
			}
			for range 3 {
				if err := l.Post(ctx, journal(ledger.Adjustment, m.ID, ledger.Move(ledger.Deposits, ledger.Clearing("HOTGAME"), 7))); err != nil {
					t.Fatal(err)
				}
			}
			var stored money.Satang
			if err := db.SQL().QueryRowContext(ctx, rebind(db, `SELECT balance FROM ledger_accounts WHERE id = ?`), ledger.Clearing("HOTGAME").ID).Scan(&stored); err != nil || stored != 0 {
				t.Fatalf("stored clearing balance %s, %v", stored, err)
			}
			if b, err := l.Balance(ctx, ledger.Clearing("HOTGAME").ID); err != nil || b != 21 {
				t.Fatalf("clearing balance %s, %v; want 0.21", b, err)
			}
			mustVerify(t, l)
			// A stored system balance is a write that should not happen:
			// check reports it.
			if _, err := db.SQL().ExecContext(ctx, rebind(db, `UPDATE ledger_accounts SET balance = 21 WHERE id = ?`), ledger.Clearing("HOTGAME").ID); err != nil {
				t.Fatal(err)
			}
			r, err := l.Verify(ctx, time.Now())
			if err != nil || r.OK() || !strings.Contains(strings.Join(r.Problems, "\n"), "system account clearing:HOTGAME stores a balance") {
				t.Fatalf("a stored system balance was not reported: %+v, %v", r, err)
			}
			if _, err := db.SQL().ExecContext(ctx, rebind(db, `UPDATE ledger_accounts SET balance = 0 WHERE id = ?`), ledger.Clearing("HOTGAME").ID); err != nil {
				t.Fatal(err)
			}
			mustVerify(t, l)
		})
		t.Run("VerifyCatchesCorruption", func(t *testing.T) {
			r := mustVerify(t, l)
			if r.Journals == 0 || r.Accounts == 0 {
				t.Fatalf("report = %+v", r)
			}
			if _, err := db.SQL().ExecContext(ctx, rebind(db, `UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ?`), wallet.ID); err != nil {
				t.Fatal(err)
			}
			r, err := l.Verify(ctx, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if r.OK() || !strings.Contains(strings.Join(r.Problems, "\n"), wallet.ID) {
				t.Fatalf("a corrupted balance was not reported: %+v", r)
			}
			if !strings.Contains(r.Summary(), "1 problem") {
				t.Fatalf("summary = %q", r.Summary())
			}
		})
		t.Run("VerifyCatchesUnbalancedJournal", func(t *testing.T) {
			j := journal(ledger.Adjustment, m.ID, ledger.Move(ledger.Adjustments, ledger.Deposits, 5))
			if err := l.Post(ctx, j); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SQL().ExecContext(ctx, rebind(db, `UPDATE postings SET amount = 6 WHERE journal_id = ? AND amount = 5`), j.ID); err != nil {
				t.Fatal(err)
			}
			r, _ := l.Verify(ctx, time.Now())
			if !strings.Contains(strings.Join(r.Problems, "\n"), "journal "+j.ID) {
				t.Fatalf("an unbalanced journal was not reported: %v", r.Problems)
			}
		})
		// On PostgreSQL the ledger's references are checked by the
		// statements that write them, not by foreign keys (migration 0018):
		// check reports a row whose reference is missing. SQLite keeps its
		// foreign keys and refuses such rows.
		t.Run("VerifyCatchesDanglingReferences", func(t *testing.T) {
			now := time.Now().UTC()
			rows := []struct {
				insert string
				args   []any
				report string
			}{
				{`INSERT INTO postings (journal_id, account_id, amount, created_at) VALUES (?, ?, 1, ?)`, []any{"no-journal", wallet.ID, now},
					"posting of journal no-journal to account " + wallet.ID + ": no such journal"},
				{`INSERT INTO journals (id, kind, ref, member_id, memo, created_by, created_at) VALUES (?, 'adjustment', ?, ?, '', 'test', ?)`,
					[]any{"j-stray", "ref-stray", "no-member", now}, "journal j-stray: no such member no-member"},
				{`INSERT INTO postings (journal_id, account_id, amount, created_at) VALUES (?, ?, 1, ?)`, []any{"j-stray", "no-account", now},
					"posting of journal j-stray to account no-account: no such account"},
				{`INSERT INTO transfers (` + "id, member_id, game_code, username, direction, amount, state, attempts, created_at, updated_at, next_check_at" + `)
					VALUES (?, ?, ?, 'u', 'in', 1, 'DONE', 0, ?, ?, ?)`, []any{"t-stray", m.ID, "NO-GAME", now, now, now},
					"transfer t-stray: no such game NO-GAME"},
			}
			for _, row := range rows {
				_, err := db.SQL().ExecContext(ctx, rebind(db, row.insert), row.args...)
				if db.Dialect() == sqlstore.SQLite {
					if err == nil {
						t.Fatalf("SQLite took a row with a missing reference: %s", row.report)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if db.Dialect() == sqlstore.SQLite {
				return
			}
			r, err := l.Verify(ctx, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range rows {
				if !slices.Contains(r.Problems, row.report) {
					t.Errorf("not reported: %q (problems: %q)", row.report, r.Problems)
				}
			}
		})
	})
}

// rebind writes a query with ? placeholders for the dialect of db.
func rebind(db *sqlstore.DB, q string) string {
	if db.Dialect() == sqlstore.SQLite {
		return q
	}
	return sqlx.Rebind(sqlx.DOLLAR, q)
}

// TestLedgerFunctionsReapplied: on PostgreSQL the ledger's functions are
// (re)applied by every migrate, so a start with them already there, or
// with an older text of them, ends with the one definition of
// functions/postgres.sql, and posting goes on.
func TestLedgerFunctionsReapplied(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		if db.Dialect() == sqlstore.Postgres {
			if _, err := db.SQL().ExecContext(ctx, `CREATE OR REPLACE FUNCTION ngern_post(
				p_id TEXT, p_kind TEXT, p_ref TEXT, p_member TEXT, p_memo TEXT, p_by TEXT, p_at TIMESTAMPTZ,
				p_accounts TEXT[], p_kinds TEXT[], p_members TEXT[], p_games TEXT[], p_amounts BIGINT[], p_of TEXT)
				RETURNS BIGINT LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'stale'; END $$`); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("migrate again: %v", err)
		}
		seed(t, db)
		m := newMember("0812345670", "1234567800")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		l := sqlstore.NewLedger(db)
		credit(t, l, m.ID, 10_00)
		if b, err := l.Balance(ctx, ledger.Wallet(m.ID).ID); err != nil || b != 10_00 {
			t.Fatalf("balance %s, %v", b, err)
		}
	})
}
