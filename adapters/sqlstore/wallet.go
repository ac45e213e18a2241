package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/wallet"
)

// Wallet implements wallet.Store.
type Wallet struct {
	db    *DB
	homes *homeReads
}

// NewWallet returns the wallet repository of db.
func NewWallet(db *DB) *Wallet { return &Wallet{db: db, homes: newHomeReads(db)} }

var _ wallet.Store = (*Wallet)(nil)

const gameColumns = `code, name, logo, background, category, ft_wallet_slot, web, android, ios, active, sort`

// Games lists the catalogue in display order.
func (s *Wallet) Games(ctx context.Context, activeOnly bool) ([]wallet.Game, error) {
	where := ""
	if activeOnly {
		where = " WHERE active"
	}
	games := []wallet.Game{}
	err := s.db.x.SelectContext(ctx, &games, `SELECT `+gameColumns+` FROM games`+where+` ORDER BY sort, code`)
	return games, err
}

// Game returns a catalogue entry.
func (s *Wallet) Game(ctx context.Context, code string) (wallet.Game, error) {
	var g wallet.Game
	err := s.db.x.GetContext(ctx, &g, s.db.q(`SELECT `+gameColumns+` FROM games WHERE code = ?`), code)
	if errors.Is(err, sql.ErrNoRows) {
		return g, errs.New(errs.NoGame)
	}
	return g, err
}

// SeedGames stores games when the catalogue is empty.
func (s *Wallet) SeedGames(ctx context.Context, games []wallet.Game) (int, error) {
	stored := 0
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var n int
		if err := tx.GetContext(ctx, &n, `SELECT COUNT(*) FROM games`); err != nil || n > 0 {
			return err
		}
		for _, g := range games {
			res, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO games (`+gameColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (code) DO NOTHING`), g.Code, g.Name, g.Logo, g.Background, g.Category, g.FtWalletSlot,
				g.Web, g.Android, g.IOS, g.Active, g.Sort)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			stored += int(n)
		}
		return nil
	})
	return stored, err
}

// MemberHome reads the member with bank, wallet balance, coins (its coin
// account), every game account with its balance and the invite bonus
// waiting, in one statement that on PostgreSQL may serve several members
// at once (homereads.go). The games themselves come from the service's
// catalogue cache. Once the home cache is on (UseEvents), a read whose
// member has not changed since comes from memory (homecache.go). The
// answer may be shared with other requests of the same member: read it,
// do not change it.
func (s *Wallet) MemberHome(ctx context.Context, memberID string) (*wallet.MemberHome, error) {
	c := s.db.homeCache
	if c == nil {
		return s.homes.get(ctx, memberID)
	}
	if h := c.lookup(memberID); h != nil {
		return h, nil
	}
	e, epoch := c.ask(memberID)
	h, err := s.homes.get(ctx, memberID)
	if err == nil {
		c.keep(memberID, e, epoch, h)
	}
	return h, err
}

// WalletBalance returns the member's wallet balance.
func (s *Wallet) WalletBalance(ctx context.Context, memberID string) (money.Satang, error) {
	return balance(ctx, s.db, ledger.Wallet(memberID).ID)
}

