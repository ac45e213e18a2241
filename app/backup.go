package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/sqlstore"
)

// A backup (`ngern backup FILE`) is a directory FILE holding
//
//	ngern.db       the SQLite database, a consistent copy (sqlstore.DB.Backup)
//	objects/       the local object folder (slips, chat media, banners)
//	secret.key     the data dir's secret key, when the key lives there
//	manifest.json  written last: what the backup holds and when it was made
//
// A directory rather than an archive: restore reads it as it is, and an
// operator may tar, compress or encrypt it as the place it goes to wants
// (docs/operations.md, "Backups and restore"). Without manifest.json it is
// an unfinished backup, which restore refuses.

// The names inside a backup and a data dir.
const (
	backupManifest = "manifest.json"
	dbFile         = "ngern.db"
	objectsDir     = "objects"
	secretKeyFile  = "secret.key"
)

// backupFormat is the version of the layout above.
const backupFormat = 1

// manifest describes a finished backup.
type manifest struct {
	Format    int       `json:"format"`
	Version   string    `json:"version"` // the Ngern that wrote it
	CreatedAt time.Time `json:"createdAt"`
	Objects   int       `json:"objects"`   // files under objects/
	SecretKey bool      `json:"secretKey"` // secret.key is in the backup
}

var errPostgresRestore = errors.New("ngern restore fills a SQLite data dir; on PostgreSQL restore with pg_restore, or a base backup and its WAL " +
	`(docs/operations.md, "Backups and restore")`)

// runBackup copies the SQLite install in cfg.DataDir into the new
// directory args[0] while the server may go on serving.
func runBackup(cfg Config, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("backup", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() { fmt.Fprintln(stderr, "usage: ngern backup FILE  (FILE: a new directory)") }
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	if cfg.DatabaseURL != "" {
		fmt.Fprintln(stderr, "backup:", sqlstore.ErrBackupNotSQLite)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	m, err := backup(ctx, cfg, fl.Arg(0), stdout)
	if err != nil {
		fmt.Fprintln(stderr, "backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "backup written to %s: the database, %d objects", fl.Arg(0), m.Objects)
	if m.SecretKey {
		fmt.Fprint(stdout, " and the secret key; it holds a secret: store it as you store secrets")
	}
	fmt.Fprintln(stdout)
	return 0
}

func backup(ctx context.Context, cfg Config, dest string, stdout io.Writer) (m manifest, err error) {
	src := filepath.Join(cfg.DataDir, dbFile)
	if _, err := os.Stat(src); err != nil {
		return m, fmt.Errorf("no database to back up: %w", err)
	}
	// Making the directory claims the name: a backup never writes into
	// one that exists. Anything that fails removes what was written.
	if err := os.Mkdir(dest, 0o700); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return m, fmt.Errorf("%s exists; a backup never overwrites one", dest)
		}
		return m, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dest)
		}
	}()
	db, err := sqlstore.OpenSQLite(ctx, src)
	if err != nil {
		return m, err
	}
	err = db.Backup(ctx, filepath.Join(dest, dbFile))
	db.Close()
	if err != nil {
		return m, err
	}
	// The objects are copied after the database: an object is stored
	// before the row that names it is committed, so every object the copy
	// names is already in the folder.
	if cfg.S3.Endpoint == "" {
		if m.Objects, err = copyTree(filepath.Join(cfg.DataDir, objectsDir), filepath.Join(dest, objectsDir)); err != nil {
			return m, fmt.Errorf("copy the objects: %w", err)
		}
	} else {
		fmt.Fprintln(stdout, "note: the objects are in the S3 bucket, not in this backup; back the bucket up with it (docs/operations.md)")
	}
	switch err := copyFile(filepath.Join(cfg.DataDir, secretKeyFile), filepath.Join(dest, secretKeyFile), 0o600); {
	case err == nil:
		m.SecretKey = true
	case errors.Is(err, fs.ErrNotExist):
	default:
		return m, fmt.Errorf("copy the secret key: %w", err)
	}
	if cfg.SecretKey != nil {
		fmt.Fprintln(stdout, "note: the secret key comes from NGERN_SECRET_KEY and is not in this backup; a restore needs it")
	}
	m.Format, m.Version, m.CreatedAt = backupFormat, Version, time.Now().UTC()
	b, _ := json.MarshalIndent(m, "", "  ")
	return m, writeSynced(filepath.Join(dest, backupManifest), append(b, '\n'), 0o600)
}

// runRestore fills cfg.DataDir from the backup args[0], runs the
// migrations as the server would and the ledger check.
func runRestore(cfg Config, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("restore", flag.ContinueOnError)
	fl.SetOutput(stderr)
	replace := fl.Bool("replace", false, "move the data dir's database, objects and secret key into <data dir>/replaced-<time>/ first (stop the server before)")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: ngern restore [-replace] FILE  (FILE: a directory written by ngern backup)")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	if cfg.DatabaseURL != "" {
		fmt.Fprintln(stderr, "restore:", errPostgresRestore)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	m, err := restore(ctx, cfg, fl.Arg(0), *replace, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "restore:", err)
		return 1
	}
	fmt.Fprintf(stdout, "restored into %s; migrating and checking the ledger\n", cfg.DataDir)
	if err := restoreCheck(ctx, cfg, m.CreatedAt, stdout, stderr); err != nil {
		if !errors.Is(err, errCheckFailed) {
			fmt.Fprintln(stderr, "restore:", err)
		}
		return 1
	}
	return 0
}

