package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// QRDeposits implements deposit.QRStore.
type QRDeposits struct{ db *DB }

// NewQRDeposits returns the QR deposit repository of db.
func NewQRDeposits(db *DB) *QRDeposits { return &QRDeposits{db: db} }

var _ deposit.QRStore = (*QRDeposits)(nil)

type qrRow struct {
	ID         string       `db:"id"`
	MemberID   string       `db:"member_id"`
	Provider   string       `db:"provider"`
	Target     string       `db:"target"`
	Amount     money.Satang `db:"amount"`
	Payload    string       `db:"payload"`
	GatewayRef string       `db:"gateway_ref"`
	Status     string       `db:"status"`
	CreatedAt  time.Time    `db:"created_at"`
	ExpiresAt  time.Time    `db:"expires_at"`
	ClosedAt   sql.NullTime `db:"closed_at"`
}

const qrColumns = `id, member_id, provider, target, amount, payload, gateway_ref, status, created_at, expires_at, closed_at`

func (r qrRow) qr() deposit.QRCode {
	return deposit.QRCode{ID: r.ID, MemberID: r.MemberID, Provider: r.Provider, Target: r.Target, Amount: r.Amount,
		Payload: r.Payload, GatewayRef: r.GatewayRef, Status: deposit.QRStatus(r.Status), CreatedAt: r.CreatedAt.UTC(),
		ExpiresAt: r.ExpiresAt.UTC(), ClosedAt: r.ClosedAt.Time.UTC()}
}

// expire marks the QRs whose time has passed EXPIRED (the partial unique
// indexes count OPEN rows only).
func (s *QRDeposits) expire(ctx context.Context, ex sqlx.ExecerContext, now time.Time) error {
	_, err := ex.ExecContext(ctx, s.db.q(`UPDATE qr_codes SET status = 'EXPIRED', closed_at = expires_at
		WHERE status = 'OPEN' AND expires_at <= ?`), utc(now))
	return err
}

// CreateQR stores an OPEN QR after expiring the past ones and cancelling
// the member's open QRs of other providers; the partial unique indexes
// refuse a second open QR of the provider or of the target's amount.
//
// Two QRs of two providers asked at the same instant must not both stay
// open: each transaction's cancel would miss the other's uncommitted QR.
// The member's QR creations are serialised: on PostgreSQL by a
// transaction-scoped advisory lock on the member (taken first, so that the
// cancel that follows sees the other's committed QR), on SQLite by the
// immediate transactions that let one writer in at a time.
func (s *QRDeposits) CreateQR(ctx context.Context, q deposit.QRCode, now time.Time) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		if s.db.dialect == Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('qr_codes member ' || $1, 0))`,
				q.MemberID); err != nil {
				return err
			}
		}
		if err := s.expire(ctx, tx, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.db.q(`UPDATE qr_codes SET status = 'CANCELLED', closed_at = ?
			WHERE member_id = ? AND status = 'OPEN' AND provider <> ?`), utc(now), q.MemberID, q.Provider); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO qr_codes (`+qrColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'OPEN', ?, ?, NULL)`), q.ID, q.MemberID, q.Provider, q.Target, q.Amount, q.Payload,
			q.GatewayRef, utc(q.CreatedAt), utc(q.ExpiresAt))
		if _, dup := uniqueViolation(err); dup {
			return deposit.ErrQRTaken
		}
		return err
	})
}

// SetGatewayRef records the gateway's reference and payload of an order.
func (s *QRDeposits) SetGatewayRef(ctx context.Context, id, ref, payload string) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE qr_codes SET gateway_ref = ?, payload = ? WHERE id = ?`), ref, payload, id)
	return err
}

func (s *QRDeposits) one(ctx context.Context, query string, args ...any) (deposit.QRCode, error) {
	var r qrRow
	err := s.db.x.GetContext(ctx, &r, s.db.q(`SELECT `+qrColumns+` FROM qr_codes `+query), args...)
	if errors.Is(err, sql.ErrNoRows) {
		return deposit.QRCode{}, errs.New(errs.NoData)
	}
	return r.qr(), err
}

