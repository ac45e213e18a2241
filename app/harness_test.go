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
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/gameprovider/transferwallet"
	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/adapters/paygate"
	"ngern/adapters/sqlstore"
	"ngern/core/chat"
	"ngern/core/deposit"
	"ngern/core/events"
	"ngern/core/seamless"
	"ngern/core/wallet"
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
// database, with a clock the test moves and a simulated game provider of
// its own whose faults the test injects.
type harness struct {
	t      *testing.T
	srv    *httptest.Server
	logs   *syncBuffer
	db     *sqlstore.DB
	clk    *testClock
	faults *faultTransport
	tools  tools
	// provider is the client the server uses; the test reads provider
	// balances through it.
	provider wallet.GameProvider
	// play is the client that follows launch links like a browser.
	play *http.Client
	// dbGone: the test closed the database for good, so the ledger
	// cannot be checked at the end.
	dbGone bool
	// bus is the node's event bus.
	bus events.Bus
	// qr and qrSim are the QR deposit service and the simulated gateway.
	qr    *deposit.QRService
	qrSim *paygate.Sim
	// chat is the support chat service.
	chat *chat.Service
	// metrics is the node's metrics registry.
	metrics *metrics.Metrics
	// api is the HTTP server, whose registered routes the contract test reads.
	api *httpapi.Server
	// seamless is the seamless wallet the aggregators' callbacks call.
	seamless *seamless.Service
	// lobby is the game lobby, whose catalogue the tests sync.
	lobby *seamless.Lobby
}

// testClock runs with the system clock from an offset the test moves.
type testClock struct {
	mu     sync.Mutex
	offset time.Duration
}

// Provider timings of the harness: the simulated provider's delay fault
// outlasts the client's timeout by a margin wide enough for -race on a
// busy machine.
const (
	testProviderTimeout = 500 * time.Millisecond
	testSimDelay        = 1500 * time.Millisecond
	testAgentKey        = "test-agent-key"
)

// sub returns the harness for a subtest, so that failures belong to it.
func (h *harness) sub(t *testing.T) *harness {
	c := *h
	c.t = t
	return &c
}

