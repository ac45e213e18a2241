package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/operator"
)

// Operators implements operator.Store and operator.AuditStore.
type Operators struct{ db *DB }

// NewOperators returns the operator repository of db.
func NewOperators(db *DB) *Operators { return &Operators{db: db} }

var (
	_ operator.Store      = (*Operators)(nil)
	_ operator.AuditStore = (*Operators)(nil)
)

const operatorColumns = `id, username, password_hash, role, totp_secret, totp_last_step, enrolled, disabled,
	created_at, updated_at, last_login_at`

// CreateOperator stores an operator.
func (s *Operators) CreateOperator(ctx context.Context, o *operator.Operator) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO operators (`+operatorColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		o.ID, o.Username, o.PasswordHash, o.Role, o.TOTPSecret, o.TOTPLastStep, o.Enrolled, o.Disabled,
		utc(o.CreatedAt), utc(o.UpdatedAt), o.LastLoginAt)
	if _, ok := uniqueViolation(err); ok {
		return errs.OnField(errs.ExistingUser, "username")
	}
	return err
}

func (s *Operators) operator(ctx context.Context, column, value string) (*operator.Operator, error) {
	var o operator.Operator
	err := s.db.x.GetContext(ctx, &o, s.db.q(`SELECT `+operatorColumns+` FROM operators WHERE `+column+` = ?`), value)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.New(errs.NoData)
	}
	if err != nil {
		return nil, err
	}
	return &o, nil
}

// OperatorByUsername returns an operator by username.
func (s *Operators) OperatorByUsername(ctx context.Context, username string) (*operator.Operator, error) {
	return s.operator(ctx, "username", username)
}

// OperatorByID returns an operator by id.
func (s *Operators) OperatorByID(ctx context.Context, id string) (*operator.Operator, error) {
	return s.operator(ctx, "id", id)
}

// Operators lists every operator by username.
func (s *Operators) Operators(ctx context.Context) ([]operator.Operator, error) {
	out := []operator.Operator{}
	err := s.db.x.SelectContext(ctx, &out, `SELECT `+operatorColumns+` FROM operators ORDER BY username`)
	return out, err
}

func (s *Operators) revokeAll(ctx context.Context, tx *sqlx.Tx, id, keep string, at time.Time) error {
	_, err := tx.ExecContext(ctx, s.db.q(`UPDATE operator_sessions SET revoked_at = ?
		WHERE operator_id = ? AND token_hash <> ? AND revoked_at IS NULL`), utc(at), id, keep)
	return err
}

func (s *Operators) update(ctx context.Context, id, keep string, at time.Time, query string, args ...any) error {
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.db.q(query), args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errs.New(errs.NoData)
		}
		return s.revokeAll(ctx, tx, id, keep, at)
	})
}

// UpdateOperator stores role and disabled and revokes every session.
func (s *Operators) UpdateOperator(ctx context.Context, id string, role operator.Role, disabled bool, at time.Time) error {
	return s.update(ctx, id, "", at, `UPDATE operators SET role = ?, disabled = ?, updated_at = ? WHERE id = ?`,
		role, disabled, utc(at), id)
}

// ResetCredentials stores a new password and TOTP secret, un-enrols the
// operator and revokes every session.
func (s *Operators) ResetCredentials(ctx context.Context, id, passwordHash, totpSecret string, at time.Time) error {
	return s.update(ctx, id, "", at, `UPDATE operators SET password_hash = ?, totp_secret = ?, totp_last_step = 0,
		enrolled = ?, updated_at = ? WHERE id = ?`, passwordHash, totpSecret, false, utc(at), id)
}

// ChangePassword stores hash and revokes every session but keepTokenHash.
func (s *Operators) ChangePassword(ctx context.Context, id, hash, keepTokenHash string, at time.Time) error {
	return s.update(ctx, id, keepTokenHash, at, `UPDATE operators SET password_hash = ?, updated_at = ? WHERE id = ?`,
		hash, utc(at), id)
}

// UseTOTPStep records step as the last accepted TOTP step if it is later
// than the stored one: one conditional UPDATE, so that two sign-ins with
// one code cannot both pass.
func (s *Operators) UseTOTPStep(ctx context.Context, id string, step int64, at time.Time) (bool, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE operators SET totp_last_step = ?, enrolled = ?, last_login_at = ?
		WHERE id = ? AND totp_last_step < ?`), step, true, utc(at), id, step)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// CreateSession stores an operator session.