// CreateGameAccount stores a game account.
func (s *Wallet) CreateGameAccount(ctx context.Context, a wallet.GameAccount) error {
	err := s.db.homeTx(ctx, func(tx *sqlx.Tx) ([]string, error) {
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO game_accounts
			(member_id, game_code, username, password_enc, version, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`),
			a.MemberID, a.Game, a.Username, a.Password, utc(a.CreatedAt), utc(a.CreatedAt))
		return []string{a.MemberID}, err
	})
	if _, dup := uniqueViolation(err); dup {
		return errs.New(errs.SlotAlreadyActive)
	}
	return err
}

// GameAccount returns the member's account with a game.
func (s *Wallet) GameAccount(ctx context.Context, memberID, game string) (wallet.GameAccount, error) {
	var row struct {
		Game       string         `db:"code"`
		GameActive bool           `db:"active"`
		MemberID   sql.NullString `db:"member_id"`
		Username   sql.NullString `db:"username"`
		Password   sql.NullString `db:"password_enc"`
		CreatedAt  sql.NullTime   `db:"created_at"`
	}
	st, err := s.db.prepared(ctx, nil, `SELECT g.code, g.active, ga.member_id, ga.username, ga.password_enc, ga.created_at
		FROM games g LEFT JOIN game_accounts ga ON ga.game_code = g.code AND ga.member_id = ?
		WHERE g.code = ?`)
	if err != nil {
		return wallet.GameAccount{}, err
	}
	err = st.GetContext(ctx, &row, memberID, game)
	if errors.Is(err, sql.ErrNoRows) {
		return wallet.GameAccount{}, errs.New(errs.NoGame)
	}
	if err != nil {
		return wallet.GameAccount{}, err
	}
	if !row.MemberID.Valid {
		return wallet.GameAccount{}, errs.New(errs.SlotNoAccount)
	}
	return wallet.GameAccount{MemberID: row.MemberID.String, Game: row.Game, Username: row.Username.String,
		Password: row.Password.String, GameActive: row.GameActive, CreatedAt: row.CreatedAt.Time}, nil
}

// GameAccounts lists the member's game accounts.
func (s *Wallet) GameAccounts(ctx context.Context, memberID string) ([]wallet.GameAccount, error) {
	out := []wallet.GameAccount{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT ga.member_id, ga.game_code, ga.username, ga.password_enc,
			g.active AS game_active, ga.created_at
		FROM game_accounts ga JOIN games g ON g.code = ga.game_code
		WHERE ga.member_id = ? ORDER BY g.sort, ga.game_code`), memberID)
	return out, err
}

// SetGamePassword replaces a sealed game password.
func (s *Wallet) SetGamePassword(ctx context.Context, memberID, game, sealed string, at time.Time) error {
	// No homeTx: the home is unchanged (the home reads no game password).
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE game_accounts SET password_enc = ?, updated_at = ?
		WHERE member_id = ? AND game_code = ?`), sealed, utc(at), memberID, game)
	return err
}

// GameSnapshot returns the balance, version and open transfers of a game
// account.
func (s *Wallet) GameSnapshot(ctx context.Context, memberID, game string) (wallet.GameSnapshot, error) {
	var snap wallet.GameSnapshot
	st, err := s.db.prepared(ctx, nil, `SELECT
			COALESCE((SELECT balance FROM ledger_accounts WHERE id = ?), 0) AS balance,
			ga.version,
			(SELECT COUNT(*) FROM transfers t WHERE t.member_id = ga.member_id AND t.game_code = ga.game_code
				AND t.state IN ('PENDING', 'UNKNOWN')) AS open_transfers
		FROM game_accounts ga WHERE ga.member_id = ? AND ga.game_code = ?`)
	if err != nil {
		return snap, err
	}
	err = st.GetContext(ctx, &snap, ledger.Game(memberID, game).ID, memberID, game)
	if errors.Is(err, sql.ErrNoRows) {
		return snap, errs.New(errs.SlotNoAccount)
	}
	return snap, err
}

// bumpVersion marks a change of the member's GAME balance in tx.
func (s *Wallet) bumpVersion(ctx context.Context, tx *sqlx.Tx, memberID, game string, at time.Time) error {
	// No homeTx: the home is unchanged (the home reads no version; the journal posted
	// beside it announces the change of balance).
	st, err := s.db.prepared(ctx, tx, `UPDATE game_accounts SET version = version + 1, updated_at = ?
		WHERE member_id = ? AND game_code = ?`)
	if err != nil {
		return err
	}
	_, err = st.ExecContext(ctx, utc(at), memberID, game)
	return err
}

// BookGameResult posts j if the game account's version is still version.
func (s *Wallet) BookGameResult(ctx context.Context, memberID, game string, version int64, j ledger.Journal) (bool, error) {
	// No homeTx: the home reads no version; post announces the balance.
	booked := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		booked, err = s.db.transition(ctx, tx, guard{update: `UPDATE game_accounts SET version = version + 1, updated_at = ?
			WHERE member_id = ? AND game_code = ? AND version = ?`, args: []any{utc(j.CreatedAt), memberID, game, version}}, j)
		return err
	})
	return booked && err == nil, err
}

const transferColumns = `id, member_id, game_code, username, direction, amount, state, attempts, created_at, updated_at, next_check_at`

// errNoGameAccount: no account of an active game to reserve a transfer on.
var errNoGameAccount = errors.New("no game account to reserve on")

// ReserveTransfer checks the member's account with the game, stores t and
// posts its reserve journal, in one transaction. The first statement both
// marks the change of the game account (its version) and is the check: it
// matches only an existing account of an active game (any game for Out) and
// returns the account's username, which t is stored with; only when it
// matches nothing does a second query tell NO_GAME from SLOT_NO_ACCOUNT.
func (s *Wallet) ReserveTransfer(ctx context.Context, t wallet.Transfer, j ledger.Journal) (wallet.Reservation, error) {
	from := ledger.Wallet(t.MemberID).ID
	if t.Direction == wallet.Out {
		from = ledger.Game(t.MemberID, t.Game).ID
	}
	var (
		r   wallet.Reservation
		err error
	)
	if s.db.dialect == Postgres {
		r, err = s.reservePostgres(ctx, t, j, from)
	} else {
		r, err = s.reserve(ctx, t, j, from)
	}
	if errors.Is(err, errNoGameAccount) {
		// Told apart after the transaction, which holds a connection: a
		// query of the pool inside it could wait for one forever.
		if _, err := s.GameAccount(ctx, t.MemberID, t.Game); err != nil {
			return wallet.Reservation{}, err // NO_GAME or SLOT_NO_ACCOUNT
		}
		return wallet.Reservation{}, errs.New(errs.NoGame) // switched off
	}
	if err != nil {
		return wallet.Reservation{}, err
	}
	return r, nil
}

// reservePostgres is ReserveTransfer in one round trip: the function
// ngern_reserve_transfer (functions/postgres.sql) runs the statements of reserve.
func (s *Wallet) reservePostgres(ctx context.Context, t wallet.Transfer, j ledger.Journal, from string) (wallet.Reservation, error) {
	var username sql.NullString
	var left sql.NullInt64
	err := s.db.callLedger(ctx, nil, `SELECT o_username, o_left FROM ngern_reserve_transfer(
		?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		[]any{t.ID, t.MemberID, t.Game, t.Direction, t.Amount, t.State, utc(t.CreatedAt), utc(t.UpdatedAt), utc(t.NextCheckAt)},
		j, []any{from}, &username, &left)
	switch {
	case err != nil:
		return wallet.Reservation{}, functionError(err)
	case !username.Valid:
		return wallet.Reservation{}, errNoGameAccount
	}
	return wallet.Reservation{Username: username.String, Left: money.Satang(left.Int64)}, nil
}

// functionError maps the errors of the transfer functions as post does
// its own: a member account that holds too little (check_violation) is
// MONEY_NOT_ENOUGH, a journal posted twice ledger.ErrDuplicate.
func functionError(err error) error {
	if checkViolation(err) {
		return errs.New(errs.MoneyNotEnough)
	}
	if c, dup := uniqueViolation(err); dup && c == "journals_kind_ref_uq" {
		return ledger.ErrDuplicate
	}
	return err
}

// reserve is ReserveTransfer statement by statement (SQLite).
func (s *Wallet) reserve(ctx context.Context, t wallet.Transfer, j ledger.Journal, from string) (wallet.Reservation, error) {
	// No homeTx: the home reads no version; postFor announces the
	// change of balance.
	var r wallet.Reservation
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		st, err := s.db.prepared(ctx, tx, `UPDATE game_accounts SET version = version + 1, updated_at = ?
			WHERE member_id = ? AND game_code = ?
				AND (? OR EXISTS (SELECT 1 FROM games g WHERE g.code = game_accounts.game_code AND g.active))
			RETURNING username`)
		if err != nil {
			return err
		}
		err = st.QueryRowxContext(ctx, utc(t.CreatedAt), t.MemberID, t.Game, t.Direction == wallet.Out).Scan(&r.Username)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoGameAccount
		}
		if err != nil {
			return err
		}
		if st, err = s.db.prepared(ctx, tx, `INSERT INTO transfers (`+transferColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`); err != nil {
			return err
		}
		if _, err := st.ExecContext(ctx, t.ID, t.MemberID, t.Game, r.Username, t.Direction, t.Amount, t.State,
			utc(t.CreatedAt), utc(t.UpdatedAt), utc(t.NextCheckAt)); err != nil {
			return err
		}
		r.Left, err = s.db.postFor(ctx, tx, j, from)
		return err
	})
	return r, err
}

// FinishTransfer moves an open transfer to a final state with its journal.
//
// On PostgreSQL it commits without waiting for the WAL flush
// (synchronous_commit = off for this transaction only). That is safe
// because FinishTransfer only runs after a definite answer of the provider
// (the call's, or the reconciler's status question), and the reservation
// before the call was committed durably: a database crash can lose only
// the last few hundred milliseconds of such commits, which leaves the
// transfer PENDING (or UNKNOWN) with its reservation, and the reconciler
// then asks the provider for the reference's status and settles or
// reverses it again, once (the conditional update and the unique
// (kind, ref) of journals see to that). Nothing can build durably on a
// lost settlement either: the WAL is one sequence, so any later durable
// commit (a transfer back out, a withdrawal, an idempotent answer) flushes
// every commit before it. A server killed outright loses nothing: the
// commit is in PostgreSQL's memory and written out within a fraction of a
// second. It saves one disk flush of the two per transfer.
func (s *Wallet) FinishTransfer(ctx context.Context, id string, state wallet.TransferState, j ledger.Journal, at time.Time) (bool, error) {
	if s.db.dialect == Postgres {
		// In one round trip: ngern_finish_transfer (functions/postgres.sql) runs
		// the statements below and sets synchronous_commit = off for its
		// own transaction.
		var finished bool
		err := s.db.callLedger(ctx, nil, `SELECT ngern_finish_transfer(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{id, state, utc(at)}, j, nil, &finished)
		if err != nil {
			return false, functionError(err)
		}
		return finished, nil
	}
	finished := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var t struct {
			MemberID string `db:"member_id"`
			Game     string `db:"game_code"`
		}
		// The conditional update is the lock: of two processes finishing
		// one transfer, the second finds it final and posts nothing.
		var err error
		finished, err = s.db.transition(ctx, tx, guard{update: `UPDATE transfers SET state = ?, updated_at = ?
			WHERE ` + openByID + ` RETURNING member_id, game_code`,
			args: []any{state, utc(at), id}, into: &t,
			then: func() error { return s.bumpVersion(ctx, tx, t.MemberID, t.Game, at) }}, j)
		return err
	})
	return finished && err == nil, err
}

