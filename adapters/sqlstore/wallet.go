package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/wallet"
)

// Wallet implements wallet.Store.
type Wallet struct{ db *DB }

// NewWallet returns the wallet repository of db.
func NewWallet(db *DB) *Wallet { return &Wallet{db: db} }

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

// Home reads the member with bank and wallet balance, then every game shown
// with the member's account and balance: two queries whatever the number
// of games.
func (s *Wallet) Home(ctx context.Context, memberID string) (*wallet.Home, error) {
	var row struct {
		wallet.Home
		MemberID   string         `db:"id"`
		BankNameTH sql.NullString `db:"bank_name_th"`
		BankNameEN sql.NullString `db:"bank_name_en"`
	}
	err := s.db.x.QueryRowxContext(ctx, s.db.q(`SELECT m.id, m.phone, m.name, m.bank_code, m.bank_account_name,
			m.bank_account_no, m.currency, m.coin, m.created_at, b.name_th AS bank_name_th, b.name_en AS bank_name_en,
			COALESCE(w.balance, 0) AS wallet
		FROM members m
		LEFT JOIN banks b ON b.code = m.bank_code
		LEFT JOIN ledger_accounts w ON w.id = ?
		WHERE m.id = ?`), ledger.Wallet(memberID).ID, memberID).Scan(
		&row.MemberID, &row.Member.Phone, &row.Member.Name, &row.Member.BankCode, &row.Member.BankAccountName,
		&row.Member.BankAccountNo, &row.Member.Currency, &row.Member.Coin, &row.Member.CreatedAt,
		&row.BankNameTH, &row.BankNameEN, &row.Wallet)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.New(errs.NoUser)
	}
	if err != nil {
		return nil, err
	}
	h := row.Home
	h.Member.ID = row.MemberID
	h.Bank.Code, h.Bank.NameTH, h.Bank.NameEN = h.Member.BankCode, row.BankNameTH.String, row.BankNameEN.String
	// A game the operator has switched off still shows while the member has
	// money in it, so the money can be brought back.
	h.Slots = []wallet.Slot{}
	err = s.db.x.SelectContext(ctx, &h.Slots, s.db.q(`SELECT g.code, g.name, g.logo, g.background, g.category,
			g.ft_wallet_slot, g.web, g.android, g.ios, g.active, g.sort,
			(ga.member_id IS NOT NULL) AS is_active, COALESCE(la.balance, 0) AS amount
		FROM games g
		LEFT JOIN game_accounts ga ON ga.game_code = g.code AND ga.member_id = ?
		LEFT JOIN ledger_accounts la ON la.member_id = ? AND la.game_code = g.code AND la.kind = 'game'
		WHERE g.active OR COALESCE(la.balance, 0) > 0
		ORDER BY g.sort, g.code`), memberID, memberID)
	return &h, err
}

// WalletBalance returns the member's wallet balance.
func (s *Wallet) WalletBalance(ctx context.Context, memberID string) (money.Satang, error) {
	return balance(ctx, s.db, s.db.x, ledger.Wallet(memberID).ID)
}

// CreateGameAccount stores a game account.
func (s *Wallet) CreateGameAccount(ctx context.Context, a wallet.GameAccount) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO game_accounts
		(member_id, game_code, username, password_enc, version, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`),
		a.MemberID, a.Game, a.Username, a.Password, utc(a.CreatedAt), utc(a.CreatedAt))
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
	err := s.db.x.GetContext(ctx, &row, s.db.q(`SELECT g.code, g.active, ga.member_id, ga.username, ga.password_enc, ga.created_at
		FROM games g LEFT JOIN game_accounts ga ON ga.game_code = g.code AND ga.member_id = ?
		WHERE g.code = ?`), memberID, game)
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
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE game_accounts SET password_enc = ?, updated_at = ?
		WHERE member_id = ? AND game_code = ?`), sealed, utc(at), memberID, game)
	return err
}

