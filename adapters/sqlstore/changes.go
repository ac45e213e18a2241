package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"ngern/core/changes"
	"ngern/core/errs"
)

// Changes implements changes.Store: the pending_changes table.
type Changes struct{ db *DB }

// NewChanges returns the changes repository of db.
func NewChanges(db *DB) *Changes { return &Changes{db: db} }

var _ changes.Store = (*Changes)(nil)

const changeColumns = `id, kind, scope, target, payload, summary, base, proposed_by, proposer_id, proposed_at,
	status, decided_by, decided_at`

// CreateChange stores a pending change; the partial unique index on
// (scope, target) refuses a second pending one.
func (s *Changes) CreateChange(ctx context.Context, c *changes.Change) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO pending_changes (`+changeColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		c.ID, c.Kind, c.Scope, c.Target, c.Payload, c.Summary, c.Base, c.ProposedBy, c.ProposerID, utc(c.ProposedAt),
		c.Status, c.DecidedBy, utcPtr(c.DecidedAt))
	if _, ok := uniqueViolation(err); ok {
		return errs.New(errs.ChangePending)
	}
	return err
}

// Change returns a change by id.
func (s *Changes) Change(ctx context.Context, id string) (*changes.Change, error) {
	var c changes.Change
	err := s.db.x.GetContext(ctx, &c, s.db.q(`SELECT `+changeColumns+` FROM pending_changes WHERE id = ?`), id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.New(errs.NoData)
	}
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// Changes lists changes, newest first.
func (s *Changes) Changes(ctx context.Context, status changes.Status, limit int) ([]changes.Change, error) {
	out := []changes.Change{}
	q := `SELECT ` + changeColumns + ` FROM pending_changes`
	args := []any{}
	if status != "" {
		q += ` WHERE status = ?`
		args = append(args, status)
	}
	q += ` ORDER BY proposed_at DESC, id DESC LIMIT ?`
	args = append(args, limit)
	err := s.db.x.SelectContext(ctx, &out, s.db.q(q), args...)
	return out, err
}

// DecideChange is one conditional UPDATE, so that of concurrent decisions
// exactly one moves the change.
func (s *Changes) DecideChange(ctx context.Context, id string, from, to changes.Status, by string, at *time.Time) (bool, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE pending_changes SET status = ?, decided_by = ?, decided_at = ?
		WHERE id = ? AND status = ?`), to, by, utcPtr(at), id, from)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
