package sqlstore

import (
	"context"
	"strings"
	"time"

	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/wallet"
)

// Console implements operator.ConsoleStore: the operator console's reads
// over members, the ledger and transfers, and operator notes.
type Console struct{ db *DB }

// NewConsole returns the console repository of db.
func NewConsole(db *DB) *Console { return &Console{db: db} }

var _ operator.ConsoleStore = (*Console)(nil)

// SearchMembers returns members whose phone, name, bank account number,
// id or member code contains q, newest first.
func (s *Console) SearchMembers(ctx context.Context, q string, offset, limit int) ([]operator.MemberRow, int, error) {
	cond, args := "", []any{}
	if q != "" {
		// LIKE wildcards in q match themselves.
		pat := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q)) + "%"
		cond = ` WHERE LOWER(phone) LIKE ? ESCAPE '\' OR LOWER(name) LIKE ? ESCAPE '\'
			OR bank_account_no LIKE ? ESCAPE '\' OR id LIKE ? ESCAPE '\' OR LOWER(code) LIKE ? ESCAPE '\'`
		args = []any{pat, pat, pat, pat, pat}
	}
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT COUNT(*) FROM members`+cond), args...); err != nil {
		return nil, 0, err
	}
	out := []operator.MemberRow{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT id, COALESCE(code, '') AS code, phone, name, bank_code, bank_account_no,
		bank_account_name, active, created_at FROM members`+cond+` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	return out, total, err
}

// AddNote stores an operator note.
func (s *Console) AddNote(ctx context.Context, n operator.Note) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO member_notes (id, member_id, at, operator, text) VALUES (?, ?, ?, ?, ?)`),
		n.ID, n.MemberID, utc(n.At), n.Operator, n.Text)
	return err
}

// Notes lists a member's notes, newest first.
func (s *Console) Notes(ctx context.Context, memberID string) ([]operator.Note, error) {
	out := []operator.Note{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT id, member_id, at, operator, text FROM member_notes
		WHERE member_id = ? ORDER BY at DESC, id DESC`), memberID)
	return out, err
}

// AccountFlow sums the postings on account of journals created in [from, to).
func (s *Console) AccountFlow(ctx context.Context, account string, from, to time.Time) (operator.Flow, error) {
	var f operator.Flow
	err := s.db.x.GetContext(ctx, &f, s.db.q(`SELECT COUNT(*) AS n, COALESCE(SUM(p.amount), 0) AS total
		FROM postings p JOIN journals j ON j.id = p.journal_id
		WHERE p.account_id = ? AND j.created_at >= ? AND j.created_at < ?`), account, utc(from), utc(to))
	return f, err
}

// TransferFlow sums DONE transfers created in [from, to) by direction.
func (s *Console) TransferFlow(ctx context.Context, from, to time.Time) (in, out money.Satang, err error) {
	var row struct {
		In  money.Satang `db:"in_total"`
		Out money.Satang `db:"out_total"`
	}
	err = s.db.x.GetContext(ctx, &row, s.db.q(`SELECT
			COALESCE(SUM(CASE WHEN direction = 'in' THEN amount ELSE 0 END), 0) AS in_total,
			COALESCE(SUM(CASE WHEN direction = 'out' THEN amount ELSE 0 END), 0) AS out_total
		FROM transfers WHERE state = 'DONE' AND created_at >= ? AND created_at < ?`), utc(from), utc(to))
	return row.In, row.Out, err
}

// MembersCreated counts members registered in [from, to).
func (s *Console) MembersCreated(ctx context.Context, from, to time.Time) (int, error) {
	var n int
	err := s.db.x.GetContext(ctx, &n, s.db.q(`SELECT COUNT(*) FROM members WHERE created_at >= ? AND created_at < ?`),
		utc(from), utc(to))
	return n, err
}

// Adjustments lists adjustment journals newest first with the amount
// credited (negative: debited) to the member's wallet.
func (s *Console) Adjustments(ctx context.Context, offset, limit int) ([]operator.AdjustmentRow, int, error) {
	var total int
	if err := s.db.x.GetContext(ctx, &total, `SELECT COUNT(*) FROM journals WHERE `+listedKind("journals", ledger.Adjustment)); err != nil {
		return nil, 0, err
	}
	out := []operator.AdjustmentRow{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT j.id, j.member_id, m.phone, -p.amount AS amount,
		j.memo AS reason, j.created_by AS operator, j.created_at
		FROM journals j JOIN postings p ON p.journal_id = j.id AND p.account_id = '`+ledger.Adjustments.ID+`'
		JOIN members m ON m.id = j.member_id
		WHERE `+listedKind("j", ledger.Adjustment)+` ORDER BY j.created_at DESC, j.id DESC`+literalPage(offset, limit)))
	return out, total, err
}

// OpenTransfers lists every PENDING or UNKNOWN transfer, oldest first.
func (s *Console) OpenTransfers(ctx context.Context) ([]wallet.Transfer, error) {
	out := []wallet.Transfer{}
	err := s.db.x.SelectContext(ctx, &out, `SELECT `+transferColumns+` FROM transfers
		WHERE state IN ('PENDING', 'UNKNOWN') ORDER BY created_at LIMIT 1000`)
	return out, err
}
