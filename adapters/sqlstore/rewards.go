package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/wallet"
)

// Rewards keeps game results, refunds and invite commissions (migrations
// 0012 and 0013).
type Rewards struct{ db *DB }

// NewRewards returns the rewards store.
func NewRewards(db *DB) *Rewards { return &Rewards{db: db} }

var _ rewards.Store = (*Rewards)(nil)

type collectRow struct {
	Game        string     `db:"game"`
	Cursor      string     `db:"cursor"`
	Bets        int64      `db:"bets"`
	LastBetAt   *time.Time `db:"last_bet_at"`
	LastRunAt   *time.Time `db:"last_run_at"`
	LastOKAt    *time.Time `db:"last_ok_at"`
	LastError   string     `db:"last_error"`
	LastErrorAt *time.Time `db:"last_error_at"`
}

func (r collectRow) state() rewards.CollectState {
	return rewards.CollectState{Game: r.Game, Cursor: r.Cursor, Bets: r.Bets, LastBetAt: utcPtr(r.LastBetAt),
		LastRunAt: utcPtr(r.LastRunAt), LastOKAt: utcPtr(r.LastOKAt), LastError: r.LastError, LastErrorAt: utcPtr(r.LastErrorAt)}
}

const collectColumns = `game, cursor, bets, last_bet_at, last_run_at, last_ok_at, last_error, last_error_at`

// CollectState returns a game's collection state.
func (s *Rewards) CollectState(ctx context.Context, game string) (rewards.CollectState, error) {
	var row collectRow
	err := s.db.x.GetContext(ctx, &row, s.db.q(`SELECT `+collectColumns+` FROM game_collect_state WHERE game = ?`), game)
	if errors.Is(err, sql.ErrNoRows) {
		return rewards.CollectState{Game: game}, nil
	}
	if err != nil {
		return rewards.CollectState{}, err
	}
	return row.state(), nil
}

// CollectStates lists every game's collection state.
func (s *Rewards) CollectStates(ctx context.Context) ([]rewards.CollectState, error) {
	var rows []collectRow
	if err := s.db.x.SelectContext(ctx, &rows, `SELECT `+collectColumns+` FROM game_collect_state ORDER BY game`); err != nil {
		return nil, err
	}
	out := make([]rewards.CollectState, len(rows))
	for i, r := range rows {
		out[i] = r.state()
	}
	return out, nil
}

// SaveBets stores the new bets of a page and moves the cursor, in one
// transaction.
func (s *Rewards) SaveBets(ctx context.Context, game string, bets []wallet.Bet, cursor string, at time.Time) (int, error) {
	added := 0
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		added = 0
		var newest *time.Time
		for _, b := range bets {
			if b.ID == "" || b.Stake < 0 || b.Payout < 0 {
				return fmt.Errorf("rewards: bet %q of %s is malformed", b.ID, game)
			}
			var member sql.NullString
			err := tx.GetContext(ctx, &member, s.db.q(`SELECT member_id FROM game_accounts WHERE game_code = ? AND username = ?`),
				game, b.Username)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			var memberID *string
			if member.Valid {
				memberID = &member.String
			}
			res, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO game_bets (game, bet_id, username, member_id, stake, payout,
					placed_at, collected_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, bet_id) DO NOTHING`),
				game, b.ID, b.Username, memberID, b.Stake, b.Payout, utc(b.PlacedAt), utc(at))
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				continue // collected before: at-least-once, counted once
			}
			added++
			placed := b.PlacedAt.UTC()
			if newest == nil || placed.After(*newest) {
				newest = &placed
			}
			if memberID == nil {
				continue
			}
			if err := s.db.countResult(ctx, tx, *memberID, game, b.PlacedAt, 1, b.Stake, b.Payout); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO game_collect_state (game, cursor, bets, last_bet_at, last_run_at, last_ok_at)
				VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT (game) DO UPDATE SET cursor = excluded.cursor, bets = game_collect_state.bets + excluded.bets,
					last_bet_at = COALESCE(excluded.last_bet_at, game_collect_state.last_bet_at),
					last_run_at = excluded.last_run_at, last_ok_at = excluded.last_ok_at`),
			game, cursor, added, utcPtr(newest), utc(at), utc(at))
		return err
	})
	return added, err
}