// GameSnapshot returns the balance, version and open transfers of a game
// account.
func (s *Wallet) GameSnapshot(ctx context.Context, memberID, game string) (wallet.GameSnapshot, error) {
	var snap wallet.GameSnapshot
	err := s.db.x.GetContext(ctx, &snap, s.db.q(`SELECT
			COALESCE((SELECT balance FROM ledger_accounts WHERE id = ?), 0) AS balance,
			ga.version,
			(SELECT COUNT(*) FROM transfers t WHERE t.member_id = ga.member_id AND t.game_code = ga.game_code
				AND t.state IN ('PENDING', 'UNKNOWN')) AS open_transfers
		FROM game_accounts ga WHERE ga.member_id = ? AND ga.game_code = ?`), ledger.Game(memberID, game).ID, memberID, game)
	if errors.Is(err, sql.ErrNoRows) {
		return snap, errs.New(errs.SlotNoAccount)
	}
	return snap, err
}

// bumpVersion marks a change of the member's GAME balance in tx.
func (s *Wallet) bumpVersion(ctx context.Context, tx *sqlx.Tx, memberID, game string, at time.Time) error {
	_, err := tx.ExecContext(ctx, s.db.q(`UPDATE game_accounts SET version = version + 1, updated_at = ?
		WHERE member_id = ? AND game_code = ?`), utc(at), memberID, game)
	return err
}

// BookGameResult posts j if the game account's version is still version.
func (s *Wallet) BookGameResult(ctx context.Context, memberID, game string, version int64, j ledger.Journal) (bool, error) {
	booked := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.db.q(`UPDATE game_accounts SET version = version + 1, updated_at = ?
			WHERE member_id = ? AND game_code = ? AND version = ?`), utc(j.CreatedAt), memberID, game, version)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		booked = true
		return s.db.post(ctx, tx, j)
	})
	return booked && err == nil, err
}

const transferColumns = `id, member_id, game_code, username, direction, amount, state, attempts, created_at, updated_at, next_check_at`

// ReserveTransfer stores t and posts its reserve journal.
func (s *Wallet) ReserveTransfer(ctx context.Context, t wallet.Transfer, j ledger.Journal) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO transfers (`+transferColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`), t.ID, t.MemberID, t.Game, t.Username, t.Direction, t.Amount, t.State,
			utc(t.CreatedAt), utc(t.UpdatedAt), utc(t.NextCheckAt)); err != nil {
			return err
		}
		if err := s.bumpVersion(ctx, tx, t.MemberID, t.Game, t.CreatedAt); err != nil {
			return err
		}
		return s.db.post(ctx, tx, j)
	})
}

// FinishTransfer moves an open transfer to a final state with its journal.
func (s *Wallet) FinishTransfer(ctx context.Context, id string, state wallet.TransferState, j ledger.Journal, at time.Time) (bool, error) {
	finished := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var t struct {
			MemberID string `db:"member_id"`
			Game     string `db:"game_code"`
		}
		// The conditional update is the lock: of two processes finishing
		// one transfer, the second finds it final and posts nothing.
		err := tx.GetContext(ctx, &t, s.db.q(`UPDATE transfers SET state = ?, updated_at = ?
			WHERE id = ? AND state IN ('PENDING', 'UNKNOWN') RETURNING member_id, game_code`), state, utc(at), id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.bumpVersion(ctx, tx, t.MemberID, t.Game, at); err != nil {
			return err
		}
		finished = true
		return s.db.post(ctx, tx, j)
	})
	return finished && err == nil, err
}

