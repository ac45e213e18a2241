package app

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/seamless"
)

// scrape reads the node's /metrics as Prometheus would.
func (h *harness) scrape() string {
	h.t.Helper()
	srv := httptest.NewServer(h.metrics.Handler())
	defer srv.Close()
	res, err := srv.Client().Get(srv.URL)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		h.t.Fatalf("scrape: %d %v", res.StatusCode, err)
	}
	return string(b)
}

// TestMetrics serves requests and reads them back by route pattern, status
// and catalogue code; the alert rules and the dashboard name only metrics
// the server exposes.
func TestMetrics(t *testing.T) {
	db := storetest.Open(t, sqlstore.SQLite)
	h := newHarness(t, db, func(c *Config) { c.MetricsAddr = "127.0.0.1:0" })
	token := h.signUp("0812345678", "1234567890")
	h.expect(h.call("POST", "/api/login", "", map[string]any{"username": "0812345678", "password": "wrong-pass-1"}), 401, "WRONG_CREDENTIAL")
	h.expect(h.call("POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 1}), 404, "SLOT_NO_ACCOUNT")
	r := h.callWith("POST", "/api/payments/kbank/webhook", "", `{}`, map[string]string{"X-Signature": "t=1,v1=00"})
	if r.Status < 400 {
		t.Fatalf("unsigned webhook: %d", r.Status)
	}
	h.call("GET", "/api/no/such/"+strings.Repeat("x", 12), "", nil)
	h.metrics.JobEnded(jobReconciler, nil)
	if res, err := h.metrics.Client("test_party", nil).Get(h.srv.URL + "/healthz"); err == nil {
		res.Body.Close()
	}
	h.metrics.CheckRan(h.clock(), 0, false)
	// A seamless bet the wallet refuses (the wallet is empty) is counted.
	m, err := sqlstore.NewAccounts(db).MemberByPhone(context.Background(), "0812345678")
	if err != nil {
		t.Fatal(err)
	}
	tok, err := h.seamless.Launch(context.Background(), m.ID, SimAggregatorCode, "slot")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.seamless.Bet(context.Background(), seamless.Callback{Provider: SimAggregatorCode, Token: tok, TxID: "b1", Amount: 100, Currency: "THB"}); err == nil {
		t.Fatal("a bet from an empty wallet was accepted")
	}

	text := h.scrape()
	for _, want := range []string{
		`ngern_http_request_duration_seconds_count{route="POST /api/login",status="200"} 1`,
		`ngern_http_request_duration_seconds_bucket{route="POST /api/account",status="201",le=`,
		`ngern_http_errors_total{code="WRONG_CREDENTIAL"} 1`,
		`ngern_party_failures_total{party="kbank"} 1`,
		`ngern_queue_size{queue="withdrawals"} 0`,
		`ngern_transfers_open{state="UNKNOWN"} 0`,
		`ngern_health_read_ok 1`,
		`ngern_deposits_last_hour{method="slip",outcome="SUCCESS"} 0`,
		`ngern_check_ok 1`,
		`ngern_seamless_callbacks_total{kind="bet",outcome="insufficient",provider="sim"} 1`,
		`ngern_seamless_callback_duration_seconds_count{kind="bet",provider="sim"} 1`,
		`go_sql_max_open_connections{db_name="ngern"}`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %s in:\n%s", want, grepLines(text, "ngern_"))
		}
	}
	// Routes are patterns, never raw paths: no id nor path a client wrote
	// becomes a label.
	for _, m := range regexp.MustCompile(`route="([^"]*)"`).FindAllStringSubmatch(text, -1) {
		if strings.Contains(m[1], "xxxxxxxxxxxx") {
			t.Errorf("raw path in route label %q", m[1])
		}
	}

	// Every metric the rules and the dashboard use is exposed.
	used := regexp.MustCompile(`\b(?:ngern|go_sql)_[a-z0-9_]+`)
	for _, f := range []string{"../deploy/prometheus/alerts.yml", "../deploy/grafana/ngern.json"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		names := used.FindAllString(string(b), -1)
		if len(names) < 5 {
			t.Fatalf("%s: only %v", f, names)
		}
		for _, name := range names {
			if !regexp.MustCompile(`(?m)^` + name + `[{ ]`).MatchString(text) {
				t.Errorf("%s uses %s, which the server does not expose", f, name)
			}
		}
	}
}

func grepLines(text, prefix string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestMetricsSocketsOpen: ngern_sockets_open counts a chat socket from its
// accept to its close, past the end of the request that opened it (the
// two-node browser test reads it to know which node holds a socket).
func TestMetricsSocketsOpen(t *testing.T) {
	db := storetest.Open(t, sqlstore.SQLite)
	h := newHarness(t, db, func(c *Config) { c.MetricsAddr = "127.0.0.1:0" })
	token := h.signUp("0812345678", "1234567890")
	open := func() int {
		m := regexp.MustCompile(`(?m)^ngern_sockets_open (\d+)$`).FindStringSubmatch(h.scrape())
		if m == nil {
			t.Fatal("no ngern_sockets_open")
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	if n := open(); n != 0 {
		t.Fatalf("before: %d open", n)
	}
	ticket, room := h.chatTicket(token, nil)
	c, _, err := h.dialChat(ticket, "")
	if err != nil {
		t.Fatal(err)
	}
	writeFrame(t, c, map[string]string{"type": "join", "room": room})
	if f, err := readFrame(t, c, 5*time.Second); err != nil || f.Type != "joined" {
		t.Fatalf("join: %+v %v", f, err)
	}
	if n := open(); n != 1 {
		t.Fatalf("while open: %d", n)
	}
	c.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for open() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("after close: %d open", open())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
