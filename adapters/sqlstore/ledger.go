package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/spin"
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

// Balance returns an account's balance, 0 when it has none yet. A system
// account's balance is the sum of its postings (migration 0005): they keep
// no balance of their own, so that no transfer waits on another for the
// clearing account of a game.
func (l *Ledger) Balance(ctx context.Context, accountID string) (money.Satang, error) {
	st, err := l.db.prepared(ctx, nil, `SELECT CASE WHEN a.kind = 'system'
			THEN (SELECT COALESCE(SUM(p.amount), 0) FROM postings p WHERE p.account_id = a.id)
			ELSE a.balance END
		FROM ledger_accounts a WHERE a.id = ?`)
	if err != nil {
		return 0, err
	}
	var b money.Satang
	err = st.GetContext(ctx, &b, accountID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return b, err
}

// balance returns a member account's materialised balance.
func balance(ctx context.Context, db *DB, accountID string) (money.Satang, error) {
	st, err := db.prepared(ctx, nil, `SELECT balance FROM ledger_accounts WHERE id = ?`)
	if err != nil {
		return 0, err
	}
	var b money.Satang
	err = st.GetContext(ctx, &b, accountID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return b, err
}

// The statements of post, prepared (see DB.prepared).
const (
	insertJournal = `INSERT INTO journals (id, kind, ref, member_id, memo, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`
	debitMember = `UPDATE ledger_accounts SET balance = balance - ?
		WHERE id = ? AND balance >= ? RETURNING balance`
	creditAccount = `INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET balance = ledger_accounts.balance + excluded.balance
		RETURNING balance`
	// A system account only needs to exist (for the postings' foreign
	// key); its balance is derived from its postings.
	ensureSystemAccount = `INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at)
		VALUES (?, ?, ?, ?, 0, ?) ON CONFLICT (id) DO NOTHING`
)

// postingsInsert returns the insert of n postings; n is 2 or 3 for every
// journal there is, so few statements are prepared. A posting carries its
// journal's time (migration 0032), which the reports range on.
func postingsInsert(n int) string {
	return `INSERT INTO postings (journal_id, account_id, amount, created_at) VALUES ` +
		strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?), ", n), ", ")
}

// post records the journals of one movement in tx, in order: for each, the
// journal row, the balance of every member account it touches (a system
// account is created if missing, its balance is its postings' sum), and
// its postings. A debit of a member account is a conditional update that
// refuses to go below zero (MONEY_NOT_ENOUGH); the CHECK on the table holds
// the same line should any other statement try. The movement is core's
// whole: a deposit's coins come with it (deposit.Coins), no rule of the
// domain is added here.
func (db *DB) post(ctx context.Context, tx *sqlx.Tx, m ...ledger.Journal) error {
	for _, j := range m {
		if _, err := db.postFor(ctx, tx, j, ""); err != nil {
			return err
		}
	}
	return nil
}

// transition is the one way this package moves a row to another state
// together with money: in tx, the guarded update (a conditional UPDATE)
// must change exactly one row, the row being in the state it expects, and
// then the journals of m are posted. When the update changes no row,
// nothing is posted and transition answers false: another writer moved
// the row first, and of two concurrent transitions only one posts.
//
// The updates are a fixed set of statements, prepared (DB.prepared).
func (db *DB) transition(ctx context.Context, tx *sqlx.Tx, g guard, m ...ledger.Journal) (bool, error) {
	st, err := db.prepared(ctx, tx, g.update)
	if err != nil {
		return false, err
	}
	if g.into != nil {
		err := st.GetContext(ctx, g.into, g.args...)
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
	} else {
		res, err := st.ExecContext(ctx, g.args...)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return false, err
		}
	}
	if g.then != nil {
		if err := g.then(); err != nil {
			return true, err
		}
	}
	return true, db.post(ctx, tx, m...)
}

// guard is the conditional UPDATE of a transition and its arguments; with
// into, the update RETURNs columns of the row, scanned into it. then, when
// set, runs after the update matched and before the journals: what else
// the transition writes, in the order rows are locked everywhere (e.g. a
// game account before the ledger's accounts).
type guard struct {
	update string
	args   []any
	into   any
	then   func() error
}