// openByID is the condition by which a transfer that is still open is
// updated (settled, reversed, marked unknown): its id, and a state that is
// not final. It names the final states rather than the open ones
// (PENDING, UNKNOWN: the same rows, by the table's CHECK) so that the
// planner cannot prove the predicate of the partial index
// transfers_open_idx from it and finds the row by the primary key. Given
// "state IN ('PENDING', 'UNKNOWN')", PostgreSQL's generic plan without
// statistics scanned the whole of transfers_open_idx for the id, with a
// heap visit for every entry that an old snapshot kept alive: on a
// database where another transaction ran for minutes, 8,561 heap pages
// read per transfer (docs/performance.md, eighth pass).
// ngern_finish_transfer (functions/postgres.sql) writes the same.
const openByID = `id = ? AND state NOT IN ('DONE', 'FAILED')`

// MarkUnknown records that an open transfer's outcome is not known yet.
func (s *Wallet) MarkUnknown(ctx context.Context, id string, next, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE transfers SET state = 'UNKNOWN', attempts = attempts + 1,
		next_check_at = ?, updated_at = ? WHERE `+openByID), utc(next), utc(at), id)
	return err
}

// OpenTransfers lists the transfers the reconciler should ask about.
func (s *Wallet) OpenTransfers(ctx context.Context, pendingBefore, now time.Time, limit int) ([]wallet.Transfer, error) {
	out := []wallet.Transfer{}
	// The first condition is implied by the second; it names the predicate
	// of the partial index transfers_open_idx, so that SQLite reads the open
	// transfers only, not the whole table (PostgreSQL proves it either way).
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+transferColumns+` FROM transfers
		WHERE state IN ('PENDING', 'UNKNOWN')
			AND ((state = 'PENDING' AND updated_at < ?) OR (state = 'UNKNOWN' AND next_check_at <= ?))
		ORDER BY created_at LIMIT ?`), utc(pendingBefore), utc(now), limit)
	return out, err
}

// TransferStates returns the states of the member's transfers among ids.
func (s *Wallet) TransferStates(ctx context.Context, memberID string, ids []string) (map[string]wallet.TransferState, error) {
	out := make(map[string]wallet.TransferState, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	q, args, err := sqlx.In(`SELECT id, state FROM transfers WHERE member_id = ? AND id IN (?)`, memberID, ids)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		ID    string               `db:"id"`
		State wallet.TransferState `db:"state"`
	}
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(q), args...); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.State
	}
	return out, nil
}

// RequestWithdrawal stores a pending withdrawal with its hold journal.
func (s *Wallet) RequestWithdrawal(ctx context.Context, w wallet.Withdrawal, j ledger.Journal) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO withdrawals (id, member_id, amount, status, created_at)
			VALUES (?, ?, ?, ?, ?)`), w.ID, w.MemberID, w.Amount, w.Status, utc(w.CreatedAt))
		if _, dup := uniqueViolation(err); dup {
			return errs.New(errs.WithdrawPending)
		}
		if err != nil {
			return err
		}
		return s.db.post(ctx, tx, j)
	})
}