func newHarness(t *testing.T, db *sqlstore.DB, mutate func(*Config)) *harness {
	t.Helper()
	// The harness serves in demo mode, with every simulated party; a test
	// of production mode sets cfg.Mode and what goes with it in mutate.
	cfg, err := LoadConfig(func(k string) string { return map[string]string{"NGERN_MODE": "demo"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.WebDir = ""
	// The slip OCR costs most of a second of CPU per slip: only the tests
	// of the OCR (TestSlipOCRReview) turn it on.
	cfg.SlipOCR = "off"
	// Approvals pay at once, as operators paying by hand; a test of
	// automatic payouts sets Payouts in mutate.
	cfg.Payouts = "off"
	if mutate != nil {
		mutate(&cfg)
	}
	if cfg.DataDir == "./data" {
		cfg.DataDir = t.TempDir()
	}
	h := &harness{t: t, logs: &syncBuffer{}, db: db, clk: &testClock{}}
	log := NewLogger(cfg, h.logs)
	simSrv, err := sim.NewServer(sim.Config{AgentKey: testAgentKey, PathPrefix: "/sim", Delay: testSimDelay, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	simHS := httptest.NewServer(simSrv)
	h.play = simHS.Client()
	h.faults = &faultTransport{base: simHS.Client().Transport, armed: map[string]sim.FaultKind{}}
	client, err := transferwallet.New(transferwallet.Config{BaseURL: simHS.URL + "/sim", AgentKey: testAgentKey,
		Timeout: testProviderTimeout, HTTPClient: &http.Client{Transport: h.faults}})
	if err != nil {
		t.Fatal(err)
	}
	h.provider = client
	var api *httpapi.Server
	app := fxtest.New(t, fx.NopLogger,
		fx.Supply(cfg, db),
		fx.Provide(
			func() Clock { return h.clock },
			func() *slog.Logger { return log },
			func() wallet.GameProvider { return client },
		),
		Services(),
		fx.Provide(newHTTPServer),
		fx.Invoke(func(w *wallet.Service) error { _, err := w.SeedDemoGames(context.Background()); return err }),
		fx.Populate(&h.chat, &h.metrics, &h.seamless, &h.lobby),
		fx.Populate(&api, &h.qr, &h.qrSim, &h.bus, &h.tools.wallet, &h.tools.ledger, &h.tools.accounts, &h.tools.operators, &h.tools.auditor, &h.tools.promo, &h.tools.promos, &h.tools.spin, &h.tools.settings, &h.tools.rewards, &h.tools.log, &h.tools.now),
	)
	h.tools.cfg = cfg
	app.RequireStart()
	t.Cleanup(app.RequireStop)
	h.api = api
	h.srv = httptest.NewServer(api.Handler())
	t.Cleanup(h.srv.Close)
	t.Cleanup(func() {
		simHS.Close() // waits for delayed calls
		simSrv.Close()
	})
	// Registered last, so it runs first: every test ends with the ledger's
	// invariants true and no transfer left open.
	t.Cleanup(func() {
		if h.dbGone {
			return
		}
		r, err := h.tools.ledger.Verify(context.Background(), h.clock().Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if !r.OK() {
			t.Fatalf("ledger invariants broken after the test:\n%s", strings.Join(r.Problems, "\n"))
		}
	})
	return h
}

func (h *harness) clock() time.Time {
	h.clk.mu.Lock()
	defer h.clk.mu.Unlock()
	return time.Now().UTC().Add(h.clk.offset)
}

func (h *harness) advance(d time.Duration) {
	h.clk.mu.Lock()
	defer h.clk.mu.Unlock()
	h.clk.offset += d
}

// faultTransport carries the provider client's requests and injects a
// simulated-provider fault into the next request of an armed operation:
// "in" and "out" (transfers by direction) or "balance".
type faultTransport struct {
	base  http.RoundTripper
	mu    sync.Mutex
	armed map[string]sim.FaultKind
}

// arm makes the next request of op misbehave as kind.
func (f *faultTransport) arm(op string, kind sim.FaultKind) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.armed[op] = kind
}

// RoundTrip sends r, with the armed fault of its operation, if any.
func (f *faultTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	op := ""
	switch {
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/api/transfers"):
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		var t struct {
			Direction string `json:"direction"`
		}
		json.Unmarshal(body, &t)
		op = t.Direction
	case strings.HasSuffix(r.URL.Path, "/api/balance"):
		op = "balance"
	}
	f.mu.Lock()
	kind, ok := f.armed[op]
	delete(f.armed, op)
	f.mu.Unlock()
	if ok {
		r = r.Clone(r.Context()) // shares the body, which is read once
		r.Header.Set(sim.FaultHeader, string(kind))
	}
	return f.base.RoundTrip(r)
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
	return h.callWith(method, path, token, body, nil)
}

// callWith sends a JSON request with extra headers.
func (h *harness) callWith(method, path, token string, body any, headers map[string]string) response {
	h.t.Helper()
	r, err := h.do(method, path, token, body, headers)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

// do sends a JSON request; it is safe for concurrent use. Numbers in the
// answer decode as json.Number, so that amounts compare as written.
func (h *harness) do(method, path, token string, body any, headers map[string]string) (response, error) {
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
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		return response{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	out := response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	d.Decode(&out.Body)
	return out, err
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
	h.expect(h.call("POST", "/api/account", "", withOTP(registration(phone, bankNo), sent)), 201, "SUCCESS")
	return h.login(phone, "s3cret-pass")
}

// withOTP adds to a registration the otpToken of an OTP send's answer.
func withOTP(reg map[string]any, sent response) map[string]any {
	reg["otpToken"] = sent.Body["otpToken"]
	return reg
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