// countResult adds to a member's total of a game on the Asia/Bangkok day
// of placed (game_results, which cashback, invite commission and promotion
// conditions read): bets more bets (0 when a bet already counted changes,
// e.g. a seamless round's win), stake and payout more (less when negative,
// a rolled-back bet). The row exists but for a day's first bet, so the
// update comes first and the upsert only when it found none: an upsert
// that finds its row locks it before it updates it, a second WAL record on
// every seamless callback (ngern_seamless_round does the same).
func (db *DB) countResult(ctx context.Context, tx *sqlx.Tx, memberID, game string, placed time.Time, bets int,
	stake, payout money.Satang) error {
	day := placed.In(limits.Zone).Format(time.DateOnly)
	update, err := db.prepared(ctx, tx, `UPDATE game_results SET bets = bets + ?, stake = stake + ?, payout = payout + ?
		WHERE member_id = ? AND game = ? AND day = ?`)
	if err != nil {
		return err
	}
	res, err := update.ExecContext(ctx, bets, stake, payout, memberID, game, day)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return err
	}
	insert, err := db.prepared(ctx, tx, `INSERT INTO game_results (member_id, game, day, bets, stake, payout)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (member_id, game, day) DO UPDATE SET bets = game_results.bets + excluded.bets,
			stake = game_results.stake + excluded.stake, payout = game_results.payout + excluded.payout`)
	if err != nil {
		return err
	}
	_, err = insert.ExecContext(ctx, memberID, game, day, bets, stake, payout)
	return err
}

// CollectFailed records a failed collection.
func (s *Rewards) CollectFailed(ctx context.Context, game, msg string, at time.Time) error {
	if len(msg) > 500 {
		msg = msg[:500]
	}
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO game_collect_state (game, last_run_at, last_error, last_error_at)
			VALUES (?, ?, ?, ?)
			ON CONFLICT (game) DO UPDATE SET last_run_at = excluded.last_run_at, last_error = excluded.last_error,
				last_error_at = excluded.last_error_at`), game, utc(at), msg, utc(at))
	return err
}

// Results lists day results, newest first.
func (s *Rewards) Results(ctx context.Context, memberID, fromDay, toDay string, limit int) ([]rewards.DayResult, error) {
	q := `SELECT member_id, game, day, bets, stake, payout FROM game_results WHERE 1 = 1`
	var args []any
	if memberID != "" {
		q += ` AND member_id = ?`
		args = append(args, memberID)
	}
	if fromDay != "" {
		q += ` AND day >= ?`
		args = append(args, fromDay)
	}
	if toDay != "" {
		q += ` AND day <= ?`
		args = append(args, toDay)
	}
	q += ` ORDER BY day DESC, member_id, game LIMIT ?`
	args = append(args, limit)
	rows, err := s.db.x.QueryContext(ctx, s.db.q(q), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []rewards.DayResult{}
	for rows.Next() {
		var r rewards.DayResult
		if err := rows.Scan(&r.MemberID, &r.Game, &r.Day, &r.Bets, &r.Stake, &r.Payout); err != nil {
			return nil, err
		}
		r.Net = r.Payout - r.Stake
		out = append(out, r)
	}
	return out, rows.Err()
}

// Settings returns a program's stored settings.
func (s *Rewards) Settings(ctx context.Context, p rewards.Program) (rewards.Settings, bool, error) {
	var doc string
	err := s.db.x.GetContext(ctx, &doc, s.db.q(`SELECT doc FROM reward_settings WHERE program = ?`), string(p))
	if errors.Is(err, sql.ErrNoRows) {
		return rewards.Settings{}, false, nil
	}
	if err != nil {
		return rewards.Settings{}, false, err
	}
	var st rewards.Settings
	if err := json.Unmarshal([]byte(doc), &st); err != nil {
		return rewards.Settings{}, false, fmt.Errorf("rewards: settings of %s: %w", p, err)
	}
	return st, true, nil
}

// SaveSettings stores a program's settings.
func (s *Rewards) SaveSettings(ctx context.Context, p rewards.Program, st rewards.Settings) error {
	doc, err := json.Marshal(st)
	if err != nil {
		return err
	}
	_, err = s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO reward_settings (program, doc, updated_at, updated_by) VALUES (?, ?, ?, ?)
			ON CONFLICT (program) DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at,
				updated_by = excluded.updated_by`), string(p), string(doc), utc(st.UpdatedAt), st.UpdatedBy)
	return err
}

