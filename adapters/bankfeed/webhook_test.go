package bankfeed_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"ngern/adapters/bankfeed"
	"ngern/core/deposit"
)

func TestWebhook(t *testing.T) {
	secret := []byte("0123456789abcdef-shared")
	f, err := bankfeed.NewWebhook(secret, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []deposit.BankCredit
	fail := false
	f.Listen(func(_ context.Context, c deposit.BankCredit) error {
		if fail {
			return errors.New("db down")
		}
		got = append(got, c)
		return nil
	})
	body := []byte(`{"ref":"T1","target":"0912345678","amount":"100.37","at":"2026-11-22T10:00:00Z"}`)
	post := func(sig string, b []byte) int {
		r := httptest.NewRequest(http.MethodPost, "/api/payments/bankfeed", bytes.NewReader(b))
		r.Header.Set(deposit.SignatureHeader, sig)
		w := httptest.NewRecorder()
		f.ServeHTTP(w, r)
		return w.Code
	}
	for _, tc := range []struct {
		name string
		sig  string
		body []byte
		want int
	}{
		{"bad signature", deposit.Sign([]byte("another secret, long enough"), time.Now(), body), body, 401},
		{"stale", deposit.Sign(secret, time.Now().Add(-10*time.Minute), body), body, 401},
		{"no reference", deposit.Sign(secret, time.Now(), []byte(`{"target":"1","amount":1}`)), []byte(`{"target":"1","amount":1}`), 401},
		{"good", deposit.Sign(secret, time.Now(), body), body, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if code := post(tc.sig, tc.body); code != tc.want {
				t.Fatal(code)
			}
		})
	}
	if len(got) != 1 || got[0].Ref != "feed:T1" || got[0].Amount != 10037 || got[0].Target != "0912345678" {
		t.Fatalf("%+v", got)
	}
	t.Run("the sender travels with a transfer to a receiving account", func(t *testing.T) {
		b := []byte(`{"ref":"T2","target":"xxx-x-x2333-x","amount":"500","at":"2026-11-22T10:00:00Z",` +
			`"fromBankCode":"kbank","fromAccountNo":"XXXXXX7890","fromName":"นาย สมชาย ใ"}`)
		if code := post(deposit.Sign(secret, time.Now(), b), b); code != 200 {
			t.Fatal(code)
		}
		c := got[len(got)-1]
		if c.Target != "xxx-x-x2333-x" || c.Sender != (deposit.Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "นาย สมชาย ใ"}) {
			t.Fatalf("%+v", c)
		}
		got = got[:1]
	})
	fail = true
	if code := post(deposit.Sign(secret, time.Now(), body), body); code != 503 {
		t.Fatal("not recorded must be retried:", code)
	}
}
