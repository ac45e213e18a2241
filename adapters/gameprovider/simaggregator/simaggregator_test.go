package simaggregator

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

// received is one callback the fake Ngern received.
type received struct {
	Path string
	Body map[string]any
	Raw  string
}

func (r received) str(k string) string {
	v, _ := r.Body[k].(string)
	return v
}

// fakeNgern is Ngern's callback side as far as these tests need: it checks
// signatures, keeps one balance, answers a repeated transactionId with its
// first answer, leaves a tombstone for a rollback of an unseen bet, and
// records every call.
type fakeNgern struct {
	t *testing.T

	mu      sync.Mutex
	calls   []received
	balance int64
	answers map[string]Answer // by transactionId
	fail    int               // answer 503 ERROR to this many calls first
	forge   bool              // sign answers with another secret
}

func (f *fakeNgern) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	ts := r.Header.Get(TimestampHeader)
	if r.Header.Get(SignatureHeader) != Sign(secret, ts, body) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"status":"INVALID_SIGNATURE"}`))
		return
	}
	if sec, _ := strconv.ParseInt(ts, 10, 64); time.Since(time.Unix(sec, 0)).Abs() > time.Minute {
		f.t.Errorf("stale timestamp %s", ts)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		f.t.Errorf("%s: %v", r.URL.Path, err)
	}
	f.mu.Lock()
	f.calls = append(f.calls, received{Path: r.URL.Path, Body: m, Raw: string(body)})
	code, a := f.answer(r.URL.Path, m)
	forge := f.forge
	f.mu.Unlock()
	out, _ := json.Marshal(a)
	key := secret
	if forge {
		key = []byte("another-secret-another-secret-00")
	}
	now := strconv.FormatInt(time.Now().Unix(), 10)
	w.Header().Set(TimestampHeader, now)
	w.Header().Set(SignatureHeader, Sign(key, now, out))
	w.WriteHeader(code)
	_, _ = w.Write(out)
}

// answer decides a call. The caller holds f.mu.
func (f *fakeNgern) answer(path string, m map[string]any) (int, Answer) {
	if f.fail > 0 {
		f.fail--
		return http.StatusServiceUnavailable, Answer{Status: "ERROR"}
	}
	kind := path[strings.LastIndex(path, "/")+1:]
	tx, _ := m["transactionId"].(string)
	if kind == callBalance {
		return http.StatusOK, Answer{Status: "OK", Balance: f.balance, Currency: "THB"}
	}
	if a, seen := f.answers[tx]; seen {
		return http.StatusOK, a
	}
	amount, _ := m["amount"].(float64)
	a := Answer{Status: "OK", Currency: "THB", Ref: "j-" + tx}
	switch kind {
	case callBet:
		if amount > float64(f.balance) {
			return http.StatusOK, Answer{Status: "INSUFFICIENT_FUNDS", Balance: f.balance, Currency: "THB"}
		}
		f.balance -= int64(amount)
	case callWin:
		f.balance += int64(amount)
	case callRollback:
		ref, _ := m["refTransactionId"].(string)
		if bet, seen := f.answers[ref]; !seen {
			f.answers[ref] = Answer{Status: "ROLLED_BACK", Currency: "THB"} // the tombstone
		} else if bet.Status == "OK" {
			f.balance += f.stakeOf(ref)
		}
	}
	a.Balance = f.balance
	f.answers[tx] = a
	return http.StatusOK, a
}

// stakeOf finds a bet's amount among the calls. The caller holds f.mu.
func (f *fakeNgern) stakeOf(tx string) int64 {
	for _, c := range f.calls {
		if c.str("transactionId") == tx && strings.HasSuffix(c.Path, "/bet") {
			v, _ := c.Body["amount"].(float64)
			return int64(v)
		}
	}
	return 0
}

func (f *fakeNgern) received() []received {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]received(nil), f.calls...)
}

// kinds lists the calls' kinds in order.
func kinds(calls []received) string {
	var k []string
	for _, c := range calls {
		k = append(k, c.Path[strings.LastIndex(c.Path, "/")+1:])
	}
	return strings.Join(k, ",")
}

type env struct {
	t     *testing.T
	ngern *fakeNgern
	srv   *Server
	hs    *httptest.Server
}

func start(t *testing.T, cfg Config) *env {
	t.Helper()
	f := &fakeNgern{t: t, balance: 1000_00, answers: map[string]Answer{}}
	ng := httptest.NewServer(f)
	t.Cleanup(ng.Close)
	cfg.Secret, cfg.NgernURL = secret, ng.URL
	if cfg.Seed == 0 {
		cfg.Seed = 7
	}
	cfg.RetryWait = time.Millisecond
	cfg.Logger = slog.New(slog.DiscardHandler)
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return &env{t: t, ngern: f, srv: srv, hs: hs}
}

// signed sends a body signed as Ngern signs its games API calls and checks
// the answer's signature.
func (e *env) signed(path string, v any) (int, []byte) {
	e.t.Helper()
	body, _ := json.Marshal(v)
	req, _ := http.NewRequest(http.MethodPost, e.hs.URL+e.srv.cfg.PathPrefix+path, bytes.NewReader(body))
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set(TimestampHeader, ts)
	req.Header.Set(SignatureHeader, Sign(secret, ts, body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if got := res.Header.Get(SignatureHeader); got != Sign(secret, res.Header.Get(TimestampHeader), data) {
		e.t.Errorf("%s: answer signature %q does not verify", path, got)
	}
	return res.StatusCode, data
}

// launch opens game for a member and returns the launch id.
func (e *env) launch(game string, demo bool) string {
	e.t.Helper()
	req := launchRequest{Token: "tok-1", Player: "m-1", Game: game, Currency: "THB", Lang: "th", ReturnURL: "/games", Demo: demo}
	if demo {
		req.Token = ""
	}
	code, data := e.signed("/launch", req)
	var out struct{ URL string }
	if err := json.Unmarshal(data, &out); err != nil || code != http.StatusOK {
		e.t.Fatalf("launch: %d %s", code, data)
	}
	return out.URL[strings.LastIndex(out.URL, "/")+1:]
}

func (e *env) do(method, path string, body any) (int, []byte) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.hs.URL+e.srv.cfg.PathPrefix+path, rd)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

func (e *env) press(id string, req PressRequest) PressResult {
	e.t.Helper()
	code, data := e.do("POST", "/play/"+id+"/bet", req)
	var out PressResult
	if err := json.Unmarshal(data, &out); err != nil || code != http.StatusOK {
		e.t.Fatalf("press: %d %s", code, data)
	}
	return out
}

func TestGamesAPI(t *testing.T) {
	e := start(t, Config{PathPrefix: "/sim/aggregator"})
	t.Run("OK", func(t *testing.T) {
		code, data := e.signed("/games", struct{}{})
		var out struct{ Games []gameJSON }
		if err := json.Unmarshal(data, &out); err != nil || code != http.StatusOK {
			t.Fatalf("%d %s", code, data)
		}
		cats := map[string]int{}
		for _, g := range out.Games {
			cats[g.Category]++
			if g.Studio != Studio || !g.Demo || !strings.HasSuffix(g.Image, "/sim/aggregator/img/"+g.Code+".svg") || !strings.HasPrefix(g.Image, "http://") {
				t.Errorf("game %+v", g)
			}
		}
		if len(out.Games) != 8 || len(cats) != 4 {
			t.Errorf("%d games over %v", len(out.Games), cats)
		}
	})
	t.Run("ErrSignature", func(t *testing.T) {
		for _, h := range []map[string]string{
			{},
			{TimestampHeader: strconv.FormatInt(time.Now().Unix(), 10), SignatureHeader: "sha256=00"},
			{TimestampHeader: "1000", SignatureHeader: Sign(secret, "1000", []byte("{}"))}, // stale
		} {
			req, _ := http.NewRequest("POST", e.hs.URL+"/sim/aggregator/games", strings.NewReader("{}"))
			for k, v := range h {
				req.Header.Set(k, v)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusUnauthorized {
				t.Errorf("%v: HTTP %d", h, res.StatusCode)
			}
		}
	})
	t.Run("ErrUnknownGame", func(t *testing.T) {
		code, data := e.signed("/launch", launchRequest{Token: "t", Player: "p", Game: "nope"})
		if code != http.StatusNotFound || !strings.Contains(string(data), `"UNKNOWN_GAME"`) {
			t.Errorf("%d %s", code, data)
		}
	})
	t.Run("Relative", func(t *testing.T) {
		e := start(t, Config{PathPrefix: "/sim/aggregator", Relative: true})
		_, data := e.signed("/launch", launchRequest{Token: "t", Player: "p", Game: "quick-lotto"})
		if !strings.Contains(string(data), `"url":"/sim/aggregator/play/`) {
			t.Errorf("%s", data)
		}
	})
}

