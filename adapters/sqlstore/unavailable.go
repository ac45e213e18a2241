package sqlstore

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/lib/pq"
	"modernc.org/sqlite"

	"ngern/core/errs"
)

// UnavailableRetryAfter is how long a client is told to wait before it
// retries a call that found the database unreachable.
const UnavailableRetryAfter = 5 * time.Second

// DomainError maps a failure to reach the database — refused or dropped
// connections, a server shutting down or refusing connections, a database
// that does not accept connections (55000), a closed
// pool, a SQLite file that cannot be opened or read — to SERVICE_UNAVAILABLE,
// which tells the client to retry after UnavailableRetryAfter. Any other
// error is returned as it is. The driving adapter applies it to the errors
// that reach it, so that the core never sees a driver's error type.
func DomainError(err error) error {
	if err == nil || errs.As(err) != nil || !unreachable(err) {
		return err
	}
	e := errs.New(errs.ServiceUnavailable)
	e.RetryAfter = UnavailableRetryAfter
	return e
}

// unreachable reports whether err says that the database could not be
// talked to, as opposed to a query it refused.
func unreachable(err error) bool {
	var pe *pq.Error
	if errors.As(err, &pe) {
		switch {
		case pe.Code.Class() == "08": // connection exception
			return true
		case pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03", // shutdown, crash, cannot connect now
			pe.Code == "53300", // too many connections
			pe.Code == "55000": // object not in prerequisite state: "database is not currently accepting connections"
			return true
		}
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case 10, 13, 14: // SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN
			return true
		}
		return false
	}
	var ne net.Error
	var oe *net.OpError
	switch {
	case errors.As(err, &oe), errors.As(err, &ne):
		return true
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	}
	// database/sql does not export the error of a closed pool.
	return strings.Contains(err.Error(), "sql: database is closed")
}
