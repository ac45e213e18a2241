package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/money"
)

const key = "test-key"

// simT is a simulated provider on an httptest server.
type simT struct {
	t   *testing.T
	srv *Server
	hs  *httptest.Server
}

func start(t *testing.T, cfg Config) *simT {
	t.Helper()
	if cfg.AgentKey == "" {
		cfg.AgentKey = key
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(1, 2))
	}
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
	})
	return &simT{t: t, srv: srv, hs: hs}
}

// answer holds any answer of the API.
type answer struct {
	Code     int
	Error    string       `json:"error"`
	Username string       `json:"username"`
	Password string       `json:"password"`
	Balance  money.Satang `json:"balance"`
	Status   string       `json:"status"`
	URL      string       `json:"url"`
	Bets     []Bet        `json:"bets"`
	Next     string       `json:"next"`
}

// call sends an API request with the agent key and an optional fault.
func (s *simT) call(method, path string, body any, fault FaultKind) answer {
	s.t.Helper()
	a, err := s.try(http.DefaultClient, method, path, body, fault)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	return a
}

func (s *simT) try(hc *http.Client, method, path string, body any, fault FaultKind) (answer, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.hs.URL+s.srv.cfg.PathPrefix+path, rd)
	req.Header.Set(AgentKeyHeader, key)
	if fault != "" {
		req.Header.Set(FaultHeader, string(fault))
	}
	res, err := hc.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	a := answer{Code: res.StatusCode}
	data, _ := io.ReadAll(res.Body)
	if len(data) > 0 {
		if err := json.Unmarshal(data, &a); err != nil {
			return a, err
		}
	}
	return a, nil
}

func (s *simT) player(game, member string) answer {
	s.t.Helper()
	a := s.call("POST", "/api/players", map[string]string{"game": game, "memberRef": member}, "")
	if a.Code != 200 || a.Username == "" {
		s.t.Fatalf("create player: %+v", a)
	}
	return a
}

func (s *simT) transfer(game, user, trace, dir, amount string, fault FaultKind) answer {
	s.t.Helper()
	return s.call("POST", "/api/transfers", map[string]any{"game": game, "username": user, "traceId": trace, "direction": dir, "amount": json.RawMessage(amount)}, fault)
}

func (s *simT) balance(game, user string) money.Satang {
	s.t.Helper()
	a := s.call("GET", "/api/balance?game="+game+"&username="+user, nil, "")
	if a.Code != 200 {
		s.t.Fatalf("balance: %+v", a)
	}
	return a.Balance
}

func (s *simT) status(game, trace string) string {
	s.t.Helper()
	return s.call("GET", "/api/transfers/"+trace+"?game="+game, nil, "").Status
}

func TestParseFaults(t *testing.T) {
	ok := map[string]Faults{
		"":    nil,
		" , ": nil,
		"transferIn:drop:0.3,transferOut:error:0.2": {{OpTransferIn, FaultDrop, 0.3}, {OpTransferOut, FaultError, 0.2}},
		"status:delay:1, create:error:0":            {{OpStatus, FaultDelay, 1}, {OpCreate, FaultError, 0}},
		"transferOut:duplicate:0.5":                 {{OpTransferOut, FaultDuplicate, 0.5}},
	}
	for in, want := range ok {
		t.Run("OK_"+in, func(t *testing.T) {
			got, err := ParseFaults(in)
			if err != nil || len(got) != len(want) {
				t.Fatalf("ParseFaults(%q) = %v, %v", in, got, err)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("rule %d = %+v, want %+v", i, got[i], want[i])
				}
			}
			if again, _ := ParseFaults(got.String()); len(again) != len(got) {
				t.Fatalf("String %q does not parse back", got.String())
			}
		})
	}
	bad := map[string]string{
		"transferIn:drop":           "transferIn:drop",
		"transfer:drop:0.1":         `unknown op "transfer"`,
		"transferIn:explode:0.1":    `unknown kind "explode"`,
		"balance:duplicate:0.1":     "transferIn and transferOut only",
		"transferIn:drop:1.5":       `probability "1.5"`,
		"transferIn:drop:x":         `probability "x"`,
		"balance:error:0.1,bogus":   `"bogus"`,
		"transferIn:drop:0.1:extra": "want op:kind:probability",
	}
	for in, part := range bad {
		t.Run("Bad_"+in, func(t *testing.T) {
			_, err := ParseFaults(in)
			if err == nil || !strings.Contains(err.Error(), part) {
				t.Fatalf("ParseFaults(%q) = %v, want an error naming %s", in, err, part)
			}
		})
	}
}