// OpenQR is the member's open, unexpired QR of a provider.
func (s *QRDeposits) OpenQR(ctx context.Context, memberID, provider string, now time.Time) (deposit.QRCode, error) {
	return s.one(ctx, `WHERE member_id = ? AND provider = ? AND status = 'OPEN' AND expires_at > ?`, memberID, provider, utc(now))
}

// QR is a QR by its id.
func (s *QRDeposits) QR(ctx context.Context, id string) (deposit.QRCode, error) {
	return s.one(ctx, `WHERE id = ?`, id)
}

// CancelQR cancels the member's QR while it is open and unexpired.
func (s *QRDeposits) CancelQR(ctx context.Context, memberID, id string, now time.Time) (bool, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE qr_codes SET status = 'CANCELLED', closed_at = ?
		WHERE id = ? AND member_id = ? AND status = 'OPEN' AND expires_at > ?`), utc(now), id, memberID, utc(now))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// OpenAmounts are the amounts of a target's open, unexpired QRs.
func (s *QRDeposits) OpenAmounts(ctx context.Context, target string, now time.Time) ([]money.Satang, error) {
	var out []money.Satang
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT amount FROM qr_codes WHERE target = ? AND status = 'OPEN'
		AND expires_at > ?`), target, utc(now))
	return out, err
}

// QRByAmount is the latest QR of a target with amount made at or before at.
func (s *QRDeposits) QRByAmount(ctx context.Context, target string, amount money.Satang, at time.Time) (deposit.QRCode, error) {
	return s.one(ctx, `WHERE target = ? AND amount = ? AND created_at <= ? ORDER BY created_at DESC, id DESC LIMIT 1`,
		target, amount, utc(at))
}

// DeliverySeen tells whether a webhook delivery was recorded.
func (s *QRDeposits) DeliverySeen(ctx context.Context, provider, id string) (bool, error) {
	var n int
	err := s.db.x.GetContext(ctx, &n, s.db.q(`SELECT COUNT(*) FROM qr_webhook_deliveries WHERE provider = ? AND delivery_id = ?`),
		provider, id)
	return n > 0, err
}

