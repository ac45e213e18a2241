// Package sqlstore implements Ngern's repositories on PostgreSQL (lib/pq) and
// SQLite (modernc.org/sqlite) with one set of queries written with ?
// placeholders, rebound by sqlx for each dialect.
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"modernc.org/sqlite"
)

// Dialect names the SQL engine.
type Dialect string

// The two dialects.
const (
	Postgres Dialect = "postgres"
	SQLite   Dialect = "sqlite"
)

//go:embed migrations
var migrations embed.FS

// DB is a connection pool of either dialect.
type DB struct {
	x       *sqlx.DB
	dialect Dialect
}

// Open connects to url ("postgres://…"), or, when url is empty, to the SQLite
// file ngern.db in dataDir (created if missing).
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	if url != "" {
		if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
			return nil, fmt.Errorf("NGERN_DATABASE_URL must start with postgres://")
		}
		x, err := sqlx.Open("postgres", url)
		if err != nil {
			return nil, err
		}
		x.SetMaxOpenConns(32)
		x.SetMaxIdleConns(32)
		x.SetConnMaxIdleTime(5 * time.Minute)
		return ping(ctx, &DB{x: x, dialect: Postgres})
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	return OpenSQLite(ctx, filepath.Join(dataDir, "ngern.db"))
}

// OpenSQLite opens the SQLite database at path in WAL mode with immediate
// write transactions and a busy timeout.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(NORMAL)&_txlock=immediate&_time_format=sqlite"
	x, err := sqlx.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	x.SetMaxOpenConns(8)
	x.SetMaxIdleConns(8)
	x.SetConnMaxIdleTime(0)
	return ping(ctx, &DB{x: x, dialect: SQLite})
}

func ping(ctx context.Context, db *DB) (*DB, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.x.PingContext(ctx); err != nil {
		db.x.Close()
		return nil, fmt.Errorf("connect to %s: %w", db.dialect, err)
	}
	return db, nil
}

// Dialect returns the engine of db.
func (db *DB) Dialect() Dialect { return db.dialect }

// Close closes the pool.
func (db *DB) Close() error { return db.x.Close() }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.x.PingContext(ctx) }

// SQL returns the underlying pool (for tools such as benchmarks).
func (db *DB) SQL() *sql.DB { return db.x.DB }

// q rebinds a query written with ? placeholders.
func (db *DB) q(query string) string { return db.x.Rebind(query) }

// queryer is what both *sqlx.DB and *sqlx.Tx offer.
type queryer interface {
	sqlx.ExtContext
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
}

// inTx runs fn in a transaction, committing when it returns nil.
func (db *DB) inTx(ctx context.Context, fn func(tx *sqlx.Tx) error) (err error) {
	tx, err := db.x.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			tx.Rollback()
			panic(p)
		}
		if err != nil {
			tx.Rollback()
			return
		}
		err = tx.Commit()
	}()
	return fn(tx)
}

// Migrate applies the embedded migrations of the dialect that are not yet
// applied, each in its own transaction.
func (db *DB) Migrate(ctx context.Context) error {
	dir := "migrations/" + string(db.dialect)
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sql") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if _, err := db.x.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("migrations table: %w", err)
	}
	for _, name := range names {
		version, err := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: name must start with a number", name)
		}
		body, err := migrations.ReadFile(dir + "/" + name)
		if err != nil {
			return err
		}
		err = db.inTx(ctx, func(tx *sqlx.Tx) error {
			if db.dialect == Postgres {
				// Several nodes may start at once; one migrates at a time.
				if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(734001)`); err != nil {
					return err
				}
			}
			var n int
			if err := tx.GetContext(ctx, &n, db.q(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), version); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, db.q(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
				version, name, time.Now().UTC().Format(time.RFC3339))
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
}

// uniqueViolation reports the constraint (PostgreSQL) or the columns
// (SQLite) of a unique-constraint failure.
func uniqueViolation(err error) (string, bool) {
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23505" {
		return pe.Constraint, true
	}
	var se *sqlite.Error
	if errors.As(err, &se) && (se.Code() == 2067 || se.Code() == 1555) {
		return se.Error(), true
	}
	return "", false
}

// checkViolation reports a CHECK constraint failure.
func checkViolation(err error) bool {
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23514" {
		return true
	}
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code() == 275 // SQLITE_CONSTRAINT_CHECK
}

func utc(t time.Time) time.Time { return t.UTC() }
