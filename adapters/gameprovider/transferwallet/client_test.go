package transferwallet_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/adapters/gameprovider/transferwallet"
	"ngern/core/wallet"
)

// answer is a canned provider answer.
type answer struct {
	code int
	body string
}

// fakeProvider answers each path with its canned answer and records the
// requests it got.
type fakeProvider struct {
	answers map[string]answer // by path

	mu     sync.Mutex
	got    []*http.Request
	bodies []string
}

func (f *fakeProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.got = append(f.got, r)
	f.bodies = append(f.bodies, string(b))
	f.mu.Unlock()
	a, ok := f.answers[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.WriteHeader(a.code)
	io.WriteString(w, a.body)
}

func newClient(t *testing.T, h http.Handler, timeout time.Duration) *transferwallet.Client {
	t.Helper()
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	c, err := transferwallet.New(transferwallet.Config{BaseURL: hs.URL + "/p/", AgentKey: "k-secret", Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// outcome classifies err the way the port's callers do.
func outcome(err error) string {
	var rej *wallet.Rejected
	switch {
	case err == nil:
		return "done"
	case errors.As(err, &rej):
		return "rejected:" + rej.Reason
	case errors.Is(err, wallet.ErrUnknown):
		return "unknown"
	default:
		return "other: " + err.Error()
	}
}

func TestTransferOutcomes(t *testing.T) {
	const transfers, status = "/p/api/transfers", "/p/api/transfers/r1"
	for _, tc := range []struct {
		name    string
		answers map[string]answer
		want    string
	}{
		{"OK", map[string]answer{transfers: {200, `{"status":"DONE","balance":10.50}`}}, "done"},
		{"OKWithoutDone", map[string]answer{transfers: {200, `{"status":"PENDING"}`}}, "unknown"},
		{"Unreadable2xx", map[string]answer{transfers: {200, `<html>`}}, "unknown"},
		{"Rejected", map[string]answer{transfers: {422, `{"error":"INSUFFICIENT_BALANCE"}`}}, "rejected:INSUFFICIENT_BALANCE"},
		{"Bare4xx", map[string]answer{transfers: {404, `not found`}}, "unknown"},
		{"ServerError", map[string]answer{transfers: {500, `{"error":"BOOM"}`}}, "unknown"},
		{"BadGateway", map[string]answer{transfers: {502, ``}}, "unknown"},
		{"Redirect", map[string]answer{transfers: {304, ``}}, "unknown"},
		{"DuplicateDone", map[string]answer{transfers: {409, `{"error":"DUPLICATE"}`}, status: {200, `{"status":"DONE"}`}}, "done"},
		{"DuplicateNotFound", map[string]answer{transfers: {409, `{"error":"DUPLICATE"}`}, status: {200, `{"status":"NOT_FOUND"}`}}, "unknown"},
		{"DuplicateFailed", map[string]answer{transfers: {409, `{"error":"DUPLICATE"}`}, status: {200, `{"status":"FAILED"}`}}, "unknown"},
		{"DuplicateStatusFails", map[string]answer{transfers: {409, `{"error":"DUPLICATE"}`}, status: {503, ``}}, "unknown"},
		{"DuplicateStatusOdd", map[string]answer{transfers: {409, `{"error":"DUPLICATE"}`}, status: {200, `{"status":"MAYBE"}`}}, "unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeProvider{answers: tc.answers}
			c := newClient(t, f, time.Second)
			err := c.TransferIn(t.Context(), "slot", "ng1", "r1", 10_50)
			if got := outcome(err); got != tc.want {
				t.Fatalf("outcome = %s (%v), want %s", got, err, tc.want)
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			r := f.got[0]
			if r.Method != http.MethodPost || r.Header.Get("X-Agent-Key") != "k-secret" {
				t.Fatalf("request %s with key %q", r.Method, r.Header.Get("X-Agent-Key"))
			}
			if want := `"amount":10.50`; !strings.Contains(f.bodies[0], want) {
				t.Fatalf("body %s lacks %s", f.bodies[0], want)
			}
		})
	}
}

func TestQueryOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name string
		ans  answer
		want string
	}{
		{"OK", answer{200, `{"balance":1.05}`}, "done"},
		{"NoBalance", answer{200, `{}`}, "unknown"},
		{"BadAmount", answer{200, `{"balance":1.005}`}, "unknown"},
		{"Rejected", answer{404, `{"error":"PLAYER_NOT_FOUND"}`}, "rejected:PLAYER_NOT_FOUND"},
		{"Unauthorized", answer{401, `{"error":"UNAUTHORIZED"}`}, "rejected:UNAUTHORIZED"},
		{"ServerError", answer{500, ``}, "unknown"},
	} {
		t.Run("Balance/"+tc.name, func(t *testing.T) {
			c := newClient(t, &fakeProvider{answers: map[string]answer{"/p/api/balance": tc.ans}}, time.Second)
			b, err := c.Balance(t.Context(), "slot", "ng1")
			if got := outcome(err); got != tc.want {
				t.Fatalf("outcome = %s (%v), want %s", got, err, tc.want)
			}
			if err == nil && b != 1_05 {
				t.Fatalf("balance = %s", b)
			}
		})
	}
	for _, tc := range []struct {
		body string
		want wallet.TransferStatus
		ok   bool
	}{
		{`{"status":"DONE"}`, wallet.StatusDone, true},
		{`{"status":"FAILED"}`, wallet.StatusFailed, true},
		{`{"status":"NOT_FOUND"}`, wallet.StatusNotFound, true},
		{`{"status":""}`, "", false},
		{`{"status":"PENDING"}`, "", false},
	} {
		t.Run("TransferStatus/"+tc.body, func(t *testing.T) {
			f := &fakeProvider{answers: map[string]answer{"/p/api/transfers/a b/c": {200, tc.body}}}
			c := newClient(t, f, time.Second)
			st, err := c.TransferStatus(t.Context(), "slot", "a b/c")
			if tc.ok != (err == nil) || st != tc.want {
				t.Fatalf("TransferStatus = %s, %v; want %s", st, err, tc.want)
			}
			if !tc.ok && !errors.Is(err, wallet.ErrUnknown) {
				t.Fatalf("error %v does not wrap ErrUnknown", err)
			}
		})
	}
}

func TestTimeoutIsUnknown(t *testing.T) {
	release := make(chan struct{})
	slow := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	c := newClient(t, slow, 20*time.Millisecond)
	defer close(release)
	err := c.TransferOut(t.Context(), "slot", "ng1", "r1", 1_00)
	if !errors.Is(err, wallet.ErrUnknown) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want ErrUnknown and DeadlineExceeded", err)
	}
}

func TestConnectionErrorIsUnknownAndKeepsSecrets(t *testing.T) {
	hs := httptest.NewServer(http.NotFoundHandler())
	base := hs.URL
	hs.Close() // nothing listens any more
	c, err := transferwallet.New(transferwallet.Config{BaseURL: base, AgentKey: "k-secret", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.LaunchURL(t.Context(), "slot", "ng1", "pw-secret")
	if !errors.Is(err, wallet.ErrUnknown) {
		t.Fatalf("err = %v, want ErrUnknown", err)
	}
	for _, secret := range []string{"pw-secret", "k-secret"} {
		if strings.Contains(err.Error(), secret) {
			t.Fatalf("error %q shows a secret", err)
		}
	}
}

func TestNewValidates(t *testing.T) {
	for _, cfg := range []transferwallet.Config{
		{BaseURL: "", AgentKey: "k"},
		{BaseURL: "ftp://x", AgentKey: "k"},
		{BaseURL: "http://x"},
	} {
		if _, err := transferwallet.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
}
