package sqlstore

import (
	"context"
	"time"

	"ngern/core/health"
)

// Health reads the install's health (core/health). Each figure is a range
// of an index on the rows that wait (a status or open-state index), so a
// scrape costs the same with a year of history as with a day's.
type Health struct{ db *DB }

// NewHealth returns the health reader of db.
func NewHealth(db *DB) *Health { return &Health{db: db} }

// healthQueue is a waiting line: its table, the condition of the rows that
// wait and the column that tells since when. Each pair is the leading
// columns of an index.
type healthQueue struct {
	name, table, where, since string
}

var healthQueues = []healthQueue{
	{health.QueueWithdrawals, "withdrawals", "status = 'PENDING'", "created_at"},
	{health.QueueSlips, "slips", "status = 'PENDING'", "created_at"},
	{health.QueueGifts, "gift_vouchers", "status = 'PENDING'", "created_at"},
	{health.QueueQRPayments, "qr_payments", "status = 'REVIEW'", "created_at"},
	{health.QueueChanges, "pending_changes", "status = 'PENDING'", "proposed_at"},
	{health.QueueChat, "chat_conversations", "status = 'open' AND waiting_since IS NOT NULL", "waiting_since"},
	{health.QueuePayouts, "payouts", "status = 'UNKNOWN'", "created_at"},
}

// healthDeposits are the deposit tables and the statuses counted, each by
// its (status, created_at) index.
var healthDeposits = []struct {
	method, table string
	statuses      []string
}{
	{health.MethodSlip, "slips", []string{"PENDING", "SUCCESS", "FAILED"}},
	{health.MethodGift, "gift_vouchers", []string{"PENDING", "SUCCESS"}},
	{health.MethodQR, "qr_payments", []string{"CREDITED", "REVIEW", "REFUNDED"}},
}

// Snapshot reads the open transfers, the queues and the deposits since
// since.
func (h *Health) Snapshot(ctx context.Context, now, since time.Time) (health.Snapshot, error) {
	x := h.db.x
	s := health.Snapshot{Transfers: map[string]int{"PENDING": 0, "UNKNOWN": 0}}
	var states []struct {
		State string `db:"state"`
		N     int    `db:"n"`
	}
	if err := x.SelectContext(ctx, &states, `SELECT state, COUNT(*) AS n FROM transfers
		WHERE state IN ('PENDING', 'UNKNOWN') GROUP BY state`); err != nil {
		return s, err
	}
	for _, st := range states {
		s.Transfers[st.State] = st.N
	}
	var err error
	if s.OldestUnknown, err = h.first(ctx, `SELECT created_at FROM transfers
		WHERE state IN ('PENDING', 'UNKNOWN') AND state = 'UNKNOWN' ORDER BY created_at LIMIT 1`); err != nil {
		return s, err
	}
	if s.OldestDue, err = h.first(ctx, `SELECT next_check_at FROM transfers
		WHERE state IN ('PENDING', 'UNKNOWN') AND next_check_at <= ? ORDER BY next_check_at LIMIT 1`, utc(now)); err != nil {
		return s, err
	}
	for _, q := range healthQueues {
		hq := health.Queue{Name: q.name}
		if err := x.GetContext(ctx, &hq.Size, `SELECT COUNT(*) FROM `+q.table+` WHERE `+q.where); err != nil {
			return s, err
		}
		if hq.Size > 0 {
			if hq.Oldest, err = h.first(ctx, `SELECT `+q.since+` FROM `+q.table+` WHERE `+q.where+` ORDER BY `+q.since+` LIMIT 1`); err != nil {
				return s, err
			}
		}
		s.Queues = append(s.Queues, hq)
	}
	for _, d := range healthDeposits {
		for _, st := range d.statuses {
			dc := health.Deposits{Method: d.method, Outcome: st}
			if err := x.GetContext(ctx, &dc.Count, h.db.q(`SELECT COUNT(*) FROM `+d.table+` WHERE status = ? AND created_at >= ?`),
				st, utc(since)); err != nil {
				return s, err
			}
			s.Deposits = append(s.Deposits, dc)
		}
	}
	return s, nil
}

// first reads the time of a one-column query's first row (zero: no row).
func (h *Health) first(ctx context.Context, query string, args ...any) (time.Time, error) {
	var ts []time.Time
	if err := h.db.x.SelectContext(ctx, &ts, h.db.q(query), args...); err != nil || len(ts) == 0 {
		return time.Time{}, err
	}
	return ts[0].UTC(), nil
}

var _ health.Reader = (*Health)(nil)
