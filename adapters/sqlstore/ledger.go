package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Ledger implements ledger.Store.
type Ledger struct{ db *DB }

// NewLedger returns the ledger of db.
func NewLedger(db *DB) *Ledger { return &Ledger{db: db} }

var _ ledger.Store = (*Ledger)(nil)

// Post records a journal in its own transaction.
func (l *Ledger) Post(ctx context.Context, j ledger.Journal) error {
	return l.db.inTx(ctx, func(tx *sqlx.Tx) error { return l.db.post(ctx, tx, j) })
}

// Balance returns an account's balance, 0 when it has none yet.
func (l *Ledger) Balance(ctx context.Context, accountID string) (money.Satang, error) {
	return balance(ctx, l.db, l.db.x, accountID)
}

func balance(ctx context.Context, db *DB, q queryer, accountID string) (money.Satang, error) {
	var b money.Satang
	err := q.GetContext(ctx, &b, db.q(`SELECT balance FROM ledger_accounts WHERE id = ?`), accountID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return b, err
}

// post records j in tx: the journal row, the balance of every account it
// touches, and its postings. A debit of a member account is a conditional
// update that refuses to go below zero (MONEY_NOT_ENOUGH); the CHECK on the
// table holds the same line should any other statement try.
func (db *DB) post(ctx context.Context, tx *sqlx.Tx, j ledger.Journal) error {
	if err := j.Validate(); err != nil {
		return err
	}
	var member any
	if j.MemberID != "" {
		member = j.MemberID
	}
	_, err := tx.ExecContext(ctx, db.q(`INSERT INTO journals (id, kind, ref, member_id, memo, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`), j.ID, j.Kind, j.Ref, member, j.Memo, j.By, utc(j.CreatedAt))
	if _, dup := uniqueViolation(err); dup {
		return ledger.ErrDuplicate
	}
	if err != nil {
		return err
	}
	// Rows are locked in one order everywhere (member accounts, then system
	// accounts, each by id) so that two journals never wait on each other.
	ps := slices.Clone(j.Postings)
	slices.SortFunc(ps, func(a, b ledger.Posting) int {
		if a.Account.Member() != b.Account.Member() {
			if a.Account.Member() {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Account.ID, b.Account.ID)
	})
	args := make([]any, 0, 3*len(ps))
	for _, p := range ps {
		a := p.Account
		if p.Amount < 0 && a.Member() {
			res, err := tx.ExecContext(ctx, db.q(`UPDATE ledger_accounts SET balance = balance - ?
				WHERE id = ? AND balance >= ?`), -p.Amount, a.ID, -p.Amount)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n != 1 {
				return errs.New(errs.MoneyNotEnough)
			}
		} else {
			var memberID, game any
			if a.MemberID != "" {
				memberID = a.MemberID
			}
			if a.Game != "" {
				game = a.Game
			}
			_, err := tx.ExecContext(ctx, db.q(`INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
				VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT (id) DO UPDATE SET balance = ledger_accounts.balance + excluded.balance`),
				a.ID, a.Kind, memberID, game, p.Amount, utc(j.CreatedAt))
			if checkViolation(err) {
				return errs.New(errs.MoneyNotEnough)
			}
			if err != nil {
				return err
			}
		}
		args = append(args, j.ID, a.ID, p.Amount)
	}
	values := strings.TrimSuffix(strings.Repeat("(?, ?, ?), ", len(ps)), ", ")
	_, err = tx.ExecContext(ctx, db.q(`INSERT INTO postings (journal_id, account_id, amount) VALUES `+values), args...)
	return err
}

// maxProblems caps each kind of problem Verify reports.
const maxProblems = 20

// Verify checks the invariants of the ledger in one consistent snapshot:
// every journal has at least two postings summing to zero; every account's
// balance is the sum of its postings; no member account is below zero; no
// transfer is still open from before openBefore.
func (l *Ledger) Verify(ctx context.Context, openBefore time.Time) (ledger.Report, error) {
	var r ledger.Report
	err := l.db.readTx(ctx, func(tx *sqlx.Tx) error {
		for _, c := range []struct {
			n     *int
			query string
		}{
			{&r.Journals, `SELECT COUNT(*) FROM journals`},
			{&r.Accounts, `SELECT COUNT(*) FROM ledger_accounts`},
			{&r.OpenTransfers, `SELECT COUNT(*) FROM transfers WHERE state IN ('PENDING', 'UNKNOWN')`},
		} {
			if err := tx.GetContext(ctx, c.n, c.query); err != nil {
				return err
			}
		}
		var unbalanced []struct {
			ID    string       `db:"id"`
			Total money.Satang `db:"total"`
			N     int          `db:"n"`
		}
		if err := tx.SelectContext(ctx, &unbalanced, l.db.q(`SELECT j.id, COALESCE(SUM(p.amount), 0) AS total, COUNT(p.account_id) AS n
			FROM journals j LEFT JOIN postings p ON p.journal_id = j.id
			GROUP BY j.id HAVING COALESCE(SUM(p.amount), 0) <> 0 OR COUNT(p.account_id) < 2
			ORDER BY j.id LIMIT ?`), maxProblems); err != nil {
			return err
		}
		for _, u := range unbalanced {
			r.Problems = append(r.Problems, fmt.Sprintf("journal %s: %d postings summing to %s", u.ID, u.N, u.Total))
		}
		var drift []struct {
			ID      string       `db:"id"`
			Balance money.Satang `db:"balance"`
			Total   money.Satang `db:"total"`
		}
		if err := tx.SelectContext(ctx, &drift, l.db.q(`SELECT a.id, a.balance, COALESCE(SUM(p.amount), 0) AS total
			FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
			GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(p.amount), 0)
			ORDER BY a.id LIMIT ?`), maxProblems); err != nil {
			return err
		}
		for _, d := range drift {
			r.Problems = append(r.Problems, fmt.Sprintf("account %s: balance %s but its postings sum to %s", d.ID, d.Balance, d.Total))
		}
		var negative []struct {
			ID      string       `db:"id"`
			Balance money.Satang `db:"balance"`
		}
		if err := tx.SelectContext(ctx, &negative, l.db.q(`SELECT id, balance FROM ledger_accounts
			WHERE kind <> 'system' AND balance < 0 ORDER BY id LIMIT ?`), maxProblems); err != nil {
			return err
		}
		for _, n := range negative {
			r.Problems = append(r.Problems, fmt.Sprintf("member account %s is negative: %s", n.ID, n.Balance))
		}
		var stuck []struct {
			ID        string    `db:"id"`
			State     string    `db:"state"`
			CreatedAt time.Time `db:"created_at"`
		}
		if err := tx.SelectContext(ctx, &stuck, l.db.q(`SELECT id, state, created_at FROM transfers
			WHERE state IN ('PENDING', 'UNKNOWN') AND created_at < ? ORDER BY created_at LIMIT ?`), utc(openBefore), maxProblems); err != nil {
			return err
		}
		for _, s := range stuck {
			r.Problems = append(r.Problems, fmt.Sprintf("transfer %s is %s since %s", s.ID, s.State, s.CreatedAt.UTC().Format(time.RFC3339)))
		}
		return nil
	})
	return r, err
}

// readTx runs fn in a read-only transaction that sees one snapshot. On
// SQLite a read-only transaction is a deferred one, so it takes no write
// lock and writers go on.
func (db *DB) readTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := db.x.BeginTxx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback()
	return fn(tx)
}
