package app

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"ngern/core/deposit"
)

func TestSimGatewayCommand(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	t.Run("refuses without a webhook URL or secrets", func(t *testing.T) {
		if _, err := simGatewayFromEnv(env(nil), Config{}, log); err == nil {
			t.Fatal("no webhook URL accepted")
		}
		if _, err := simGatewayFromEnv(env(map[string]string{"NGERN_SIMGATEWAY_WEBHOOK_URL": "http://x"}), Config{}, log); err == nil {
			t.Fatal("no secret accepted")
		}
		if _, err := simGatewayFromEnv(env(map[string]string{"NGERN_SIMGATEWAY_WEBHOOK_URL": "http://x", "NGERN_GATEWAY_WW_SECRET": "short"}), Config{}, log); err == nil {
			t.Fatal("short secret accepted")
		}
	})
	t.Run("pays an order and posts the signed webhook to Ngern", func(t *testing.T) {
		secret := "ww-secret-0123456789"
		got := make(chan error, 1)
		ngern := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			if r.URL.Path != "/api/payments/WW/webhook" {
				got <- io.ErrUnexpectedEOF
			} else {
				got <- deposit.VerifySignature([]byte(secret), r.Header.Get(deposit.SignatureHeader), body, time.Now())
			}
			w.WriteHeader(200)
		}))
		defer ngern.Close()
		sim, err := simGatewayFromEnv(env(map[string]string{"NGERN_SIMGATEWAY_WEBHOOK_URL": ngern.URL + "/",
			"NGERN_GATEWAY_WW_SECRET": secret}), Config{}, log)
		if err != nil {
			t.Fatal(err)
		}
		gw := httptest.NewServer(sim)
		defer gw.Close()
		res, err := http.Post(gw.URL+"/sim/gateway/WW/orders", "application/json",
			bytes.NewBufferString(`{"orderRef":"q1","amount":"100.00","expiresAt":"2030-01-01T00:00:00Z"}`))
		if err != nil || res.StatusCode != 201 {
			t.Fatal(res, err)
		}
		res, err = http.Post(gw.URL+"/sim/gateway/WW/pay", "application/json", bytes.NewBufferString(`{"qrcodeId":"q1"}`))
		if err != nil || res.StatusCode != 200 {
			t.Fatal(res, err)
		}
		var ev map[string]any
		json.NewDecoder(res.Body).Decode(&ev)
		if ev["status"] != "PAID" {
			t.Fatal(ev)
		}
		select {
		case err := <-got:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("no webhook")
		}
		sim.Wait()
	})
}
