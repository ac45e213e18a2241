package transferwallet_test

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"ngern/adapters/gameprovider/providertest"
	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/gameprovider/transferwallet"
	"ngern/core/money"
)

// Timings of the fault scenarios: the simulated provider's delay outlasts
// the client's timeout, and Settle outlasts the delay, with margins wide
// enough for a busy machine running -race.
const (
	testTimeout = 400 * time.Millisecond
	testDelay   = 1000 * time.Millisecond
	testSettle  = 1200 * time.Millisecond
	testKey     = "test-agent-key"
)

// newSimHarness starts a simulated provider under /sim on an httptest server
// and points a Client at it through a FaultTransport.
func newSimHarness(t *testing.T) providertest.Harness {
	t.Helper()
	games := []string{"slot-a", "slot-b"}
	srv, err := sim.NewServer(sim.Config{
		AgentKey:   testKey,
		PathPrefix: "/sim",
		Delay:      testDelay,
		Games:      games,
		Rand:       rand.New(rand.NewPCG(1, 2)),
		Logger:     slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close() // waits for delayed handlers
		srv.Close()
	})
	ft := &sim.FaultTransport{Base: hs.Client().Transport}
	c, err := transferwallet.New(transferwallet.Config{
		BaseURL:    hs.URL + "/sim",
		AgentKey:   testKey,
		Timeout:    testTimeout,
		HTTPClient: &http.Client{Transport: ft},
	})
	if err != nil {
		t.Fatal(err)
	}
	return providertest.Harness{
		Provider: c,
		Games:    games,
		Play: func(ctx context.Context, launchURL string) error {
			for range 5 {
				if _, err := sim.Spin(ctx, hs.Client(), launchURL, money.FromBaht(1)); err != nil {
					return err
				}
			}
			return nil
		},
		Faults: providertest.FaultFunc(func(k providertest.FaultKind) { ft.Next(sim.FaultKind(k)) }),
		Settle: testSettle,
	}
}

func TestConformance(t *testing.T) {
	providertest.Run(t, newSimHarness)
}