// inList returns " AND col IN (?, ?)" and its arguments; nothing for none.
func inList(col string, values []string) (string, []any) {
	if len(values) == 0 {
		return "", nil
	}
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	return " AND " + col + " IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ") + ")", args
}

// Accrue closes a period in one transaction.
func (s *Rewards) Accrue(ctx context.Context, run rewards.Run, games []string,
	amounts func([]rewards.MemberNet) []rewards.Accrual) (rewards.Run, error) {
	col := "refund_run"
	if run.Program == rewards.Invite {
		col = "invite_run"
	}
	settings, err := json.Marshal(run.Settings)
	if err != nil {
		return rewards.Run{}, err
	}
	// The job asks every minute: answer a closed period without a failing
	// insert (PostgreSQL would log each one); the unique key still decides
	// between servers closing it at once.
	var exists int
	if err := s.db.x.GetContext(ctx, &exists, s.db.q(`SELECT COUNT(*) FROM reward_runs WHERE program = ? AND period = ?`),
		string(run.Program), run.Period); err != nil {
		return rewards.Run{}, err
	}
	if exists > 0 {
		return rewards.Run{}, rewards.ErrRunExists
	}
	// The inviters' homes show the bonus waiting.
	var inviters []string
	err = s.db.homeTx(ctx, func(tx *sqlx.Tx) ([]string, error) {
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO reward_runs (id, program, period, ends_at, settings, by_who, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`), run.ID, string(run.Program), run.Period, utc(run.EndsAt), string(settings),
			run.By, utc(run.CreatedAt))
		if _, dup := uniqueViolation(err); dup {
			return nil, rewards.ErrRunExists
		}
		if err != nil {
			return nil, err
		}
		// Every bet of a member not counted yet and placed before the end
		// is counted by this run, whether or not its game is included.
		res, err := tx.ExecContext(ctx, s.db.q(`UPDATE game_bets SET `+col+` = ?
				WHERE `+col+` IS NULL AND member_id IS NOT NULL AND placed_at < ?`), run.ID, utc(run.EndsAt))
		if err != nil {
			return nil, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return nil, err
		}
		run.Bets = int(n)
		filter, fargs := inList("b.game", games)
		var q string
		if run.Program == rewards.Invite {
			// The abuse rules (docs/rewards.md): a self-invite, or an invitee
			// with the inviter's phone or bank account number (at any bank),
			// earns nothing.
			q = `SELECT b.member_id, m.invited_by, COUNT(*), SUM(b.stake), SUM(b.payout)
				FROM game_bets b JOIN members m ON m.id = b.member_id JOIN members i ON i.id = m.invited_by
				WHERE b.invite_run = ?` + filter + ` AND i.id <> m.id AND i.phone <> m.phone
					AND i.bank_account_no <> m.bank_account_no
				GROUP BY b.member_id, m.invited_by`
		} else {
			q = `SELECT b.member_id, '', COUNT(*), SUM(b.stake), SUM(b.payout) FROM game_bets b
				WHERE b.refund_run = ?` + filter + ` GROUP BY b.member_id`
		}
		rows, err := tx.QueryContext(ctx, s.db.q(q), append([]any{run.ID}, fargs...)...)
		if err != nil {
			return nil, err
		}
		var nets []rewards.MemberNet
		for rows.Next() {
			var m rewards.MemberNet
			if err := rows.Scan(&m.MemberID, &m.InviterID, &m.Bets, &m.Stake, &m.Payout); err != nil {
				rows.Close()
				return nil, err
			}
			nets = append(nets, m)
			run.Stake += m.Stake
			run.Payout += m.Payout
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		members := map[string]bool{}
		var accrued []rewards.Accrual
		for _, a := range amounts(nets) {
			if a.Amount <= 0 {
				continue
			}
			accrued = append(accrued, a)
			if run.Program == rewards.Invite {
				inviters = append(inviters, a.MemberID)
			}
			members[a.MemberID] = true
			run.Amount += a.Amount
		}
		if err := s.insertAccruals(ctx, tx, run, accrued); err != nil {
			return nil, err
		}
		run.Members = len(members)
		_, err = tx.ExecContext(ctx, s.db.q(`UPDATE reward_runs SET bets = ?, members = ?, stake = ?, payout = ?, amount = ?
				WHERE id = ?`), run.Bets, run.Members, run.Stake, run.Payout, run.Amount, run.ID)
		return inviters, err
	})
	if err != nil {
		return rewards.Run{}, err
	}
	return run, nil
}

// accrualBatch is how many accruals one INSERT of a close writes: a close
// of a busy period accrues to a hundred thousand members, and a statement
// a row made it most of the close's time (9 placeholders a row, well under
// SQLite's 32,766).
var accrualBatch = 500

// insertAccruals writes a run's refunds or invite commissions, PENDING, in
// INSERTs of accrualBatch rows, in the order given.
func (s *Rewards) insertAccruals(ctx context.Context, tx *sqlx.Tx, run rewards.Run, accrued []rewards.Accrual) error {
	for len(accrued) > 0 {
		n := min(len(accrued), accrualBatch)
		var q string
		args := make([]any, 0, 9*n)
		if run.Program == rewards.Invite {
			q = `INSERT INTO invite_commissions (id, inviter_id, invitee_id, run_id, period, stake, payout, amount, status,
				created_at) VALUES ` + strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?), ", n), ", ")
			for _, a := range accrued[:n] {
				args = append(args, a.ID, a.MemberID, a.InviteeID, run.ID, run.Period, a.Stake, a.Payout, a.Amount, utc(run.CreatedAt))
			}
		} else {
			q = `INSERT INTO refunds (id, member_id, run_id, period, stake, payout, amount, status, created_at) VALUES ` +
				strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, 'PENDING', ?), ", n), ", ")
			for _, a := range accrued[:n] {
				args = append(args, a.ID, a.MemberID, run.ID, run.Period, a.Stake, a.Payout, a.Amount, utc(run.CreatedAt))
			}
		}
		if _, err := tx.ExecContext(ctx, s.db.q(q), args...); err != nil {
			return err
		}
		accrued = accrued[n:]
	}
	return nil
}

type runRow struct {
	ID        string       `db:"id"`
	Program   string       `db:"program"`
	Period    string       `db:"period"`
	EndsAt    time.Time    `db:"ends_at"`
	Bets      int          `db:"bets"`
	Members   int          `db:"members"`
	Stake     money.Satang `db:"stake"`
	Payout    money.Satang `db:"payout"`
	Amount    money.Satang `db:"amount"`
	Settings  string       `db:"settings"`
	By        string       `db:"by_who"`
	CreatedAt time.Time    `db:"created_at"`
}

// Runs lists a program's runs, newest first.
func (s *Rewards) Runs(ctx context.Context, p rewards.Program, limit int) ([]rewards.Run, error) {
	var rows []runRow
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT id, program, period, ends_at, bets, members, stake, payout,
			amount, settings, by_who, created_at FROM reward_runs WHERE program = ? ORDER BY created_at DESC, id DESC LIMIT ?`),
		string(p), limit); err != nil {
		return nil, err
	}
	out := make([]rewards.Run, len(rows))
	for i, r := range rows {
		out[i] = rewards.Run{ID: r.ID, Program: rewards.Program(r.Program), Period: r.Period, EndsAt: r.EndsAt.UTC(),
			Bets: r.Bets, Members: r.Members, Stake: r.Stake, Payout: r.Payout, Amount: r.Amount, By: r.By,
			CreatedAt: r.CreatedAt.UTC()}
		_ = json.Unmarshal([]byte(r.Settings), &out[i].Settings)
	}
	return out, nil
}

type itemRow struct {
	ID         string       `db:"id"`
	MemberID   string       `db:"member_id"`
	Phone      string       `db:"phone"`
	Name       string       `db:"name"`
	InviteeID  string       `db:"invitee_id"`
	FromName   string       `db:"from_name"`
	Period     string       `db:"period"`
	Stake      money.Satang `db:"stake"`
	Payout     money.Satang `db:"payout"`
	Amount     money.Satang `db:"amount"`
	Status     string       `db:"status"`
	CreatedAt  time.Time    `db:"created_at"`
	ReceivedAt *time.Time   `db:"received_at"`
	AddedAt    *time.Time   `db:"added_at"`
}

// Items lists accruals, newest first.
func (s *Rewards) Items(ctx context.Context, p rewards.Program, memberID, runID string, offset, limit int) ([]rewards.Item, int, error) {
	var from, cols string
	if p == rewards.Invite {
		from = `invite_commissions x JOIN members m ON m.id = x.inviter_id JOIN members f ON f.id = x.invitee_id`
		cols = `x.id, x.inviter_id AS member_id, m.phone, m.name, x.invitee_id, f.name AS from_name, x.period, x.stake,
			x.payout, x.amount, x.status, x.created_at, x.received_at, NULL AS added_at`
	} else {
		from = `refunds x JOIN members m ON m.id = x.member_id`
		cols = `x.id, x.member_id, m.phone, m.name, '' AS invitee_id, '' AS from_name, x.period, x.stake, x.payout,
			x.amount, x.status, x.created_at, x.received_at, x.added_at`
	}
	where := ` WHERE 1 = 1`
	var args []any
	if memberID != "" {
		where += ` AND m.id = ?`
		args = append(args, memberID)
	}
	if runID != "" {
		where += ` AND x.run_id = ?`
		args = append(args, runID)
	}
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT COUNT(*) FROM `+from+where), args...); err != nil {
		return nil, 0, err
	}
	var rows []itemRow
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+cols+` FROM `+from+where+
		` ORDER BY x.created_at DESC, x.id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...); err != nil {
		return nil, 0, err
	}
	out := make([]rewards.Item, len(rows))
	for i, r := range rows {
		out[i] = rewards.Item{ID: r.ID, MemberID: r.MemberID, Phone: r.Phone, Name: r.Name, InviteeID: r.InviteeID,
			FromName: r.FromName, Period: r.Period, Stake: r.Stake, Payout: r.Payout, Amount: r.Amount, Status: r.Status,
			CreatedAt: r.CreatedAt.UTC(), ReceivedAt: utcPtr(r.ReceivedAt), AddedAt: utcPtr(r.AddedAt)}
	}
	return out, total, nil
}