// RecordDelivery remembers a webhook delivery; false when seen before.
func (s *QRDeposits) RecordDelivery(ctx context.Context, provider, id string, at time.Time) (bool, error) {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO qr_webhook_deliveries (provider, delivery_id, received_at)
		VALUES (?, ?, ?)`), provider, id, utc(at))
	if _, dup := uniqueViolation(err); dup {
		return false, nil
	}
	return err == nil, err
}

// PayQR records a payment once per (provider, ref) and credits its QR when
// the QR is open, of the amount and within its lifetime, in one
// transaction: the payment's primary key makes concurrent deliveries of one
// payment wait for, then see, the first.
func (s *QRDeposits) PayQR(ctx context.Context, p deposit.Payment, m []ledger.Journal) (deposit.Payment, error) {
	p.Status = deposit.PaymentReview
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var qr, member any
		if p.QRCodeID != "" {
			qr = p.QRCodeID
		}
		if p.MemberID != "" {
			member = p.MemberID
		}
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO qr_payments (provider, ref, qrcode_id, member_id, amount, paid_at,
			status, note, created_at, sender_bank, sender_account, sender_name, candidates)
			VALUES (?, ?, ?, ?, ?, ?, 'REVIEW', ?, ?, ?, ?, ?, ?)`), p.Provider, p.Ref, qr, member, p.Amount,
			utc(p.PaidAt), p.Note, utc(time.Now()), p.Sender.BankCode, p.Sender.AccountNo, p.Sender.Name,
			strings.Join(p.Candidates, ","))
		if _, dup := uniqueViolation(err); dup {
			return deposit.ErrPaymentDuplicate
		}
		if err != nil {
			return err
		}
		if p.Provider == deposit.TransferProvider && p.QRCodeID == "" && p.Note != "" && len(p.Candidates) > 0 {
			// Waiting for review: when its slip credited a candidate, an
			// operator must not credit it again.
			if twin, err := s.db.slipTwin(ctx, tx, p); err != nil || !twin {
				return err
			}
			p.Note = deposit.NoteSlipCredited
			_, err := tx.ExecContext(ctx, s.db.q(`UPDATE qr_payments SET note = ? WHERE provider = ? AND ref = ?`),
				p.Note, p.Provider, p.Ref)
			return err
		}
		if p.Note != "" || len(m) == 0 {
			return nil
		}
		if p.QRCodeID == "" {
			// A slipless deposit: the payment names its member.
			if p.MemberID == "" {
				return nil
			}
			if twin, err := s.db.slipTwin(ctx, tx, p); err != nil {
				return err
			} else if twin {
				// Its slip credited the transfer under another reference.
				p.Note, p.MemberID = deposit.NoteSlipCredited, ""
				_, err := tx.ExecContext(ctx, s.db.q(`UPDATE qr_payments SET note = ?, member_id = NULL
					WHERE provider = ? AND ref = ?`), p.Note, p.Provider, p.Ref)
				return err
			}
			credited, err := s.db.transition(ctx, tx, guard{update: `UPDATE qr_payments SET status = 'CREDITED'
				WHERE provider = ? AND ref = ? AND status = 'REVIEW' AND note = ''`, args: []any{p.Provider, p.Ref}}, m...)
			if err != nil || !credited {
				return err
			}
			p.Status, p.JournalID = deposit.PaymentCredited, m[0].ID
			_, err = tx.ExecContext(ctx, s.db.q(`UPDATE qr_payments SET journal_id = ? WHERE provider = ? AND ref = ?`),
				m[0].ID, p.Provider, p.Ref)
			return err
		}
		paid, err := s.db.transition(ctx, tx, guard{update: `UPDATE qr_codes SET status = 'PAID', closed_at = ?
			WHERE id = ? AND provider = ? AND amount = ? AND expires_at >= ?
			AND (status = 'OPEN' OR status = 'EXPIRED' AND closed_at >= ? OR status = 'CANCELLED' AND closed_at > ?)`,
			args: []any{utc(p.PaidAt), p.QRCodeID, p.Provider, p.Amount, utc(p.PaidAt), utc(p.PaidAt), utc(p.PaidAt)}}, m...)
		if err != nil {
			return err
		}
		if !paid {
			p.Note = deposit.NoteQRNotOpen
			_, err := tx.ExecContext(ctx, s.db.q(`UPDATE qr_payments SET note = ? WHERE provider = ? AND ref = ?`),
				p.Note, p.Provider, p.Ref)
			return err
		}
		p.Status, p.JournalID = deposit.PaymentCredited, m[0].ID
		_, err = tx.ExecContext(ctx, s.db.q(`UPDATE qr_payments SET status = 'CREDITED', journal_id = ? WHERE provider = ? AND ref = ?`),
			m[0].ID, p.Provider, p.Ref)
		return err
	})
	if errors.Is(err, deposit.ErrPaymentDuplicate) {
		return p, err
	}
	if err != nil {
		return deposit.Payment{}, err
	}
	return p, nil
}

// UnsettledGatewayQRs are gateway QRs without a payment, open or expired
// or cancelled after since, oldest first. (A QR closed after since expires
// after it too: the expires_at bound lets the status index serve.)
func (s *QRDeposits) UnsettledGatewayQRs(ctx context.Context, since time.Time, limit int) ([]deposit.QRCode, error) {
	var rows []qrRow
	err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+qrColumns+` FROM qr_codes q
		WHERE q.target = '' AND (q.status = 'OPEN' OR q.status IN ('EXPIRED', 'CANCELLED') AND q.expires_at > ? AND q.closed_at > ?)
		AND NOT EXISTS (SELECT 1 FROM qr_payments p WHERE p.qrcode_id = q.id)
		ORDER BY q.created_at, q.id LIMIT ?`), utc(since), utc(since), limit)
	out := make([]deposit.QRCode, len(rows))
	for i, r := range rows {
		out[i] = r.qr()
	}
	return out, err
}