const withdrawalColumns = `w.id, w.member_id, w.amount, w.status, w.reason, w.decided_by, w.created_at, w.decided_at, m.phone, m.name,
	m.bank_code, m.bank_account_no, m.bank_account_name,
	COALESCE(p.id, '') AS payout_id, COALESCE(p.status, '') AS payout_status, COALESCE(p.reason, '') AS payout_reason`

// withdrawalFrom joins a withdrawal's member and its payout, if any.
const withdrawalFrom = ` FROM withdrawals w JOIN members m ON m.id = w.member_id LEFT JOIN payouts p ON p.withdrawal_id = w.id`

// Withdrawal returns a withdrawal.
func (s *Wallet) Withdrawal(ctx context.Context, id string) (wallet.Withdrawal, error) {
	var w wallet.Withdrawal
	err := s.db.x.GetContext(ctx, &w, s.db.q(`SELECT `+withdrawalColumns+withdrawalFrom+` WHERE w.id = ?`), id)
	if errors.Is(err, sql.ErrNoRows) {
		return w, errs.New(errs.NoData)
	}
	return w, err
}

// DecideWithdrawal moves a pending withdrawal to status with its journal.
func (s *Wallet) DecideWithdrawal(ctx context.Context, id string, status wallet.WithdrawalStatus, reason, by string, j ledger.Journal, at time.Time) (bool, error) {
	decided := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		decided, err = s.db.transition(ctx, tx, guard{update: `UPDATE withdrawals SET status = ?, reason = ?, decided_by = ?, decided_at = ?
			WHERE id = ? AND status = 'PENDING'`, args: []any{status, reason, by, utc(at), id}}, j)
		return err
	})
	return decided && err == nil, err
}

