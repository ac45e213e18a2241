package sqlstore_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

func TestBackup(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		if db.Dialect() == sqlstore.Postgres {
			t.Run("PostgreSQL refuses and points to its own tools", func(t *testing.T) {
				err := db.Backup(ctx, filepath.Join(t.TempDir(), "copy.db"))
				if !errors.Is(err, sqlstore.ErrBackupNotSQLite) {
					t.Fatalf("err = %v", err)
				}
			})
			return
		}
		if _, err := db.SQL().ExecContext(ctx, `INSERT INTO settings (key, value) VALUES ('backup.test', '"kept"')`); err != nil {
			t.Fatal(err)
		}
		t.Run("the copy opens, is intact and holds the rows", func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "copy.db")
			if err := db.Backup(ctx, path); err != nil {
				t.Fatal(err)
			}
			if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
				t.Fatalf("the copy is readable by others: %v, %v", st.Mode(), err)
			}
			cp, err := sqlstore.OpenSQLite(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer cp.Close()
			if err := cp.IntegrityCheck(ctx); err != nil {
				t.Fatal(err)
			}
			var v string
			if err := cp.SQL().QueryRowContext(ctx, `SELECT value FROM settings WHERE key = 'backup.test'`).Scan(&v); err != nil || v != `"kept"` {
				t.Fatalf("value = %q, %v", v, err)
			}
		})
		t.Run("an existing file is never overwritten", func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "copy.db")
			if err := os.WriteFile(path, []byte("precious"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := db.Backup(ctx, path); err == nil {
				t.Fatal("backup overwrote a file")
			}
			if b, _ := os.ReadFile(path); string(b) != "precious" {
				t.Fatalf("file = %q", b)
			}
		})
		t.Run("a damaged file fails the integrity check", func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "copy.db")
			if err := db.Backup(ctx, path); err != nil {
				t.Fatal(err)
			}
			// Scribble over the pages of the settings table; the schema
			// stays readable.
			cp, err := sqlstore.OpenSQLite(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			var root, size int
			err = cp.SQL().QueryRowContext(ctx, `SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_schema WHERE name = 'settings'`).Scan(&root, &size)
			cp.Close()
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for i := (root-1)*size + 8; i < root*size && i < len(b); i += 7 {
				b[i] ^= 0x5a
			}
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			if cp, err = sqlstore.OpenSQLite(ctx, path); err != nil {
				t.Fatal(err)
			}
			defer cp.Close()
			if err := cp.IntegrityCheck(ctx); err == nil {
				t.Fatal("a damaged copy passed the integrity check")
			}
		})
	})
}
