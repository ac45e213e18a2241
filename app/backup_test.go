package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/objectstore"
	"ngern/adapters/sqlstore"
)

// ngernCmd runs an ngern command as the binary would, with the data dir
// (and more variables) in its environment.
func ngernCmd(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, func(k string) string { return env[k] }, &out, &errb)
	return code, out.String(), errb.String()
}

// memberBalances reads every member account's stored balance.
func memberBalances(t *testing.T, db *sqlstore.DB) map[string]int64 {
	t.Helper()
	rows, err := db.SQL().QueryContext(context.Background(), `SELECT id, balance FROM ledger_accounts WHERE kind <> 'system'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[string]int64{}
	for rows.Next() {
		var id string
		var b int64
		if err := rows.Scan(&id, &b); err != nil {
			t.Fatal(err)
		}
		m[id] = b
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// openRestored opens a restored data dir's database and verifies its
// ledger: every journal balances and every member's balance is the sum of
// its postings.
func openRestored(t *testing.T, dir string) *sqlstore.DB {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(dir, "ngern.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r, err := sqlstore.NewLedger(db).Verify(ctx, time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK() {
		t.Fatalf("restored ledger:\n%s", strings.Join(r.Problems, "\n"))
	}
	return db
}

// damagePages scribbles over the pages of table in the SQLite file at
// path, leaving the schema readable.
func damagePages(t *testing.T, path, table string) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var root, size int
	err = db.SQL().QueryRowContext(ctx, `SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_schema WHERE name = ?`, table).Scan(&root, &size)
	db.Close()
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
}

// TestBackupRestoreDrill backs up a SQLite install while members and
// operators move money through the API, restores the copy into a fresh
// data dir and checks it; then, the load stopped, backs up again and
// finds every balance of the live install in the restored copy.
func TestBackupRestoreDrill(t *testing.T) {
	ctx := context.Background()
	live := t.TempDir()
	db, err := sqlstore.Open(ctx, "", live)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	op := strings.Repeat("k", 40)
	h := newHarness(t, db, func(c *Config) { c.DataDir = live; c.RegisterOTP = false; c.OperatorToken = op })
	// An object in the local store, as a slip or a chat picture would be.
	objs, err := objectstore.NewLocal(filepath.Join(live, "objects"))
	if err != nil {
		t.Fatal(err)
	}
	if err := objs.Put(ctx, "slips/drill.jpg", strings.NewReader("slip"), 4, "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	const members = 6
	tokens := make([]string, members)
	for i := range tokens {
		phone := fmt.Sprintf("08100000%02d", i)
		tokens[i] = h.member(phone, fmt.Sprintf("10000000%02d", i), 0)
	}
	var journalsBefore int
	if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM journals`).Scan(&journalsBefore); err != nil {
		t.Fatal(err)
	}

	// The load: per member, an operator's credit, a withdrawal request
	// (the money held) and the operator's rejection (the money back), over
	// and over, until stopped or
	// a bounded count; no outside party is involved.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var moves, failures atomic.Int64
	var failed sync.Once
	var firstFailure string
	for i := range tokens {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			phone := fmt.Sprintf("08100000%02d", i)
			for n := 0; n < 200; n++ {
				select {
				case <-stop:
					return
				default:
				}
				r, err := h.do("POST", "/api/operator/adjustments", op, map[string]any{"phone": phone, "amount": 300, "reason": "drill"}, nil)
				if err != nil || r.Status != 200 {
					failures.Add(1)
					failed.Do(func() { firstFailure = fmt.Sprintf("adjustment: %v %s", err, r.Raw) })
					continue
				}
				moves.Add(1)
				w, err := h.do("POST", "/api/wallet/withdraw", tokens[i], map[string]any{"amount": 100}, nil)
				if err != nil || w.Status != 200 {
					failures.Add(1)
					failed.Do(func() { firstFailure = fmt.Sprintf("withdraw: %v %s", err, w.Raw) })
					continue
				}
				moves.Add(1)
				id, _ := w.Body["withdrawal"].(map[string]any)["_id"].(string)
				rj, err := h.do("POST", "/api/operator/withdrawals/"+id+"/reject", op, map[string]any{"reason": "drill"}, nil)
				if err != nil || rj.Status != 200 {
					failures.Add(1)
					failed.Do(func() { firstFailure = fmt.Sprintf("reject: %v %s", err, rj.Raw) })
					continue
				}
				moves.Add(1)
			}
		}(i)
	}
	stopLoad := sync.OnceFunc(func() { close(stop); wg.Wait() })
	t.Cleanup(stopLoad)
	// Let the load run, then back up in the middle of it.
	for deadline := time.Now().Add(20 * time.Second); moves.Load() < 40 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	env := map[string]string{"NGERN_DATA_DIR": live}
	during := filepath.Join(t.TempDir(), "during")
	code, out, errOut := ngernCmd(t, env, "backup", during)
	if code != 0 {
		t.Fatalf("backup under load: exit %d\n%s%s", code, out, errOut)
	}
	movesAtBackup := moves.Load()
	time.Sleep(200 * time.Millisecond) // the load goes on after the copy
	stopLoad()
	if n := failures.Load(); n > 0 {
		t.Fatalf("%d calls of the load failed; the first: %s", n, firstFailure)
	}
	if moves.Load() <= movesAtBackup {
		t.Fatalf("the load did not run past the backup (%d moves)", moves.Load())
	}
	after := filepath.Join(t.TempDir(), "after")
	if code, out, errOut := ngernCmd(t, env, "backup", after); code != 0 {
		t.Fatalf("backup after the load: exit %d\n%s%s", code, out, errOut)
	}
	liveBalances := memberBalances(t, db)

	t.Run("the backup says it holds the secret key", func(t *testing.T) {
		if !strings.Contains(out, "secret key") {
			t.Fatalf("backup output: %s", out)
		}
		key, err := os.ReadFile(filepath.Join(during, "secret.key"))
		want, _ := os.ReadFile(filepath.Join(live, "secret.key"))
		if err != nil || len(want) == 0 || !bytes.Equal(key, want) {
			t.Fatalf("secret key in the backup: %q, %v", key, err)
		}
		if st, err := os.Stat(filepath.Join(during, "secret.key")); err != nil || st.Mode().Perm() != 0o600 {
			t.Fatalf("secret key mode: %v, %v", st, err)
		}
	})
	t.Run("the copy taken under load restores, migrates and checks", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "restored")
		code, out, errOut := ngernCmd(t, map[string]string{"NGERN_DATA_DIR": dir}, "restore", during)
		if code != 0 || !strings.Contains(out, "ledger ok:") {
			t.Fatalf("restore: exit %d\n%s%s", code, out, errOut)
		}
		rdb := openRestored(t, dir)
		var journals int
		if err := rdb.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM journals`).Scan(&journals); err != nil {
			t.Fatal(err)
		}
		if journals <= journalsBefore {
			t.Fatalf("the copy holds %d journals, no more than before the load (%d)", journals, journalsBefore)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "objects", "slips", "drill.jpg")); err != nil || string(b) != "slip" {
			t.Fatalf("object: %q, %v", b, err)
		}
	})
	t.Run("the copy taken after the load holds the live balances exactly", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "restored")
		if code, out, errOut := ngernCmd(t, map[string]string{"NGERN_DATA_DIR": dir}, "restore", after); code != 0 {
			t.Fatalf("restore: exit %d\n%s%s", code, out, errOut)
		}
		got := memberBalances(t, openRestored(t, dir))
		if len(got) != len(liveBalances) || len(got) < members {
			t.Fatalf("restored %d member accounts, live %d", len(got), len(liveBalances))
		}
		for id, b := range liveBalances {
			if got[id] != b {
				t.Errorf("account %s: restored %d, live %d", id, got[id], b)
			}
		}
	})
	t.Run("a restore checks open transfers as of the backup's moment", func(t *testing.T) {
		// A copy of the backup made two days ago, holding a transfer
		// opened shortly (or long) before the copy was made.
		for _, c := range []struct {
			name     string
			openedAt time.Duration // before the backup's moment
			code     int
		}{
			{"opened within the reconcile window: the reconciler's", time.Minute, 0},
			{"already stuck when copied: a problem", time.Hour, 1},
		} {
			t.Run(c.name, func(t *testing.T) {
				aged := filepath.Join(t.TempDir(), "aged")
				if _, err := copyTree(after, aged); err != nil {
					t.Fatal(err)
				}
				m, err := readManifest(aged)
				if err != nil {
					t.Fatal(err)
				}
				m.CreatedAt = m.CreatedAt.Add(-48 * time.Hour)
				b, _ := json.Marshal(m)
				if err := os.WriteFile(filepath.Join(aged, "manifest.json"), b, 0o600); err != nil {
					t.Fatal(err)
				}
				cp, err := sqlstore.OpenSQLite(ctx, filepath.Join(aged, "ngern.db"))
				if err != nil {
					t.Fatal(err)
				}
				opened := m.CreatedAt.Add(-c.openedAt)
				_, err = cp.SQL().ExecContext(ctx, `INSERT INTO transfers (id, member_id, game_code, username, direction, amount, state, created_at, updated_at, next_check_at)
					SELECT 'aaaaaaaaaaaaaaaaaaaaaaaa', (SELECT MIN(id) FROM members), (SELECT MIN(code) FROM games), 'u', 'in', 100, 'PENDING', ?, ?, ?`,
					opened, opened, opened)
				cp.Close()
				if err != nil {
					t.Fatal(err)
				}
				code, out, errOut := ngernCmd(t, map[string]string{"NGERN_DATA_DIR": filepath.Join(t.TempDir(), "restored")}, "restore", aged)
				if code != c.code || (c.code == 1) != strings.Contains(out, "transfer aaaaaaaaaaaaaaaaaaaaaaaa is PENDING") {
					t.Fatalf("restore: exit %d, want %d\n%s%s", code, c.code, out, errOut)
				}
			})
		}
	})
	t.Run("refusals", func(t *testing.T) {
		restored := filepath.Join(t.TempDir(), "restored")
		if code, out, errOut := ngernCmd(t, map[string]string{"NGERN_DATA_DIR": restored}, "restore", after); code != 0 {
			t.Fatalf("restore: exit %d\n%s%s", code, out, errOut)
		}
		unfinished := filepath.Join(t.TempDir(), "unfinished")
		if err := os.Mkdir(unfinished, 0o700); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name string
			env  map[string]string
			args []string
			code int
			says string
		}{
			{"backup never overwrites", env, []string{"backup", after}, 1, "exists"},
			{"backup on PostgreSQL points to its tools", map[string]string{"NGERN_DATA_DIR": live, "NGERN_DATABASE_URL": "postgres://u@127.0.0.1:1/x"},
				[]string{"backup", filepath.Join(t.TempDir(), "pg")}, 2, "pg_basebackup"},
			{"restore on PostgreSQL points to its tools", map[string]string{"NGERN_DATA_DIR": restored, "NGERN_DATABASE_URL": "postgres://u@127.0.0.1:1/x"},
				[]string{"restore", after}, 2, "pg_restore"},
			{"restore into a data dir holding an install", map[string]string{"NGERN_DATA_DIR": restored}, []string{"restore", after}, 1, "-replace"},
			{"restore of an unfinished backup", map[string]string{"NGERN_DATA_DIR": filepath.Join(t.TempDir(), "x")}, []string{"restore", unfinished}, 1, "not a finished backup"},
			{"backup needs FILE", env, []string{"backup"}, 2, "usage"},
		} {
			t.Run(c.name, func(t *testing.T) {
				code, out, errOut := ngernCmd(t, c.env, c.args...)
				if code != c.code || !strings.Contains(errOut, c.says) {
					t.Fatalf("exit %d, want %d with %q\n%s%s", code, c.code, c.says, out, errOut)
				}
			})
		}
		if _, err := os.Stat(filepath.Join(after, "manifest.json")); err != nil {
			t.Fatalf("the refused backup touched the existing one: %v", err)
		}
		t.Run("a damaged backup is refused and leaves no database", func(t *testing.T) {
			damaged := filepath.Join(t.TempDir(), "damaged")
			if _, err := copyTree(after, damaged); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(damaged, "ngern.db")
			damagePages(t, path, "postings")
			dir := filepath.Join(t.TempDir(), "restored")
			if code, out, errOut := ngernCmd(t, map[string]string{"NGERN_DATA_DIR": dir}, "restore", damaged); code != 1 {
				t.Fatalf("restore of a damaged backup: exit %d\n%s%s", code, out, errOut)
			}
			if _, err := os.Stat(filepath.Join(dir, "ngern.db")); err == nil {
				t.Fatal("a damaged database was put in place")
			}
		})
		t.Run("-replace moves the install aside and restores", func(t *testing.T) {
			code, out, errOut := ngernCmd(t, map[string]string{"NGERN_DATA_DIR": restored}, "restore", "-replace", during)
			if code != 0 {
				t.Fatalf("restore -replace: exit %d\n%s%s", code, out, errOut)
			}
			aside, _ := filepath.Glob(filepath.Join(restored, "replaced-*", "ngern.db"))
			if len(aside) != 1 {
				t.Fatalf("the replaced database is not kept: %v\n%s", aside, out)
			}
			openRestored(t, restored)
		})
	})
}