func (s *Operators) CreateSession(ctx context.Context, ses *operator.Session) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO operator_sessions
		(token_hash, operator_id, created_at, last_seen_at, expires_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		ses.TokenHash, ses.OperatorID, utc(ses.CreatedAt), utc(ses.LastSeenAt), utc(ses.ExpiresAt), ses.IP, ses.UserAgent)
	return err
}

// SessionByHash returns an operator session.
func (s *Operators) SessionByHash(ctx context.Context, tokenHash string) (*operator.Session, error) {
	var ses operator.Session
	err := s.db.x.GetContext(ctx, &ses, s.db.q(`SELECT token_hash, operator_id, created_at, last_seen_at, expires_at,
		revoked_at, ip, user_agent FROM operator_sessions WHERE token_hash = ?`), tokenHash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.New(errs.InvalidToken)
	}
	if err != nil {
		return nil, err
	}
	return &ses, nil
}

// TouchSession records activity; it never moves last_seen_at back.
func (s *Operators) TouchSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE operator_sessions SET last_seen_at = ?
		WHERE token_hash = ? AND last_seen_at < ?`), utc(at), tokenHash, utc(at))
	return err
}

// RevokeSession revokes one operator session.
func (s *Operators) RevokeSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE operator_sessions SET revoked_at = ?
		WHERE token_hash = ? AND revoked_at IS NULL`), utc(at), tokenHash)
	return err
}

// PruneSessions deletes sessions that expired or were revoked before before.
func (s *Operators) PruneSessions(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`DELETE FROM operator_sessions WHERE expires_at < ? OR revoked_at < ?`),
		utc(before), utc(before))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// AppendAudit appends an audit entry. There is no query that changes or
// removes one (and the database refuses both).
func (s *Operators) AppendAudit(ctx context.Context, e operator.AuditEntry) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO audit_log
		(at, operator, role, action, target, before, after, ip, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		utc(e.At), e.Operator, e.Role, e.Action, e.Target, e.Before, e.After, e.IP, e.RequestID)
	return err
}

// Audit returns the entries matching f, newest first, and how many match
// up to operator.AuditCountCap + 1 (the count reads at most that many
// entries of the index). A page by keyset (f.Before) starts along the
// index at that seq; a page by offset reads offset + limit entries.
func (s *Operators) Audit(ctx context.Context, f operator.AuditFilter) ([]operator.AuditEntry, int, error) {
	var where []string
	var args []any
	for _, c := range []struct{ column, value string }{{"operator", f.Operator}, {"action", f.Action}, {"target", f.Target}} {
		if c.value != "" {
			where = append(where, c.column+" = ?")
			args = append(args, c.value)
		}
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := s.db.x.GetContext(ctx, &total, s.db.q(`SELECT COUNT(*) FROM (SELECT 1 FROM audit_log`+cond+`
		LIMIT `+strconv.Itoa(operator.AuditCountCap+1)+`) c`), args...); err != nil {
		return nil, 0, err
	}
	offset := f.Offset
	if f.Before > 0 {
		where = append(where, "seq < ?")
		args = append(args, f.Before)
		cond, offset = " WHERE "+strings.Join(where, " AND "), 0
	}
	out := []operator.AuditEntry{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT seq, at, operator, role, action, target, before, after, ip, request_id
		FROM audit_log`+cond+` ORDER BY seq DESC LIMIT ? OFFSET ?`), append(args, f.Limit, offset)...)
	return out, total, err
}