// postFor is post that also returns the balance, after j, of the account
// with id of (0 when j does not touch it), read by the statement that
// changed it rather than by another query.
//
// On PostgreSQL the function ngern_post (functions/postgres.sql) runs these
// statements in one round trip; on SQLite they are sent one by one.
func (db *DB) postFor(ctx context.Context, tx *sqlx.Tx, j ledger.Journal, of string) (money.Satang, error) {
	if db.dialect == Postgres {
		return db.postFunction(ctx, tx, j, of)
	}
	var after money.Satang
	if err := j.Validate(); err != nil {
		return 0, err
	}
	var member any
	if j.MemberID != "" {
		member = j.MemberID
	}
	st, err := db.prepared(ctx, tx, insertJournal)
	if err != nil {
		return 0, err
	}
	_, err = st.ExecContext(ctx, j.ID, j.Kind, j.Ref, member, j.Memo, j.By, utc(j.CreatedAt))
	if _, dup := uniqueViolation(err); dup {
		return 0, ledger.ErrDuplicate
	}
	if err != nil {
		return 0, err
	}
	ps := lockOrder(j.Postings)
	args := make([]any, 0, 4*len(ps))
	// Recorded now, announced when tx ends (announce.go).
	db.announce(tx, journalMembers(j)...)
	for _, p := range ps {
		a := p.Account
		var bal money.Satang
		if !a.Member() {
			var game any
			if a.Game != "" {
				game = a.Game
			}
			st, err := db.prepared(ctx, tx, ensureSystemAccount)
			if err != nil {
				return 0, err
			}
			if _, err := st.ExecContext(ctx, a.ID, a.Kind, nil, game, utc(j.CreatedAt)); err != nil {
				return 0, err
			}
		} else if p.Amount < 0 {
			st, err := db.prepared(ctx, tx, debitMember)
			if err != nil {
				return 0, err
			}
			err = st.QueryRowxContext(ctx, -p.Amount, a.ID, -p.Amount).Scan(&bal)
			if errors.Is(err, sql.ErrNoRows) {
				return 0, errs.New(errs.MoneyNotEnough)
			}
			if err != nil {
				return 0, err
			}
		} else {
			var memberID, game any
			if a.MemberID != "" {
				memberID = a.MemberID
			}
			if a.Game != "" {
				game = a.Game
			}
			st, err := db.prepared(ctx, tx, creditAccount)
			if err != nil {
				return 0, err
			}
			err = st.QueryRowxContext(ctx, a.ID, a.Kind, memberID, game, p.Amount, utc(j.CreatedAt)).Scan(&bal)
			if checkViolation(err) {
				return 0, errs.New(errs.MoneyNotEnough)
			}
			if err != nil {
				return 0, err
			}
		}
		if a.ID == of {
			after = bal
		}
		args = append(args, j.ID, a.ID, p.Amount, utc(j.CreatedAt))
	}
	if len(ps) > 4 {
		_, err = tx.ExecContext(ctx, db.q(postingsInsert(len(ps))), args...)
		return after, err
	}
	st, err = db.prepared(ctx, tx, postingsInsert(len(ps)))
	if err != nil {
		return 0, err
	}
	_, err = st.ExecContext(ctx, args...)
	return after, err
}

