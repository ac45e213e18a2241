// Package xendittest is a fake Xendit Payouts API v2 for tests: it replays
// the documented shapes (the payout object, the list by reference_id, the
// error answers with error_code and message, the payout channels), keeps
// the documented idempotency (the same Idempotency-key with the same body
// answers the first payout; with another body 409 DUPLICATE_ERROR), keeps a
// ledger of what it paid, and misbehaves on demand (Fault).
package xendittest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"time"

	"ngern/adapters/payout/payouttest"
	"ngern/adapters/payout/xendit"
	"ngern/core/money"
)

// Fault kinds beyond the kit's.
const (
	// FaultRateLimit answers 429 RATE_LIMIT_EXCEEDED without executing.
	FaultRateLimit payouttest.FaultKind = "ratelimit"
	// FaultUnauthorized answers 401 INVALID_API_KEY without executing.
	FaultUnauthorized payouttest.FaultKind = "unauthorized"
)

// Server is the fake. Its zero value is not ready: use New.
type Server struct {
	// SecretKey is the key it accepts (Basic, the key as the user name).
	SecretKey string
	// InvalidAccounts are account numbers the destination bank refuses:
	// their payouts are accepted, then FAILED INVALID_DESTINATION when
	// settled.
	InvalidAccounts map[string]bool
	// RejectedAccounts are account numbers refused at creation with 400
	// RECIPIENT_ACCOUNT_NUMBER_ERROR.
	RejectedAccounts map[string]bool
	// ConflictOnReuse answers 409 DUPLICATE_ERROR to every reuse of an
	// idempotency key, even with the same body (the older documented
	// behaviour), instead of the first payout.
	ConflictOnReuse bool
	// Channels are the THB channels GET /payouts_channels lists; nil is
	// every channel of xendit.Channels.
	Channels []string

	mu      sync.Mutex
	faults  []payouttest.FaultKind
	payouts []*payout          // in creation order
	byKey   map[string]*payout // by idempotency key
	ledger  map[string][]money.Satang
	seq     int
	// requests are the requests received (method, path, headers), in order.
	requests []Request
}

// Request is one request the fake received.
type Request struct {
	Method, Path, Query string
	Header              http.Header
	Body                []byte
}

type payout struct {
	obj      map[string]any
	bodyHash [32]byte
	amount   money.Satang
	account  string
}

// New returns a fake accepting secretKey.
func New(secretKey string) *Server {
	return &Server{SecretKey: secretKey, InvalidAccounts: map[string]bool{}, RejectedAccounts: map[string]bool{},
		byKey: map[string]*payout{}, ledger: map[string][]money.Satang{}}
}

// Start serves s on a test server closed with t's cleanup.
func (s *Server) Start(t interface{ Cleanup(func()) }) *httptest.Server {
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts
}

// Fault makes the next request misbehave with kind.
func (s *Server) Fault(kind payouttest.FaultKind) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, kind)
}

// Paid is the ledger: the amounts paid under a reference_id.
func (s *Server) Paid(ref string) []money.Satang {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.ledger[ref])
}

// Requests returns the requests received.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Settle moves every payout of ref that is on its way (ACCEPTED,
// REQUESTED) to SUCCEEDED, paying it into the ledger, or to FAILED
// INVALID_DESTINATION for an invalid account.
func (s *Server) Settle(ref string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.payouts {
		if p.obj["reference_id"] != ref {
			continue
		}
		switch p.obj["status"] {
		case xendit.StatusAccepted, xendit.StatusRequested:
			if s.InvalidAccounts[p.account] {
				s.setLocked(p, xendit.StatusFailed, "INVALID_DESTINATION")
			} else {
				s.setLocked(p, xendit.StatusSucceeded, "")
			}
		}
	}
}

// SetStatus sets the status (and failure code) of every payout of ref, as
// Xendit's processing would; SUCCEEDED pays into the ledger once.
func (s *Server) SetStatus(ref, status, failureCode string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.payouts {
		if p.obj["reference_id"] == ref {
			s.setLocked(p, status, failureCode)
		}
	}
}

func (s *Server) setLocked(p *payout, status, failureCode string) {
	if status == xendit.StatusSucceeded && p.obj["status"] != xendit.StatusSucceeded {
		ref := p.obj["reference_id"].(string)
		s.ledger[ref] = append(s.ledger[ref], p.amount)
	}
	p.obj["status"] = status
	p.obj["updated"] = time.Now().UTC().Format(time.RFC3339Nano)
	if failureCode != "" {
		p.obj["failure_code"] = failureCode
	} else {
		delete(p.obj, "failure_code")
	}
}