func TestNewServerNeedsAgentKey(t *testing.T) {
	if _, err := NewServer(Config{}); err == nil {
		t.Fatal("NewServer without an agent key succeeded")
	}
}

func TestAgentKey(t *testing.T) {
	s := start(t, Config{})
	for _, tc := range []struct {
		name, key string
		want      int
	}{{"Missing", "", 401}, {"Wrong", "nope", 401}, {"Prefix", key[:4], 401}, {"Right", key, 404}} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", s.hs.URL+"/api/balance?game=g&username=u", nil)
			if tc.key != "" {
				req.Header.Set(AgentKeyHeader, tc.key)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != tc.want {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.want)
			}
		})
	}
}

func TestPlayers(t *testing.T) {
	s := start(t, Config{})
	a := s.player("slot-a", "m1")
	if !strings.HasPrefix(a.Username, "ng") || len(a.Username) != 10 {
		t.Fatalf("username %q", a.Username)
	}
	if again := s.player("slot-a", "m1"); again.Username != a.Username || again.Password != a.Password {
		t.Fatalf("create is not idempotent: %+v then %+v", a, again)
	}
	if other := s.player("slot-a", "m2"); other.Username == a.Username {
		t.Fatal("two members share a username")
	}
	// Each game keeps its own players.
	b := s.player("slot-b", "m1")
	s.transfer("slot-a", a.Username, "t1", "in", "5", "")
	if got := s.call("GET", "/api/balance?game=slot-b&username="+b.Username, nil, ""); got.Balance != 0 {
		t.Fatalf("slot-b balance %s", got.Balance)
	}
	pw := s.call("POST", "/api/players/password", map[string]string{"game": "slot-a", "username": a.Username}, "")
	if pw.Code != 200 || pw.Password == "" || pw.Password == a.Password {
		t.Fatalf("reset password: %+v", pw)
	}
	if got := s.call("POST", "/api/players/password", map[string]string{"game": "slot-a", "username": "ngnobody"}, ""); got.Code != 404 {
		t.Fatalf("reset of unknown player: %+v", got)
	}
}

func TestTransfers(t *testing.T) {
	s := start(t, Config{Games: []string{"slot"}})
	u := s.player("slot", "m1").Username

	t.Run("AmountMustBePositive", func(t *testing.T) {
		for _, amt := range []string{"0", "-1", "1.005", "1e2", `"abc"`, "null"} {
			if a := s.transfer("slot", u, "bad-"+amt, "in", amt, ""); a.Code != 400 {
				t.Errorf("amount %s: %+v", amt, a)
			}
		}
	})
	t.Run("BadRequests", func(t *testing.T) {
		if a := s.transfer("slot", u, "t-dir", "sideways", "1", ""); a.Code != 400 || a.Error != "BAD_DIRECTION" {
			t.Errorf("direction: %+v", a)
		}
		if a := s.transfer("slot", u, "no spaces", "in", "1", ""); a.Code != 400 || a.Error != "BAD_TRACE_ID" {
			t.Errorf("trace id: %+v", a)
		}
		if a := s.transfer("other", u, "t-game", "in", "1", ""); a.Code != 404 || a.Error != "UNKNOWN_GAME" {
			t.Errorf("game: %+v", a)
		}
	})
	t.Run("DuplicateMovesOnce", func(t *testing.T) {
		if a := s.transfer("slot", u, "t1", "in", "100.25", ""); a.Code != 200 || a.Status != "DONE" || a.Balance != 100_25 {
			t.Fatalf("first: %+v", a)
		}
		if a := s.transfer("slot", u, "t1", "in", "100.25", ""); a.Code != 409 || a.Error != "DUPLICATE" {
			t.Fatalf("repeat: %+v", a)
		}
		if b := s.balance("slot", u); b != 100_25 {
			t.Fatalf("balance %s", b)
		}
	})
	t.Run("InsufficientIsFailedForGood", func(t *testing.T) {
		if a := s.transfer("slot", u, "t2", "out", "1000", ""); a.Code != 422 || a.Error != "INSUFFICIENT_BALANCE" {
			t.Fatalf("out: %+v", a)
		}
		if st := s.status("slot", "t2"); st != "FAILED" {
			t.Fatalf("status %s", st)
		}
		s.transfer("slot", u, "t3", "in", "2000", "")
		if a := s.transfer("slot", u, "t2", "out", "1000", ""); a.Code != 422 || a.Error != "INSUFFICIENT_BALANCE" {
			t.Fatalf("repeat after funding: %+v", a)
		}
		if b := s.balance("slot", u); b != 2100_25 {
			t.Fatalf("balance %s", b)
		}
	})
	t.Run("UnknownPlayer", func(t *testing.T) {
		if a := s.transfer("slot", "ngnobody", "t4", "in", "1", ""); a.Code != 404 || a.Error != "PLAYER_NOT_FOUND" {
			t.Fatalf("%+v", a)
		}
		if st := s.status("slot", "t4"); st != "FAILED" {
			t.Fatalf("status %s", st)
		}
	})
	t.Run("NotFoundVoids", func(t *testing.T) {
		before := s.balance("slot", u)
		if st := s.status("slot", "t5"); st != "NOT_FOUND" {
			t.Fatalf("status %s", st)
		}
		if a := s.transfer("slot", u, "t5", "in", "1", ""); a.Code != 422 || a.Error != "VOIDED" {
			t.Fatalf("late arrival: %+v", a)
		}
		if st := s.status("slot", "t5"); st != "NOT_FOUND" {
			t.Fatalf("status after late arrival %s", st)
		}
		if b := s.balance("slot", u); b != before {
			t.Fatalf("balance %s, want %s", b, before)
		}
	})
}