// postFunction is postFor on PostgreSQL: ngern_post runs its statements.
func (db *DB) postFunction(ctx context.Context, tx *sqlx.Tx, j ledger.Journal, of string) (money.Satang, error) {
	var after money.Satang
	err := db.callLedger(ctx, tx, `SELECT ngern_post(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, nil, j, []any{of}, &after)
	if err != nil {
		return 0, functionError(err)
	}
	return after, nil
}

// lockOrder sorts postings in the one order rows are locked everywhere
// (member accounts, then system accounts, each by id), so that two
// journals never wait on each other.
func lockOrder(postings []ledger.Posting) []ledger.Posting {
	ps := slices.Clone(postings)
	slices.SortFunc(ps, func(a, b ledger.Posting) int {
		if a.Account.Member() != b.Account.Member() {
			if a.Account.Member() {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Account.ID, b.Account.ID)
	})
	return ps
}

// journalArgs are the arguments of j for the PostgreSQL function
// ngern_post and the functions that call it (functions/postgres.sql): the journal
// (7 values), then its postings in lock order as five arrays (accounts,
// kinds, members, games, amounts; an empty string for no member or game).
func journalArgs(j ledger.Journal) ([]any, error) {
	if err := j.Validate(); err != nil {
		return nil, err
	}
	ps := lockOrder(j.Postings)
	var (
		ids, kinds, members, games = make([]string, len(ps)), make([]string, len(ps)), make([]string, len(ps)), make([]string, len(ps))
		amounts                    = make([]int64, len(ps))
	)
	for i, p := range ps {
		ids[i], kinds[i], members[i], games[i] = p.Account.ID, string(p.Account.Kind), p.Account.MemberID, p.Account.Game
		amounts[i] = int64(p.Amount)
	}
	return []any{j.ID, j.Kind, j.Ref, j.MemberID, j.Memo, j.By, utc(j.CreatedAt),
		pq.StringArray(ids), pq.StringArray(kinds), pq.StringArray(members), pq.StringArray(games), pq.Int64Array(amounts)}, nil
}

// maxProblems caps each kind of problem Verify reports.
const maxProblems = 20

// Verify checks the invariants of the ledger in one consistent snapshot:
// every journal has at least two postings summing to zero, and so does the
// whole book; every member account's balance is the sum of its postings
// (a system account's balance is that sum by definition, and its stored
// column must stay 0); no member account is below zero; no transfer is
// still open from before openBefore.
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
		// Member accounts keep a balance, which must be the sum of their
		// postings; a system account's balance is that sum by definition,
		// so its own column must stay 0 (anything else is a write that
		// should not have happened).
		if err := tx.SelectContext(ctx, &drift, l.db.q(`SELECT a.id, a.balance, COALESCE(SUM(p.amount), 0) AS total
			FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
			WHERE a.kind <> 'system'
			GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(p.amount), 0)
			ORDER BY a.id LIMIT ?`), maxProblems); err != nil {
			return err
		}
		for _, d := range drift {
			r.Problems = append(r.Problems, fmt.Sprintf("account %s: balance %s but its postings sum to %s", d.ID, d.Balance, d.Total))
		}
		var stored []struct {
			ID      string       `db:"id"`
			Balance money.Satang `db:"balance"`
		}
		if err := tx.SelectContext(ctx, &stored, l.db.q(`SELECT id, balance FROM ledger_accounts
			WHERE kind = 'system' AND balance <> 0 ORDER BY id LIMIT ?`), maxProblems); err != nil {
			return err
		}
		for _, d := range stored {
			r.Problems = append(r.Problems, fmt.Sprintf("system account %s stores a balance (%s); its balance is its postings' sum", d.ID, d.Balance))
		}
		if err := verifyUnits(ctx, l.db, tx, &r.Problems); err != nil {
			return err
		}
		// Every reference of the ledger's rows names a row that exists: on
		// PostgreSQL no foreign key checks them as they are written
		// (migration 0018), the statements that write them do.
		var dangling []string
		if err := tx.SelectContext(ctx, &dangling, l.db.q(`SELECT what FROM (
				SELECT 'posting of journal ' || p.journal_id || ' to account ' || p.account_id || ': no such ' ||
					CASE WHEN j.id IS NULL THEN 'journal' ELSE 'account' END AS what
				FROM postings p LEFT JOIN journals j ON j.id = p.journal_id
					LEFT JOIN ledger_accounts a ON a.id = p.account_id
				WHERE j.id IS NULL OR a.id IS NULL
				UNION ALL
				SELECT 'journal ' || j.id || ': no such member ' || j.member_id
				FROM journals j LEFT JOIN members m ON m.id = j.member_id
				WHERE j.member_id IS NOT NULL AND m.id IS NULL
				UNION ALL
				SELECT 'transfer ' || t.id || ': no such ' || CASE WHEN m.id IS NULL THEN 'member ' || t.member_id ELSE 'game ' || t.game_code END
				FROM transfers t LEFT JOIN members m ON m.id = t.member_id LEFT JOIN games g ON g.code = t.game_code
				WHERE m.id IS NULL OR g.code IS NULL
			) AS x ORDER BY what LIMIT ?`), maxProblems); err != nil {
			return err
		}
		r.Problems = append(r.Problems, dangling...)
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
		if err := verifyDeposits(ctx, l.db, tx, &r.Problems); err != nil {
			return err
		}
		return verifySeamless(ctx, l.db, tx, &r.Problems)
	})
	return r, err
}

// verifyUnits checks the book balances in each unit on its own and that no
// journal mixes coins and satang.
func verifyUnits(ctx context.Context, db *DB, tx *sqlx.Tx, problems *[]string) error {
	// Every journal balanced means all postings together sum to zero;
	// said once more over the whole book, in each unit on its own
	// (coins and satang never add up), where a posting without a
	// journal would show.
	var totals struct {
		Satang money.Satang `db:"satang"`
		Coins  int64        `db:"coins"`
	}
	if err := tx.GetContext(ctx, &totals, `SELECT
			COALESCE(SUM(CASE WHEN `+coinUnit+` THEN 0 ELSE p.amount END), 0) AS satang,
			COALESCE(SUM(CASE WHEN `+coinUnit+` THEN p.amount ELSE 0 END), 0) AS coins
		FROM postings p JOIN ledger_accounts a ON a.id = p.account_id`); err != nil {
		return err
	}
	if totals.Satang != 0 {
		*problems = append(*problems, fmt.Sprintf("the book does not balance: all postings in satang sum to %s", totals.Satang))
	}
	if totals.Coins != 0 {
		*problems = append(*problems, fmt.Sprintf("the coins do not balance: all postings in coins sum to %d", totals.Coins))
	}
	var mixed []string
	if err := tx.SelectContext(ctx, &mixed, db.q(`SELECT p.journal_id FROM postings p
		JOIN ledger_accounts a ON a.id = p.account_id
		GROUP BY p.journal_id HAVING MIN(CASE WHEN `+coinUnit+` THEN 1 ELSE 0 END) <> MAX(CASE WHEN `+coinUnit+` THEN 1 ELSE 0 END)
		ORDER BY p.journal_id LIMIT ?`), maxProblems); err != nil {
		return err
	}
	for _, id := range mixed {
		*problems = append(*problems, fmt.Sprintf("journal %s mixes coins and satang", id))
	}
	return nil
}

// coinUnit is the SQL test that the account a counts coins (see
// ledger.Account.Unit).
const coinUnit = `(a.kind = 'coin' OR a.id = 'sys:coins')`

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

// memberJournals is the predicate of PostgreSQL's index of journals by
// member (journals_member_own_idx, migration 0038) for a query that
// aliases journals as j: every journal but a transfer's, which no query
// reads by member and of which every transfer posts two. A query that
// reads journals by member and gives their kind as a parameter names it
// (with generic plans PostgreSQL cannot prove it from a parameter); one
// that lists kinds as literals implies it. SQLite's journals_member_idx
// holds every journal and serves both.
const memberJournals = `j.kind NOT IN ('` + string(ledger.TransferReserve) + `', '` +
	string(ledger.TransferSettle) + `', '` + string(ledger.TransferReverse) + `')`

// listedKinds are the journal kinds the console lists by kind, newest
// first; each has a partial index journals_<kind>_idx (migration 0025), so
// that the journals of transfers, bets and withdrawals (nearly all of them)
// write to none.
var listedKinds = []ledger.JournalKind{ledger.Adjustment, deposit.JournalKind, spin.KindCoinGrant}

// listedKind is the condition "alias.kind is k" with k as a literal: with
// generic plans (plan_cache_mode, docs/performance.md) a parameter would not
// let PostgreSQL prove the partial index's condition, nor SQLite match it. k is one of
// listedKinds, constants of the code, never input.
func listedKind(alias string, k ledger.JournalKind) string {
	if !slices.Contains(listedKinds, k) {
		panic("sqlstore: journals of kind " + string(k) + " are not indexed for listing")
	}
	return alias + ".kind = '" + string(k) + "'"
}

// kindPage is "FROM journals j" cut to one page of the journals of kind k,
// newest first: the page's ids are found along the partial index alone
// (index-only: kind, created_at and id are its columns), and only the page's
// journals are then read and joined. Joining before the OFFSET looked up
// the posting and member of every skipped row: page 100 of the deposit
// credits read 5,000 of each, 0.5–0.6 s at a year's volume, 6 ms now. The
// caller still orders by j.created_at DESC, j.id DESC.
func kindPage(k ledger.JournalKind, offset, limit int) string {
	return ` FROM (SELECT pk.id FROM journals pk WHERE ` + listedKind("pk", k) + ` ORDER BY pk.created_at DESC, pk.id DESC` +
		literalPage(offset, limit) + `) pg JOIN journals j ON j.id = pg.id `
}

// literalPage is " LIMIT limit OFFSET offset" with the numbers written in:
// with generic plans a LIMIT parameter is planned as a tenth of the rows,
// which makes reading and sorting them all look cheaper than walking an
// index for one page.
func literalPage(offset, limit int) string {
	return " LIMIT " + strconv.Itoa(max(limit, 0)) + " OFFSET " + strconv.Itoa(max(offset, 0))
}
