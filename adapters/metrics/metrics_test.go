package metrics_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
)

type failing struct{}

func (failing) RoundTrip(*http.Request) (*http.Response, error) { return nil, errors.New("refused") }

func TestPartyCalls(t *testing.T) {
	m := metrics.New(nil, nil, time.Now, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/down" {
			w.WriteHeader(http.StatusBadGateway)
		}
	}))
	defer srv.Close()
	c := m.Client(metrics.PartyGameProvider, nil)
	for _, p := range []string{"/", "/", "/down"} {
		res, err := c.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	if _, err := m.Client(metrics.PartySlipOK, failing{}).Get(srv.URL); err == nil {
		t.Fatal("no error")
	}
	want := `
# HELP ngern_party_calls_total Calls to an outside party by party and outcome: ok (answered under 500), server_error (5xx) or error (no answer).
# TYPE ngern_party_calls_total counter
ngern_party_calls_total{outcome="error",party="slipok"} 1
ngern_party_calls_total{outcome="ok",party="game_provider"} 2
ngern_party_calls_total{outcome="server_error",party="game_provider"} 1
`
	if err := testutil.GatherAndCompare(m.Registry(), strings.NewReader(want), "ngern_party_calls_total"); err != nil {
		t.Fatal(err)
	}
}

// TestPartyLabelBounded: a webhook's party comes from a path anyone can
// write; past the bound, new names count as "other".
func TestPartyLabelBounded(t *testing.T) {
	m := metrics.New(nil, nil, time.Now, nil)
	for i := range 100 {
		m.Request(httpapi.Observation{Route: "POST /api/payments/{provider}/webhook", Status: 404, Party: fmt.Sprintf("P%d", i)})
	}
	m.Request(httpapi.Observation{Route: "POST /api/payments/{provider}/webhook", Status: 401, Party: "bad name!"})
	if n := testutil.CollectAndCount(m.Registry(), "ngern_party_failures_total"); n != 33 {
		t.Fatalf("%d party series, want 32 and other", n)
	}
}