// Withdrawals lists withdrawals with status: pending ones oldest first,
// decided ones newest decided first; at most limit when limit > 0.
//
// The status is written into the statement, not passed as a parameter:
// under generic plans (docs/performance.md) PENDING, a few rows among all
// the decided ones, would be planned as a third of the table, and the
// partial withdrawals_pending_idx (migration 0039) is only usable when its
// condition is in the statement.
func (s *Wallet) Withdrawals(ctx context.Context, status wallet.WithdrawalStatus, limit int) ([]wallet.Withdrawal, error) {
	order := `w.created_at, w.id`
	switch status {
	case wallet.WithdrawalPending:
	case wallet.WithdrawalApproved, wallet.WithdrawalRejected:
		order = `w.decided_at DESC, w.id DESC`
	default:
		return nil, errs.Newf(errs.InvalidRequest, "unknown withdrawal status %q", status)
	}
	if limit > 0 {
		order += ` LIMIT ` + strconv.Itoa(limit)
	}
	out := []wallet.Withdrawal{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+withdrawalColumns+withdrawalFrom+`
		WHERE w.status = '`+string(status)+`' ORDER BY `+order))
	if err != nil || len(out) == 0 {
		return out, err
	}
	ids := make([]string, len(out))
	for i, w := range out {
		ids[i] = w.ID
	}
	q, args, err := sqlx.In(`SELECT withdrawal_id, operator FROM withdrawal_approvals
		WHERE withdrawal_id IN (?) ORDER BY at, operator`, ids)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		ID       string `db:"withdrawal_id"`
		Operator string `db:"operator"`
	}
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(q), args...); err != nil {
		return nil, err
	}
	by := map[string][]string{}
	for _, r := range rows {
		by[r.ID] = append(by[r.ID], r.Operator)
	}
	for i := range out {
		out[i].ApprovedBy = by[out[i].ID]
	}
	return out, nil
}

