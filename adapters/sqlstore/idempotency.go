package sqlstore

import (
	"context"
	"time"

	"ngern/core/idempotency"
)

// Idempotency implements idempotency.Store.
type Idempotency struct{ db *DB }

// NewIdempotency returns the idempotency-key repository of db.
func NewIdempotency(db *DB) *Idempotency { return &Idempotency{db: db} }

var _ idempotency.Store = (*Idempotency)(nil)

// Claim inserts the key as in progress, outside any transaction: the
// primary key decides between concurrent claims on both databases, and the
// loser reads the winner's row.
func (s *Idempotency) Claim(ctx context.Context, k idempotency.Key, hash string, at time.Time) (bool, idempotency.Record, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO idempotency_keys (scope, route, key, request_hash, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, route, key) DO NOTHING`), k.Scope, k.Route, k.Key, hash, utc(at))
	if err != nil {
		return false, idempotency.Record{}, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return n == 1, idempotency.Record{}, err
	}
	rec, err := s.Get(ctx, k)
	return false, rec, err
}

// Get returns the record of a key.
func (s *Idempotency) Get(ctx context.Context, k idempotency.Key) (idempotency.Record, error) {
	var row struct {
		idempotency.Record
		Body string `db:"body"`
	}
	err := s.db.x.GetContext(ctx, &row, s.db.q(`SELECT request_hash, done, status, body, awaits, created_at
		FROM idempotency_keys WHERE scope = ? AND route = ? AND key = ?`), k.Scope, k.Route, k.Key)
	row.Record.Body = []byte(row.Body)
	return row.Record, err
}

// Complete stores the answer of a key.
func (s *Idempotency) Complete(ctx context.Context, k idempotency.Key, status int, body []byte, awaits string, at time.Time) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`UPDATE idempotency_keys SET done = ?, status = ?, body = ?, awaits = ?, completed_at = ?
		WHERE scope = ? AND route = ? AND key = ?`), true, status, string(body), awaits, utc(at), k.Scope, k.Route, k.Key)
	return err
}

// Release deletes a key still in progress.
func (s *Idempotency) Release(ctx context.Context, k idempotency.Key) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`DELETE FROM idempotency_keys WHERE scope = ? AND route = ? AND key = ? AND done = ?`),
		k.Scope, k.Route, k.Key, false)
	return err
}

// Purge deletes keys created before before.
func (s *Idempotency) Purge(ctx context.Context, before time.Time) (int, error) {
	res, err := s.db.x.ExecContext(ctx, s.db.q(`DELETE FROM idempotency_keys WHERE created_at < ?`), utc(before))
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}
