package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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
// id or member code contains q, newest first. On PostgreSQL each field has
// its own trigram index (migration 0039) and the five conditions are read
// as one BitmapOr; SQLite scans the members (docs/performance.md).
func (s *Console) SearchMembers(ctx context.Context, q string, offset, limit int) ([]operator.MemberRow, int, error) {
	cond, args := "", []any{}
	if q != "" {
		// LIKE wildcards in q match themselves.
		pat := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q)) + "%"
		cond = ` WHERE (LOWER(phone) LIKE ? ESCAPE '\' OR LOWER(name) LIKE ? ESCAPE '\'
			OR bank_account_no LIKE ? ESCAPE '\' OR id LIKE ? ESCAPE '\' OR LOWER(code) LIKE ? ESCAPE '\')`
		args = []any{pat, pat, pat, pat, pat}
	}
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT COUNT(*) FROM members`+cond), args...); err != nil {
		return nil, 0, err
	}
	out := []operator.MemberRow{}
	from := `members` + cond
	if cond != "" && s.db.dialect == Postgres {
		// The matches first, then their newest: under a generic plan the
		// few matches of a search are estimated as thousands, and the
		// planner walked members_created_idx backwards testing every member
		// until the page was full (0.3–0.5 s at 200,000 members). OFFSET 0
		// keeps the subquery apart, so the trigram indexes find the matches.
		from = `(SELECT * FROM members` + cond + ` OFFSET 0) m`
	}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT id, COALESCE(code, '') AS code, phone, name, bank_code, bank_account_no,
		bank_account_name, active, created_at FROM `+from+` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
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

// Totals reads a period's figures in one statement, each part along an
// index that holds the period's rows in order (migration 0032), so that
// its cost follows the period, not the history: the postings of the
// sys: accounts along postings_system_time_idx (a posting carries its
// journal's time, the amount is in the index; the index is partial, its
// condition written in the statement), the DONE transfers along
// the partial transfers_done_idx (the state written as a literal) and the
// members along members_created_idx.
//
// A settled period's figures are kept in report_totals (migration 0039)
// once none of its transfers is open, and read from there after: a day
// over is read once, and a report of a year reads 365 rows.
func (s *Console) Totals(ctx context.Context, accounts []string, from, to time.Time, settled bool) (operator.Totals, error) {
	if !settled {
		return s.totals(ctx, accounts, from, to)
	}
	key := strings.Join(accounts, ",") + "|" + utc(from).Format(time.RFC3339Nano) + "|" + utc(to).Format(time.RFC3339Nano)
	var kept string
	err := s.db.x.GetContext(ctx, &kept, s.db.q(`SELECT figures FROM report_totals WHERE period = ?`), key)
	if err == nil {
		var k keptTotals
		if err := json.Unmarshal([]byte(kept), &k); err != nil {
			return operator.Totals{}, fmt.Errorf("sqlstore: kept totals of %s: %w", key, err)
		}
		t := operator.Totals{Flows: map[string]operator.Flow{}, GameIn: money.Satang(k.GameIn), GameOut: money.Satang(k.GameOut), Members: k.Members}
		for a, f := range k.Flows {
			t.Flows[a] = operator.Flow{Count: int(f[0]), Sum: money.Satang(f[1])}
		}
		return t, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return operator.Totals{}, err
	}
	t, err := s.totals(ctx, accounts, from, to)
	if err != nil {
		return t, err
	}
	var open int
	if err := s.db.x.GetContext(ctx, &open, s.db.q(`SELECT COUNT(*) FROM transfers
		WHERE state IN ('PENDING', 'UNKNOWN') AND created_at >= ? AND created_at < ?`), utc(from), utc(to)); err != nil {
		return t, err
	}
	if open > 0 {
		return t, nil
	}
	k := keptTotals{Flows: map[string][2]int64{}, GameIn: int64(t.GameIn), GameOut: int64(t.GameOut), Members: t.Members}
	for a, f := range t.Flows {
		k.Flows[a] = [2]int64{int64(f.Count), int64(f.Sum)}
	}
	figures, err := json.Marshal(k)
	if err != nil {
		return t, err
	}
	_, err = s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO report_totals (period, figures) VALUES (?, ?)
		ON CONFLICT (period) DO NOTHING`), key, string(figures))
	return t, err
}