func TestPress(t *testing.T) {
	e := start(t, Config{})
	id := e.launch("lucky-lanterns", false)
	for range 5 {
		res := e.press(id, PressRequest{Stake: 10_00})
		calls := e.ngern.received()
		last := calls[len(calls)-2:]
		if kinds(last) != "bet,win" || res.Status != "OK" {
			t.Fatalf("%s %+v", kinds(calls), res)
		}
		bet, win := last[0], last[1]
		if bet.str("roundId") != res.RoundID || win.str("roundId") != res.RoundID || bet.str("transactionId") == win.str("transactionId") {
			t.Errorf("bet %v win %v", bet.Body, win.Body)
		}
		if bet.Body["amount"] != 1000.0 || win.Body["amount"] != float64(res.Payout) || win.Body["roundClosed"] != true ||
			bet.str("token") != "tok-1" || bet.str("player") != "m-1" || bet.str("game") != "lucky-lanterns" || bet.str("currency") != "THB" {
			t.Errorf("bet %v win %v", bet.Body, win.Body)
		}
		if res.Balance != e.ngern.balance {
			t.Errorf("balance %d, Ngern's %d", res.Balance, e.ngern.balance)
		}
	}
	t.Run("ErrInsufficient", func(t *testing.T) {
		e.ngern.balance = 5_00
		n := len(e.ngern.received())
		res := e.press(id, PressRequest{Stake: 10_00})
		if got := kinds(e.ngern.received()[n:]); got != "bet" || res.Status != "INSUFFICIENT_FUNDS" || res.Balance != 5_00 {
			t.Errorf("%s %+v", got, res)
		}
	})
	t.Run("ErrStake", func(t *testing.T) {
		if code, _ := e.do("POST", "/play/"+id+"/bet", PressRequest{Stake: 0}); code != http.StatusBadRequest {
			t.Errorf("HTTP %d", code)
		}
	})
}

