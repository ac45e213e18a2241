// Package errs is Ngern's error catalogue: every rejection the product can
// give carries one of these codes. The catalogue (catalogue.go) is one table
// of codes and their kinds; each Kind has its HTTP status here, which the
// HTTP adapter answers. Anything that is not an *Error is an internal
// failure whose cause is logged and never shown.
package errs

import (
	"errors"
	"fmt"
	"time"
)

// Kind classifies an error for transport mapping (HTTP status).
type Kind int

// Kinds of error, from the caller's point of view.
const (
	Internal     Kind = iota // 500: a fault of ours; the cause is logged only
	Invalid                  // 400: bad input
	Unauthorized             // 401: no, expired or revoked credentials
	Forbidden                // 403: authenticated but not allowed
	NotFound                 // 404
	Conflict                 // 409: duplicate or state conflict
	Gone                     // 410: service terminated or account removed
	TooLarge                 // 413: payload too large
	RateLimited              // 429
	Unavailable              // 503: a dependency did not answer; safe to retry
	BadGateway               // 502: a dependency answered with a definite failure
)

// statuses gives each kind its HTTP status: the one place where the status
// of an error answer is decided.
var statuses = [...]int{
	Internal:     500,
	Invalid:      400,
	Unauthorized: 401,
	Forbidden:    403,
	NotFound:     404,
	Conflict:     409,
	Gone:         410,
	TooLarge:     413,
	RateLimited:  429,
	Unavailable:  503,
	BadGateway:   502,
}

// Status returns the HTTP status of an error of kind k; 400 for a kind
// without one.
func (k Kind) Status() int {
	if k >= 0 && int(k) < len(statuses) && statuses[k] != 0 {
		return statuses[k]
	}
	return 400
}

// Code is a machine-readable error code of the spec's catalogue (part 8), or
// one of Ngern's documented additions.
type Code string

// Error is a domain error with a catalogue code.
type Error struct {
	Code   Code
	Kind   Kind
	Detail string // safe, human-readable; may be shown to the caller
	Field  string // the request field at fault, for validation errors
	// RetryAfter is set on RateLimited errors, and on Unavailable ones
	// when the wait is known.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	if e.Detail != "" {
		return string(e.Code) + ": " + e.Detail
	}
	return string(e.Code)
}

// Is makes errors.Is(err, errs.New(code)) match on the code.
func (e *Error) Is(target error) bool {
	var t *Error
	if errors.As(target, &t) {
		return t.Code == e.Code
	}
	return false
}

// New returns an error for code with the kind the catalogue gives it.
func New(code Code) *Error {
	return &Error{Code: code, Kind: KindOf(code)}
}

// Newf returns an error for code with a safe detail text.
func Newf(code Code, format string, args ...any) *Error {
	e := New(code)
	e.Detail = fmt.Sprintf(format, args...)
	return e
}

// OnField returns an error for code that names the request field at fault.
func OnField(code Code, field string) *Error {
	e := New(code)
	e.Field = field
	return e
}

// Limited returns a RateLimited error for code that may be retried after d.
func Limited(code Code, d time.Duration) *Error {
	e := New(code)
	e.Kind = RateLimited
	e.RetryAfter = d
	return e
}

// CodeOf returns the code of err, or INTERNAL_SERVER_ERROR when err is not a
// domain error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return InternalServerError
}

// As returns the domain error inside err, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// HasCode reports whether err is a domain error with code.
func HasCode(err error, code Code) bool { return CodeOf(err) == code }
