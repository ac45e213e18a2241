package generic

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/adapters/gameprovider/seamlesskit"
	"ngern/core/money"
	"ngern/core/seamless"
)

// fakeWallet records the calls it gets and answers with answer and err.
type fakeWallet struct {
	mu     sync.Mutex
	calls  []seamless.Callback
	answer seamless.Answer
	player seamless.Player
	err    error
}

func (f *fakeWallet) record(c seamless.Callback) (seamless.Answer, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, c)
	return f.answer, f.err
}

func (f *fakeWallet) Player(_ context.Context, provider, token, player string) (seamless.Player, error) {
	_, err := f.record(seamless.Callback{Provider: provider, Kind: "balance", Token: token, Player: player})
	return f.player, err
}

func (f *fakeWallet) Balance(_ context.Context, provider, token, player string) (seamless.Answer, error) {
	return f.record(seamless.Callback{Provider: provider, Kind: "balance", Token: token, Player: player})
}

func (f *fakeWallet) Bet(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return f.record(c)
}
func (f *fakeWallet) Win(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return f.record(c)
}
func (f *fakeWallet) Rollback(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return f.record(c)
}

var testSecret = []byte("0123456789abcdef0123456789abcdef")

var testNow = time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)

func setup(t *testing.T, opts ...Option) (*fakeWallet, *driver) {
	t.Helper()
	f := &fakeWallet{answer: seamless.Answer{Balance: 9000, Currency: "THB", Ref: "J1"},
		player: seamless.Player{MemberID: "m1", Name: "Somchai", Currency: "THB", Lang: "th", Balance: 9000}}
	h := New("acme", testSecret, f, append([]Option{WithClock(func() time.Time { return testNow })}, opts...)...)
	d := newDriver(h, "acme", testSecret)
	d.signer.Now = func() time.Time { return testNow }
	return f, d
}

func bet() seamlesskit.Call {
	return seamlesskit.Call{Token: "tok", Player: "m1", TxID: "t1", RoundID: "r1", Game: "slot", Amount: 500, Currency: "THB"}
}

func TestSignWorkedExample(t *testing.T) {
	// The worked example of docs/adapters.md ("The generic protocol"):
	// developers check their own code against these figures.
	secret := []byte("ngern-example-secret-0123456789abcdef")
	body := []byte(`{"token":"tok-1","player":"m1","transactionId":"tx-1","roundId":"r-1","game":"slot-1","amount":500,"currency":"THB"}`)
	const want = "sha256=057ef16e298d344b1c874132f5522684fc7fbcf0ab5f33f7e0dfd953465dd130"
	got := Sign(secret, "1767355200", body)
	if got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}
}

func TestVerify(t *testing.T) {
	s := Signer{Secret: testSecret, Now: func() time.Time { return testNow }}
	body := []byte(`{"a":1}`)
	at := func(d time.Duration) http.Header {
		h := http.Header{}
		Signer{Secret: testSecret, Now: func() time.Time { return testNow.Add(d) }}.SignHeaders(h, body)
		return h
	}
	tests := []struct {
		name   string
		header http.Header
		body   []byte
		ok     bool
	}{
		{"OK", at(0), body, true},
		{"OK300sLate", at(-MaxSkew), body, true},
		{"OK300sEarly", at(MaxSkew), body, true},
		{"ErrStale", at(-MaxSkew - time.Second), body, false},
		{"ErrFuture", at(MaxSkew + time.Second), body, false},
		{"ErrBodyChanged", at(0), []byte(`{"a":2}`), false},
		{"ErrNoHeaders", http.Header{}, body, false},
		{"ErrTimestampNotANumber", http.Header{TimestampHeader: {"x"}, SignatureHeader: {Sign(testSecret, "x", body)}}, body, false},
		{"ErrUppercaseHex", http.Header{TimestampHeader: {strconv.FormatInt(testNow.Unix(), 10)},
			SignatureHeader: {strings.ToUpper(Sign(testSecret, strconv.FormatInt(testNow.Unix(), 10), body))}}, body, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.Verify(tt.header, tt.body)
			if (err == nil) != tt.ok {
				t.Fatalf("Verify = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrSignature) {
				t.Fatalf("Verify = %v, want ErrSignature", err)
			}
		})
	}
}

