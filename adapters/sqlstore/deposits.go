package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// Deposits implements deposit.Store.
type Deposits struct{ db *DB }

// NewDeposits returns the deposit repository of db.
func NewDeposits(db *DB) *Deposits { return &Deposits{db: db} }

var _ deposit.Store = (*Deposits)(nil)

// slipRow is a slip as stored, with its member's bank data.
type slipRow struct {
	ID              string       `db:"id"`
	MemberID        string       `db:"member_id"`
	ObjectKey       string       `db:"object_key"`
	ContentType     string       `db:"content_type"`
	Status          string       `db:"status"`
	Note            string       `db:"note"`
	Amount          money.Satang `db:"amount"`
	SendingBank     string       `db:"sending_bank"`
	TransRef        string       `db:"trans_ref"`
	SenderBank      string       `db:"sender_bank"`
	SenderAccount   string       `db:"sender_account"`
	SenderName      string       `db:"sender_name"`
	ReceiverBank    string       `db:"receiver_bank"`
	ReceiverAccount string       `db:"receiver_account"`
	ReceiverName    string       `db:"receiver_name"`
	TransferredAt   sql.NullTime `db:"transferred_at"`
	DecidedBy       string       `db:"decided_by"`
	DecidedAt       sql.NullTime `db:"decided_at"`
	CreatedAt       time.Time    `db:"created_at"`
	Phone           string       `db:"phone"`
	Name            string       `db:"name"`
	BankCode        string       `db:"bank_code"`
	BankAccountNo   string       `db:"bank_account_no"`
	BankAccountName string       `db:"bank_account_name"`
	OCR             string       `db:"ocr"`
}

const slipColumns = `s.id, s.member_id, s.object_key, s.content_type, s.status, s.note, s.amount, s.sending_bank, s.trans_ref,
	s.sender_bank, s.sender_account, s.sender_name, s.receiver_bank, s.receiver_account, s.receiver_name,
	s.transferred_at, s.decided_by, s.decided_at, s.created_at, m.phone, m.name, m.bank_code, m.bank_account_no,
	m.bank_account_name, s.ocr`

func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func timeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func (r slipRow) slip() deposit.Slip {
	var reading *deposit.SlipReading
	if r.OCR != "" {
		reading = new(deposit.SlipReading)
		if json.Unmarshal([]byte(r.OCR), reading) != nil {
			reading = nil // written by us: unreadable only if damaged, and then no pre-fill
		}
	}
	return deposit.Slip{OCR: reading, ID: r.ID, MemberID: r.MemberID, ObjectKey: r.ObjectKey, ContentType: r.ContentType,
		Status: deposit.Status(r.Status), Note: r.Note, Amount: r.Amount, SendingBank: r.SendingBank, TransRef: r.TransRef,
		Sender:        deposit.Party{BankCode: r.SenderBank, AccountNo: r.SenderAccount, Name: r.SenderName},
		Receiver:      deposit.Party{BankCode: r.ReceiverBank, AccountNo: r.ReceiverAccount, Name: r.ReceiverName},
		TransferredAt: nullTime(r.TransferredAt), CreatedAt: r.CreatedAt.UTC(), DecidedBy: r.DecidedBy,
		DecidedAt: nullTime(r.DecidedAt), MemberPhone: r.Phone, MemberName: r.Name, MemberBank: r.BankCode,
		MemberAccountNo: r.BankAccountNo, MemberAccount: r.BankAccountName}
}

