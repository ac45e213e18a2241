package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// ErrBackupNotSQLite says that Backup was asked of a PostgreSQL database,
// which is backed up with PostgreSQL's own tools (docs/operations.md).
var ErrBackupNotSQLite = errors.New("ngern backup copies a SQLite database; on PostgreSQL use pg_dump, or pg_basebackup with WAL archiving " +
	`(docs/operations.md, "Backups and restore")`)

// Backup writes a consistent copy of the SQLite database to path, which
// must not exist, while the server goes on serving.
//
// It uses VACUUM INTO rather than the online backup API: VACUUM INTO reads
// the database in one read transaction, so the copy is the snapshot of one
// moment and, in WAL mode, writers are never blocked or made to wait; it
// is plain SQL through the pool every other query uses (no driver-specific
// connection); and the copy is compacted, without the WAL, ready to be
// opened as it is. The backup API of the driver copies pages in steps and
// restarts whenever another connection writes between two steps, so under
// steady writes it may never finish, and copying it all in one step holds
// a read transaction just as VACUUM INTO does.
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.dialect != SQLite {
		return ErrBackupNotSQLite
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists; a backup never overwrites a file", path)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if _, err := db.x.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		return fmt.Errorf("copy the database: %w", err)
	}
	// VACUUM INTO does not sync the file it writes, and makes it readable
	// by others as the umask lets it: the copy holds what the database
	// holds (operators' TOTP secrets among others).
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Chmod(0o600); err != nil {
		return err
	}
	return f.Sync()
}

// IntegrityCheck runs SQLite's integrity check (PRAGMA integrity_check)
// and returns an error with what it found unless the file is intact. On
// PostgreSQL it does nothing.
func (db *DB) IntegrityCheck(ctx context.Context) error {
	if db.dialect != SQLite {
		return nil
	}
	var found []string
	if err := db.x.SelectContext(ctx, &found, `PRAGMA integrity_check`); err != nil {
		return err
	}
	if len(found) == 1 && found[0] == "ok" {
		return nil
	}
	return fmt.Errorf("the database is damaged: %s", strings.Join(found, "; "))
}