func TestSeedRepeats(t *testing.T) {
	payouts := func() (out []int64) {
		e := start(t, Config{Seed: 42})
		id := e.launch("mekong-gems", true)
		for range 30 {
			out = append(out, e.press(id, PressRequest{Stake: 1_00}).Payout)
		}
		return out
	}
	a, b := payouts(), payouts()
	if !slicesEqual(a, b) {
		t.Errorf("%v != %v", a, b)
	}
}

func slicesEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestDemoCallsNothing(t *testing.T) {
	e := start(t, Config{})
	id := e.launch("dragon-tiger", true)
	res := e.press(id, PressRequest{Stake: 100_00})
	if res.Status != "OK" || res.Balance != demoBalance-100_00+res.Payout || len(e.ngern.received()) != 0 {
		t.Errorf("%+v, %d calls", res, len(e.ngern.received()))
	}
}

func TestFaults(t *testing.T) {
	one := 1.0
	tests := []struct {
		name   string
		faults Faults
		want   string // the kinds of calls Ngern receives
		check  func(t *testing.T, calls []received, res PressResult)
	}{
		{"Duplicate", Faults{{Kind: FaultDuplicate, Copies: 3}}, "bet,bet,bet,win,win,win", func(t *testing.T, calls []received, res PressResult) {
			for _, c := range calls[1:3] {
				if c.Raw != calls[0].Raw {
					t.Errorf("copies differ: %s %s", c.Raw, calls[0].Raw)
				}
			}
			if res.Calls[0].Deliveries != 3 || res.Status != "OK" {
				t.Errorf("%+v", res)
			}
		}},
		{"DuplicateBetOnly", Faults{{Kind: FaultDuplicate, On: callBet, Probability: &one}}, "bet,bet,win", nil},
		{"Retry", Faults{{Kind: FaultRetry, On: callWin}}, "bet,win,win", func(t *testing.T, calls []received, res PressResult) {
			if calls[1].str("transactionId") != calls[2].str("transactionId") || calls[1].Raw != calls[2].Raw {
				t.Errorf("retry changed the call: %s %s", calls[1].Raw, calls[2].Raw)
			}
			if res.Calls[1].Deliveries != 2 || res.Status != "OK" {
				t.Errorf("%+v", res)
			}
		}},
		{"RollbackBeforeBet", Faults{{Kind: FaultRollbackFirst}}, "rollback,bet", func(t *testing.T, calls []received, res PressResult) {
			if calls[0].str("refTransactionId") != calls[1].str("transactionId") || calls[0].str("roundId") != calls[1].str("roundId") {
				t.Errorf("rollback %v bet %v", calls[0].Body, calls[1].Body)
			}
			if res.Status != "ROLLED_BACK" {
				t.Errorf("%+v", res)
			}
		}},
		{"UnknownRound", Faults{{Kind: FaultUnknownRound}}, "win", func(t *testing.T, calls []received, res PressResult) {
			if calls[0].str("roundId") != res.RoundID || calls[0].Body["amount"] != float64(res.Payout) || res.Stake != 0 {
				t.Errorf("%v %+v", calls[0].Body, res)
			}
		}},
		{"Never", Faults{{Kind: FaultDuplicate, Probability: new(float64)}}, "bet,win", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := start(t, Config{})
			id := e.launch("penalty-kick", false)
			res := e.press(id, PressRequest{Stake: 2_00, Faults: tt.faults})
			calls := e.ngern.received()
			if got := kinds(calls); got != tt.want {
				t.Fatalf("calls %s, want %s", got, tt.want)
			}
			if tt.check != nil {
				tt.check(t, calls, res)
			}
		})
	}
	t.Run("Slow", func(t *testing.T) {
		e := start(t, Config{})
		id := e.launch("penalty-kick", false)
		began := time.Now()
		e.press(id, PressRequest{Stake: 2_00, Faults: Faults{{Kind: FaultSlow, On: callBet, DelayMs: 60}}})
		if d := time.Since(began); d < 60*time.Millisecond {
			t.Errorf("answered after %v", d)
		}
	})
}