// seq is a Rand that plays back fixed numbers and fails the test when it
// runs out, so a test also checks how many dice were rolled.
type seq struct {
	t  *testing.T
	mu sync.Mutex
	xs []float64
}

func (s *seq) Float64() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.xs) == 0 {
		s.t.Error("unexpected roll")
		return 0.99
	}
	x := s.xs[0]
	s.xs = s.xs[1:]
	return x
}

func TestConfiguredFaults(t *testing.T) {
	faults, err := ParseFaults("transferIn:error:0.5,balance:error:1")
	if err != nil {
		t.Fatal(err)
	}
	rnd := &seq{t: t}
	s := start(t, Config{Faults: faults, Rand: rnd})
	u := s.player("slot", "m1").Username
	rnd.mu.Lock()
	rnd.xs = []float64{0.4, 0.6}
	rnd.mu.Unlock()
	if a := s.transfer("slot", u, "t1", "in", "1", ""); a.Code != 500 {
		t.Fatalf("first roll 0.4 < 0.5: %+v", a)
	}
	if a := s.transfer("slot", u, "t1", "in", "1", ""); a.Code != 200 {
		t.Fatalf("second roll 0.6: %+v", a)
	}
	// Transfers out and status queries have no rules, so they roll no dice.
	if a := s.transfer("slot", u, "t2", "out", "1", ""); a.Code != 200 {
		t.Fatalf("out: %+v", a)
	}
	if st := s.status("slot", "t1"); st != "DONE" {
		t.Fatalf("status %s", st)
	}
}

func TestFaultHeader(t *testing.T) {
	s := start(t, Config{Delay: 50 * time.Millisecond})
	u := s.player("slot", "m1").Username

	t.Run("Error", func(t *testing.T) {
		if a := s.transfer("slot", u, "e1", "in", "1", FaultError); a.Code != 500 {
			t.Fatalf("%+v", a)
		}
		if st := s.status("slot", "e1"); st != "NOT_FOUND" {
			t.Fatalf("status %s", st)
		}
	})
	t.Run("DropClosesTheConnection", func(t *testing.T) {
		body := map[string]any{"game": "slot", "username": u, "traceId": "d1", "direction": "in", "amount": 2}
		a, err := s.try(http.DefaultClient, "POST", "/api/transfers", body, FaultDrop)
		if err == nil {
			t.Fatalf("got an answer: %+v", a)
		}
		if st := s.status("slot", "d1"); st != "DONE" {
			t.Fatalf("status %s", st)
		}
	})
	t.Run("DuplicateDoesNotExecute", func(t *testing.T) {
		if a := s.transfer("slot", u, "x1", "in", "1", FaultDuplicate); a.Code != 409 || a.Error != "DUPLICATE" {
			t.Fatalf("%+v", a)
		}
		if st := s.status("slot", "x1"); st != "NOT_FOUND" {
			t.Fatalf("status %s", st)
		}
	})
	t.Run("DuplicateOnlyForTransfers", func(t *testing.T) {
		if a := s.call("GET", "/api/balance?game=slot&username="+u, nil, FaultDuplicate); a.Code != 200 {
			t.Fatalf("%+v", a)
		}
	})
	t.Run("DelayThenExecute", func(t *testing.T) {
		began := time.Now()
		if a := s.transfer("slot", u, "w1", "in", "1", FaultDelay); a.Code != 200 {
			t.Fatalf("%+v", a)
		}
		if d := time.Since(began); d < 50*time.Millisecond {
			t.Fatalf("answered after %v", d)
		}
	})
	if b := s.balance("slot", u); b != 3_00 {
		t.Fatalf("balance %s, want 3.00 (drop and delay executed)", b)
	}
}

