// Package generic is Ngern's own seamless protocol (docs/adapters.md,
// "The generic protocol"): the template a developer maps a new aggregator
// onto. Handler serves the aggregator's callbacks (balance, bet, win,
// rollback) on the seamless wallet; Client is the games API Ngern calls
// (games, launch); Signer signs and verifies both directions with
// HMAC-SHA256. The simulated aggregator speaks the same protocol with the
// same Signer.
package generic

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"path"
	"time"

	"ngern/core/money"
	"ngern/core/seamless"
)

// MaxBody is the largest callback body read; a longer one is not read, so
// it cannot be authenticated and is answered 401.
const MaxBody = 16 << 10

// Ops are the callback paths, relative to /api/games/{provider}/.
var Ops = []string{"balance", "bet", "win", "rollback"}

// Status is the protocol's answer status.
type Status string

// The statuses of the protocol.
const (
	StatusOK                Status = "OK"
	StatusInsufficientFunds Status = "INSUFFICIENT_FUNDS"
	StatusInvalidToken      Status = "INVALID_TOKEN"
	StatusTokenExpired      Status = "TOKEN_EXPIRED"
	StatusPlayerBlocked     Status = "PLAYER_BLOCKED"
	StatusDuplicateMismatch Status = "DUPLICATE_MISMATCH"
	StatusRolledBack        Status = "ROLLED_BACK"
	StatusInvalidRequest    Status = "INVALID_REQUEST"
	StatusWrongCurrency     Status = "WRONG_CURRENCY"
	StatusUnknownGame       Status = "UNKNOWN_GAME"
	StatusInvalidSignature  Status = "INVALID_SIGNATURE"
	// StatusError is Ngern's fault (a database outage): answered with HTTP
	// 503 so that the aggregator retries with the same transactionId.
	StatusError Status = "ERROR"
)

// statuses maps the core's errors to the protocol's statuses; any other
// error is StatusError.
var statuses = []struct {
	err    error
	status Status
}{
	{seamless.ErrToken, StatusInvalidToken},
	{seamless.ErrTokenExpired, StatusTokenExpired},
	{seamless.ErrBlocked, StatusPlayerBlocked},
	{seamless.ErrInsufficient, StatusInsufficientFunds},
	{seamless.ErrMismatch, StatusDuplicateMismatch},
	{seamless.ErrRolledBack, StatusRolledBack},
	{seamless.ErrInvalid, StatusInvalidRequest},
	{seamless.ErrCurrency, StatusWrongCurrency},
	{seamless.ErrGame, StatusUnknownGame},
}

// StatusOf is the protocol status of a Wallet call's error (nil: OK).
func StatusOf(err error) Status {
	if err == nil {
		return StatusOK
	}
	for _, s := range statuses {
		if errors.Is(err, s.err) {
			return s.status
		}
	}
	return StatusError
}

// Request is a callback's body; each path reads the fields its table row
// in docs/adapters.md lists. Unknown fields are ignored, so an aggregator
// may send more than the protocol asks.
type Request struct {
	Token         string `json:"token"`
	Player        string `json:"player"`
	TransactionID string `json:"transactionId"`
	RefTxID       string `json:"refTransactionId"`
	RoundID       string `json:"roundId"`
	Game          string `json:"game"`
	// Amount is in the currency's minor unit; a pointer so that a missing
	// amount is told from 0 (a win may be 0).
	Amount      *int64 `json:"amount"`
	Currency    string `json:"currency"`
	RoundClosed bool   `json:"roundClosed"`
}

// Answer is the body of every answer.
type Answer struct {
	Status Status `json:"status"`
	// Balance is set with OK and INSUFFICIENT_FUNDS.
	Balance  *int64 `json:"balance,omitempty"`
	Currency string `json:"currency,omitempty"`
	Ref      string `json:"ref,omitempty"`
	Name     string `json:"name,omitempty"` // balance only
	Lang     string `json:"lang,omitempty"` // balance only
}

// Handler serves one aggregator's callbacks: POST balance, bet, win and
// rollback, relative to /api/games/{provider}/ (the last path segment
// names the call).
type Handler struct {
	provider string
	signer   Signer
	wallet   seamless.Wallet
	log      *slog.Logger
	allow    []netip.Prefix
	clientIP func(*http.Request) string
}

// Option configures a Handler.
type Option func(*Handler)

// WithClock sets the clock timestamps are checked and written with.
func WithClock(now func() time.Time) Option { return func(h *Handler) { h.signer.Now = now } }

// WithLogger sets the logger of the errors answered ERROR.
func WithLogger(log *slog.Logger) Option { return func(h *Handler) { h.log = log } }