type paymentRow struct {
	Provider  string         `db:"provider"`
	Ref       string         `db:"ref"`
	QRCodeID  sql.NullString `db:"qrcode_id"`
	MemberID  sql.NullString `db:"member_id"`
	Amount    money.Satang   `db:"amount"`
	PaidAt    time.Time      `db:"paid_at"`
	Status    string         `db:"status"`
	Note      string         `db:"note"`
	JournalID sql.NullString `db:"journal_id"`
	DecidedBy string         `db:"decided_by"`
	DecidedAt sql.NullTime   `db:"decided_at"`
	Decision  string         `db:"decision_note"`
	SBank     string         `db:"sender_bank"`
	SAccount  string         `db:"sender_account"`
	SName     string         `db:"sender_name"`
	Cands     string         `db:"candidates"`
}

const paymentColumns = `provider, ref, qrcode_id, member_id, amount, paid_at, status, note, journal_id, decided_by, decided_at,
	decision_note, sender_bank, sender_account, sender_name, candidates`

func (r paymentRow) payment() deposit.Payment {
	p := deposit.Payment{Provider: r.Provider, Ref: r.Ref, QRCodeID: r.QRCodeID.String, MemberID: r.MemberID.String,
		Amount: r.Amount, PaidAt: r.PaidAt.UTC(), Status: deposit.PaymentState(r.Status), Note: r.Note,
		JournalID: r.JournalID.String, DecidedBy: r.DecidedBy, DecisionNote: r.Decision,
		Sender: deposit.Party{BankCode: r.SBank, AccountNo: r.SAccount, Name: r.SName}}
	if r.Cands != "" {
		p.Candidates = strings.Split(r.Cands, ",")
	}
	if r.DecidedAt.Valid {
		p.DecidedAt = r.DecidedAt.Time.UTC()
	}
	return p
}

// ReviewPayments lists the payments waiting for review, oldest first.
func (s *QRDeposits) ReviewPayments(ctx context.Context, limit int) ([]deposit.Payment, error) {
	var rows []paymentRow
	err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+paymentColumns+` FROM qr_payments WHERE status = 'REVIEW'
		ORDER BY created_at, provider, ref LIMIT ?`), limit)
	out := make([]deposit.Payment, len(rows))
	for i, r := range rows {
		out[i] = r.payment()
	}
	return out, err
}

// DecidedPayments lists the payments operators decided, newest first.
func (s *QRDeposits) DecidedPayments(ctx context.Context, limit int) ([]deposit.Payment, error) {
	var rows []paymentRow
	err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+paymentColumns+` FROM qr_payments WHERE decided_by <> ''
		ORDER BY decided_at DESC, provider, ref LIMIT ?`), limit)
	out := make([]deposit.Payment, len(rows))
	for i, r := range rows {
		out[i] = r.payment()
	}
	return out, err
}

// RefundPayment marks a payment still waiting for review REFUNDED.
func (s *QRDeposits) RefundPayment(ctx context.Context, provider, ref, note, by string, at time.Time) error {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE qr_payments SET status = 'REFUNDED', decided_by = ?, decided_at = ?,
		decision_note = ? WHERE provider = ? AND ref = ? AND status = 'REVIEW'`), by, utc(at), note, provider, ref)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return errs.New(errs.NoData)
	}
	return nil
}

// RecentQRs lists QRs newest first.
func (s *QRDeposits) RecentQRs(ctx context.Context, offset, limit int) ([]deposit.QRCode, error) {
	var rows []qrRow
	err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+qrColumns+` FROM qr_codes
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), limit, offset)
	out := make([]deposit.QRCode, len(rows))
	for i, r := range rows {
		out[i] = r.qr()
	}
	return out, err
}

// ReviewPayment is a payment waiting for review.
func (s *QRDeposits) ReviewPayment(ctx context.Context, provider, ref string) (deposit.Payment, error) {
	var r paymentRow
	err := s.db.x.GetContext(ctx, &r, s.db.q(`SELECT `+paymentColumns+` FROM qr_payments
		WHERE provider = ? AND ref = ? AND status = 'REVIEW'`), provider, ref)
	if errors.Is(err, sql.ErrNoRows) {
		return deposit.Payment{}, errs.New(errs.NoData)
	}
	return r.payment(), err
}