// ServeHTTP answers POST /v2/payouts, GET /v2/payouts?reference_id= and GET
// /payouts_channels as documented.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: body})
	var fault payouttest.FaultKind
	if len(s.faults) > 0 {
		fault, s.faults = s.faults[0], s.faults[1:]
	}
	s.mu.Unlock()

	switch fault {
	case payouttest.FaultError:
		writeError(w, http.StatusInternalServerError, "SERVER_ERROR", "An unexpected error occurred")
		return
	case FaultRateLimit:
		w.Header().Set("Retry-After", "0")
		writeError(w, http.StatusTooManyRequests, "RATE_LIMIT_EXCEEDED", "Too many requests")
		return
	case FaultUnauthorized:
		writeError(w, http.StatusUnauthorized, "INVALID_API_KEY", "API key is not authorized for this API service")
		return
	}
	if r.Header.Get("Authorization") != "Basic "+base64.StdEncoding.EncodeToString([]byte(s.SecretKey+":")) {
		writeError(w, http.StatusUnauthorized, "INVALID_API_KEY", "API key is not authorized for this API service")
		return
	}
	rec := httptest.NewRecorder()
	switch {
	case r.Method == http.MethodPost && r.URL.Path == xendit.PathPayouts:
		s.create(rec, r, body)
	case r.Method == http.MethodGet && r.URL.Path == xendit.PathPayouts:
		s.list(rec, r)
	case r.Method == http.MethodGet && r.URL.Path == xendit.PathChannels:
		s.channels(rec)
	default:
		writeError(rec, http.StatusNotFound, "NOT_FOUND", "The requested resource was not found")
	}
	switch fault {
	case payouttest.FaultLost:
		// Executed; the connection drops in the middle of the answer (a
		// drop before any byte would be retried by Go's transport, which
		// replays a request carrying an Idempotency-Key).
		if hj, ok := w.(http.Hijacker); ok {
			if conn, buf, err := hj.Hijack(); err == nil {
				_, _ = fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", rec.Body.Len()+100)
				_, _ = buf.Write(rec.Body.Bytes()[:rec.Body.Len()/2])
				_ = buf.Flush()
				_ = conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	case payouttest.FaultSlow:
		// Executed; the answer comes after the client gave up.
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
		return
	case payouttest.FaultGarbled:
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, "<html><body>502 Bad Gateway</body></html>")
		return
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

func (s *Server) create(w http.ResponseWriter, r *http.Request, body []byte) {
	key := r.Header.Get("Idempotency-key")
	if key == "" {
		writeError(w, http.StatusBadRequest, "API_VALIDATION_ERROR", "idempotency-key is required")
		return
	}
	var req struct {
		ReferenceID       string          `json:"reference_id"`
		ChannelCode       string          `json:"channel_code"`
		ChannelProperties map[string]any  `json:"channel_properties"`
		Amount            json.RawMessage `json:"amount"`
		Currency          string          `json:"currency"`
		Description       string          `json:"description"`
	}
	if json.Unmarshal(body, &req) != nil {
		writeError(w, http.StatusBadRequest, "INVALID_JSON_FORMAT", "Request body is not a valid JSON")
		return
	}
	hash := sha256.Sum256(body)
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.byKey[key]; ok {
		if p.bodyHash != hash || s.ConflictOnReuse {
			writeError(w, http.StatusConflict, xendit.CodeDuplicate, "Idempotency key has been used before. Use a unique idempotency key and try again")
			return
		}
		writeJSON(w, http.StatusOK, p.obj)
		return
	}
	account, _ := req.ChannelProperties["account_number"].(string)
	holder, _ := req.ChannelProperties["account_holder_name"].(string)
	var amount money.Satang
	switch {
	case req.ReferenceID == "" || holder == "" || account == "":
		writeError(w, http.StatusBadRequest, "API_VALIDATION_ERROR", "reference_id, account_holder_name and account_number are required")
		return
	case req.Currency != "THB":
		writeError(w, http.StatusBadRequest, "API_VALIDATION_ERROR", "currency must be THB for this channel")
		return
	case !slices.Contains(s.channelList(), req.ChannelCode):
		writeError(w, http.StatusBadRequest, "CHANNEL_CODE_NOT_SUPPORTED_ERROR", "Channel code "+req.ChannelCode+" is not supported")
		return
	case json.Unmarshal(req.Amount, &amount) != nil || amount <= 0:
		writeError(w, http.StatusBadRequest, "RECIPIENT_AMOUNT_ERROR", "Amount is invalid for this channel")
		return
	case strings.Trim(account, "0123456789") != "" || s.RejectedAccounts[account]:
		writeError(w, http.StatusBadRequest, "RECIPIENT_ACCOUNT_NUMBER_ERROR", "Account number "+account+" is invalid for "+req.ChannelCode)
		return
	}
	s.seq++
	now := time.Now().UTC().Format(time.RFC3339Nano)
	p := &payout{bodyHash: hash, amount: amount, account: account, obj: map[string]any{
		"id":                     fmt.Sprintf("disb-%024x", s.seq),
		"amount":                 json.RawMessage(req.Amount),
		"channel_code":           req.ChannelCode,
		"currency":               req.Currency,
		"description":            req.Description,
		"reference_id":           req.ReferenceID,
		"status":                 xendit.StatusAccepted,
		"created":                now,
		"updated":                now,
		"estimated_arrival_time": now,
		"business_id":            "6018306aa16ad90cb3c43ba7",
		"channel_properties":     map[string]any{"account_number": account, "account_holder_name": holder},
	}}
	s.payouts = append(s.payouts, p)
	s.byKey[key] = p
	writeJSON(w, http.StatusOK, p.obj)
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("reference_id")
	if ref == "" {
		writeError(w, http.StatusBadRequest, "API_VALIDATION_ERROR", "reference_id is required")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []map[string]any{}
	for _, p := range s.payouts {
		if p.obj["reference_id"] == ref {
			out = append(out, p.obj)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) channelList() []string {
	if s.Channels != nil {
		return s.Channels
	}
	var out []string
	for _, c := range xendit.Channels {
		out = append(out, c)
	}
	return out
}

func (s *Server) channels(w http.ResponseWriter) {
	out := []map[string]any{}
	for _, c := range s.channelList() {
		out = append(out, map[string]any{"channel_code": c, "channel_category": "BANK", "currency": "THB",
			"channel_name": c, "amount_limits": map[string]any{"minimum": 1, "maximum": 2000000, "minimum_increment": 0.01}})
	}
	writeJSON(w, http.StatusOK, out)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	writeJSON(w, status, map[string]string{"error_code": code, "message": message})
}