// keptTotals is a settled period's operator.Totals as report_totals keeps
// them, in satang: an account's flow is [count, sum].
type keptTotals struct {
	Flows   map[string][2]int64 `json:"flows"`
	GameIn  int64               `json:"gameIn"`
	GameOut int64               `json:"gameOut"`
	Members int                 `json:"members"`
}

// totals reads a period's figures from the ledger, the transfers and the
// members.
func (s *Console) totals(ctx context.Context, accounts []string, from, to time.Time) (operator.Totals, error) {
	t := operator.Totals{Flows: map[string]operator.Flow{}}
	var q strings.Builder
	args := []any{}
	if len(accounts) > 0 {
		q.WriteString(`SELECT account_id AS k, COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM postings
			WHERE account_id LIKE 'sys:%' AND account_id IN (?` + strings.Repeat(", ?", len(accounts)-1) + `)
				AND created_at >= ? AND created_at < ?
			GROUP BY account_id UNION ALL `)
		for _, a := range accounts {
			if !strings.HasPrefix(a, "sys:") {
				return t, fmt.Errorf("sqlstore: totals of %s: only sys: accounts are indexed by time", a)
			}
			args = append(args, a)
		}
		args = append(args, utc(from), utc(to))
	}
	q.WriteString(`SELECT direction AS k, COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM transfers
			WHERE state = 'DONE' AND created_at >= ? AND created_at < ? GROUP BY direction
		UNION ALL SELECT 'members' AS k, COUNT(*) AS n, 0 AS total FROM members WHERE created_at >= ? AND created_at < ?`)
	args = append(args, utc(from), utc(to), utc(from), utc(to))
	var rows []struct {
		Key string `db:"k"`
		operator.Flow
	}
	// Prepared (DB.prepared): a report runs it once a day of its range,
	// and planning it cost twice what running it did. The accounts are
	// the report's fixed list, so the statement is one.
	st, err := s.db.prepared(ctx, nil, q.String())
	if err != nil {
		return t, err
	}
	if err := st.SelectContext(ctx, &rows, args...); err != nil {
		return t, err
	}
	for _, r := range rows {
		switch r.Key { // an account's id starts with its kind ("sys:"): no clash
		case "in":
			t.GameIn = r.Sum
		case "out":
			t.GameOut = r.Sum
		case "members":
			t.Members = r.Count
		default:
			t.Flows[r.Key] = r.Flow
		}
	}
	return t, nil
}

// CountMembers counts every member: the count kept by the members
// table's triggers (migration 0039), one row read at any size.
func (s *Console) CountMembers(ctx context.Context) (int, error) {
	var n int
	err := s.db.x.GetContext(ctx, &n, `SELECT members FROM member_totals WHERE id = 1`)
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
		j.memo AS reason, j.created_by AS operator, j.created_at`+kindPage(ledger.Adjustment, offset, limit)+`
		JOIN postings p ON p.journal_id = j.id AND p.account_id = '`+ledger.Adjustments.ID+`'
		JOIN members m ON m.id = j.member_id
		ORDER BY j.created_at DESC, j.id DESC`))
	return out, total, err
}

// OpenTransfers lists every PENDING or UNKNOWN transfer, oldest first.
func (s *Console) OpenTransfers(ctx context.Context) ([]wallet.Transfer, error) {
	out := []wallet.Transfer{}
	err := s.db.x.SelectContext(ctx, &out, `SELECT `+transferColumns+` FROM transfers
		WHERE state IN ('PENDING', 'UNKNOWN') ORDER BY created_at LIMIT 1000`)
	return out, err
}
