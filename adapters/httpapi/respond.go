package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-playground/validator/v10"

	"ngern/core/errs"
	"ngern/core/limits"
)

// errorBody is the one error shape of the API.
type errorBody struct {
	Message errs.Code `json:"message"`
	Detail  string    `json:"detail,omitempty"`
	Field   string    `json:"field,omitempty"`
}

// jsonBuffers are reused answer buffers (see writeJSON).
var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeJSON answers v as JSON. The answer is encoded first, so that it goes
// out with its Content-Length in one write rather than chunked (net/http
// chunks a body it has not seen whole once it passes 2 KB).
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := jsonBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 64<<10 {
			buf.Reset()
			jsonBuffers.Put(buf)
		}
	}()
	buf.Reset()
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		// As before: the status goes out, the body is cut short.
		w.WriteHeader(status)
		return
	}
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// writeError answers err. A domain error answers its code; so does an
// infrastructure failure the server's DomainError maps (the database cannot
// be reached: SERVICE_UNAVAILABLE); anything else is logged with the request
// id and answers INTERNAL_SERVER_ERROR, telling nothing of the cause.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	e := errs.As(err)
	if e == nil {
		if m, ok := r.Context().Value(domainErrKey{}).(func(error) error); ok {
			if e = errs.As(m(err)); e != nil {
				logger(r.Context()).WarnContext(r.Context(), "request failed", "code", e.Code, "err", err)
			}
		}
	}
	if e == nil {
		logger(r.Context()).ErrorContext(r.Context(), "request failed", "err", err)
		answeredCode(r, errs.InternalServerError)
		writeJSON(w, http.StatusInternalServerError, errorBody{Message: errs.InternalServerError})
		return
	}
	status := e.Kind.Status() // the catalogue decides it (core/errs)
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter.Seconds()+0.999)))
	}
	if status >= 500 && e.Code != errs.ServiceUnavailable {
		// err may wrap the cause (a provider's answer): logged, never sent.
		logger(r.Context()).WarnContext(r.Context(), "request failed", "code", e.Code, "detail", e.Detail, "err", err)
	}
	answeredCode(r, e.Code)
	writeJSON(w, status, errorBody{Message: e.Code, Detail: e.Detail, Field: e.Field})
}

// newValidator returns a validator that reports JSON field names.
func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	// reason: an operator's reason, at most limits.Reason characters.
	v.RegisterAlias("reason", fmt.Sprintf("max=%d", limits.Reason))
	return v
}

// decode reads a JSON body into v and validates it. A malformed body answers
// INVALID_REQUEST; invalid UTF-8, or a string holding a NUL, control or
// format character, INVALID_CHARACTERS naming the field; a failed
// validation answers code naming the field.
func (s *Server) decode(r *http.Request, v any, code errs.Code) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errs.New(errs.PayloadTooLarge)
		}
		return errs.New(errs.InvalidRequest)
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		body = []byte("{}")
	}
	// encoding/json would turn invalid UTF-8 into U+FFFD without a word.
	if !utf8.Valid(body) {
		return errs.New(errs.InvalidCharacters)
	}
	if err := json.Unmarshal(body, v); err != nil {
		if e := errs.As(err); e != nil {
			return e
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return errs.OnField(errs.InvalidRequest, te.Field)
		}
		return errs.New(errs.InvalidRequest)
	}
	if field, ok := checkStrings(reflect.ValueOf(v), ""); !ok {
		return errs.OnField(errs.InvalidCharacters, field)
	}
	if err := s.validate.Struct(v); err != nil {
		var ve validator.ValidationErrors
		if errors.As(err, &ve) && len(ve) > 0 {
			return errs.OnField(code, ve[0].Field())
		}
		return errs.New(code)
	}
	return nil
}

func logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