// PendingWithdrawals counts and sums the PENDING withdrawals along the
// partial withdrawals_pending_idx, index-only (the amount is in the index):
// its cost follows the queue, not the history.
func (s *Wallet) PendingWithdrawals(ctx context.Context) (int, money.Satang, error) {
	var r struct {
		N   int          `db:"n"`
		Sum money.Satang `db:"total"`
	}
	err := s.db.x.GetContext(ctx, &r, `SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM withdrawals WHERE status = 'PENDING'`)
	return r.N, r.Sum, err
}

// MemberWithdrawals lists the member's own withdrawals with their payouts,
// newest requested first, at most limit (withdrawals_member_time_idx).
func (s *Wallet) MemberWithdrawals(ctx context.Context, memberID string, limit int) ([]wallet.Withdrawal, error) {
	out := []wallet.Withdrawal{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+withdrawalColumns+withdrawalFrom+`
		WHERE w.member_id = ? ORDER BY w.created_at DESC, w.id DESC LIMIT ?`), memberID, limit)
	return out, err
}

// AddWithdrawalApproval records an operator's approval of a pending
// withdrawal; the primary key (withdrawal, operator) makes a second
// approval by the same operator fail, whatever runs concurrently.
func (s *Wallet) AddWithdrawalApproval(ctx context.Context, id, by string, at time.Time) error {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO withdrawal_approvals (withdrawal_id, operator, at)
		SELECT id, ?, ? FROM withdrawals WHERE id = ? AND status = 'PENDING'`), by, utc(at), id)
	if _, ok := uniqueViolation(err); ok {
		return errs.New(errs.SameApprover)
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errs.Newf(errs.NoData, "the withdrawal is not pending")
	}
	return nil
}

// WithdrawalApprovals names who approved a withdrawal, in order.
func (s *Wallet) WithdrawalApprovals(ctx context.Context, id string) ([]string, error) {
	out := []string{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT operator FROM withdrawal_approvals
		WHERE withdrawal_id = ? ORDER BY at, operator`), id)
	return out, err
}

// Transfer returns a transfer.
func (s *Wallet) Transfer(ctx context.Context, id string) (wallet.Transfer, error) {
	var t wallet.Transfer
	err := s.db.x.GetContext(ctx, &t, s.db.q(`SELECT `+transferColumns+` FROM transfers WHERE id = ?`), id)
	if errors.Is(err, sql.ErrNoRows) {
		return t, errs.New(errs.NoData)
	}
	return t, err
}

