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
	neturl "net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
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

// functions are the ledger's PostgreSQL functions, applied on every
// migrate (Migrate): the one definition of the ledger there.
//
//go:embed functions/postgres.sql
var functions string

// DB is a connection pool of either dialect.
type DB struct {
	x       *sqlx.DB
	dialect Dialect
	stmts   sync.Map // query written with ? → *sqlx.Stmt (see prepared)
	url     string   // the PostgreSQL URL it was opened with

	// Nil until UseEvents: the home cache (homecache.go), the publisher of
	// wallet.BalancesChanged and the home changes of the transactions not
	// yet ended (announce.go).
	homeCache *homeCache
	changes   *announcer
	touchMu   sync.Mutex
	touches   map[*sqlx.Tx][]string
}

// Open connects to url ("postgres://…"), or, when url is empty, to the SQLite
// file ngern.db in dataDir (created if missing).
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	if url != "" {
		if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
			return nil, fmt.Errorf("NGERN_DATABASE_URL must start with postgres://")
		}
		dsn, err := postgresDSN(url)
		if err != nil {
			return nil, err
		}
		x, err := sqlx.Open("postgres", dsn)
		if err != nil {
			return nil, err
		}
		x.SetMaxOpenConns(PostgresMaxConns)
		x.SetMaxIdleConns(PostgresMaxConns)
		x.SetConnMaxIdleTime(5 * time.Minute)
		return ping(ctx, &DB{x: x, dialect: Postgres, url: url})
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	return OpenSQLite(ctx, filepath.Join(dataDir, "ngern.db"))
}

// PostgresMaxConns bounds the PostgreSQL pool. A request holds a
// connection only while it talks to the database (a transfer commits before
// it calls the provider), so the pool rarely opens as many connections as
// there are requests in flight; on a 2-core machine 8, 16 and 32 measured
// alike (docs/performance.md).
const PostgresMaxConns = 32

