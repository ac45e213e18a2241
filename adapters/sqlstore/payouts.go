package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/wallet"
)

// The payouts of approved withdrawals (wallet.PayoutStore). Every change of
// status is a conditional UPDATE; the settling one goes through transition
// with its journal, so that of two settlers (two nodes, a worker and an
// operator) only one posts.

var _ wallet.PayoutStore = (*Wallet)(nil)

const payoutColumns = `id, withdrawal_id, member_id, amount, bank_code, account_no, account_name, status, sent, party_ref,
	reason, attempts, next_check_at, unknown_since, escalated_at, resolved_by, evidence, created_at, updated_at, settled_at`

// ApproveForPayout approves a pending withdrawal and records its payout in
// one transaction, posting nothing.
func (s *Wallet) ApproveForPayout(ctx context.Context, id, by string, p wallet.Payout, at time.Time) (bool, error) {
	approved := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		approved, err = s.db.transition(ctx, tx, guard{update: `UPDATE withdrawals SET status = 'APPROVED', decided_by = ?, decided_at = ?
			WHERE id = ? AND status = 'PENDING'`, args: []any{by, utc(at), id}, then: func() error {
			_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO payouts (id, withdrawal_id, member_id, amount, bank_code, account_no,
				account_name, status, next_check_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'SUBMITTED', ?, ?, ?)`),
				p.ID, id, p.MemberID, p.Amount, p.BankCode, p.AccountNo, p.AccountName, utc(p.NextCheckAt), utc(at), utc(at))
			return err
		}})
		return err
	})
	return approved && err == nil, err
}

// DuePayouts lists the open payouts due at now, oldest first.
func (s *Wallet) DuePayouts(ctx context.Context, now time.Time, limit int) ([]wallet.Payout, error) {
	out := []wallet.Payout{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT `+payoutColumns+` FROM payouts
		WHERE status IN ('SUBMITTED', 'UNKNOWN') AND next_check_at <= ? ORDER BY next_check_at, id LIMIT ?`), utc(now), limit)
	return out, err
}

// ClaimPayout takes an open payout for one call if no one took it since
// it was read (attempts is its version).
func (s *Wallet) ClaimPayout(ctx context.Context, id string, attempts int, until, at time.Time) (bool, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE payouts SET sent = ?, attempts = attempts + 1, next_check_at = ?, updated_at = ?
		WHERE id = ? AND attempts = ? AND status IN ('SUBMITTED', 'UNKNOWN')`), true, utc(until), utc(at), id, attempts)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// NotePayout records an answer that settles nothing.
func (s *Wallet) NotePayout(ctx context.Context, id string, status wallet.PayoutStatus, ref string, next time.Time, escalate bool, at time.Time) error {
	if status != wallet.PayoutStatusSubmitted && status != wallet.PayoutStatusUnknown {
		return errs.Newf(errs.InvalidRequest, "a payout is noted SUBMITTED or UNKNOWN, not %s", status)
	}
	unknown := status == wallet.PayoutStatusUnknown
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE payouts SET status = ?, party_ref = ?, next_check_at = ?, updated_at = ?,
		unknown_since = CASE WHEN ? THEN COALESCE(unknown_since, ?) ELSE unknown_since END,
		escalated_at = CASE WHEN ? THEN COALESCE(escalated_at, ?) ELSE escalated_at END
		WHERE id = ? AND status IN ('SUBMITTED', 'UNKNOWN')`),
		status, ref, utc(next), utc(at), unknown, utc(at), escalate, utc(at), id)
	return err
}

// SettlePayout moves an open payout to PAID or FAILED with its journal.
func (s *Wallet) SettlePayout(ctx context.Context, p wallet.Payout, j ledger.Journal, at time.Time) (bool, error) {
	if !p.Status.Final() {
		return false, errs.Newf(errs.InvalidRequest, "a payout settles PAID or FAILED, not %s", p.Status)
	}
	settled := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		settled, err = s.db.transition(ctx, tx, guard{update: `UPDATE payouts SET status = ?, party_ref = ?, reason = ?,
			resolved_by = ?, evidence = ?, updated_at = ?, settled_at = ?
			WHERE id = ? AND status IN ('SUBMITTED', 'UNKNOWN')`,
			args: []any{p.Status, p.PartyRef, p.Reason, p.ResolvedBy, p.Evidence, utc(at), utc(at), p.ID}}, j)
		return err
	})
	return settled && err == nil, err
}

// Payout returns a payout.
func (s *Wallet) Payout(ctx context.Context, id string) (wallet.Payout, error) {
	var p wallet.Payout
	err := s.db.x.GetContext(ctx, &p, s.db.q(`SELECT `+payoutColumns+` FROM payouts WHERE id = ?`), id)
	if errors.Is(err, sql.ErrNoRows) {
		return p, errs.New(errs.NoData)
	}
	return p, err
}

// Payouts lists the payouts with status: open ones oldest first, final
// ones newest first; the status is written into the statement (see
// Withdrawals).
func (s *Wallet) Payouts(ctx context.Context, status wallet.PayoutStatus, limit int) ([]wallet.Payout, int, error) {
	order := `created_at, id`
	switch status {
	case wallet.PayoutStatusSubmitted, wallet.PayoutStatusUnknown:
	case wallet.PayoutStatusPaid, wallet.PayoutStatusFailed:
		order = `created_at DESC, id DESC`
	default:
		return nil, 0, errs.Newf(errs.InvalidRequest, "unknown payout status %q", status)
	}
	var total int
	where := ` FROM payouts WHERE status = '` + string(status) + `'`
	// Counted up to the cap: the paid payouts grow with every withdrawal.
	if err := s.db.x.GetContext(ctx, &total, `SELECT COUNT(*) FROM (SELECT 1`+where+` LIMIT `+
		strconv.Itoa(wallet.PayoutCountCap+1)+`) c`); err != nil {
		return nil, 0, err
	}
	out := []wallet.Payout{}
	err := s.db.x.SelectContext(ctx, &out, `SELECT `+payoutColumns+where+` ORDER BY `+order+` LIMIT `+strconv.Itoa(limit))
	return out, total, err
}