// CreateSlip stores a new slip.
func (s *Deposits) CreateSlip(ctx context.Context, sl deposit.Slip) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO slips (id, member_id, object_key, content_type, status, note, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`), sl.ID, sl.MemberID, sl.ObjectKey, sl.ContentType, sl.Status, sl.Note, utc(sl.CreatedAt))
	return err
}

const updateSlip = `UPDATE slips SET status = ?, note = ?, amount = ?, sending_bank = ?, trans_ref = ?,
	sender_bank = ?, sender_account = ?, sender_name = ?, receiver_bank = ?, receiver_account = ?, receiver_name = ?,
	transferred_at = ?, decided_by = ?, decided_at = ?, ocr = ?`

func slipArgs(sl deposit.Slip) []any {
	reading := ""
	if sl.OCR != nil {
		b, _ := json.Marshal(sl.OCR) // plain fields: cannot fail
		reading = string(b)
	}
	return []any{sl.Status, sl.Note, sl.Amount, sl.SendingBank, sl.TransRef, sl.Sender.BankCode, sl.Sender.AccountNo,
		sl.Sender.Name, sl.Receiver.BankCode, sl.Receiver.AccountNo, sl.Receiver.Name, timeArg(sl.TransferredAt),
		sl.DecidedBy, timeArg(sl.DecidedAt), reading}
}

// UpdateSlip records what was learnt of a PENDING slip.
func (s *Deposits) UpdateSlip(ctx context.Context, sl deposit.Slip) (bool, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(updateSlip+` WHERE id = ? AND status = 'PENDING'`),
		append(slipArgs(sl), sl.ID)...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// CreditSlip marks a PENDING slip SUCCESS and posts its journal in one
// transaction. The journal's unique (kind, ref) is what makes one bank
// transfer credit once: of concurrent uploads, the others get
// ledger.ErrDuplicate and nothing of theirs is kept. A slip credited
// automatically whose transfer the bank feed credited under another
// reference answers *deposit.FeedCredited (feedCredit); a credited slip
// marks the notifications of its transfer waiting for review
// SLIP_CREDITED (markSlipCredited).
func (s *Deposits) CreditSlip(ctx context.Context, sl deposit.Slip, m []ledger.Journal) (bool, error) {
	credited := false
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		if sl.TransferredAt != nil {
			if err := s.db.lockMemberTransfers(ctx, tx, sl.MemberID); err != nil {
				return err
			}
		}
		if sl.DecidedBy == "" && sl.TransferredAt != nil {
			ref, err := s.db.feedCredit(ctx, tx, sl)
			if err != nil {
				return err
			}
			if ref != "" {
				return &deposit.FeedCredited{Ref: ref}
			}
		}
		var err error
		credited, err = s.db.transition(ctx, tx, guard{update: updateSlip + `, journal_id = ? WHERE id = ? AND status = 'PENDING'`,
			args: append(slipArgs(sl), nil, sl.ID)}, m...)
		if err != nil || !credited {
			return err
		}
		if _, err = tx.ExecContext(ctx, s.db.q(`UPDATE slips SET journal_id = ? WHERE id = ?`), m[0].ID, sl.ID); err != nil {
			return err
		}
		return s.db.markSlipCredited(ctx, tx, sl)
	})
	return credited && err == nil, err
}

// Slip returns a slip with its member's bank data.
func (s *Deposits) Slip(ctx context.Context, id string) (deposit.Slip, error) {
	var r slipRow
	err := s.db.x.GetContext(ctx, &r, s.db.q(`SELECT `+slipColumns+` FROM slips s JOIN members m ON m.id = s.member_id
		WHERE s.id = ?`), id)
	if errors.Is(err, sql.ErrNoRows) {
		return deposit.Slip{}, errs.New(errs.NoData)
	}
	return r.slip(), err
}

func (s *Deposits) slips(ctx context.Context, query string, args ...any) ([]deposit.Slip, error) {
	var rows []slipRow
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+slipColumns+` FROM slips s JOIN members m ON m.id = s.member_id `+query), args...); err != nil {
		return nil, err
	}
	out := make([]deposit.Slip, len(rows))
	for i, r := range rows {
		out[i] = r.slip()
	}
	return out, nil
}

// MemberSlips is a page of a member's slips, newest first.
func (s *Deposits) MemberSlips(ctx context.Context, memberID string, offset, limit int) ([]deposit.Slip, int, error) {
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT COUNT(*) FROM slips WHERE member_id = ?`), memberID); err != nil {
		return nil, 0, err
	}
	out, err := s.slips(ctx, `WHERE s.member_id = ? ORDER BY s.created_at DESC, s.id DESC LIMIT ? OFFSET ?`, memberID, limit, offset)
	return out, total, err
}

// SlipsByStatus lists slips with status, oldest first.
func (s *Deposits) SlipsByStatus(ctx context.Context, status deposit.Status, limit int) ([]deposit.Slip, error) {
	return s.slips(ctx, `WHERE s.status = ? ORDER BY s.created_at, s.id LIMIT ?`, status, limit)
}

// SenderAccounts lists the account numbers of other members of bankCode
// holding digits (only digits: nothing to escape in the pattern).
func (s *Deposits) SenderAccounts(ctx context.Context, bankCode, digits, memberID string, limit int) ([]string, error) {
	for _, c := range digits {
		if c < '0' || c > '9' {
			return nil, errors.New("sender accounts: the pattern is not digits")
		}
	}
	out := []string{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT bank_account_no FROM members
		WHERE bank_code = ? AND id <> ? AND bank_account_no LIKE ? ORDER BY id LIMIT ?`),
		bankCode, memberID, "%"+digits+"%", limit)
	return out, err
}

// ClaimVoucher stores a PENDING voucher; the voucher is the primary key.
func (s *Deposits) ClaimVoucher(ctx context.Context, v deposit.Voucher) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO gift_vouchers (voucher, member_id, status, created_at)
		VALUES (?, ?, 'PENDING', ?)`), v.Hash, v.MemberID, utc(v.CreatedAt))
	if _, dup := uniqueViolation(err); dup {
		return errs.New(errs.TruelinkDup)
	}
	return err
}