func TestFaultsEndpoint(t *testing.T) {
	e := start(t, Config{})
	id := e.launch("quick-lotto", false)
	t.Run("Global", func(t *testing.T) {
		if code, data := e.do("POST", "/faults", faultsBody{Faults: Faults{{Kind: FaultDuplicate, On: callWin}}}); code != http.StatusOK {
			t.Fatalf("%d %s", code, data)
		}
		e.press(id, PressRequest{Stake: 1_00})
		if got := kinds(e.ngern.received()); got != "bet,win,win" {
			t.Errorf("calls %s", got)
		}
	})
	t.Run("Launch", func(t *testing.T) {
		if code, data := e.do("POST", "/faults", faultsBody{Launch: id, Faults: Faults{}}); code != http.StatusOK {
			t.Fatalf("%d %s", code, data)
		}
		n := len(e.ngern.received())
		e.press(id, PressRequest{Stake: 1_00})
		if got := kinds(e.ngern.received()[n:]); got != "bet,win" {
			t.Errorf("calls %s", got)
		}
		_, data := e.do("GET", "/faults?launch="+id, nil)
		if string(data) != `{"launch":"`+id+`","faults":[]}`+"\n" {
			t.Errorf("%s", data)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		for _, body := range []any{
			faultsBody{Faults: Faults{{Kind: "explode"}}},
			faultsBody{Faults: Faults{{Kind: FaultDuplicate, Copies: 11}}},
			faultsBody{Faults: Faults{{Kind: FaultRetry, On: "deposit"}}},
			faultsBody{Launch: "nope", Faults: Faults{}},
		} {
			if code, _ := e.do("POST", "/faults", body); code != http.StatusBadRequest && code != http.StatusNotFound {
				t.Errorf("%+v: HTTP %d", body, code)
			}
		}
	})
}

func TestRetries(t *testing.T) {
	t.Run("5xx", func(t *testing.T) {
		e := start(t, Config{})
		id := e.launch("baccarat-lite", false)
		e.ngern.fail = 2
		res := e.press(id, PressRequest{Stake: 1_00})
		calls := e.ngern.received()
		if got := kinds(calls); got != "bet,bet,bet,win" || res.Status != "OK" || res.Calls[0].Deliveries != 3 {
			t.Errorf("%s %+v", got, res)
		}
		if calls[0].str("transactionId") != calls[2].str("transactionId") || calls[0].Raw != calls[2].Raw {
			t.Errorf("a retry changed the call: %s %s", calls[0].Raw, calls[2].Raw)
		}
	})
	t.Run("Bounded", func(t *testing.T) {
		e := start(t, Config{Attempts: 3})
		id := e.launch("baccarat-lite", false)
		e.ngern.fail = 100
		res := e.press(id, PressRequest{Stake: 1_00})
		// The bet never answered: it is rolled back, as aggregators do.
		if res.Status != statusFailed || len(res.Calls) != 2 || res.Calls[0].Deliveries != 3 || res.Calls[1].Kind != callRollback {
			t.Errorf("%+v", res)
		}
	})
	t.Run("ErrForgedAnswer", func(t *testing.T) {
		e := start(t, Config{})
		id := e.launch("baccarat-lite", false)
		e.ngern.forge = true
		res := e.press(id, PressRequest{Stake: 1_00})
		if res.Status != statusFailed || res.Calls[0].Deliveries != 1 {
			t.Errorf("%+v", res)
		}
	})
}

func TestRollbackOnDemand(t *testing.T) {
	e := start(t, Config{})
	id := e.launch("golden-elephant", false)
	res := e.press(id, PressRequest{Stake: 3_00})
	code, data := e.do("POST", "/rounds/"+res.RoundID+"/rollback", nil)
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, data)
	}
	calls := e.ngern.received()
	rb := calls[len(calls)-1]
	if kinds(calls) != "bet,win,rollback" || rb.str("refTransactionId") != calls[0].str("transactionId") || rb.str("roundId") != res.RoundID {
		t.Errorf("%s %v", kinds(calls), rb.Body)
	}
	if code, _ := e.do("POST", "/rounds/nope/rollback", nil); code != http.StatusNotFound {
		t.Errorf("unknown round: HTTP %d", code)
	}
}

