package sqlstore

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
)

// Limiter counts events per key in fixed windows in the database, so that
// limits hold across every node of a deployment.
type Limiter struct {
	db  *DB
	now func() time.Time
}

// NewLimiter returns a database-backed limiter. now may be nil.
func NewLimiter(db *DB, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{db: db, now: now}
}

// Hit counts one event for key and reports whether it is within limit
// events in the current window, and how long until the window ends.
func (l *Limiter) Hit(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	now := l.now().UTC()
	var start time.Time
	var hits int
	err := l.db.inTx(ctx, func(tx *sqlx.Tx) error {
		// Start a new window when the stored one has ended; otherwise count.
		if _, err := tx.ExecContext(ctx, l.db.q(`INSERT INTO rate_limits (key, window_start, hits) VALUES (?, ?, 1)
			ON CONFLICT (key) DO UPDATE SET
				hits = CASE WHEN rate_limits.window_start <= ? THEN 1 ELSE rate_limits.hits + 1 END,
				window_start = CASE WHEN rate_limits.window_start <= ? THEN excluded.window_start ELSE rate_limits.window_start END`),
			key, now, now.Add(-window), now.Add(-window)); err != nil {
			return err
		}
		var row struct {
			Start time.Time `db:"window_start"`
			Hits  int       `db:"hits"`
		}
		if err := tx.GetContext(ctx, &row, l.db.q(`SELECT window_start, hits FROM rate_limits WHERE key = ?`), key); err != nil {
			return err
		}
		start, hits = row.Start, row.Hits
		return nil
	})
	if err != nil {
		return false, 0, err
	}
	retry := start.Add(window).Sub(now)
	if retry < time.Second {
		retry = time.Second
	}
	return hits <= limit, retry, nil
}
