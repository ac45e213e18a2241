package sqlstore

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"testing"

	"github.com/lib/pq"

	"ngern/core/errs"
)

func TestDomainError(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused")}
	cases := []struct {
		name string
		err  error
		want bool // SERVICE_UNAVAILABLE
	}{
		{"DialRefused", refused, true},
		{"WrappedDial", fmt.Errorf("begin: %w", refused), true},
		{"BadConn", driver.ErrBadConn, true},
		{"ConnDone", sql.ErrConnDone, true},
		{"PostgresConnectionFailure", &pq.Error{Code: "08006"}, true},
		{"PostgresAdminShutdown", &pq.Error{Code: "57P01"}, true},
		{"PostgresCrashShutdown", &pq.Error{Code: "57P02"}, true},
		{"PostgresCannotConnectNow", &pq.Error{Code: "57P03"}, true},
		{"PostgresTooManyConnections", &pq.Error{Code: "53300"}, true},
		{"PostgresNotAcceptingConnections", &pq.Error{Code: "55000"}, true},
		{"PostgresUniqueViolation", &pq.Error{Code: "23505"}, false},
		{"PostgresNulInText", &pq.Error{Code: "22021"}, false},
		{"NoRows", sql.ErrNoRows, false},
		{"Other", errors.New("boom"), false},
		{"DomainErrorKept", errs.New(errs.NoUser), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := DomainError(c.err)
			if is := errs.HasCode(got, errs.ServiceUnavailable); is != c.want {
				t.Fatalf("DomainError(%v) = %v", c.err, got)
			}
			if c.want && errs.As(got).RetryAfter <= 0 {
				t.Fatal("no Retry-After")
			}
			if !c.want && got != c.err {
				t.Fatalf("changed to %v", got)
			}
		})
	}
	t.Run("ClosedPool", func(t *testing.T) {
		db, err := OpenSQLite(t.Context(), t.TempDir()+"/x.db")
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		if err := DomainError(db.Ping(t.Context())); !errs.HasCode(err, errs.ServiceUnavailable) {
			t.Fatalf("closed pool: %v", err)
		}
	})
}

// TestDomainErrorDatabaseNotAcceptingConnections: a PostgreSQL database that
// does not accept connections (ALLOW_CONNECTIONS false, as during
// maintenance) refuses with 55000; that is "unavailable, retry", not a 500.
func TestDomainErrorDatabaseNotAcceptingConnections(t *testing.T) {
	base := os.Getenv("NGERN_TEST_DATABASE_URL")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	admin, err := sql.Open("postgres", base)
	if err == nil {
		err = admin.PingContext(t.Context())
	}
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("PostgreSQL is required under CI: %v", err)
		}
		t.Skipf("PostgreSQL not reachable: %v", err)
	}
	defer admin.Close()
	name := fmt.Sprintf("t_closed_%d", os.Getpid())
	admin.ExecContext(t.Context(), "DROP DATABASE IF EXISTS "+name)
	if _, err := admin.ExecContext(t.Context(), "CREATE DATABASE "+name+" ALLOW_CONNECTIONS false"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP DATABASE IF EXISTS " + name) })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	db, err := sql.Open("postgres", u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.PingContext(t.Context())
	var pe *pq.Error
	if !errors.As(err, &pe) || pe.Code != "55000" {
		t.Fatalf("connecting to a closed database: %v, want 55000", err)
	}
	if got := DomainError(err); !errs.HasCode(got, errs.ServiceUnavailable) || errs.As(got).RetryAfter <= 0 {
		t.Fatalf("DomainError(55000) = %v, want SERVICE_UNAVAILABLE with Retry-After", got)
	}
}
