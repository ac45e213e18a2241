package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"ngern/adapters/httpapi"
	"ngern/adapters/sqlstore"
)

// syncBuffer is a log sink tests read while the server writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// harness is a real server wired as `ngern serve` wires it, on a test
// database, with a clock the test moves.
type harness struct {
	t    *testing.T
	srv  *httptest.Server
	logs *syncBuffer
	db   *sqlstore.DB
	clk  *testClock
}

// testClock is a clock the test moves.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

// sub returns the harness for a subtest, so that failures belong to it.
func (h *harness) sub(t *testing.T) *harness {
	c := *h
	c.t = t
	return &c
}

func newHarness(t *testing.T, db *sqlstore.DB, mutate func(*Config)) *harness {
	t.Helper()
	cfg, err := LoadConfig(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.WebDir = ""
	if mutate != nil {
		mutate(&cfg)
	}
	h := &harness{t: t, logs: &syncBuffer{}, db: db, clk: &testClock{now: time.Now().UTC()}}
	var api *httpapi.Server
	app := fxtest.New(t, fx.NopLogger,
		fx.Supply(cfg, db),
		fx.Provide(
			func() Clock { return h.clock },
			func() *slog.Logger { return NewLogger(cfg, h.logs) },
		),
		Services(),
		fx.Provide(newHTTPServer),
		fx.Populate(&api),
	)
	app.RequireStart()
	t.Cleanup(app.RequireStop)
	h.srv = httptest.NewServer(api.Handler())
	t.Cleanup(h.srv.Close)
	return h
}

func (h *harness) clock() time.Time {
	h.clk.mu.Lock()
	defer h.clk.mu.Unlock()
	return h.clk.now
}

func (h *harness) advance(d time.Duration) {
	h.clk.mu.Lock()
	defer h.clk.mu.Unlock()
	h.clk.now = h.clk.now.Add(d)
}

// response is a decoded API answer.
type response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    []byte
}

func (r response) message() string { s, _ := r.Body["message"].(string); return s }

// call sends a JSON request; body may be a string (sent as is) or a value.
func (h *harness) call(method, path, token string, body any) response {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewBufferString(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequestWithContext(context.Background(), method, h.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Ngern-Client", "wallet-user")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
	json.Unmarshal(raw, &out.Body)
	return out
}

// expect fails the test unless r has status and, when code is set, message code.
func (h *harness) expect(r response, status int, code string) {
	h.t.Helper()
	if r.Status != status || (code != "" && r.message() != code) {
		h.t.Fatalf("got %d %s, want %d %s", r.Status, r.Raw, status, code)
	}
}

// otpCode reads the last code the console SMS adapter logged for phone.
func (h *harness) otpCode(phone string) string {
	h.t.Helper()
	re := regexp.MustCompile(`phone=` + phone + ` message="Ngern: your code is ([0-9]{6})`)
	all := re.FindAllStringSubmatch(h.logs.String(), -1)
	if len(all) == 0 {
		h.t.Fatalf("no OTP logged for %s", phone)
	}
	return all[len(all)-1][1]
}

// registration returns a valid registration payload.
func registration(phone, bankNo string) map[string]any {
	return map[string]any{
		"name": "Somchai Jaidee", "username": phone, "password": "s3cret-pass", "sourceCode": "FACEBOOK",
		"inviteCode": "", "bankCode": "KBANK", "bankAccountName": "somchai jaidee", "bankAccountNo": bankNo, "currency": "BAHT",
	}
}

// signUp registers phone through OTP and returns a login token.
func (h *harness) signUp(phone, bankNo string) string {
	h.t.Helper()
	sent := h.call("POST", "/api/otp/send", "", map[string]any{"phoneNumber": phone})
	h.expect(sent, 200, "")
	h.expect(h.call("POST", "/api/otp/verify", "", map[string]any{"otpToken": sent.Body["otpToken"], "otpCode": h.otpCode(phone)}), 200, "")
	h.expect(h.call("POST", "/api/account", "", registration(phone, bankNo)), 201, "SUCCESS")
	return h.login(phone, "s3cret-pass")
}

func (h *harness) login(phone, password string) string {
	h.t.Helper()
	r := h.call("POST", "/api/login", "", map[string]any{"username": phone, "password": password})
	h.expect(r, 200, "")
	token, _ := r.Body["token"].(string)
	if len(token) < 40 {
		h.t.Fatalf("token %q", token)
	}
	return token
}
