package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"ngern/core/errs"
	"ngern/core/idempotency"
	"ngern/core/wallet"
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
//
// Two answers are not final. One given while a transfer the call started
// was still open (TRANSFER_PENDING, or SERVICE_UNAVAILABLE after a transfer
// started) is stored with those transfers: a retry answers the same while
// one is open, and the settled outcome once all are final (settledAnswer).
// SERVICE_UNAVAILABLE before any transfer started changed nothing: the key
// is released and a retry runs the call again.
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
			status, body := rec.Status, rec.Body
			if rec.Awaits != "" {
				status, body = s.settledAnswer(r, k, rec)
			}
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(status)
			w.Write(body)
			return
		}
		ctx, started := wallet.Track(r.Context())
		r = r.WithContext(ctx)
		rw := &recorder{header: w.Header(), status: http.StatusOK}
		defer func() {
			// A call that panicked answers 500 (the observe middleware
			// does); its retries answer the same rather than wait for it.
			if p := recover(); p != nil {
				body, _ := json.Marshal(errorBody{Message: errs.InternalServerError})
				if err := s.idem.Finish(r.Context(), k, http.StatusInternalServerError, append(body, '\n'), ""); err != nil {
					logger(r.Context()).ErrorContext(r.Context(), "idempotent answer not stored", "err", err)
				}
				panic(p)
			}
		}()
		next(rw, r)
		if err := s.keep(r, k, rw, started); err != nil {
			logger(r.Context()).ErrorContext(r.Context(), "idempotent answer not stored", "err", err)
		}
		w.WriteHeader(rw.status)
		w.Write(rw.body.Bytes())
	}
}

// awaited is what a provisional answer waits on: the transfers its call
// started, and whether the call stopped before its end.
type awaited struct {
	Transfers []string `json:"transfers"`
	Stopped   bool     `json:"stopped,omitempty"`
}

// keep stores the answer of the call that owns k (see idempotent).
func (s *Server) keep(r *http.Request, k idempotency.Key, rw *recorder, started *wallet.Started) error {
	code := answerCode(rw)
	if code != errs.TransferPending && code != errs.ServiceUnavailable {
		return s.idem.Finish(r.Context(), k, rw.status, rw.body.Bytes(), "")
	}
	a := awaited{Transfers: started.IDs(), Stopped: started.Stopped()}
	if len(a.Transfers) == 0 {
		if code == errs.ServiceUnavailable {
			return s.idem.Release(r.Context(), k)
		}
		return s.idem.Finish(r.Context(), k, rw.status, rw.body.Bytes(), "")
	}
	j, err := json.Marshal(a)
	if err != nil {
		return err
	}
	return s.idem.Finish(r.Context(), k, rw.status, rw.body.Bytes(), string(j))
}

// answerCode is the error code of a recorded answer, if it is one.
func answerCode(rw *recorder) errs.Code {
	if rw.status < 400 {
		return ""
	}
	var e errorBody
	if err := json.Unmarshal(rw.body.Bytes(), &e); err != nil {
		return "" // not an error answer of ours
	}
	return e.Message
}

// settledAnswer re-evaluates a provisional answer: while a transfer it
// waits on is open (or its state cannot be read) the stored answer is
// given again; once all are final, the outcome the call would have had
// (success with the wallet balance now, or TRANSFER_FAIL) is stored as the
// key's final answer and given.
func (s *Server) settledAnswer(r *http.Request, k idempotency.Key, rec *idempotency.Record) (int, []byte) {
	var a awaited
	if err := json.Unmarshal([]byte(rec.Awaits), &a); err != nil {
		logger(r.Context()).ErrorContext(r.Context(), "idempotent answer unreadable", "err", err)
		return rec.Status, rec.Body
	}
	settled, bal, err := s.wallet.Outcome(r.Context(), Caller(r).MemberID, a.Transfers, a.Stopped)
	if !settled {
		if err != nil {
			logger(r.Context()).WarnContext(r.Context(), "transfer outcome not read", "err", err)
		}
		return rec.Status, rec.Body
	}
	rw := &recorder{header: http.Header{}, status: http.StatusOK}
	if err != nil {
		writeError(rw, r, err)
	} else {
		writeJSON(rw, http.StatusOK, transferResponse{Message: errs.Success, Wallet: amountJSON{bal}})
	}
	if err := s.idem.Finish(r.Context(), k, rw.status, rw.body.Bytes(), ""); err != nil {
		logger(r.Context()).ErrorContext(r.Context(), "idempotent answer not stored", "err", err)
	}
	return rw.status, rw.body.Bytes()
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
