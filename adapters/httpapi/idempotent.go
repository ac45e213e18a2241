package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"ngern/core/errs"
	"ngern/core/idempotency"
)

// IdempotencyKeyHeader names the key a client sends with a call that moves
// money, so that retrying the call is safe.
const IdempotencyKeyHeader = "Idempotency-Key"

// memberScope keys idempotency by the calling member.
func memberScope(r *http.Request) string { return "member:" + Caller(r).MemberID }

// operatorScope keys idempotency by the calling operator.
func operatorScope(r *http.Request) string { return "operator:" + operatorName(r) }

// idempotent makes next safe to retry when the caller sends an
// Idempotency-Key: the first call with a key (per scope and route) runs and
// its answer is stored; a retry, concurrent or later, gets the same status
// and body and runs nothing (header Idempotent-Replayed: true); the key with
// another body answers 409 IDEMPOTENCY_CONFLICT. Without a key the call
// runs as it is.
func (s *Server) idempotent(scope func(*http.Request) string, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get(IdempotencyKeyHeader)
		if key == "" {
			next(w, r)
			return
		}
		if !validKey(key) {
			writeError(w, r, errs.Newf(errs.InvalidRequest, "Idempotency-Key must be 1 to 100 printable ASCII characters"))
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, r, errs.New(errs.PayloadTooLarge))
				return
			}
			writeError(w, r, errs.New(errs.InvalidRequest))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		k := idempotency.Key{Scope: scope(r), Route: r.Pattern, Key: key}
		rec, err := s.idem.Begin(r.Context(), k, idempotency.Hash([]byte(r.URL.Path), canonicalJSON(body)))
		if err != nil {
			writeError(w, r, err)
			return
		}
		if rec != nil {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(rec.Status)
			w.Write(rec.Body)
			return
		}
		rw := &recorder{header: w.Header(), status: http.StatusOK}
		defer func() {
			// A call that panicked answers 500 (the observe middleware
			// does); its retries answer the same rather than wait for it.
			if p := recover(); p != nil {
				body, _ := json.Marshal(errorBody{Message: errs.InternalServerError})
				s.idem.Finish(r.Context(), k, http.StatusInternalServerError, append(body, '\n'))
				panic(p)
			}
		}()
		next(rw, r)
		if err := s.idem.Finish(r.Context(), k, rw.status, rw.body.Bytes()); err != nil {
			logger(r.Context()).ErrorContext(r.Context(), "idempotent answer not stored", "err", err)
		}
		w.WriteHeader(rw.status)
		w.Write(rw.body.Bytes())
	}
}

// validKey accepts 1 to 100 printable ASCII characters.
func validKey(k string) bool {
	if len(k) > 100 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// canonicalJSON re-encodes a JSON body with sorted keys and no spacing, so
// that a retry that only spaces or orders fields differently is the same
// request. A body that is not JSON is taken as it is.
func canonicalJSON(body []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return body
	}
	out, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return out
}

// recorder keeps an answer so that it can be stored before it is sent.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(status int)      { r.status = status }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
