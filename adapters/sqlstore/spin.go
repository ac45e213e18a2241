package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/spin"
)

// Spin implements spin.Store.
type Spin struct{ db *DB }

// NewSpin returns the spin wheel repository of db.
func NewSpin(db *DB) *Spin { return &Spin{db: db} }

var _ spin.Store = (*Spin)(nil)

type wheelRow struct {
	ID          string       `db:"id"`
	Name        string       `db:"name"`
	Active      bool         `db:"active"`
	Cost        int64        `db:"cost"`
	DailyLimit  int          `db:"daily_limit"`
	DailyBudget money.Satang `db:"daily_budget"`
	CouponDays  int          `db:"coupon_days"`
	Slices      string       `db:"slices"`
	UpdatedAt   time.Time    `db:"updated_at"`
	UpdatedBy   string       `db:"updated_by"`
}

func (r wheelRow) wheel() (spin.Wheel, error) {
	w := spin.Wheel{ID: r.ID, Name: r.Name, Active: r.Active, Cost: r.Cost, DailyLimit: r.DailyLimit,
		DailyBudget: r.DailyBudget, CouponDays: r.CouponDays, UpdatedAt: r.UpdatedAt, UpdatedBy: r.UpdatedBy}
	return w, json.Unmarshal([]byte(r.Slices), &w.Slices)
}

const wheelColumns = `id, name, active, cost, daily_limit, daily_budget, coupon_days, slices, updated_at, updated_by`

// ActiveWheel returns the active wheel.
func (s *Spin) ActiveWheel(ctx context.Context) (spin.Wheel, bool, error) {
	var r wheelRow
	err := s.db.x.GetContext(ctx, &r, `SELECT `+wheelColumns+` FROM spin_wheels WHERE active`)
	if errors.Is(err, sql.ErrNoRows) {
		return spin.Wheel{}, false, nil
	}
	if err != nil {
		return spin.Wheel{}, false, err
	}
	w, err := r.wheel()
	return w, err == nil, err
}

// Wheels lists every wheel, the active one first.
func (s *Spin) Wheels(ctx context.Context) ([]spin.Wheel, error) {
	var rows []wheelRow
	if err := s.db.x.SelectContext(ctx, &rows, `SELECT `+wheelColumns+` FROM spin_wheels
		ORDER BY CASE WHEN active THEN 0 ELSE 1 END, updated_at DESC, id`); err != nil {
		return nil, err
	}
	out := make([]spin.Wheel, 0, len(rows))
	for _, r := range rows {
		w, err := r.wheel()
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// SaveWheel creates or replaces w; an active w makes every other wheel
// inactive first, in the same transaction.
func (s *Spin) SaveWheel(ctx context.Context, w spin.Wheel) error {
	slices, err := json.Marshal(w.Slices)
	if err != nil {
		return err
	}
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		if w.Active {
			if _, err := tx.ExecContext(ctx, s.db.q(`UPDATE spin_wheels SET active = ? WHERE active AND id <> ?`), false, w.ID); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO spin_wheels (`+wheelColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET name = excluded.name, active = excluded.active, cost = excluded.cost,
				daily_limit = excluded.daily_limit, daily_budget = excluded.daily_budget, coupon_days = excluded.coupon_days,
				slices = excluded.slices, updated_at = excluded.updated_at, updated_by = excluded.updated_by`),
			w.ID, w.Name, w.Active, w.Cost, w.DailyLimit, w.DailyBudget, w.CouponDays, string(slices), utc(w.UpdatedAt), w.UpdatedBy)
		return err
	})
}

