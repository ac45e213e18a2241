// Package scratch makes what a bench run uses and throws away: a schema of
// its own in the bench database, a free loopback address for the server
// under test, random names and tokens.
package scratch

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"net"
	"net/url"
	"os"

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

// NewSchema creates a schema named prefix plus a random suffix in the
// database at dbURL. Drop it when done.
func NewSchema(ctx context.Context, dbURL, prefix string) (*Schema, error) {
	s := Existing(dbURL, prefix+Hex(4))
	if err := execSQL(ctx, dbURL, "CREATE SCHEMA "+s.Name); err != nil {
		return nil, err
	}
	return s, nil
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
	return execSQL(context.Background(), s.DB, "DROP SCHEMA "+s.Name+" CASCADE")
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
