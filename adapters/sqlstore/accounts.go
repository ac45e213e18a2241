package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/account"
	"ngern/core/errs"
)

// Accounts implements account.Store.
type Accounts struct{ db *DB }

// NewAccounts returns the account repository of db.
func NewAccounts(db *DB) *Accounts { return &Accounts{db: db} }

var _ account.Store = (*Accounts)(nil)

const memberColumns = `id, phone, name, password_hash, source_code, invite_code, invited_by, bank_code,
	bank_account_name, bank_account_no, currency, active, created_at, updated_at`

// memberSelect reads a member with its code (” until the start gives one
// to a member registered before codes, account.BackfillCodes) and its
// coins: the balance of its coin account in the ledger (core/ledger), 0
// before it has one.
const memberSelect = memberColumns + `, COALESCE(code, '') AS code,
	COALESCE((SELECT a.balance FROM ledger_accounts a WHERE a.id = 'coin:' || members.id), 0) AS coin`

// CreateMember inserts m, consuming otpID in the same transaction.
func (s *Accounts) CreateMember(ctx context.Context, m *account.Member, otpID string) error {
	return s.db.homeTx(ctx, func(tx *sqlx.Tx) ([]string, error) {
		if otpID != "" {
			res, err := tx.ExecContext(ctx, s.db.q(`UPDATE otps SET consumed_at = ?
				WHERE id = ? AND consumed_at IS NULL AND verified_at IS NOT NULL`), utc(m.CreatedAt), otpID)
			if err != nil {
				return nil, err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return nil, errs.New(errs.UnverifiedOTP)
			}
		}
		_, err := tx.ExecContext(ctx, s.db.q(`INSERT INTO members (`+memberColumns+`, code)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			m.ID, m.Phone, m.Name, m.PasswordHash, m.SourceCode, m.InviteCode, m.InvitedBy, m.BankCode,
			m.BankAccountName, m.BankAccountNo, m.Currency, m.Active, utc(m.CreatedAt), utc(m.UpdatedAt), nullable(m.Code))
		if name, ok := uniqueViolation(err); ok {
			if codeViolation(name) {
				return nil, account.ErrCodeTaken
			}
			if strings.Contains(name, "phone") {
				return nil, errs.OnField(errs.ExistingUser, "username")
			}
			return nil, errs.OnField(errs.ExistingBank, "bankAccountNo")
		}
		return []string{m.ID}, err
	})
}

func (s *Accounts) member(ctx context.Context, where string, arg any) (*account.Member, error) {
	var m account.Member
	// Prepared: every seamless callback reads its member by id.
	st, err := s.db.prepared(ctx, nil, `SELECT `+memberSelect+` FROM members WHERE `+where+` = ?`)
	if err != nil {
		return nil, err
	}
	err = st.GetContext(ctx, &m, arg)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.New(errs.NoUser)
	}
	return &m, err
}

// MemberByID returns a member by id.
func (s *Accounts) MemberByID(ctx context.Context, id string) (*account.Member, error) {
	return s.member(ctx, "id", id)
}

// MemberByCode returns a member by member code (the unique index).
func (s *Accounts) MemberByCode(ctx context.Context, code string) (*account.Member, error) {
	return s.member(ctx, "code", code)
}

// nullable stores an empty member code as NULL: the unique index lets any
// number of members wait for theirs (BackfillCodes), where two empty codes
// would collide.
func nullable(code string) any {
	if code == "" {
		return nil
	}
	return code
}

// codeViolation reports whether a unique violation is the member code's:
// PostgreSQL names the index, SQLite the column.
func codeViolation(name string) bool {
	return strings.Contains(name, "members_code_uq") || strings.Contains(name, "members.code")
}

// MembersWithoutCode lists up to limit members after id after without a
// member code, in id order (the primary key's).
func (s *Accounts) MembersWithoutCode(ctx context.Context, after string, limit int) ([]string, error) {
	var ids []string
	err := s.db.x.SelectContext(ctx, &ids, s.db.q(`SELECT id FROM members WHERE id > ? AND code IS NULL ORDER BY id LIMIT ?`),
		after, limit)
	return ids, err
}

// SetMemberCode gives member id its code unless it has one (another node
// starting at the same time may have given it).
func (s *Accounts) SetMemberCode(ctx context.Context, id, code string) error {
	return s.db.homeTx(ctx, func(tx *sqlx.Tx) ([]string, error) {
		_, err := tx.ExecContext(ctx, s.db.q(`UPDATE members SET code = ? WHERE id = ? AND code IS NULL`), code, id)
		if name, ok := uniqueViolation(err); ok && codeViolation(name) {
			return nil, account.ErrCodeTaken
		}
		return []string{id}, err
	})
}

// MemberByPhone returns a member by phone number.
func (s *Accounts) MemberByPhone(ctx context.Context, phone string) (*account.Member, error) {
	return s.member(ctx, "phone", phone)
}

// exists reports whether query (a SELECT 1 …) finds a row; it stops at
// the first.
func (s *Accounts) exists(ctx context.Context, query string, args ...any) (bool, error) {
	var one int
	err := s.db.x.GetContext(ctx, &one, s.db.q(query+` LIMIT 1`), args...)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// PhoneTaken reports whether a member has phone.
func (s *Accounts) PhoneTaken(ctx context.Context, phone string) (bool, error) {
	return s.exists(ctx, `SELECT 1 FROM members WHERE phone = ?`, phone)
}

// BankAccountTaken reports whether a member has this bank account.
func (s *Accounts) BankAccountTaken(ctx context.Context, bankCode, accountNo string) (bool, error) {
	return s.exists(ctx, `SELECT 1 FROM members WHERE bank_code = ? AND bank_account_no = ?`, bankCode, accountNo)
}

// UpdateProfile sets the display name and account holder name.
func (s *Accounts) UpdateProfile(ctx context.Context, id, name, bankAccountName string, at time.Time) error {
	return s.db.homeTx(ctx, func(tx *sqlx.Tx) ([]string, error) {
		_, err := tx.ExecContext(ctx, s.db.q(`UPDATE members SET name = ?, bank_account_name = ?, updated_at = ? WHERE id = ?`),
			name, bankAccountName, utc(at), id)
		return []string{id}, err
	})
}

// ChangePassword stores hash and revokes the member's other sessions.
func (s *Accounts) ChangePassword(ctx context.Context, id, hash, keepTokenHash string, at time.Time) error {
	// No homeTx: the home is unchanged (the home reads no password).
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, s.db.q(`UPDATE members SET password_hash = ?, updated_at = ? WHERE id = ?`), hash, utc(at), id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.db.q(`UPDATE sessions SET revoked_at = ?
			WHERE member_id = ? AND token_hash <> ? AND revoked_at IS NULL`), utc(at), id, keepTokenHash)
		return err
	})
}

// ResetPassword consumes the reset OTP, stores hash for an active member
// and revokes every session of the member, in one transaction.
func (s *Accounts) ResetPassword(ctx context.Context, id, otpID, hash string, at time.Time) error {
	// No homeTx: the home is unchanged (the home reads no password).
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx, s.db.q(`UPDATE otps SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL`), utc(at), otpID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errs.New(errs.OTPTokenInvalid)
		}
		res, err = tx.ExecContext(ctx, s.db.q(`UPDATE members SET password_hash = ?, updated_at = ? WHERE id = ? AND active = ?`),
			hash, utc(at), id, true)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errs.New(errs.InactiveUser)
		}
		_, err = tx.ExecContext(ctx, s.db.q(`UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL`), utc(at), id)
		return err
	})
}

// CreateSession stores a session.
func (s *Accounts) CreateSession(ctx context.Context, ses *account.Session) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO sessions
		(token_hash, member_id, created_at, last_seen_at, expires_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		ses.TokenHash, ses.MemberID, utc(ses.CreatedAt), utc(ses.LastSeenAt), utc(ses.ExpiresAt), ses.IP, ses.UserAgent)
	return err
}

// SessionByHash returns a session and whether its member is active.
func (s *Accounts) SessionByHash(ctx context.Context, tokenHash string) (*account.Session, bool, error) {
	var row struct {
		account.Session
		Active bool `db:"active"`
	}
	// Every member call runs this: a prepared primary-key look-up.
	st, err := s.db.prepared(ctx, nil, `SELECT s.token_hash, s.member_id, s.created_at, s.last_seen_at,
		s.expires_at, s.revoked_at, s.ip, s.user_agent, m.active
		FROM sessions s JOIN members m ON m.id = s.member_id WHERE s.token_hash = ?`)
	if err != nil {
		return nil, false, err
	}
	err = st.GetContext(ctx, &row, tokenHash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, errs.New(errs.InvalidToken)
	}
	if err != nil {
		return nil, false, err
	}
	return &row.Session, row.Active, nil
}

// TouchSessions records the last use of sessions, in one transaction; a
// touch that arrives late never moves last_seen_at back.
func (s *Accounts) TouchSessions(ctx context.Context, touches map[string]time.Time) error {
	hashes := make([]string, 0, len(touches))
	for h := range touches {
		hashes = append(hashes, h)
	}
	sort.Strings(hashes) // one lock order for concurrent flushes of several nodes
	return s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		st, err := s.db.prepared(ctx, tx, `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?`)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, h := range hashes {
			at := utc(touches[h])
			if _, err := st.ExecContext(ctx, at, h, at); err != nil {
				return err
			}
		}
		return nil
	})
}

// RevokeMemberSessions revokes every open session of a member.
func (s *Accounts) RevokeMemberSessions(ctx context.Context, memberID string, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL`), utc(at), memberID)
	return err
}

// RevokeSession revokes one session.
func (s *Accounts) RevokeSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`), utc(at), tokenHash)
	return err
}

// CreateOTP stores an OTP.
func (s *Accounts) CreateOTP(ctx context.Context, o *account.OTP) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO otps (id, phone, ref, token_hash, code_hash, attempts, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, 0, ?, ?)`), o.ID, o.Phone, o.Ref, o.TokenHash, o.CodeHash, utc(o.ExpiresAt), utc(o.CreatedAt))
	return err
}

