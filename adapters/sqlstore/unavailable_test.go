package sqlstore

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
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
