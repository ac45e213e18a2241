package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/wallet"
)

// AutoWithdrawFacts reads what the auto-approval rules look at of w's
// member, w being recorded (core/wallet, autowithdraw.go). The member's
// other withdrawals cannot change meanwhile: w is their one PENDING
// withdrawal until it is decided.
func (s *Wallet) AutoWithdrawFacts(ctx context.Context, w wallet.Withdrawal, dayStart time.Time) (wallet.AutoFacts, error) {
	var f wallet.AutoFacts
	var m struct {
		CreatedAt time.Time `db:"created_at"`
		Active    bool      `db:"active"`
	}
	err := s.db.x.GetContext(ctx, &m, s.db.q(`SELECT created_at, active FROM members WHERE id = ?`), w.MemberID)
	if err != nil {
		return f, err
	}
	f.RegisteredAt, f.Locked = m.CreatedAt, !m.Active
	var day struct {
		N     int   `db:"n"`
		Total int64 `db:"total"`
	}
	err = s.db.x.GetContext(ctx, &day, s.db.q(`SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM withdrawals
		WHERE member_id = ? AND status <> 'REJECTED' AND created_at >= ?`), w.MemberID, utc(dayStart))
	if err != nil {
		return f, err
	}
	f.DayCount, f.DayTotal = day.N, money.Satang(day.Total)
	// The previous withdrawal: the member's newest before w that was not
	// rejected (a rejected one returned its money).
	since := time.Time{}
	var last time.Time
	err = s.db.x.GetContext(ctx, &last, s.db.q(`SELECT created_at FROM withdrawals
		WHERE member_id = ? AND id <> ? AND status <> 'REJECTED' AND created_at <= ?
		ORDER BY created_at DESC LIMIT 1`), w.MemberID, w.ID, utc(w.CreatedAt))
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return f, err
	default:
		since = last
	}
	var deposits int64
	err = s.db.x.GetContext(ctx, &deposits, s.db.q(`SELECT COALESCE(SUM(p.amount), 0) FROM journals j
		JOIN postings p ON p.journal_id = j.id
		WHERE j.member_id = ? AND j.kind = ? AND `+memberJournals+` AND p.account_id = ? AND p.amount > 0
			AND j.created_at > ?`),
		w.MemberID, deposit.JournalKind, ledger.Wallet(w.MemberID).ID, utc(since))
	if err != nil {
		return f, err
	}
	f.DepositsSinceLast = money.Satang(deposits)
	var bonus int
	err = s.db.x.GetContext(ctx, &bonus, s.db.q(`SELECT COUNT(*) FROM promo_conditions
		WHERE member_id = ? AND source IN ('bonus', 'promotion') AND (status = 'ACTIVE' OR created_at > ?)`),
		w.MemberID, utc(since))
	if err != nil {
		return f, err
	}
	f.BonusHeld = bonus > 0
	return f, nil
}

// RecordAutoDecision stores the decision of a withdrawal; a second one for
// the same withdrawal is ignored.
func (s *Wallet) RecordAutoDecision(ctx context.Context, d wallet.AutoDecision) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO withdrawal_auto_decisions (withdrawal_id, approved, rule, at)
		VALUES (?, ?, ?, ?) ON CONFLICT (withdrawal_id) DO NOTHING`), d.WithdrawalID, d.Approved, d.Rule, utc(d.At))
	return err
}

// AutoDecisions answers the decisions of ids that have one.
func (s *Wallet) AutoDecisions(ctx context.Context, ids []string) (map[string]wallet.AutoDecision, error) {
	out := map[string]wallet.AutoDecision{}
	if len(ids) == 0 {
		return out, nil
	}
	q, args, err := sqlx.In(`SELECT withdrawal_id, approved, rule, at FROM withdrawal_auto_decisions WHERE withdrawal_id IN (?)`, ids)
	if err != nil {
		return nil, err
	}
	var rows []wallet.AutoDecision
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(q), args...); err != nil {
		return nil, err
	}
	for _, d := range rows {
		out[d.WithdrawalID] = d
	}
	return out, nil
}