// restoreCheck starts the restored install as `ngern check` does (the
// migrations and the settings' seed, as the server would) and runs the
// check as of the backup's moment: a transfer open in the copy counts as
// stuck only if it was already past the reconcile window when the copy was
// made (the reconciler settles the others once the server runs).
func restoreCheck(ctx context.Context, cfg Config, at time.Time, stdout, stderr io.Writer) error {
	var t tools
	app := fx.New(fx.NopLogger, Core(cfg, stderr), Offline(),
		fx.Populate(&t.wallet, &t.ledger, &t.accounts, &t.operators, &t.auditor, &t.promo, &t.promos, &t.spin, &t.settings, &t.log))
	if err := app.Err(); err != nil {
		return err
	}
	if err := app.Start(ctx); err != nil {
		return err
	}
	defer func() { _ = app.Stop(context.Background()) }() // the command's outcome is already decided
	t.cfg, t.now = cfg, func() time.Time { return at }
	return runCheck(ctx, t, stdout)
}

func restore(ctx context.Context, cfg Config, src string, replace bool, stdout io.Writer) (manifest, error) {
	m, err := readManifest(src)
	if err != nil {
		return m, err
	}
	return m, restoreFiles(ctx, cfg, src, m, replace, stdout)
}

func readManifest(src string) (manifest, error) {
	var m manifest
	b, err := os.ReadFile(filepath.Join(src, backupManifest))
	if errors.Is(err, fs.ErrNotExist) {
		return m, fmt.Errorf("%s is not a finished backup (no %s)", src, backupManifest)
	}
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil || m.Format != backupFormat || m.CreatedAt.IsZero() {
		return m, fmt.Errorf("%s: unknown backup format", filepath.Join(src, backupManifest))
	}
	return m, nil
}

func restoreFiles(ctx context.Context, cfg Config, src string, m manifest, replace bool, stdout io.Writer) error {
	if m.SecretKey && cfg.SecretKey != nil {
		backed, err := readKey(filepath.Join(src, secretKeyFile))
		if err != nil {
			return err
		}
		if !bytes.Equal(backed, cfg.SecretKey) {
			return errors.New("NGERN_SECRET_KEY differs from the backup's secret key, which the stored game passwords and gateway secrets need; unset it or set it to the backup's key")
		}
	}
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return err
	}
	held, err := heldInstall(cfg.DataDir)
	if err != nil {
		return err
	}
	if len(held) > 0 {
		if !replace {
			return fmt.Errorf("%s holds an install (%s); restore into an empty data dir, or stop the server and pass -replace to move it aside",
				cfg.DataDir, strings.Join(held, ", "))
		}
		aside := filepath.Join(cfg.DataDir, "replaced-"+time.Now().UTC().Format("20060102T150405Z"))
		if err := os.Mkdir(aside, 0o700); err != nil {
			return err
		}
		for _, name := range held {
			if err := os.Rename(filepath.Join(cfg.DataDir, name), filepath.Join(aside, name)); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "moved the data dir's %s into %s\n", strings.Join(held, ", "), aside)
	}
	// The database goes in under a temporary name and is checked there,
	// so that a damaged or half-copied file never sits at ngern.db.
	tmp := filepath.Join(cfg.DataDir, ".restore-"+dbFile)
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(tmp + suffix)
	}
	if err := copyFile(filepath.Join(src, dbFile), tmp, 0o600); err != nil {
		return fmt.Errorf("copy the database: %w", err)
	}
	db, err := sqlstore.OpenSQLite(ctx, tmp)
	if err == nil {
		err = db.IntegrityCheck(ctx)
		db.Close()
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if _, err := copyTree(filepath.Join(src, objectsDir), filepath.Join(cfg.DataDir, objectsDir)); err != nil {
		return fmt.Errorf("copy the objects: %w", err)
	}
	if m.SecretKey {
		if err := copyFile(filepath.Join(src, secretKeyFile), filepath.Join(cfg.DataDir, secretKeyFile), 0o600); err != nil {
			return fmt.Errorf("copy the secret key: %w", err)
		}
	} else if cfg.SecretKey == nil {
		fmt.Fprintln(stdout, "note: the backup holds no secret key; set NGERN_SECRET_KEY to the key the backed-up install used")
	}
	return os.Rename(tmp, filepath.Join(cfg.DataDir, dbFile))
}

// heldInstall lists what of an install dir holds: its database (and WAL),
// a non-empty object folder, its secret key.
func heldInstall(dir string) ([]string, error) {
	var held []string
	for _, name := range []string{dbFile, dbFile + "-wal", dbFile + "-shm", secretKeyFile} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			held = append(held, name)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	entries, err := os.ReadDir(filepath.Join(dir, objectsDir))
	switch {
	case err == nil && len(entries) > 0:
		held = append(held, objectsDir)
	case err == nil:
		os.Remove(filepath.Join(dir, objectsDir)) // empty: the restore makes it again
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	return held, nil
}

// copyTree copies the regular files under src to dst (made as needed),
// leaving out the object store's temporary files (".put-*"), and returns
// how many it copied. A missing src copies nothing.
func copyTree(src, dst string) (int, error) {
	n := 0
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == src && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o750)
		case !d.Type().IsRegular() || strings.HasPrefix(d.Name(), ".put-"):
			return nil
		}
		err = copyFile(path, target, 0o640)
		if errors.Is(err, fs.ErrNotExist) {
			return nil // deleted since the walk listed it
		}
		if err == nil {
			n++
		}
		return err
	})
	return n, err
}

// copyFile copies src to the new file dst and syncs it.
func copyFile(src, dst string, perm os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(dst)
	}
	return err
}

// writeSynced writes b to the new file path and syncs it.
func writeSynced(path string, b []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