// Spin records a spin in one transaction (spin.Store).
func (s *Spin) Spin(ctx context.Context, r spin.SpinRecord) (spin.Outcome, error) {
	out := spin.Outcome{Slice: r.Drawn}
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		// The debit first: it locks the member's coin account, so that
		// the member's spins run one after the other from here on and the
		// count of today's spins below is exact.
		left, err := s.db.postFor(ctx, tx, r.Debit, ledger.Coin(r.MemberID).ID)
		if err != nil {
			return err
		}
		out.RemainingCoin = int64(left)
		if r.Wheel.DailyLimit > 0 {
			var n int
			if err := tx.GetContext(ctx, &n, s.db.q(`SELECT COUNT(*) FROM spins WHERE member_id = ? AND day = ?`),
				r.MemberID, r.Day); err != nil {
				return err
			}
			if n >= r.Wheel.DailyLimit {
				return errs.New(errs.SpinDailyLimit)
			}
		}
		if m := r.Drawn.Prize.Money(); m > 0 {
			if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO spin_budgets (wheel_id, day, spent) VALUES (?, ?, 0)
				ON CONFLICT (wheel_id, day) DO NOTHING`), r.Wheel.ID, r.Day); err != nil {
				return err
			}
			// A conditional update: of concurrent spins only those that
			// fit the budget book their prize.
			res, err := tx.ExecContext(ctx, s.db.q(`UPDATE spin_budgets SET spent = spent + ?
				WHERE wheel_id = ? AND day = ? AND (? = 0 OR spent + ? <= ?)`),
				m, r.Wheel.ID, r.Day, r.Wheel.DailyBudget, m, r.Wheel.DailyBudget)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 0 {
				out.Slice, out.FellBack = r.Fallback, true
			}
		}
		if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO spins (id, member_id, wheel_id, day, slice_code, drawn_code, cost,
			journal_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			r.ID, r.MemberID, r.Wheel.ID, r.Day, out.Slice.Code, r.Drawn.Code, r.Wheel.Cost, r.Debit.ID, utc(r.At)); err != nil {
			return err
		}
		if r.Coupon == nil || out.FellBack {
			return nil
		}
		c := *r.Coupon
		slice, err := json.Marshal(c.Slice)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO spin_coupons (id, member_id, spin_id, wheel_id, wheel_name, slice,
			prize_type, amount, coins, status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			c.ID, c.MemberID, c.SpinID, c.WheelID, c.WheelName, string(slice), c.Slice.Prize.Type, c.Slice.Prize.Amount,
			c.Slice.Prize.Coins, c.Status, utc(c.CreatedAt), utc(c.ExpiresAt)); err != nil {
			return err
		}
		out.Coupon = &c
		return nil
	})
	if err != nil {
		return spin.Outcome{}, err
	}
	return out, nil
}

// SpinsOn counts the member's spins on day.
func (s *Spin) SpinsOn(ctx context.Context, memberID, day string) (int, error) {
	var n int
	err := s.db.x.GetContext(ctx, &n, s.db.q(`SELECT COUNT(*) FROM spins WHERE member_id = ? AND day = ?`), memberID, day)
	return n, err
}

// Budget returns a wheel's budget use on day (Budget is the wheel's).
func (s *Spin) Budget(ctx context.Context, wheelID, day string) (spin.Budget, error) {
	b := spin.Budget{Day: day}
	err := s.db.x.GetContext(ctx, &b.Spent, s.db.q(`SELECT COALESCE((SELECT spent FROM spin_budgets WHERE wheel_id = ? AND day = ?), 0)`),
		wheelID, day)
	if err != nil {
		return b, err
	}
	err = s.db.x.GetContext(ctx, &b.Spins, s.db.q(`SELECT COUNT(*) FROM spins WHERE wheel_id = ? AND day = ?`), wheelID, day)
	return b, err
}

type couponRow struct {
	ID        string     `db:"id"`
	MemberID  string     `db:"member_id"`
	Phone     string     `db:"phone"`
	SpinID    string     `db:"spin_id"`
	WheelID   string     `db:"wheel_id"`
	WheelName string     `db:"wheel_name"`
	Slice     string     `db:"slice"`
	Status    string     `db:"status"`
	CreatedAt time.Time  `db:"created_at"`
	ExpiresAt time.Time  `db:"expires_at"`
	ClaimedAt *time.Time `db:"claimed_at"`
}

func (r couponRow) coupon() (spin.Coupon, error) {
	c := spin.Coupon{ID: r.ID, MemberID: r.MemberID, Phone: r.Phone, SpinID: r.SpinID, WheelID: r.WheelID, WheelName: r.WheelName,
		Status: spin.CouponStatus(r.Status), CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt, ClaimedAt: r.ClaimedAt}
	return c, json.Unmarshal([]byte(r.Slice), &c.Slice)
}

const couponColumns = `c.id, c.member_id, m.phone, c.spin_id, c.wheel_id, c.wheel_name, c.slice, c.status,
	c.created_at, c.expires_at, c.claimed_at`

func (s *Spin) coupons(ctx context.Context, query string, args ...any) ([]spin.Coupon, error) {
	var rows []couponRow
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+couponColumns+`
		FROM spin_coupons c JOIN members m ON m.id = c.member_id `+query), args...); err != nil {
		return nil, err
	}
	out := make([]spin.Coupon, 0, len(rows))
	for _, r := range rows {
		c, err := r.coupon()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Coupon returns a coupon (INVALID_CODE).
func (s *Spin) Coupon(ctx context.Context, id string) (spin.Coupon, error) {
	cs, err := s.coupons(ctx, `WHERE c.id = ?`, id)
	if err != nil {
		return spin.Coupon{}, err
	}
	if len(cs) == 0 {
		return spin.Coupon{}, errs.New(errs.InvalidCode)
	}
	return cs[0], nil
}

// MemberCoupons lists the member's coupons, newest first.
func (s *Spin) MemberCoupons(ctx context.Context, memberID string, limit int) ([]spin.Coupon, error) {
	return s.coupons(ctx, `WHERE c.member_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ?`, memberID, limit)
}

// Coupons lists every coupon, newest first.
func (s *Spin) Coupons(ctx context.Context, offset, limit int) ([]spin.Coupon, int, error) {
	var total int
	if err := s.db.x.GetContext(ctx, &total, `SELECT COUNT(*) FROM spin_coupons`); err != nil {
		return nil, 0, err
	}
	out, err := s.coupons(ctx, `ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`, limit, offset)
	return out, total, err
}

// ClaimCoupon marks an open coupon claimed and posts j with it.
func (s *Spin) ClaimCoupon(ctx context.Context, id, memberID string, at time.Time, j *ledger.Journal) (bool, error) {
	claimed := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var m []ledger.Journal
		if j != nil {
			m = append(m, *j)
		}
		var err error
		claimed, err = s.db.transition(ctx, tx, guard{update: `UPDATE spin_coupons SET status = 'CLAIMED', claimed_at = ?
			WHERE id = ? AND member_id = ? AND status = 'OPEN' AND expires_at > ?`, args: []any{utc(at), id, memberID, utc(at)}}, m...)
		return err
	})
	return claimed && err == nil, err
}

// Grants lists operator grants of coins, newest first.
func (s *Spin) Grants(ctx context.Context, offset, limit int) ([]spin.Grant, int, error) {
	var total int
	if err := s.db.x.GetContext(ctx, &total, `SELECT COUNT(*) FROM journals WHERE `+listedKind("journals", spin.KindCoinGrant)); err != nil {
		return nil, 0, err
	}
	out := []spin.Grant{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT j.id, j.member_id, m.phone, p.amount AS coins, j.memo AS reason,
			j.created_by AS operator, j.created_at`+kindPage(spin.KindCoinGrant, offset, limit)+`
		JOIN postings p ON p.journal_id = j.id AND p.account_id = 'coin:' || j.member_id
		JOIN members m ON m.id = j.member_id
		ORDER BY j.created_at DESC, j.id DESC`))
	return out, total, err
}