// ReleaseVoucher forgets a PENDING voucher that was refused.
func (s *Deposits) ReleaseVoucher(ctx context.Context, hash string) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`DELETE FROM gift_vouchers WHERE voucher = ? AND status = 'PENDING'`), hash)
	return err
}

// NoteVoucher records a note on a PENDING voucher.
func (s *Deposits) NoteVoucher(ctx context.Context, hash, note string) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE gift_vouchers SET note = ? WHERE voucher = ? AND status = 'PENDING'`), note, hash)
	return err
}

// RecordVoucher records what TrueMoney redeemed on a PENDING voucher.
func (s *Deposits) RecordVoucher(ctx context.Context, hash string, amount money.Satang) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE gift_vouchers SET amount = ?, note = ? WHERE voucher = ? AND status = 'PENDING'`),
		amount, deposit.NoteRedeemed, hash)
	return err
}

// CreditVoucher marks a PENDING voucher SUCCESS and posts its journal.
func (s *Deposits) CreditVoucher(ctx context.Context, hash string, amount money.Satang, m []ledger.Journal) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		ok, err := s.db.transition(ctx, tx, guard{update: `UPDATE gift_vouchers SET status = 'SUCCESS', amount = ?, journal_id = ?, settled_at = ?
			WHERE voucher = ? AND status = 'PENDING'`, args: []any{amount, nil, utc(m[0].CreatedAt), hash}}, m...)
		if err == nil && !ok {
			err = errs.New(errs.TruelinkDup)
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.db.q(`UPDATE gift_vouchers SET journal_id = ? WHERE voucher = ?`), m[0].ID, hash)
		return err
	})
}

// Credits lists deposit credits, newest first.
func (s *Deposits) Credits(ctx context.Context, offset, limit int) ([]deposit.Credit, error) {
	out := []deposit.Credit{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT j.id, j.ref, j.member_id, m.phone, m.name, p.amount, j.created_by, j.created_at`+kindPage(deposit.JournalKind, offset, limit)+`
		JOIN postings p ON p.journal_id = j.id AND p.account_id = '`+ledger.Deposits.ID+`'
		JOIN members m ON m.id = j.member_id
		ORDER BY j.created_at DESC, j.id DESC`))
	for i := range out {
		out[i].Amount = -out[i].Amount // the deposits account gives what the member gets
		out[i].CreatedAt = out[i].CreatedAt.UTC()
	}
	return out, err
}

// PendingVouchers lists vouchers whose redemption outcome is unknown.
func (s *Deposits) PendingVouchers(ctx context.Context) ([]deposit.Voucher, error) {
	out := []deposit.Voucher{}
	err := s.db.x.SelectContext(ctx, &out, `SELECT voucher, member_id, status, amount, note, created_at
		FROM gift_vouchers WHERE status = 'PENDING' ORDER BY created_at`)
	return out, err
}

// verifyDeposits adds the deposits' invariants to a ledger check: every
// credited slip or voucher has its journal with its amount, and every
// deposit journal belongs to a slip or a voucher.
func verifyDeposits(ctx context.Context, db *DB, tx *sqlx.Tx, problems *[]string) error {
	var bad []struct {
		ID   string `db:"id"`
		What string `db:"what"`
	}
	err := tx.SelectContext(ctx, &bad, db.q(`
		SELECT s.id, 'slip credited without its journal' AS what FROM slips s
			LEFT JOIN postings p ON p.journal_id = s.journal_id AND p.account_id = ?
			WHERE s.status = 'SUCCESS' AND (p.amount IS NULL OR -p.amount <> s.amount)
		UNION ALL
		SELECT v.voucher, 'voucher credited without its journal' FROM gift_vouchers v
			LEFT JOIN postings p ON p.journal_id = v.journal_id AND p.account_id = ?
			WHERE v.status = 'SUCCESS' AND (p.amount IS NULL OR -p.amount <> v.amount)
		UNION ALL
		SELECT q.provider || ':' || q.ref, 'QR payment credited without its journal' FROM qr_payments q
			LEFT JOIN postings p ON p.journal_id = q.journal_id AND p.account_id = ?
			WHERE q.status = 'CREDITED' AND (p.amount IS NULL OR -p.amount <> q.amount)
		UNION ALL
		SELECT j.id, 'deposit journal of no slip, voucher or QR payment' FROM journals j
			WHERE j.kind = 'deposit' AND NOT EXISTS (SELECT 1 FROM slips s WHERE s.journal_id = j.id)
			AND NOT EXISTS (SELECT 1 FROM gift_vouchers v WHERE v.journal_id = j.id)
			AND NOT EXISTS (SELECT 1 FROM qr_payments q WHERE q.journal_id = j.id)
		LIMIT ?`), ledger.Deposits.ID, ledger.Deposits.ID, ledger.Deposits.ID, maxProblems)
	for _, b := range bad {
		*problems = append(*problems, b.What+": "+b.ID)
	}
	return err
}
