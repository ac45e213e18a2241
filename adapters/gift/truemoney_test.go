package gift

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/gift/gifttest"
	"ngern/core/money"
)

const operatorPhone = "0812345678"

// The client against the simulator, served over HTTP as TrueMoney is, with
// a switch that breaks the next answer.
func TestTrueMoneyConformance(t *testing.T) {
	sim := NewSim("")
	var outage atomic.Int32 // 1: 502 page, 2: slow, 3: INTERNAL_ERROR
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch outage.Swap(0) {
		case 1:
			w.WriteHeader(502)
			w.Write([]byte("<html>bad gateway</html>"))
			return
		case 2:
			time.Sleep(300 * time.Millisecond)
		case 3:
			reply(w, 500, "INTERNAL_ERROR", nil)
			return
		}
		sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c, err := New(Config{BaseURL: srv.URL, Timeout: 150 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	setup := gifttest.Setup{Redeemer: c, Phone: operatorPhone,
		Voucher: func(t *testing.T, amount money.Satang, kind gifttest.Kind) string {
			v := Voucher{Amount: amount, Expired: kind == gifttest.Expired}
			if kind == gifttest.Own {
				v.OwnerMobile = operatorPhone
			}
			hash, ok := sim.Make(v)
			if !ok {
				t.Fatal("voucher")
			}
			return hash
		},
		Outage: func(t *testing.T) { outage.Store(1) },
	}
	gifttest.RunRedeemer(t, setup)
	for name, kind := range map[string]int32{"Slow": 2, "InternalError": 3} {
		t.Run("Outage"+name, func(t *testing.T) {
			setup.Outage = func(t *testing.T) { outage.Store(kind) }
			gifttest.RunRedeemer(t, gifttest.Setup{Redeemer: c, Phone: operatorPhone, Voucher: setup.Voucher, Outage: setup.Outage})
		})
	}
	t.Run("SharedVoucher", func(t *testing.T) {
		hash, _ := sim.Make(Voucher{Amount: 1000, Member: 4})
		if got, err := c.Check(t.Context(), hash, operatorPhone); err != nil || got != 250 {
			t.Fatalf("%s %v", got, err)
		}
	})
}

func TestSimInProcess(t *testing.T) {
	sim := NewSim("/sim/truemoney")
	c, _ := New(Config{BaseURL: "http://ngern.internal/sim/truemoney", HTTPClient: &http.Client{Transport: sim.Transport()}})
	gifttest.RunRedeemer(t, gifttest.Setup{Redeemer: c, Phone: operatorPhone,
		Voucher: func(t *testing.T, amount money.Satang, kind gifttest.Kind) string {
			v := Voucher{Amount: amount, Expired: kind == gifttest.Expired}
			if kind == gifttest.Own {
				v.OwnerMobile = operatorPhone
			}
			hash, _ := sim.Make(v)
			return hash
		}})
	t.Run("MakeOverHTTP", func(t *testing.T) {
		rec := httptest.NewRecorder()
		sim.ServeHTTP(rec, httptest.NewRequest("POST", "/sim/truemoney/vouchers", strings.NewReader(`{"amount":50}`)))
		if rec.Code != 201 || !strings.Contains(rec.Body.String(), "gift.truemoney.com/campaign/?v=019") {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
}