func TestHandlerOK(t *testing.T) {
	t.Run("Balance", func(t *testing.T) {
		f, d := setup(t)
		a, err := d.read(d.send("balance", []byte(`{"token":"tok","player":"m1"}`), d.signer))
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != StatusOK || *a.Balance != 9000 || a.Currency != "THB" || a.Name != "Somchai" || a.Lang != "th" {
			t.Fatalf("answer %+v", a)
		}
		if len(f.calls) != 1 || f.calls[0].Token != "tok" || f.calls[0].Player != "m1" || f.calls[0].Provider != "acme" {
			t.Fatalf("calls %+v", f.calls)
		}
	})
	tests := []struct {
		op   string
		call seamlesskit.Call
		want seamless.Callback
	}{
		{"bet", bet(), seamless.Callback{Provider: "acme", Kind: seamless.Bet, TxID: "t1", Token: "tok", Player: "m1", RoundID: "r1",
			Game: "slot", Amount: 500, Currency: "THB"}},
		{"win", seamlesskit.Call{Token: "tok", Player: "m1", TxID: "t2", RoundID: "r1", Game: "slot", Amount: 0, Currency: "THB",
			RoundClosed: true}, seamless.Callback{Provider: "acme", Kind: seamless.Win, TxID: "t2", Token: "tok", Player: "m1",
			RoundID: "r1", Game: "slot", Currency: "THB", RoundClosed: true}},
		{"rollback", seamlesskit.Call{Token: "tok", Player: "m1", TxID: "t3", RefTxID: "t1", RoundID: "r1", Game: "slot"},
			seamless.Callback{Provider: "acme", Kind: seamless.Rollback, TxID: "t3", Token: "tok", Player: "m1", RoundID: "r1",
				Game: "slot", RefTxID: "t1"}},
	}
	for _, tt := range tests {
		t.Run(tt.op, func(t *testing.T) {
			f, d := setup(t)
			r, err := d.call(tt.op, tt.call, d.signer)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != seamlesskit.OK || r.Balance != 9000 || r.Ref != "J1" {
				t.Fatalf("result %+v", r)
			}
			if len(f.calls) != 1 || f.calls[0] != tt.want {
				t.Fatalf("calls %+v, want %+v", f.calls, tt.want)
			}
		})
	}
}

func TestHandlerStatuses(t *testing.T) {
	tests := []struct {
		err  error
		want Status
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
		{errors.New("database is locked"), StatusError},
	}
	for _, tt := range tests {
		for _, op := range Ops {
			t.Run(string(tt.want)+"/"+op, func(t *testing.T) {
				f, d := setup(t)
				f.err = tt.err
				f.answer = seamless.Answer{Balance: 300, Currency: "THB"}
				f.player.Balance = 300
				raw := map[string]string{"balance": `{"token":"tok"}`,
					"bet":      `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":500,"currency":"THB"}`,
					"win":      `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":500,"currency":"THB"}`,
					"rollback": `{"token":"tok","transactionId":"t2","refTransactionId":"t1"}`}[op]
				// read checks the HTTP code (503 for ERROR, else 200) and
				// the answer's signature.
				a, err := d.read(d.send(op, []byte(raw), d.signer))
				if err != nil {
					t.Fatal(err)
				}
				if a.Status != tt.want {
					t.Fatalf("status %s, want %s", a.Status, tt.want)
				}
				if tt.want == StatusInsufficientFunds && (a.Balance == nil || *a.Balance != 300) {
					t.Fatalf("INSUFFICIENT_FUNDS answered balance %v, want 300", a.Balance)
				}
				if tt.want != StatusInsufficientFunds && a.Balance != nil {
					t.Fatalf("%s answered a balance", a.Status)
				}
			})
		}
	}
}