// TestDelayedTransfer pins down the two ways a call whose caller gave up
// can end: asked about before it executes, it is voided and refused when it
// arrives; asked about after, it is DONE.
func TestDelayedTransfer(t *testing.T) {
	const delay = 300 * time.Millisecond
	impatient := &http.Client{Timeout: 30 * time.Millisecond}
	for _, tc := range []struct {
		name    string
		askLate bool
		want    string
		balance money.Satang
	}{
		{"AskedBeforeItRuns", false, "NOT_FOUND", 0},
		{"AskedAfterItRan", true, "DONE", 1_00},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := start(t, Config{Delay: delay})
			u := s.player("slot", "m1").Username
			body := map[string]any{"game": "slot", "username": u, "traceId": "late", "direction": "in", "amount": 1}
			if _, err := s.try(impatient, "POST", "/api/transfers", body, FaultDelay); err == nil {
				t.Fatal("the delayed call answered in time")
			}
			if tc.askLate {
				time.Sleep(2 * delay)
			}
			if st := s.status("slot", "late"); st != tc.want {
				t.Fatalf("status %s, want %s", st, tc.want)
			}
			time.Sleep(2 * delay)
			if st := s.status("slot", "late"); st != tc.want {
				t.Fatalf("status later %s, want %s", st, tc.want)
			}
			if b := s.balance("slot", u); b != tc.balance {
				t.Fatalf("balance %s, want %s", b, tc.balance)
			}
		})
	}
}

// clock is a settable Now for launch-link expiry.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestLaunchAndPlay(t *testing.T) {
	clk := &clock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	s := start(t, Config{PathPrefix: "/sim/", Now: clk.Now, LaunchTTL: time.Minute})
	p := s.player("slot", "m1")
	s.transfer("slot", p.Username, "fund", "in", "1000", "")

	launch := func(pw string) answer {
		return s.call("GET", "/api/launch?game=slot&username="+p.Username+"&password="+pw, nil, "")
	}
	if a := launch("wrong"); a.Code != 403 || a.Error != "BAD_PASSWORD" {
		t.Fatalf("wrong password: %+v", a)
	}
	a := launch(p.Password)
	if a.Code != 200 || !strings.HasPrefix(a.URL, s.hs.URL+"/sim/play/") || strings.Contains(a.URL, p.Password) {
		t.Fatalf("launch: %+v", a)
	}

	t.Run("Page", func(t *testing.T) {
		res, err := http.Get(a.URL)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("page: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		for _, want := range []string{"1,000.00", "SPIN", p.Username, "width=device-width"} {
			if !bytes.Contains(page, []byte(want)) {
				t.Errorf("page lacks %q", want)
			}
		}
		if bytes.Contains(page, []byte("http://")) || bytes.Contains(page, []byte("https://")) {
			t.Error("page refers to an outside asset")
		}
	})
	t.Run("SpinsMoveTheBalanceAndFeedBets", func(t *testing.T) {
		bal := money.Satang(1000_00)
		for range 20 {
			r, err := Spin(t.Context(), nil, a.URL, 10_00)
			if err != nil {
				t.Fatal(err)
			}
			bal += r.Payout - r.Stake
			if r.Balance != bal || r.Stake != 10_00 || len(r.Reels) != 3 {
				t.Fatalf("spin %+v, want balance %s", r, bal)
			}
		}
		if b := s.balance("slot", p.Username); b != bal {
			t.Fatalf("balance %s, want %s", b, bal)
		}
		page := s.call("GET", "/api/bets?game=slot&cursor=5&limit=10", nil, "")
		if page.Code != 200 || len(page.Bets) != 10 || page.Bets[0].ID != "slot-6" || page.Next != "15" {
			t.Fatalf("bets page: %d bets, first %+v, next %s", len(page.Bets), page.Bets[0], page.Next)
		}
		end := s.call("GET", "/api/bets?game=slot&cursor=20", nil, "")
		if end.Code != 200 || len(end.Bets) != 0 || end.Next != "20" {
			t.Fatalf("end page: %+v", end)
		}
		if bad := s.call("GET", "/api/bets?game=slot&cursor=x", nil, ""); bad.Code != 400 {
			t.Fatalf("bad cursor: %+v", bad)
		}
	})
	t.Run("InsufficientBalance", func(t *testing.T) {
		_, err := Spin(t.Context(), nil, a.URL, 1000_00)
		if err == nil || !strings.Contains(err.Error(), "INSUFFICIENT_BALANCE") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("TamperedLink", func(t *testing.T) {
		i := strings.LastIndex(a.URL, ".")
		tampered := a.URL[:i] + ".AAAA" + a.URL[i+5:]
		if _, err := Spin(t.Context(), nil, tampered, 1_00); err == nil || !strings.Contains(err.Error(), "LINK_EXPIRED") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ExpiredLink", func(t *testing.T) {
		clk.Add(2 * time.Minute)
		if _, err := Spin(t.Context(), nil, a.URL, 1_00); err == nil || !strings.Contains(err.Error(), "LINK_EXPIRED") {
			t.Fatalf("err = %v", err)
		}
		res, err := http.Get(a.URL)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Fatalf("page status %d", res.StatusCode)
		}
	})
}