// AssignPayment marks the payment, still waiting, CREDITED and posts j.
// The row is claimed first, so that of concurrent decisions on one payment
// (assign or refund) the first holds it and the others find it decided and
// answer NO_DATA, instead of racing to post the same journal; the journal is
// linked once posted (the row's journal_id references it).
func (s *QRDeposits) AssignPayment(ctx context.Context, p deposit.Payment, m []ledger.Journal, by string) error {
	j := m[0]
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		ok, err := s.db.transition(ctx, tx, guard{update: `UPDATE qr_payments SET status = 'CREDITED', member_id = ?,
			decided_by = ?, decided_at = ? WHERE provider = ? AND ref = ? AND status = 'REVIEW'`,
			args: []any{j.MemberID, by, utc(j.CreatedAt), p.Provider, p.Ref}}, m...)
		switch {
		case errors.Is(err, ledger.ErrDuplicate): // decided by another, committed meanwhile
			return errs.New(errs.NoData)
		case err != nil:
			return err
		case !ok:
			return errs.New(errs.NoData)
		}
		_, err = tx.ExecContext(ctx, s.db.q(`UPDATE qr_payments SET journal_id = ? WHERE provider = ? AND ref = ?`),
			j.ID, p.Provider, p.Ref)
		return err
	})
}

// RegisteredAccounts lists the members' registered accounts of bankCode
// whose number is LIKE pattern (digits, '_' and a leading '%' only), in
// member id order. When the pattern shows the first of the number's last
// four digits, the accounts are read along members_bank_last4_idx
// (migration 0036): the range of last four digits the pattern allows,
// then the LIKE as before, so the result is the same.
func (s *QRDeposits) RegisteredAccounts(ctx context.Context, bankCode, pattern string, limit int) ([]deposit.RegisteredAccount, error) {
	for i, c := range pattern {
		if !(c >= '0' && c <= '9' || c == '_' || c == '%' && i == 0) {
			return nil, errors.New("registered accounts: the pattern is not an account pattern")
		}
	}
	cond, args := "", []any{bankCode}
	if lo, hi, ok := LastFourRange(pattern); ok {
		cond = ` AND ` + s.db.lastFour() + ` BETWEEN ? AND ?`
		args = append(args, lo, hi)
	}
	args = append(args, pattern, limit)
	var rows []struct {
		ID     string `db:"id"`
		Bank   string `db:"bank_code"`
		No     string `db:"bank_account_no"`
		Name   string `db:"bank_account_name"`
		Active bool   `db:"active"`
	}
	err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT id, bank_code, bank_account_no, bank_account_name, active
		FROM members WHERE bank_code = ?`+cond+` AND bank_account_no LIKE ? ORDER BY id LIMIT ?`), args...)
	out := make([]deposit.RegisteredAccount, len(rows))
	for i, r := range rows {
		out[i] = deposit.RegisteredAccount{MemberID: r.ID, BankCode: r.Bank, AccountNo: r.No, Name: r.Name, Active: r.Active}
	}
	return out, err
}

// LastFourRange is the range of a registered account number's last four
// digits that an account pattern (RegisteredAccounts) allows: the digits
// the pattern shows at the start of its last four places, completed with
// 0s and 9s ("%_____1234_" → "2340".."2349"). Registered numbers are
// digits only (6 to 20, core/account), so every number LIKE the pattern
// is in the range. ok is false when the pattern has fewer than four
// places after its '%' or hides the first of them: the range would be
// every number.
func LastFourRange(pattern string) (lo, hi string, ok bool) {
	body := strings.TrimPrefix(pattern, "%")
	if len(body) < 4 || strings.Contains(body, "%") {
		return "", "", false
	}
	tail := body[len(body)-4:]
	shown := len(tail) - len(strings.TrimLeft(tail, "0123456789"))
	if shown == 0 {
		return "", "", false
	}
	return tail[:shown] + strings.Repeat("0", 4-shown), tail[:shown] + strings.Repeat("9", 4-shown), true
}

// lastFour is the expression of members_bank_last4_idx: a member's
// account number's last four digits, written as the index is.
func (db *DB) lastFour() string {
	if db.dialect == Postgres {
		return `right(bank_account_no, 4)`
	}
	return `substr(bank_account_no, -4)`
}
