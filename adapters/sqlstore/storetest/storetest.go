// Package storetest opens fresh, migrated databases of both dialects for
// tests: a SQLite file in a temporary folder, and a PostgreSQL schema of its
// own on the server named by NGERN_TEST_DATABASE_URL (default: the local
// server's database "test"). PostgreSQL tests skip when no server answers,
// except under CI=true where they fail.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
)

// DefaultPostgresURL is the server tests use when NGERN_TEST_DATABASE_URL is unset.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// Dialects lists the dialects every store test runs on.
var Dialects = []sqlstore.Dialect{sqlstore.SQLite, sqlstore.Postgres}

// Each runs fn as a subtest once per dialect, each with a fresh database.
func Each(t *testing.T, fn func(t *testing.T, db *sqlstore.DB)) {
	t.Helper()
	for _, d := range Dialects {
		t.Run(string(d), func(t *testing.T) {
			fn(t, Open(t, d))
		})
	}
}

// Open returns a fresh migrated database of dialect d, removed after the test.
func Open(t testing.TB, d sqlstore.Dialect) *sqlstore.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var db *sqlstore.DB
	var err error
	switch d {
	case sqlstore.SQLite:
		db, err = sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "test.db"))
	case sqlstore.Postgres:
		db, err = openPostgres(t, ctx)
	}
	if err != nil {
		t.Fatalf("open %s: %v", d, err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", d, err)
	}
	return db
}

// PostgresURL returns the server URL tests use.
func PostgresURL() string {
	if u := os.Getenv("NGERN_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

func openPostgres(t testing.TB, ctx context.Context) (*sqlstore.DB, error) {
	base := PostgresURL()
	admin, err := sqlstore.Open(ctx, base, "")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("PostgreSQL is required under CI: %v", err)
		}
		t.Skipf("PostgreSQL not reachable (%v); set CI=true to make this fatal", err)
	}
	defer admin.Close()
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.SQL().ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		return nil, err
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		a, err := sqlstore.Open(ctx, base, "")
		if err != nil {
			return
		}
		defer a.Close()
		if _, err := a.SQL().ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Logf("scratch schema %s left behind: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return sqlstore.Open(ctx, u.String(), "")
}