func TestHandlerRefuses(t *testing.T) {
	other := Signer{Secret: []byte("another-secret-another-secret-00"), Now: func() time.Time { return testNow }}
	stale := Signer{Secret: testSecret, Now: func() time.Time { return testNow.Add(-MaxSkew - time.Second) }}
	future := Signer{Secret: testSecret, Now: func() time.Time { return testNow.Add(MaxSkew + time.Second) }}
	raw := []byte(`{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":500,"currency":"THB"}`)
	tests := []struct {
		name string
		send func(d *driver) *httptest.ResponseRecorder
	}{
		{"ErrOtherSecret", func(d *driver) *httptest.ResponseRecorder { return d.send("bet", raw, other) }},
		{"ErrStale", func(d *driver) *httptest.ResponseRecorder { return d.send("bet", raw, stale) }},
		{"ErrFuture", func(d *driver) *httptest.ResponseRecorder { return d.send("bet", raw, future) }},
		{"ErrUnsigned", func(d *driver) *httptest.ResponseRecorder {
			r := httptest.NewRequest(http.MethodPost, "/api/games/acme/bet", strings.NewReader(string(raw)))
			w := httptest.NewRecorder()
			d.h.ServeHTTP(w, r)
			return w
		}},
		{"ErrBodyChangedAfterSigning", func(d *driver) *httptest.ResponseRecorder {
			r := httptest.NewRequest(http.MethodPost, "/api/games/acme/bet", strings.NewReader(strings.Replace(string(raw), "500", "5", 1)))
			d.signer.SignHeaders(r.Header, raw)
			w := httptest.NewRecorder()
			d.h.ServeHTTP(w, r)
			return w
		}},
		{"ErrTooLarge", func(d *driver) *httptest.ResponseRecorder {
			big := []byte(`{"token":"tok","pad":"` + strings.Repeat("x", MaxBody) + `"}`)
			return d.send("balance", big, d.signer)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, d := setup(t)
			w := tt.send(d)
			if w.Code != http.StatusUnauthorized || strings.TrimSpace(w.Body.String()) != `{"status":"INVALID_SIGNATURE"}` {
				t.Fatalf("HTTP %d %s, want 401 INVALID_SIGNATURE", w.Code, w.Body)
			}
			if w.Header().Get(SignatureHeader) != "" {
				t.Fatal("a refusal is signed")
			}
			if len(f.calls) != 0 {
				t.Fatalf("the wallet was called: %+v", f.calls)
			}
		})
	}
}

func TestHandlerAllowList(t *testing.T) {
	allow := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32")}
	// The server's client-IP function: here the peer address.
	peer := func(r *http.Request) string {
		h, _, _ := strings.Cut(r.RemoteAddr, "]:")
		return strings.TrimPrefix(h, "[")
	}
	ipv4 := func(r *http.Request) string { h, _, _ := strings.Cut(r.RemoteAddr, ":"); return h }
	tests := []struct {
		name, addr string
		clientIP   func(*http.Request) string
		want       int
	}{
		{"OKInside", "10.1.2.3:4000", ipv4, http.StatusOK},
		{"OKInsideV6", "[2001:db8::5]:4000", peer, http.StatusOK},
		{"OKMappedV4", "[::ffff:10.1.2.3]:4000", peer, http.StatusOK},
		{"ErrOutside", "192.0.2.1:4000", ipv4, http.StatusUnauthorized},
		{"ErrUnknownAddress", "unknown", func(*http.Request) string { return "unknown" }, http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, d := setup(t, WithAllow(allow, tt.clientIP))
			d.addr = tt.addr
			w := d.send("bet", []byte(`{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":1,"currency":"THB"}`), d.signer)
			if w.Code != tt.want {
				t.Fatalf("HTTP %d %s, want %d", w.Code, w.Body, tt.want)
			}
			if calls := len(f.calls); (tt.want == http.StatusOK) != (calls == 1) {
				t.Fatalf("%d wallet calls", calls)
			}
		})
	}
}