const otpColumns = `id, phone, ref, token_hash, code_hash, attempts, expires_at, verified_at, consumed_at, created_at`

// OTPByTokenHash returns the OTP of a token.
func (s *Accounts) OTPByTokenHash(ctx context.Context, tokenHash string) (*account.OTP, error) {
	var o account.OTP
	err := s.db.x.GetContext(ctx, &o, s.db.q(`SELECT `+otpColumns+` FROM otps WHERE token_hash = ?`), tokenHash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.New(errs.OTPTokenInvalid)
	}
	return &o, err
}

// CountOTPAttempt counts one attempt if fewer than max were made.
func (s *Accounts) CountOTPAttempt(ctx context.Context, id string, max int) (bool, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE otps SET attempts = attempts + 1 WHERE id = ? AND attempts < ?`), id, max)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkOTPVerified marks an OTP verified.
func (s *Accounts) MarkOTPVerified(ctx context.Context, id string, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE otps SET verified_at = ? WHERE id = ? AND verified_at IS NULL`), utc(at), id)
	return err
}

// Prune deletes OTPs and rate-limit windows started before before, and
// sessions expired or revoked before it.
func (s *Accounts) Prune(ctx context.Context, before time.Time) (int64, error) {
	var total int64
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		for _, q := range []string{
			`DELETE FROM otps WHERE created_at < ?`,
			`DELETE FROM rate_limits WHERE window_start < ?`,
			`DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?`,
		} {
			args := []any{utc(before)}
			if strings.Count(q, "?") == 2 {
				args = append(args, utc(before))
			}
			res, err := tx.ExecContext(ctx, s.db.q(q), args...)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			total += n
		}
		return nil
	})
	return total, err
}

// SetMemberActive locks or unlocks a member.
func (s *Accounts) SetMemberActive(ctx context.Context, id string, active bool, at time.Time) error {
	// No homeTx: the home is unchanged (the home reads no lock; a locked member's sessions
	// end, so no call reads it).
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE members SET active = ?, updated_at = ? WHERE id = ?`), active, utc(at), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errs.New(errs.NoUser)
	}
	return nil
}

// MemberSessions lists the member's live sessions, newest first.
func (s *Accounts) MemberSessions(ctx context.Context, memberID string, now time.Time) ([]account.Session, error) {
	out := []account.Session{}
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`SELECT token_hash, member_id, created_at, last_seen_at, expires_at,
		revoked_at, ip, user_agent FROM sessions
		WHERE member_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC`), memberID, utc(now))
	return out, err
}
