// Package scratch makes what a bench run uses and throws away: a schema of
// its own in the bench database, a free loopback address for the server
// under test, random names and tokens.
package scratch

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"ngern/adapters/sqlstore"
)

// defaultURL is the bench database when NGERN_BENCH_DATABASE_URL is unset:
// the local "test" database.
const defaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// DatabaseURL is the bench database: NGERN_BENCH_DATABASE_URL, or the
// local "test" database.
func DatabaseURL() string {
	if u := os.Getenv("NGERN_BENCH_DATABASE_URL"); u != "" {
		return u
	}
	return defaultURL
}

// Schema is a scratch schema of the database at DB.
type Schema struct {
	DB   string // the database's URL
	Name string
	// URL is the database's URL with the schema as its search_path.
	URL string
}

// ownerMark starts the comment a scratch schema is made with; the rest is
// the host and process that made it.
const ownerMark = "ngern bench scratch of "

// NewSchema creates a schema named prefix plus a random suffix in the
// database at dbURL. Drop it when done; DropOnSignal drops it if the run
// is interrupted, and DropAbandoned at the next start if the run was
// killed.
func NewSchema(ctx context.Context, dbURL, prefix string) (*Schema, error) {
	s := Existing(dbURL, prefix+Hex(4))
	owner, err := owner(os.Getpid())
	if err != nil {
		return nil, err
	}
	if err := execSQL(ctx, dbURL, "CREATE SCHEMA "+s.Name+"; COMMENT ON SCHEMA "+s.Name+" IS '"+ownerMark+owner+"'"); err != nil {
		return nil, err
	}
	live.Lock()
	live.schemas[s] = true
	live.Unlock()
	return s, nil
}

// live are the scratch schemas this process made and has not dropped.
var live = struct {
	sync.Mutex
	schemas map[*Schema]bool
}{schemas: map[*Schema]bool{}}

func owner(pid int) (string, error) {
	host, err := os.Hostname()
	if err != nil {
		return "", err
	}
	return host + " pid " + strconv.Itoa(pid), nil
}

// DropOnSignal drops the scratch schemas still live when the process is
// interrupted (SIGINT, SIGTERM), then exits with status 130.
func DropOnSignal() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-ch
		live.Lock()
		for s := range live.schemas {
			if err := execSQL(context.Background(), s.DB, "DROP SCHEMA IF EXISTS "+s.Name+" CASCADE"); err != nil {
				fmt.Fprintf(os.Stderr, "%s: scratch schema %s left: %v\n", sig, s.Name, err)
			} else {
				fmt.Fprintf(os.Stderr, "%s: scratch schema %s dropped\n", sig, s.Name)
			}
		}
		os.Exit(130)
	}()
}

// DropAbandoned drops the scratch schemas named prefix… of the database at
// dbURL that a process of this host made and that is gone (a run killed
// before it could drop them), and returns their names. A schema of a run
// still going, or of another host, stays.
func DropAbandoned(ctx context.Context, dbURL, prefix string) ([]string, error) {
	db, err := sqlstore.Open(ctx, dbURL, "")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rows, err := db.SQL().QueryContext(ctx, `SELECT n.nspname, COALESCE(obj_description(n.oid, 'pg_namespace'), '')
		FROM pg_namespace n WHERE starts_with(n.nspname, $1)`, prefix)
	if err != nil {
		return nil, err
	}
	var gone []string
	for rows.Next() {
		var name, comment string
		if err := rows.Scan(&name, &comment); err != nil {
			rows.Close()
			return nil, err
		}
		if abandoned(comment) {
			gone = append(gone, name)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, name := range gone {
		if _, err := db.SQL().ExecContext(ctx, `DROP SCHEMA IF EXISTS "`+name+`" CASCADE`); err != nil {
			return nil, err
		}
	}
	return gone, nil
}

// abandoned tells whether a scratch schema's comment names a process of
// this host that no longer runs.
func abandoned(comment string) bool {
	rest, ok := strings.CutPrefix(comment, ownerMark)
	if !ok {
		return false
	}
	host, pid, ok := strings.Cut(rest, " pid ")
	if me, err := os.Hostname(); !ok || err != nil || host != me {
		return false
	}
	n, err := strconv.Atoi(pid)
	if err != nil || n <= 0 {
		return false
	}
	err = syscall.Kill(n, 0)
	return errors.Is(err, syscall.ESRCH)
}

// Existing is the schema name of the database at dbURL, which exists
// already (not to be dropped).
func Existing(dbURL, name string) *Schema {
	return &Schema{DB: dbURL, Name: name, URL: WithSearchPath(dbURL, name)}
}

// WithSearchPath is dbURL with schema as its search_path (dbURL itself
// when it is not a URL).
func WithSearchPath(dbURL, schema string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		return dbURL
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Drop drops the schema and all it holds.
func (s *Schema) Drop() error {
	live.Lock()
	defer live.Unlock()
	delete(live.schemas, s)
	return execSQL(context.Background(), s.DB, "DROP SCHEMA IF EXISTS "+s.Name+" CASCADE")
}

func execSQL(ctx context.Context, dbURL, stmt string) error {
	db, err := sqlstore.Open(ctx, dbURL, "")
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.SQL().ExecContext(ctx, stmt)
	return err
}

// Addr returns a loopback host:port that was free a moment ago, for the
// server under test to listen on.
func Addr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// Uint32 is a random number.
func Uint32() uint32 {
	b := make([]byte, 4)
	rand.Read(b)
	return binary.BigEndian.Uint32(b)
}

// Hex returns n random bytes in hex: scratch names and tokens.
func Hex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