// postgresDSN turns on lib/pq's binary_parameters mode unless the URL sets
// it: a query with parameters then takes one round trip (parse, bind and
// execute in one go) instead of two (prepare, then execute). Only []byte
// parameters change encoding (sent as binary, which text and bytea columns
// read as they are).
//
// It also sets plan_cache_mode = force_generic_plan on every connection
// (added to the URL's options unless they set it): it applies only to
// statements prepared once and run many times (DB.prepared, the hot paths:
// look-ups by keys), which then run one cached plan instead of being planned
// again on each call whenever PostgreSQL expects a custom plan to be
// cheaper, as it does for the home screen's batched read, whose array of
// members it cannot size in advance. Other queries are planned on each call
// as before. It needs PostgreSQL 12 or later.
func postgresDSN(raw string) (string, error) {
	u, err := neturl.Parse(raw)
	if err != nil {
		// The parse error repeats the URL, password included.
		return "", errors.New("NGERN_DATABASE_URL is not a valid URL")
	}
	q := u.Query()
	if !q.Has("binary_parameters") {
		q.Set("binary_parameters", "yes")
	}
	if opts := q.Get("options"); !strings.Contains(opts, "plan_cache_mode") {
		q.Set("options", strings.TrimSpace(opts+" -c plan_cache_mode=force_generic_plan"))
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
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

// URL returns the PostgreSQL URL db was opened with ("" for SQLite), for
// the event bus's listening connection. It may hold a password: never log
// it.
func (db *DB) URL() string { return db.url }

// Close closes the pool.
func (db *DB) Close() error {
	db.stmts.Range(func(k, v any) bool {
		if st, ok := v.(*sqlx.Stmt); ok {
			st.Close()
		}
		db.stmts.Delete(k)
		return true
	})
	return db.x.Close()
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.x.PingContext(ctx) }

// SQL returns the underlying pool (for tools such as benchmarks).
func (db *DB) SQL() *sql.DB { return db.x.DB }

// q rebinds a query written with ? placeholders.
func (db *DB) q(query string) string { return db.x.Rebind(query) }

// prepared returns query (written with ? placeholders) as a statement
// prepared once for the pool: database/sql prepares it on each connection
// the first time that connection runs it and keeps it there, so the
// database parses it once per connection and, on PostgreSQL, settles on a
// cached plan, instead of parsing and planning it on every call. Only the
// hot paths use it (a fixed set of queries: the cache never grows with the
// data). With tx, the statement runs in that transaction.
func (db *DB) prepared(ctx context.Context, tx *sqlx.Tx, query string) (*sqlx.Stmt, error) {
	if v, ok := db.stmts.Load(query); ok {
		if st, ok := v.(*sqlx.Stmt); ok {
			if tx != nil {
				// Closed with the transaction; the connection keeps its
				// prepared statement for the next one.
				return tx.StmtxContext(ctx, st), nil
			}
			return st, nil
		}
	}
	if tx != nil {
		// Preparing for the pool takes a connection of the pool, and each
		// of them may be held by a transaction waiting here for the same:
		// prepare this once on the transaction's own connection, and for
		// the pool in the background, once a connection is free.
		if _, loaded := db.stmts.LoadOrStore(query, preparing{}); !loaded {
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				if _, err := db.prepareForPool(ctx, query); err != nil {
					db.stmts.CompareAndDelete(query, preparing{})
				}
			}()
		}
		return tx.PreparexContext(ctx, db.q(query))
	}
	return db.prepareForPool(ctx, query)
}

// preparing marks a query being prepared for the pool in the background.
type preparing struct{}

func (db *DB) prepareForPool(ctx context.Context, query string) (*sqlx.Stmt, error) {
	st, err := db.x.PreparexContext(ctx, db.q(query))
	if err != nil {
		return nil, err
	}
	for {
		v, loaded := db.stmts.LoadOrStore(query, st)
		if !loaded {
			return st, nil
		}
		if prev, ok := v.(*sqlx.Stmt); ok {
			st.Close() // prepared twice at once: keep the first
			return prev, nil
		}
		if db.stmts.CompareAndSwap(query, v, st) {
			return st, nil
		}
	}
}

// inTx runs fn in a transaction, committing when it returns nil. The home
// changes fn recorded (announce.go: every journal posted, homeTx) are
// announced once it has ended.
func (db *DB) inTx(ctx context.Context, fn func(tx *sqlx.Tx) error) (err error) {
	tx, err := db.x.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer db.txEnded(tx)
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
// applied, each in its own transaction, then (PostgreSQL) the ledger's
// functions, which replace those of the last start.
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
		run := db.inTx
		if db.dialect == SQLite && strings.HasPrefix(string(body), foreignKeysOff) {
			run = db.withoutForeignKeys
		}
		err = run(ctx, func(tx *sqlx.Tx) error {
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
	if db.dialect != Postgres {
		return nil
	}
	err = db.inTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(734001)`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, functions)
		return err
	})
	if err != nil {
		return fmt.Errorf("ledger functions: %w", err)
	}
	return nil
}

// foreignKeysOff starts a SQLite migration that rebuilds a table others
// reference (SQLite cannot change a CHECK in place): it runs as SQLite's
// documented procedure asks, with foreign keys off on its connection, and
// commits only when PRAGMA foreign_key_check finds nothing.
const foreignKeysOff = "-- sqlite: foreign_keys off"

// withoutForeignKeys runs fn in a transaction on one connection whose
// foreign keys are off (the pragma has no effect inside a transaction),
// checks every foreign key before the commit and turns them on again.
func (db *DB) withoutForeignKeys(ctx context.Context, fn func(tx *sqlx.Tx) error) (err error) {
	conn, err := db.x.Connx(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		return err
	}
	defer func() {
		if _, onErr := conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA foreign_keys = ON`); onErr != nil && err == nil {
			err = onErr
		}
	}()
	tx, err := conn.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return err
	}
	broken := rows.Next()
	rows.Close()
	if broken {
		return fmt.Errorf("foreign key check failed")
	}
	return tx.Commit()
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
