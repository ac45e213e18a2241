package paygate_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"ngern/adapters/paygate"
	"ngern/adapters/paygate/paygatetest"
	"ngern/core/deposit"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

type delivery struct {
	h    http.Header
	body []byte
}

func newSim(t *testing.T, faults paygate.Faults, status func() int) (*paygate.Sim, *paygate.Client, chan delivery) {
	t.Helper()
	got := make(chan delivery, 16)
	sim := paygate.NewSim(paygate.SimConfig{PathPrefix: "/sim/gateway", Secrets: map[string][]byte{"WW": secret},
		Faults: faults, Backoff: time.Millisecond, Attempts: 3})
	sim.SetDeliver(func(_ context.Context, provider string, h http.Header, body []byte) (int, error) {
		got <- delivery{h, body}
		return status(), nil
	})
	c, err := paygate.New(paygate.Config{Name: "WW", BaseURL: "http://in-process/sim/gateway/WW", Secret: secret,
		HTTPClient: &http.Client{Transport: sim.Transport()}})
	if err != nil {
		t.Fatal(err)
	}
	return sim, c, got
}

func TestConformance(t *testing.T) {
	sim, c, got := newSim(t, paygate.Faults{}, func() int { return 200 })
	paygatetest.Run(t, paygatetest.Setup{
		Gateway: c,
		Pay: func(t *testing.T, o deposit.GatewayOrder, q deposit.GatewayQR) {
			if _, err := sim.Pay("WW", o.Ref, "", 0); err != nil {
				t.Fatal(err)
			}
		},
		NextWebhook: func(t *testing.T) (http.Header, []byte) {
			select {
			case d := <-got:
				return d.h, d.body
			case <-time.After(5 * time.Second):
				t.Fatal("no webhook")
				return nil, nil
			}
		},
		Sign: func(body []byte, at time.Time) http.Header {
			h := http.Header{}
			h.Set(deposit.SignatureHeader, deposit.Sign(secret, at, body))
			return h
		},
	})
}

func TestSimFaults(t *testing.T) {
	ctx := context.Background()
	count := func(ch chan delivery) int {
		n := 0
		for {
			select {
			case <-ch:
				n++
			default:
				return n
			}
		}
	}
	pay := func(t *testing.T, sim *paygate.Sim, c *paygate.Client) {
		t.Helper()
		if _, err := c.Create(ctx, deposit.GatewayOrder{Ref: "q1", Amount: 100, ExpiresAt: time.Now().Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if _, err := sim.Pay("WW", "q1", "", 0); err != nil {
			t.Fatal(err)
		}
		if _, err := sim.Pay("WW", "q1", "", 0); err == nil {
			t.Fatal("paid twice")
		}
		sim.Wait()
	}
	t.Run("drop", func(t *testing.T) {
		sim, c, got := newSim(t, paygate.Faults{Drop: true}, func() int { return 200 })
		pay(t, sim, c)
		if n := count(got); n != 0 {
			t.Fatal(n)
		}
	})
	t.Run("duplicate", func(t *testing.T) {
		sim, c, got := newSim(t, paygate.Faults{Duplicate: true}, func() int { return 200 })
		pay(t, sim, c)
		a, b := <-got, <-got
		if a.h.Get(deposit.SignatureHeader) == b.h.Get(deposit.SignatureHeader) && string(a.body) == string(b.body) {
			t.Fatal("not two deliveries")
		}
	})
	t.Run("retries until accepted", func(t *testing.T) {
		n := 0
		sim, c, got := newSim(t, paygate.Faults{}, func() int { n++; return map[bool]int{true: 500, false: 200}[n < 3] })
		pay(t, sim, c)
		if k := count(got); k != 3 {
			t.Fatal(k)
		}
	})
	t.Run("5xx", func(t *testing.T) {
		_, c, _ := newSim(t, paygate.Faults{Err5xx: true}, func() int { return 200 })
		_, err := c.Create(ctx, deposit.GatewayOrder{Ref: "q1", Amount: 100})
		if err == nil || !strings.Contains(err.Error(), "503") {
			t.Fatal(err)
		}
	})
	t.Run("parse", func(t *testing.T) {
		f, err := paygate.ParseFaults("drop, duplicate,delay=2s,5xx")
		if err != nil || !f.Drop || !f.Duplicate || f.Delay != 2*time.Second || !f.Err5xx {
			t.Fatal(f, err)
		}
		if _, err := paygate.ParseFaults("explode"); err == nil {
			t.Fatal("accepted")
		}
	})
}