// Amounts returns a member's sums of a program.
func (s *Rewards) Amounts(ctx context.Context, p rewards.Program, memberID string) (rewards.Amounts, error) {
	q := `SELECT COALESCE(SUM(CASE WHEN status = 'PENDING' THEN amount ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status = 'RECEIVED' THEN amount ELSE 0 END), 0),
			COUNT(CASE WHEN status <> 'PENDING' THEN 1 END)
		FROM refunds WHERE member_id = ?`
	if p == rewards.Invite {
		q = `SELECT COALESCE(SUM(CASE WHEN status = 'PENDING' THEN amount ELSE 0 END), 0), 0,
				COUNT(CASE WHEN status <> 'PENDING' THEN 1 END)
			FROM invite_commissions WHERE inviter_id = ?`
	}
	var a rewards.Amounts
	var claimed int
	if err := s.db.x.QueryRowContext(ctx, s.db.q(q), memberID).Scan(&a.Pending, &a.Received, &claimed); err != nil {
		return rewards.Amounts{}, err
	}
	a.Claimed = claimed > 0
	return a, nil
}

// Invitees lists the members memberID invited, newest first.
func (s *Rewards) Invitees(ctx context.Context, memberID string, offset, limit int) ([]rewards.Invitee, int, error) {
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT COUNT(*) FROM members WHERE invited_by = ?`), memberID); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.x.QueryContext(ctx, s.db.q(`SELECT m.id, m.name, m.created_at,
			COALESCE((SELECT SUM(c.amount) FROM invite_commissions c WHERE c.inviter_id = ? AND c.invitee_id = m.id), 0)
		FROM members m WHERE m.invited_by = ? ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`),
		memberID, memberID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []rewards.Invitee{}
	for rows.Next() {
		var v rewards.Invitee
		if err := rows.Scan(&v.ID, &v.Name, &v.CreatedAt, &v.Amount); err != nil {
			return nil, 0, err
		}
		v.CreatedAt = v.CreatedAt.UTC()
		out = append(out, v)
	}
	return out, total, rows.Err()
}

// InviteePlayed reports whether any of memberID's invitees has a result.
func (s *Rewards) InviteePlayed(ctx context.Context, memberID string) (bool, error) {
	var n int
	err := s.db.x.GetContext(ctx, &n, s.db.q(`SELECT COUNT(*) FROM (SELECT 1 FROM game_results r
		JOIN members m ON m.id = r.member_id WHERE m.invited_by = ? LIMIT 1) x`), memberID)
	return n > 0, err
}

// ReceiveRefunds moves the member's pending refunds to their refund
// balance; the conditional update lets one of concurrent calls take them.
func (s *Rewards) ReceiveRefunds(ctx context.Context, memberID string, at time.Time) (money.Satang, error) {
	var sum money.Satang
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		sum, err = sumReturning(ctx, tx, s.db.q(`UPDATE refunds SET status = 'RECEIVED', received_at = ?
			WHERE member_id = ? AND status = 'PENDING' RETURNING amount`), utc(at), memberID)
		return err
	})
	return sum, err
}

func sumReturning(ctx context.Context, tx *sqlx.Tx, q string, args ...any) (money.Satang, error) {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var sum money.Satang
	for rows.Next() {
		var a money.Satang
		if err := rows.Scan(&a); err != nil {
			return 0, err
		}
		sum += a
	}
	return sum, rows.Err()
}

// Claim takes the member's claimable accruals and records their grant, in
// one transaction.
func (s *Rewards) Claim(ctx context.Context, p rewards.Program, memberID, claimID string, at time.Time,
	build func(money.Satang) promo.Grant) (promo.Condition, error) {
	q := `UPDATE refunds SET status = 'ADDED', claim_id = ?, added_at = ?
		WHERE member_id = ? AND status = 'RECEIVED' RETURNING amount`
	if p == rewards.Invite {
		q = `UPDATE invite_commissions SET status = 'RECEIVED', claim_id = ?, received_at = ?
			WHERE inviter_id = ? AND status = 'PENDING' RETURNING amount`
	}
	var c promo.Condition
	err := s.db.homeTx(ctx, func(tx *sqlx.Tx) ([]string, error) {
		sum, err := sumReturning(ctx, tx, s.db.q(q), claimID, utc(at), memberID)
		changed := []string{memberID} // the invite bonus waiting
		if err != nil {
			return changed, err
		}
		if sum <= 0 {
			return changed, rewards.ErrNothing
		}
		c, err = s.db.grantTx(ctx, tx, build(sum))
		return changed, err
	})
	if err != nil {
		return promo.Condition{}, err
	}
	return c, nil
}