func TestHandlerMalformed(t *testing.T) {
	tests := []struct {
		name, op, body string
	}{
		{"NotJSON", "bet", `token=tok`},
		{"Empty", "bet", ``},
		{"Array", "bet", `[]`},
		{"TrailingData", "balance", `{"token":"tok"}{"token":"tok"}`},
		{"NoToken", "balance", `{"player":"m1"}`},
		{"AmountString", "bet", `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":"500","currency":"THB"}`},
		{"AmountFraction", "bet", `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":5.5,"currency":"THB"}`},
		{"AmountNegative", "win", `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":-1,"currency":"THB"}`},
		{"AmountMissing", "win", `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","currency":"THB"}`},
		{"NoTransactionId", "bet", `{"token":"tok","roundId":"r1","game":"slot","amount":1,"currency":"THB"}`},
		{"NoRoundId", "bet", `{"token":"tok","transactionId":"t1","game":"slot","amount":1,"currency":"THB"}`},
		{"NoGame", "win", `{"token":"tok","transactionId":"t1","roundId":"r1","amount":1,"currency":"THB"}`},
		{"NoCurrency", "bet", `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":1}`},
		{"NoRefTransactionId", "rollback", `{"token":"tok","transactionId":"t2"}`},
		{"RoundClosedString", "win", `{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":1,"currency":"THB","roundClosed":"yes"}`},
		{"UnknownPath", "refund", `{"token":"tok","transactionId":"t1","refTransactionId":"t0"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, d := setup(t)
			a, err := d.read(d.send(tt.op, []byte(tt.body), d.signer))
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != StatusInvalidRequest {
				t.Fatalf("status %s, want INVALID_REQUEST", a.Status)
			}
			if len(f.calls) != 0 {
				t.Fatalf("the wallet was called: %+v", f.calls)
			}
		})
	}
	t.Run("OKUnknownFieldsIgnored", func(t *testing.T) {
		f, d := setup(t)
		a, err := d.read(d.send("bet", []byte(`{"token":"tok","transactionId":"t1","roundId":"r1","game":"slot","amount":1,"currency":"THB","jackpot":{"x":1}}`), d.signer))
		if err != nil || a.Status != StatusOK || len(f.calls) != 1 || f.calls[0].Amount != money.Satang(1) {
			t.Fatalf("%+v %v %+v", a, err, f.calls)
		}
	})
	t.Run("ErrNotPOST", func(t *testing.T) {
		f, d := setup(t)
		w := httptest.NewRecorder()
		d.h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/games/acme/balance", nil))
		if w.Code != http.StatusMethodNotAllowed || len(f.calls) != 0 {
			t.Fatalf("HTTP %d, %d calls", w.Code, len(f.calls))
		}
	})
}

func TestMux(t *testing.T) {
	f, d := setup(t)
	m := NewMux(d.h.(*Handler))
	t.Run("OKKnownProvider", func(t *testing.T) {
		d := newDriver(m, "acme", testSecret)
		d.signer.Now = func() time.Time { return testNow }
		if a, err := d.read(d.send("balance", []byte(`{"token":"tok"}`), d.signer)); err != nil || a.Status != StatusOK {
			t.Fatalf("%+v %v", a, err)
		}
	})
	t.Run("ErrUnknownProvider", func(t *testing.T) {
		d := newDriver(m, "other", testSecret)
		d.signer.Now = func() time.Time { return testNow }
		if w := d.send("balance", []byte(`{"token":"tok"}`), d.signer); w.Code != http.StatusNotFound {
			t.Fatalf("HTTP %d", w.Code)
		}
	})
	if len(f.calls) != 1 {
		t.Fatalf("%d wallet calls, want 1", len(f.calls))
	}
}