// MarkUnknown records that an open transfer's outcome is not known yet.
func (s *Wallet) MarkUnknown(ctx context.Context, id string, next, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE transfers SET state = 'UNKNOWN', attempts = attempts + 1,
		next_check_at = ?, updated_at = ? WHERE id = ? AND state IN ('PENDING', 'UNKNOWN')`), utc(next), utc(at), id)
	return err
}

// OpenTransfers lists the transfers the reconciler should ask about.
func (s *Wallet) OpenTransfers(ctx context.Context, pendingBefore, now time.Time, limit int) ([]wallet.Transfer, error) {
	out := []wallet.Transfer{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+transferColumns+` FROM transfers
		WHERE (state = 'PENDING' AND updated_at < ?) OR (state = 'UNKNOWN' AND next_check_at <= ?)
		ORDER BY created_at LIMIT ?`), utc(pendingBefore), utc(now), limit)
	return out, err
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

const withdrawalColumns = `w.id, w.member_id, w.amount, w.status, w.reason, w.decided_by, w.created_at, w.decided_at, m.phone, m.name`

// Withdrawal returns a withdrawal.
func (s *Wallet) Withdrawal(ctx context.Context, id string) (wallet.Withdrawal, error) {
	var w wallet.Withdrawal
	err := s.db.x.GetContext(ctx, &w, s.db.q(`SELECT `+withdrawalColumns+`
		FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.id = ?`), id)
	if errors.Is(err, sql.ErrNoRows) {
		return w, errs.New(errs.NoData)
	}
	return w, err
}

// DecideWithdrawal moves a pending withdrawal to status with its journal.
func (s *Wallet) DecideWithdrawal(ctx context.Context, id string, status wallet.WithdrawalStatus, reason, by string, j ledger.Journal, at time.Time) (bool, error) {
	decided := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.db.q(`UPDATE withdrawals SET status = ?, reason = ?, decided_by = ?, decided_at = ?
			WHERE id = ? AND status = 'PENDING'`), status, reason, by, utc(at), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		decided = true
		return s.db.post(ctx, tx, j)
	})
	return decided && err == nil, err
}

// Withdrawals lists withdrawals with status, oldest first.
func (s *Wallet) Withdrawals(ctx context.Context, status wallet.WithdrawalStatus) ([]wallet.Withdrawal, error) {
	out := []wallet.Withdrawal{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+withdrawalColumns+`
		FROM withdrawals w JOIN members m ON m.id = w.member_id
		WHERE w.status = ? ORDER BY w.created_at, w.id`), status)
	return out, err
}

// Statement builds the member's statement from transfers, withdrawals and
// adjustment journals, newest first. docs/api.md documents the mapping.
func (s *Wallet) Statement(ctx context.Context, memberID string, offset, limit int) ([]wallet.StatementItem, int, error) {
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT
			(SELECT COUNT(*) FROM transfers WHERE member_id = ?) +
			(SELECT COUNT(*) FROM withdrawals WHERE member_id = ?) +
			(SELECT COUNT(*) FROM journals WHERE member_id = ? AND kind = 'adjustment')`),
		memberID, memberID, memberID); err != nil {
		return nil, 0, err
	}
	items := []wallet.StatementItem{}
	err := s.db.x.SelectContext(ctx, &items, s.db.q(`
		SELECT t.id, 'transfer' AS statement_type,
			CASE t.direction WHEN 'in' THEN 'WALLET' ELSE t.game_code END AS from_account,
			CASE t.direction WHEN 'in' THEN t.game_code ELSE 'WALLET' END AS to_account,
			t.amount,
			CASE t.state WHEN 'DONE' THEN 'SUCCESS' WHEN 'FAILED' THEN 'FAILED' ELSE 'PENDING' END AS status,
			t.created_at, '' AS description, '' AS source
		FROM transfers t WHERE t.member_id = ?
		UNION ALL
		SELECT w.id, 'withdraw', 'WALLET', 'BANK', w.amount,
			CASE w.status WHEN 'APPROVED' THEN 'SUCCESS' WHEN 'REJECTED' THEN 'FAILED' ELSE 'PENDING' END,
			w.created_at, w.reason, ''
		FROM withdrawals w WHERE w.member_id = ?
		UNION ALL
		SELECT j.id, CASE WHEN p.amount > 0 THEN 'deposit' ELSE 'withdraw' END,
			CASE WHEN p.amount > 0 THEN 'ADJUSTMENT' ELSE 'WALLET' END,
			CASE WHEN p.amount > 0 THEN 'WALLET' ELSE 'ADJUSTMENT' END,
			ABS(p.amount), 'SUCCESS', j.created_at, j.memo, 'adjustment'
		FROM journals j JOIN postings p ON p.journal_id = j.id AND p.account_id = ?
		WHERE j.member_id = ? AND j.kind = 'adjustment'
		ORDER BY created_at DESC, id DESC
		LIMIT ? OFFSET ?`), memberID, memberID, ledger.Wallet(memberID).ID, memberID, limit, offset)
	return items, total, err
}