// Statement builds the member's statement from transfers, withdrawals,
// adjustment, deposit and spin prize journals (wallet postings only: coins
// never show), promotion receipts and ended conditions, and the rounds of
// seamless games, newest first. docs/api.md documents the mapping.
//
// A seamless round is one item (seamlessRounds): paging counts rounds, not
// callbacks, so a round's movements never split across pages; they are read
// for the page's rounds only (roundMovements). A round is dated by its last
// movement, so a late win brings it back to the top, as a new line would.
//
// The count is of each kind up to wallet.StatementCountCap + 1, so it is
// above the cap when the member has more.
func (s *Wallet) Statement(ctx context.Context, memberID string, offset, limit int) ([]wallet.StatementItem, int, error) {
	// Each kind is counted up to the cap and no further
	// (wallet.StatementCountCap): a member's count costs the same at a
	// hundred items and at a million.
	capped := func(from string) string {
		return `(SELECT COUNT(*) FROM (SELECT 1 FROM ` + from + ` LIMIT ` + strconv.Itoa(wallet.StatementCountCap+1) + `) c)`
	}
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT `+strings.Join([]string{
		capped(`transfers WHERE member_id = ?`),
		capped(`withdrawals WHERE member_id = ?`),
		capped(`journals WHERE member_id = ? AND kind IN ('adjustment', 'deposit', 'spin_prize')`),
		capped(`promo_receipts WHERE member_id = ?`),
		capped(`promo_conditions WHERE member_id = ? AND status <> 'ACTIVE'`),
		capped(`(` + seamlessRounds + `) r`),
	}, " + ")),
		memberID, memberID, memberID, memberID, memberID, memberID); err != nil {
		return nil, 0, err
	}
	var rows []struct {
		wallet.StatementItem
		Provider string       `db:"provider"`
		RoundKey string       `db:"round_key"`
		Game     string       `db:"game"`
		Stake    money.Satang `db:"stake"`
		Payout   money.Satang `db:"payout"`
	}
	// The three branches that grow with a member's history each keep only
	// their newest offset+limit rows, read backwards along their member
	// index, so a first page does not read and sort the whole history;
	// the page is the same, since it is within those rows of every branch.
	depth := offset + limit
	// The wallet journals, a kind at a time (statementJournalKinds).
	var journalBranches string
	var journalArgs []any
	for _, kind := range statementJournalKinds {
		journalBranches += `
		UNION ALL
		SELECT * FROM (` + statementJournals("'', '', '', 0, 0") + ` AND j.kind = '` + kind + `' ORDER BY j.created_at DESC, j.id DESC LIMIT ?) j_` + kind
		journalArgs = append(journalArgs, ledger.Wallet(memberID).ID, memberID, depth)
	}
	err := s.db.x.SelectContext(ctx, &rows, s.db.q(`
		SELECT * FROM (SELECT t.id, 'transfer' AS statement_type,
			CASE t.direction WHEN 'in' THEN 'WALLET' ELSE t.game_code END AS from_account,
			CASE t.direction WHEN 'in' THEN t.game_code ELSE 'WALLET' END AS to_account,
			t.amount,
			CASE t.state WHEN 'DONE' THEN 'SUCCESS' WHEN 'FAILED' THEN 'FAILED' ELSE 'PENDING' END AS status,
			t.created_at, '' AS description, '' AS source,
			'' AS provider, '' AS round_key, '' AS game, 0 AS stake, 0 AS payout, '' AS method, '' AS channel
		FROM transfers t WHERE t.member_id = ? ORDER BY t.created_at DESC, t.id DESC LIMIT ?) t
		UNION ALL
		SELECT * FROM (SELECT w.id, 'withdraw', 'WALLET', 'BANK', w.amount,
			CASE WHEN w.status = 'REJECTED' OR p.status = 'FAILED' THEN 'FAILED'
				WHEN w.status = 'APPROVED' AND (p.status IS NULL OR p.status = 'PAID') THEN 'SUCCESS' ELSE 'PENDING' END,
			w.created_at, CASE WHEN p.status = 'FAILED' THEN p.reason ELSE w.reason END, '', '', '',
			CASE WHEN w.status <> 'APPROVED' THEN w.status WHEN p.status IS NULL OR p.status = 'PAID' THEN 'APPROVED'
				WHEN p.status = 'FAILED' THEN 'FAILED' ELSE 'PAYING' END, 0, 0, '', ''
		FROM withdrawals w LEFT JOIN payouts p ON p.withdrawal_id = w.id WHERE w.member_id = ? ORDER BY w.created_at DESC, w.id DESC LIMIT ?) w
		`+journalBranches+`
		UNION ALL
		SELECT r.id, 'bonus', UPPER(r.source), 'WALLET', r.amount, 'SUCCESS', r.updated_at, r.code, r.source, '', '', '', 0, 0, '', ''
		FROM promo_receipts r WHERE r.member_id = ?
		UNION ALL
		SELECT c.id || ':end', 'finish_bonus', 'WALLET', UPPER(c.source),
			CASE WHEN c.forfeited > 0 THEN c.forfeited ELSE c.amount END,
			CASE c.status WHEN 'SUCCESS' THEN 'SUCCESS' WHEN 'FAILED' THEN 'FAILED' ELSE 'CANCELLED' END, c.ended_at, c.code, c.source,
			'', '', '', 0, 0, '', ''
		FROM promo_conditions c WHERE c.member_id = ? AND c.status <> 'ACTIVE'
		UNION ALL
		SELECT 'round:' || r.provider || ':' || r.round_key, '`+wallet.StatementRound+`', 'WALLET', r.provider, r.stake,
			r.status, r.created_at, COALESCE(g.name, r.game), r.provider, r.provider, r.round_key, r.game, r.stake, r.payout, '', ''
		FROM (`+seamlessRounds+`) r LEFT JOIN seamless_games g ON g.provider = r.provider AND g.code = r.game
		ORDER BY created_at DESC, id DESC
		LIMIT ? OFFSET ?`), append(append([]any{memberID, depth, memberID, depth}, journalArgs...), memberID, memberID, memberID,
		limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	items := make([]wallet.StatementItem, len(rows))
	var rounds []*wallet.Round
	for i, r := range rows {
		items[i] = r.StatementItem
		if r.Type == "withdraw" && r.Source == "" {
			// A withdrawal's line carries its progress in the game column
			// (wallet.Withdrawal.Progress, computed in SQL).
			items[i].Withdrawal = r.Game
		}
		if r.Type == wallet.StatementRound {
			// The description carries the game's name from the lobby's
			// catalogue, or its code when the catalogue does not list it.
			items[i].Round = &wallet.Round{Provider: r.Provider, Round: r.RoundKey, Game: r.Game, GameName: r.Description,
				Stake: r.Stake, Payout: r.Payout}
			rounds = append(rounds, items[i].Round)
		}
	}
	return items, total, s.roundMovements(ctx, memberID, rounds)
}

// seamlessMoves are a member's seamless callbacks that moved money, or
// closed a round (a win of 0), each with its round's key: the round id, or
// the transaction's own id for a win with none (as game_bets counts it); a
// rollback belongs to its bet's round, whatever round id it carries.
// Tombstones and rollbacks of bets never applied moved nothing and are left
// out. One parameter: the member id.
const seamlessMoves = `SELECT s.provider, s.tx_id, s.kind, s.state, s.game, s.amount, s.created_at,
		COALESCE(NULLIF(b.round_id, ''), b.tx_id, NULLIF(s.round_id, ''), s.tx_id) AS round_key
	FROM seamless_txs s
	LEFT JOIN seamless_txs b ON s.kind = 'rollback' AND b.provider = s.provider AND b.tx_id = s.ref_tx_id
	WHERE s.member_id = ? AND (s.journal_id IS NOT NULL OR s.kind = 'win')`

// seamlessRounds groups seamlessMoves by round: the stake (bets net of
// their rollbacks), the payout, the time of the last movement, and the
// status (CANCELLED when every bet was rolled back and nothing was won).
// One parameter: the member id.
const seamlessRounds = `SELECT m.provider, m.round_key, MAX(m.game) AS game,
		SUM(CASE m.kind WHEN 'bet' THEN m.amount WHEN 'rollback' THEN -m.amount ELSE 0 END) AS stake,
		SUM(CASE WHEN m.kind = 'win' THEN m.amount ELSE 0 END) AS payout,
		CASE WHEN SUM(CASE WHEN m.kind = 'win' OR m.state = 'applied' AND m.kind = 'bet' THEN 1 ELSE 0 END) = 0
			THEN 'CANCELLED' ELSE 'SUCCESS' END AS status,
		MAX(m.created_at) AS created_at
	FROM (` + seamlessMoves + `) m GROUP BY m.provider, m.round_key`

// roundMovements fills in the movements of a page's rounds, oldest first,
// read by their keys (movesOf).
func (s *Wallet) roundMovements(ctx context.Context, memberID string, rounds []*wallet.Round) error {
	if len(rounds) == 0 {
		return nil
	}
	by := map[roundKey]*wallet.Round{}
	var keys []roundKey
	for _, r := range rounds {
		k := roundKey{r.Provider, r.Round}
		by[k] = r
		keys = append(keys, k)
	}
	moves, err := s.movesOf(ctx, memberID, keys)
	if err != nil {
		return err
	}
	for _, m := range moves {
		if r := by[roundKey{m.Provider, m.RoundKey}]; r != nil {
			r.Movements = append(r.Movements, m.RoundMovement)
		}
	}
	return nil
}

// UpdateGame replaces a catalogue entry.
func (s *Wallet) UpdateGame(ctx context.Context, g wallet.Game) error {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE games SET name = ?, logo = ?, background = ?, category = ?,
		ft_wallet_slot = ?, web = ?, android = ?, ios = ?, active = ?, sort = ? WHERE code = ?`),
		g.Name, g.Logo, g.Background, g.Category, g.FtWalletSlot, g.Web, g.Android, g.IOS, g.Active, g.Sort, g.Code)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errs.New(errs.NoGame)
	}
	return nil
}