// WithAllow restricts callers to the addresses in allow, read with
// clientIP (the server's, which honours its trusted proxies). A caller
// outside is answered 401 INVALID_SIGNATURE, like a forged call, before
// its body is read. An empty allow admits every address.
func WithAllow(allow []netip.Prefix, clientIP func(*http.Request) string) Option {
	return func(h *Handler) { h.allow, h.clientIP = allow, clientIP }
}

// New returns the callback handler of provider, whose calls are signed
// with secret, on wallet.
func New(provider string, secret []byte, wallet seamless.Wallet, opts ...Option) *Handler {
	h := &Handler{provider: provider, signer: Signer{Secret: secret}, wallet: wallet, log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(h)
	}
	return h
}

// Provider is the aggregator's code.
func (h *Handler) Provider() string { return h.provider }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	if !h.allowed(r) {
		refuse(w)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil || h.signer.Verify(r.Header, body) != nil {
		refuse(w)
		return
	}
	op := path.Base(r.URL.Path)
	a := h.serve(r.Context(), op, body)
	code := http.StatusOK
	if a.Status == StatusError {
		code = http.StatusServiceUnavailable
	}
	out, _ := json.Marshal(a)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	h.signer.SignHeaders(w.Header(), out)
	w.WriteHeader(code)
	_, _ = w.Write(out)
}

// allowed reports whether the caller's address is in the allow-list.
func (h *Handler) allowed(r *http.Request) bool {
	if len(h.allow) == 0 {
		return true
	}
	a, err := netip.ParseAddr(h.clientIP(r))
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range h.allow {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// refuse answers a call that could not be authenticated: 401, unsigned
// (there is no one to sign for).
func refuse(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusUnauthorized)
	_, _ = w.Write([]byte(`{"status":"INVALID_SIGNATURE"}`))
}

// serve decodes an authenticated body and calls the wallet.
func (h *Handler) serve(ctx context.Context, op string, body []byte) Answer {
	req, ok := decode(op, body)
	if !ok {
		return Answer{Status: StatusInvalidRequest}
	}
	if op == "balance" {
		p, err := h.wallet.Player(ctx, h.provider, req.Token, req.Player)
		if err != nil {
			return h.failed(op, req, err, seamless.Answer{Balance: p.Balance, Currency: p.Currency})
		}
		return Answer{Status: StatusOK, Balance: amount(p.Balance), Currency: p.Currency, Name: p.Name, Lang: p.Lang}
	}
	c := seamless.Callback{Provider: h.provider, Kind: seamless.Kind(op), TxID: req.TransactionID, Token: req.Token, Player: req.Player,
		RoundID: req.RoundID, Game: req.Game, Currency: req.Currency, RefTxID: req.RefTxID, RoundClosed: req.RoundClosed}
	if req.Amount != nil {
		c.Amount = money.Satang(*req.Amount)
	}
	var a seamless.Answer
	var err error
	switch c.Kind {
	case seamless.Bet:
		a, err = h.wallet.Bet(ctx, c)
	case seamless.Win:
		a, err = h.wallet.Win(ctx, c)
	default: // decode admits no other op
		a, err = h.wallet.Rollback(ctx, c)
	}
	if err != nil {
		return h.failed(op, req, err, a)
	}
	return Answer{Status: StatusOK, Balance: amount(a.Balance), Currency: a.Currency, Ref: a.Ref}
}

// failed is the answer of a wallet error; ERROR's cause goes to the log
// only.
func (h *Handler) failed(op string, req Request, err error, a seamless.Answer) Answer {
	s := StatusOf(err)
	switch s {
	case StatusInsufficientFunds:
		return Answer{Status: s, Balance: amount(a.Balance), Currency: a.Currency}
	case StatusError:
		h.log.Error("seamless callback failed", "provider", h.provider, "op", op, "transactionId", req.TransactionID, "err", err)
	}
	return Answer{Status: s}
}

func amount(s money.Satang) *int64 {
	v := int64(s)
	return &v
}

// decode reads a callback body: one JSON object whose fields have the
// protocol's types, with the fields op requires present and no negative
// amount. Unknown fields are ignored; trailing data is refused.
func decode(op string, body []byte) (Request, bool) {
	var req Request
	d := json.NewDecoder(bytes.NewReader(body))
	if d.Decode(&req) != nil || d.More() {
		return req, false
	}
	if req.Token == "" {
		return req, false
	}
	switch op {
	case "balance":
		return req, true
	case "bet", "win":
		return req, req.TransactionID != "" && req.RoundID != "" && req.Game != "" && req.Currency != "" &&
			req.Amount != nil && *req.Amount >= 0
	case "rollback":
		return req, req.TransactionID != "" && req.RefTxID != ""
	}
	return req, false
}