func TestPublicURL(t *testing.T) {
	s := start(t, Config{PathPrefix: "sim", PublicURL: "https://ngern.example/"})
	p := s.player("slot", "m1")
	a := s.call("GET", "/api/launch?game=slot&username="+p.Username+"&password="+p.Password, nil, "")
	if !strings.HasPrefix(a.URL, "https://ngern.example/sim/play/") {
		t.Fatalf("url %q", a.URL)
	}
}

func TestStatePersists(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sim", "state.jsonl")
	cfg := Config{StatePath: path, Rand: rand.New(rand.NewPCG(3, 4))}
	s := start(t, cfg)
	p := s.player("slot", "m1")
	s.transfer("slot", p.Username, "t1", "in", "50", "")
	s.status("slot", "void-me")
	a := s.call("GET", "/api/launch?game=slot&username="+p.Username+"&password="+p.Password, nil, "")
	r, err := Spin(t.Context(), nil, a.URL, 5_00)
	if err != nil {
		t.Fatal(err)
	}
	s.hs.Close()
	if err := s.srv.Close(); err != nil {
		t.Fatal(err)
	}

	check := func(t *testing.T) {
		again := start(t, cfg)
		if b := again.balance("slot", p.Username); b != r.Balance {
			t.Fatalf("balance after restart %s, want %s", b, r.Balance)
		}
		if q := again.player("slot", "m1"); q.Username != p.Username || q.Password != p.Password {
			t.Fatalf("player after restart %+v", q)
		}
		if a := again.transfer("slot", p.Username, "t1", "in", "50", ""); a.Code != 409 {
			t.Fatalf("t1 after restart: %+v", a)
		}
		if a := again.transfer("slot", p.Username, "void-me", "in", "50", ""); a.Code != 422 || a.Error != "VOIDED" {
			t.Fatalf("void-me after restart: %+v", a)
		}
		if bets := again.call("GET", "/api/bets?game=slot", nil, ""); len(bets.Bets) != 1 || bets.Bets[0].ID != r.BetID {
			t.Fatalf("bets after restart: %+v", bets)
		}
		again.hs.Close()
		again.srv.Close()
	}
	t.Run("Restart", check)
	t.Run("RestartAgain", check)
	t.Run("TornLastLine", func(t *testing.T) {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(`{"k":"transfer","game":"slot","tra`)
		f.Close()
		check(t)
	})
	t.Run("CorruptLineIsAnError", func(t *testing.T) {
		data, _ := os.ReadFile(path)
		os.WriteFile(path, append([]byte("garbage\n"), data...), 0o600)
		_, err := NewServer(Config{AgentKey: key, StatePath: path})
		if err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestPaytableRTP(t *testing.T) {
	var rtp float64
	for _, l := range paytable() {
		rtp += float64(l.mult) * l.p
	}
	if math.Abs(rtp-0.95) > 1e-9 {
		t.Fatalf("RTP = %v", rtp)
	}
}

func TestSpinOutcome(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	wins := 0
	for range 10_000 {
		mult, reels := spinOutcome(rnd)
		triple := reels[0] == reels[1] && reels[1] == reels[2]
		if (mult > 0) != triple {
			t.Fatalf("multiplier %d with reels %v", mult, reels)
		}
		if mult > 0 {
			wins++
		}
	}
	// 31.5% of spins win; 10,000 spins land well within 28% to 35%.
	if wins < 2800 || wins > 3500 {
		t.Fatalf("%d wins in 10,000 spins", wins)
	}
}

func TestGrouped(t *testing.T) {
	for in, want := range map[money.Satang]string{0: "0.00", 5: "0.05", 100_00: "100.00", 1000_00: "1,000.00", 1234567_89: "1,234,567.89", -1000_00: "-1,000.00"} {
		if got := grouped(in); got != want {
			t.Errorf("grouped(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestFaultTransport(t *testing.T) {
	var got []string
	var mu sync.Mutex
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Header.Get(FaultHeader))
		mu.Unlock()
	}))
	defer hs.Close()
	ft := &FaultTransport{}
	hc := &http.Client{Transport: ft}
	ft.Next(FaultDrop)
	for range 2 {
		res, err := hc.Get(hs.URL)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || got[0] != "drop" || got[1] != "" {
		t.Fatalf("headers %q", got)
	}
}

func TestMountedInAnotherMux(t *testing.T) {
	srv, err := NewServer(Config{AgentKey: key, PathPrefix: "/sim", Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	mux := http.NewServeMux()
	mux.Handle("/sim/", srv)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "host app") })
	hs := httptest.NewServer(mux)
	defer hs.Close()
	s := &simT{t: t, srv: srv, hs: hs}
	p := s.player("slot", "m1")
	a := s.call("GET", "/api/launch?game=slot&username="+p.Username+"&password="+p.Password, nil, "")
	if !strings.HasPrefix(a.URL, hs.URL+"/sim/play/") {
		t.Fatalf("url %q", a.URL)
	}
	if _, err := Spin(t.Context(), nil, a.URL, 1_00); err == nil || !strings.Contains(err.Error(), "INSUFFICIENT_BALANCE") {
		t.Fatalf("spin on an empty balance: %v", err)
	}
}

func TestListenAndServeStopsWithContext(t *testing.T) {
	srv, err := NewServer(Config{AgentKey: key, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	if err := srv.ListenAndServe(ctx, "127.0.0.1:0"); err != nil {
		t.Fatalf("ListenAndServe = %v", err)
	}
}

func TestBetHistoryIsBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.jsonl")
	cfg := Config{StatePath: path, MaxBets: 10}
	s := start(t, cfg)
	p := s.player("slot", "m1")
	s.transfer("slot", p.Username, "fund", "in", "1000", "")
	a := s.call("GET", "/api/launch?game=slot&username="+p.Username+"&password="+p.Password, nil, "")
	var last string
	for range 25 {
		r, err := Spin(t.Context(), nil, a.URL, 1_00)
		if err != nil {
			t.Fatal(err)
		}
		last = r.BetID
	}
	if last != "slot-25" {
		t.Fatalf("last bet id %s, want slot-25 (ids keep counting)", last)
	}
	check := func(t *testing.T, s *simT) {
		t.Helper()
		g := s.srv.st.Games["slot"]
		if len(g.Bets) > 11 || g.BetsBase+len(g.Bets) != 25 {
			t.Fatalf("kept %d bets after %d dropped", len(g.Bets), g.BetsBase)
		}
		// A cursor behind the dropped bets reads on from the oldest kept.
		all := s.call("GET", "/api/bets?game=slot&cursor=0&limit=100", nil, "")
		if len(all.Bets) != len(g.Bets) || all.Bets[0].ID != "slot-"+strconv.Itoa(g.BetsBase+1) || all.Next != "25" {
			t.Fatalf("bets from 0: %d bets from %s, next %s", len(all.Bets), all.Bets[0].ID, all.Next)
		}
		tail := s.call("GET", "/api/bets?game=slot&cursor=23", nil, "")
		if len(tail.Bets) != 2 || tail.Bets[0].ID != "slot-24" || tail.Next != "25" {
			t.Fatalf("bets after 23: %+v", tail)
		}
	}
	t.Run("Live", func(t *testing.T) { check(t, s) })
	s.hs.Close()
	s.srv.Close()
	t.Run("AfterRestart", func(t *testing.T) { check(t, start(t, cfg)) })
}
