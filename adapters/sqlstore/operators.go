package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"ngern/core/errs"
	"ngern/core/operator"
)

// Operators implements operator.Store.
type Operators struct{ db *DB }

// NewOperators returns the operator repository of db.
func NewOperators(db *DB) *Operators { return &Operators{db: db} }

var _ operator.Store = (*Operators)(nil)

// CreateOperator stores an operator.
func (s *Operators) CreateOperator(ctx context.Context, o operator.Operator) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO operators (id, name, token_hash, created_at) VALUES (?, ?, ?, ?)`),
		o.ID, o.Name, o.TokenHash, utc(o.CreatedAt))
	return err
}

func (s *Operators) operator(ctx context.Context, column, value string) (operator.Operator, error) {
	var o operator.Operator
	err := s.db.x.GetContext(ctx, &o, s.db.q(`SELECT id, name, token_hash, created_at FROM operators WHERE `+column+` = ?`), value)
	if errors.Is(err, sql.ErrNoRows) {
		return o, errs.New(errs.NoData)
	}
	return o, err
}

// OperatorByName returns an operator by name.
func (s *Operators) OperatorByName(ctx context.Context, name string) (operator.Operator, error) {
	return s.operator(ctx, "name", name)
}

// OperatorByTokenHash returns the operator a token hash belongs to.
func (s *Operators) OperatorByTokenHash(ctx context.Context, hash string) (operator.Operator, error) {
	return s.operator(ctx, "token_hash", hash)
}
