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
	"ngern/core/money"
)

// received is when the forwarder's phone received the SMS: 2025-12-09
// 11:15 in Bangkok, as its receivedStamp (milliseconds).
var received = time.Date(2025, 12, 9, 4, 15, 0, 0, time.UTC)

func TestParseKBankSMS(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		ok         bool
		want       deposit.BankCredit
	}{
		{"from another KBank account", "24/10 12:34 บช X-123456 รับโอนจาก X-654321 1,234.56 คงเหลือ 9,999.99 บ.", true,
			deposit.BankCredit{Target: "X123456", Amount: 123456, At: time.Date(2025, 10, 24, 5, 34, 0, 0, time.UTC),
				Sender: deposit.Party{BankCode: "KBANK", AccountNo: "X654321"}}},
		{"from another bank, Buddhist-era year", "09/12/68 11:14 บช X-0314 เงินเข้า 2,000.02 คงเหลือ 3,515.09 บ.", true,
			deposit.BankCredit{Target: "X0314", Amount: 200002, At: time.Date(2025, 12, 9, 4, 14, 0, 0, time.UTC)}},
		{"a date ahead is last year's", "31/12 23:59 บช X-0314 เงินเข้า 10.00 คงเหลือ 20.00 บ.", true,
			deposit.BankCredit{Target: "X0314", Amount: 1000, At: time.Date(2024, 12, 31, 16, 59, 0, 0, time.UTC)}},
		{"a withdrawal", "09/12/68 11:14 บช X-0314 เงินออก 2,000.02 คงเหลือ 1,515.09 บ.", false, deposit.BankCredit{}},
		{"an OTP", "OTP 123456 (Ref. ABCD) for K PLUS", false, deposit.BankCredit{}},
		{"no month 13", "09/13/68 11:14 บช X-0314 เงินเข้า 2.00 คงเหลือ 3.00 บ.", false, deposit.BankCredit{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := bankfeed.ParseKBankSMS(tc.text, received)
			if ok != tc.ok || got != tc.want {
				t.Fatalf("%+v %v", got, ok)
			}
		})
	}
}

// TestSMSForwarder replays the forwarder app's documented deliveries.
func TestSMSForwarder(t *testing.T) {
	token := "forwarder-token-0123456789"
	f, err := bankfeed.NewSMSForwarder([]byte(token), nil, nil)
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
	post := func(tok, body string) int {
		r := httptest.NewRequest(http.MethodPost, "/api/payments/bankfeed/sms", bytes.NewReader([]byte(body)))
		r.Header.Set("Content-Type", "application/json; charset=utf-8")
		if tok != "" {
			r.Header.Set(bankfeed.SMSTokenHeader, tok)
		}
		w := httptest.NewRecorder()
		f.ServeHTTP(w, r)
		return w.Code
	}
	delivery := `{"from":"KBank","text":"09/12/68 11:14 บช X-0314 รับโอนจาก X-567890 500.00 คงเหลือ 3,515.09 บ.",` +
		`"sentStamp":1765253640000,"receivedStamp":1765253700000,"sim":"sim1"}`
	for _, tc := range []struct {
		name, token, body string
		want              int
	}{
		{"no token", "", delivery, 401},
		{"wrong token", "another-token-0123456789", delivery, 401},
		{"not JSON", token, "text=hello", 400},
		{"an SMS that is no transfer", token, `{"from":"KBank","text":"OTP 123456 for K PLUS","receivedStamp":1765253700000}`, 200},
		{"a transfer", token, delivery, 200},
		{"the app's retry of it", token, delivery, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if code := post(tc.token, tc.body); code != tc.want {
				t.Fatal(code)
			}
		})
	}
	if len(got) != 2 || got[0] != got[1] || got[0].Amount != money.FromBaht(500) || got[0].Target != "X0314" ||
		got[0].Sender.AccountNo != "X567890" || len(got[0].Ref) != len("sms:")+24 {
		t.Fatalf("%+v", got)
	}
	fail = true
	if code := post(token, delivery); code != 503 {
		t.Fatal("not recorded must be retried:", code)
	}
}