func TestThumbnails(t *testing.T) {
	e := start(t, Config{})
	for _, g := range catalogue {
		t.Run(g.Code, func(t *testing.T) {
			res, err := http.Get(e.hs.URL + "/img/" + g.Code + ".svg")
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var svg struct {
				XMLName xml.Name
				Width   string `xml:"width,attr"`
			}
			if err := xml.NewDecoder(res.Body).Decode(&svg); err != nil || svg.XMLName.Local != "svg" || svg.XMLName.Space != "http://www.w3.org/2000/svg" {
				t.Errorf("%v %+v", err, svg)
			}
			if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
	if code, _ := e.do("GET", "/img/nope.svg", nil); code != http.StatusNotFound {
		t.Errorf("unknown image: HTTP %d", code)
	}
}

func TestPage(t *testing.T) {
	e := start(t, Config{PathPrefix: "/sim/aggregator"})
	e.ngern.balance = 1234_56
	id := e.launch("lucky-lanterns", false)
	code, data := e.do("GET", "/play/"+id, nil)
	page := string(data)
	if code != http.StatusOK {
		t.Fatalf("HTTP %d", code)
	}
	for _, want := range []string{`<html lang="th">`, "Lucky Lanterns", "1,234.56", texts["th"]["spin"], texts["th"]["balance"],
		`href="/games"`, `src="/sim/aggregator/img/lucky-lanterns.svg"`, `id="play"`, "/sim/aggregator/play/" + id, `name="viewport"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Self-contained: no script, style or image from elsewhere.
	for _, bad := range []string{"<script src", "http://", "https://", "<link"} {
		if strings.Contains(page, bad) {
			t.Errorf("page holds %q", bad)
		}
	}
	if strings.Count(page, "<script>") != 1 || strings.Count(page, "</script>") != 1 || !strings.HasSuffix(strings.TrimSpace(page), "</html>") {
		t.Error("page is not whole")
	}
	if got := kinds(e.ngern.received()); got != "balance" {
		t.Errorf("calls %s", got)
	}
	t.Run("Lang", func(t *testing.T) {
		for lang, want := range map[string]string{"lo": texts["lo"]["bet"], "en": "Bet", "": "Bet"} {
			code, data := e.signed("/launch", launchRequest{Token: "t", Player: "p", Game: "quick-lotto", Lang: lang, ReturnURL: "javascript:alert(1)"})
			var out struct{ URL string }
			_ = json.Unmarshal(data, &out)
			res, err := http.Get(out.URL)
			if err != nil || code != http.StatusOK {
				t.Fatal(err, code)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if !strings.Contains(string(b), ">"+want+"</button>") || strings.Contains(string(b), "javascript:") {
				t.Errorf("%s: page without %q or with a script link", lang, want)
			}
		}
	})
	t.Run("ErrExpired", func(t *testing.T) {
		if code, _ := e.do("GET", "/play/nope", nil); code != http.StatusNotFound {
			t.Errorf("HTTP %d", code)
		}
	})
}

func TestFormatMinor(t *testing.T) {
	for v, want := range map[int64]string{0: "0.00", 5: "0.05", 1234_56: "1,234.56", 1_000_000_00: "1,000,000.00", -1_50: "-1.50"} {
		if got := formatMinor(v); got != want {
			t.Errorf("%d: %q, want %q", v, got, want)
		}
	}
}
