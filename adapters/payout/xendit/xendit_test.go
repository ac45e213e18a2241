package xendit_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"ngern/adapters/payout/xendit"
	"ngern/adapters/payout/xendit/xendittest"
	"ngern/core/settings"
	"ngern/core/wallet"
)

func request(id string) wallet.PayoutRequest {
	return wallet.PayoutRequest{ID: id, BankCode: "KBANK", AccountNo: "0123456789", AccountName: "Somchai Jaidee", Amount: 123456}
}

func TestSubmitSendsTheDocumentedRequest(t *testing.T) {
	fake, c := newFake(t)
	res, err := c.Submit(context.Background(), request("wd-1"))
	if err != nil || res.State != wallet.PayoutPending || !strings.HasPrefix(res.Ref, "disb-") {
		t.Fatalf("%+v %v", res, err)
	}
	reqs := fake.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.Method != http.MethodPost || r.Path != "/v2/payouts" {
		t.Fatalf("%s %s", r.Method, r.Path)
	}
	if got, want := r.Header.Get("Authorization"), "Basic "+base64.StdEncoding.EncodeToString([]byte(testKey+":")); got != want {
		t.Fatalf("Authorization %q", got)
	}
	if got := r.Header.Get("Idempotency-key"); got != "wd-1" {
		t.Fatalf("Idempotency-key %q", got)
	}
	if !strings.Contains(string(r.Body), `"amount":1234.56`) {
		t.Fatalf("the amount is not 1234.56 baht exactly: %s", r.Body)
	}
	var body map[string]any
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	props, _ := body["channel_properties"].(map[string]any)
	if body["reference_id"] != "wd-1" || body["channel_code"] != "TH_KBANK" || body["currency"] != "THB" ||
		props["account_number"] != "0123456789" || props["account_holder_name"] != "Somchai Jaidee" {
		t.Fatalf("%s", r.Body)
	}
}

// TestStatusMapping maps every status of Xendit's payout lifecycle.
func TestStatusMapping(t *testing.T) {
	for _, tc := range []struct {
		status, failureCode string
		want                wallet.PayoutState
		reason              string
	}{
		{xendit.StatusAccepted, "", wallet.PayoutPending, ""},
		{xendit.StatusPendingCompliance, "", wallet.PayoutPending, ""},
		{xendit.StatusRequested, "", wallet.PayoutPending, ""},
		{xendit.StatusSucceeded, "", wallet.PayoutPaid, ""},
		{xendit.StatusFailed, "INVALID_DESTINATION", wallet.PayoutFailed, "INVALID_DESTINATION"},
		{xendit.StatusFailed, "INSUFFICIENT_BALANCE", wallet.PayoutFailed, "INSUFFICIENT_BALANCE"},
		{xendit.StatusFailed, "", wallet.PayoutFailed, "FAILED"},
		{xendit.StatusCancelled, "", wallet.PayoutFailed, "CANCELLED"},
		{xendit.StatusComplianceRejected, "", wallet.PayoutFailed, "COMPLIANCE_REJECTED"},
		{xendit.StatusReversed, "INVALID_DESTINATION", wallet.PayoutPaid, "REVERSED INVALID_DESTINATION"},
	} {
		t.Run(tc.status+"_"+tc.failureCode, func(t *testing.T) {
			fake, c := newFake(t)
			if _, err := c.Submit(context.Background(), request("wd-map")); err != nil {
				t.Fatal(err)
			}
			fake.SetStatus("wd-map", tc.status, tc.failureCode)
			st, err := c.Status(context.Background(), "wd-map")
			if err != nil || st.State != tc.want || !strings.HasPrefix(st.Reason, tc.reason) {
				t.Fatalf("%+v %v; want %s %q", st, err, tc.want, tc.reason)
			}
			if tc.want != wallet.PayoutPending && st.At.IsZero() {
				t.Fatal("no time")
			}
			// Submitting again answers the same state (the first payout's).
			again, err := c.Submit(context.Background(), request("wd-map"))
			if err != nil || again.State != tc.want {
				t.Fatalf("again: %+v %v", again, err)
			}
		})
	}
	t.Run("UndocumentedStatusIsUnknown", func(t *testing.T) {
		fake, c := newFake(t)
		if _, err := c.Submit(context.Background(), request("wd-odd")); err != nil {
			t.Fatal(err)
		}
		fake.SetStatus("wd-odd", "LOCKED", "")
		if st, err := c.Status(context.Background(), "wd-odd"); !errors.Is(err, wallet.ErrPayoutUnknown) {
			t.Fatalf("%+v %v", st, err)
		}
	})
}

// TestAnswers is what Submit and Status make of each documented answer.
func TestAnswers(t *testing.T) {
	type answer struct {
		status int
		body   string
	}
	list := `[{"id":"disb-1","reference_id":"wd-x","status":"SUCCEEDED","amount":1234.56,"currency":"THB","updated":"2026-01-02T03:04:05Z"}]`
	for _, tc := range []struct {
		name    string
		answers []answer // in order; the last repeats
		status  bool     // call Status instead of Submit
		want    wallet.PayoutState
		reason  string
		unknown bool
	}{
		{name: "RefusedAccount", answers: []answer{{400, `{"error_code":"RECIPIENT_ACCOUNT_NUMBER_ERROR","message":"Account number 0123456789 is invalid"}`}},
			want: wallet.PayoutFailed, reason: "RECIPIENT_ACCOUNT_NUMBER_ERROR Account number xxx6789 is invalid"},
		{name: "RefusedChannel", answers: []answer{{400, `{"error_code":"CHANNEL_CODE_NOT_SUPPORTED_ERROR","message":"not supported"}`}},
			want: wallet.PayoutFailed, reason: "CHANNEL_CODE_NOT_SUPPORTED_ERROR not supported"},
		{name: "RefusedAmount", answers: []answer{{400, `{"error_code":"RECIPIENT_AMOUNT_ERROR","message":"below minimum"}`}},
			want: wallet.PayoutFailed, reason: "RECIPIENT_AMOUNT_ERROR below minimum"},
		{name: "OverTheLimit", answers: []answer{{400, `{"error_code":"MAXIMUM_TRANSFER_LIMIT_ERROR","message":"over"}`}},
			want: wallet.PayoutFailed, reason: "MAXIMUM_TRANSFER_LIMIT_ERROR over"},
		{name: "Validation", answers: []answer{{400, `{"error_code":"API_VALIDATION_ERROR","message":"bad"}`}},
			want: wallet.PayoutFailed, reason: "API_VALIDATION_ERROR bad"},
		{name: "UndocumentedFourHundredIsUnknown", answers: []answer{{400, `{"error_code":"SOMETHING_NEW","message":"?"}`}}, unknown: true},
		{name: "FourHundredWithoutABodyIsUnknown", answers: []answer{{400, `<html></html>`}}, unknown: true},
		{name: "Unauthorized", answers: []answer{{401, `{"error_code":"INVALID_API_KEY","message":"no"}`}}, unknown: true},
		{name: "Forbidden", answers: []answer{{403, `{"error_code":"REQUEST_FORBIDDEN_ERROR","message":"no"}`}}, unknown: true},
		{name: "ServerError", answers: []answer{{500, `{"error_code":"SERVER_ERROR","message":"oops"}`}}, unknown: true},
		{name: "BadGateway", answers: []answer{{502, `bad gateway`}}, unknown: true},
		{name: "RateLimitedThenAccepted", answers: []answer{{429, `{"error_code":"RATE_LIMIT_EXCEEDED"}`},
			{200, `{"id":"disb-1","reference_id":"wd-x","status":"ACCEPTED"}`}}, want: wallet.PayoutPending},
		{name: "RateLimitedThroughTheRetries", answers: []answer{{429, `{"error_code":"RATE_LIMIT_EXCEEDED"}`}}, unknown: true},
		{name: "OKUnreadable", answers: []answer{{200, `{"id":`}}, unknown: true},
		{name: "OKWithoutAStatus", answers: []answer{{200, `{"id":"disb-1"}`}}, unknown: true},
		{name: "OKOfAnotherReference", answers: []answer{{200, `{"id":"disb-1","reference_id":"other","status":"ACCEPTED"}`}}, unknown: true},
		{name: "DuplicateLooksUp", answers: []answer{{409, `{"error_code":"DUPLICATE_ERROR","message":"used"}`}, {200, list}},
			want: wallet.PayoutPaid},
		{name: "DuplicateButNothingFound", answers: []answer{{409, `{"error_code":"DUPLICATE_ERROR"}`}, {200, `[]`}}, unknown: true},
		{name: "StatusEmptyListIsNotFound", status: true, answers: []answer{{200, `[]`}}, want: wallet.PayoutNotFound},
		{name: "StatusOthersReferenceIsNotFound", status: true, answers: []answer{{200, `[{"id":"d","reference_id":"another","status":"SUCCEEDED"}]`}},
			want: wallet.PayoutNotFound},
		{name: "StatusPage", status: true, answers: []answer{{200, `{"data":` + list + `,"has_more":false}`}}, want: wallet.PayoutPaid},
		{name: "StatusFailedAndAccepted", status: true, answers: []answer{{200,
			`[{"id":"a","reference_id":"wd-x","status":"FAILED","failure_code":"INVALID_DESTINATION"},{"id":"b","reference_id":"wd-x","status":"ACCEPTED"}]`}},
			want: wallet.PayoutPending},
		{name: "StatusNotFoundAnswerIsUnknown", status: true, answers: []answer{{404, `{"error_code":"DATA_NOT_FOUND"}`}}, unknown: true},
		{name: "StatusServerError", status: true, answers: []answer{{503, ``}}, unknown: true},
		{name: "StatusUnreadable", status: true, answers: []answer{{200, `<html>`}}, unknown: true},
		{name: "StatusRateLimited", status: true, answers: []answer{{429, ``}}, unknown: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				a := tc.answers[min(n, len(tc.answers)-1)]
				n++
				w.WriteHeader(a.status)
				_, _ = w.Write([]byte(a.body))
			}))
			defer ts.Close()
			c, err := xendit.New(xendit.Config{BaseURL: ts.URL, SecretKey: testKey, RetryWait: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			var res wallet.PayoutResult
			if tc.status {
				res, err = c.Status(context.Background(), "wd-x")
			} else {
				r := request("wd-x")
				r.AccountNo = "0123456789"
				res, err = c.Submit(context.Background(), r)
			}
			if tc.unknown {
				if !errors.Is(err, wallet.ErrPayoutUnknown) {
					t.Fatalf("%+v %v, want unknown", res, err)
				}
				if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "0123456789") {
					t.Fatalf("the error tells a secret: %v", err)
				}
				return
			}
			if err != nil || res.State != tc.want || res.Reason != tc.reason && tc.reason != "" {
				t.Fatalf("%+v %v; want %s %q", res, err, tc.want, tc.reason)
			}
		})
	}
}

func TestRateLimitRetriesUnderTheSameKey(t *testing.T) {
	fake, c := newFake(t)
	fake.Fault(xendittest.FaultRateLimit)
	fake.Fault(xendittest.FaultRateLimit)
	res, err := c.Submit(context.Background(), request("wd-429"))
	if err != nil || res.State != wallet.PayoutPending {
		t.Fatalf("%+v %v", res, err)
	}
	reqs := fake.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	for _, r := range reqs {
		if r.Header.Get("Idempotency-key") != "wd-429" {
			t.Fatal("a retry under another key")
		}
	}
}

func TestSubmitNeverGuessesABank(t *testing.T) {
	fake, c := newFake(t)
	for _, b := range settings.DefaultBanks() {
		t.Run(b.Country+"_"+b.Code, func(t *testing.T) {
			r := request("wd-bank-" + b.Code)
			r.BankCode = b.Code
			res, err := c.Submit(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			ch, mapped := xendit.Channel(b.Code)
			switch {
			case mapped && (b.Country != "TH" || !strings.HasPrefix(ch, "TH_")):
				t.Fatalf("%s maps to %s", b.Code, ch)
			case mapped && res.State != wallet.PayoutPending:
				t.Fatalf("%+v", res)
			case !mapped && (res.State != wallet.PayoutFailed || !strings.Contains(res.Reason, b.Code)):
				t.Fatalf("an unmapped bank: %+v", res)
			}
		})
	}
	for _, r := range fake.Requests() {
		var body map[string]any
		_ = json.Unmarshal(r.Body, &body)
		if _, ok := xendit.Channel(strings.TrimPrefix(body["reference_id"].(string), "wd-bank-")); !ok {
			t.Fatalf("an unmapped bank was sent: %s", r.Body)
		}
	}
	for code := range xendit.Channels {
		if code == "TTB" {
			continue // ttb's newer abbreviation, for a directory that uses it
		}
		found := false
		for _, b := range settings.DefaultBanks() {
			found = found || b.Code == code && b.Country == "TH"
		}
		if !found {
			t.Errorf("%s is not a Thai bank of the directory", code)
		}
	}
}

func TestCheckChannels(t *testing.T) {
	fake, c := newFake(t)
	missing, err := c.CheckChannels(context.Background())
	if err != nil || len(missing) != 0 {
		t.Fatalf("%v %v", missing, err)
	}
	fake.Channels = []string{"TH_KBANK", "TH_SCB"}
	missing, err = c.CheckChannels(context.Background())
	if err != nil || strings.Join(missing, ",") != "BAAC,BAY,BBL,GSB,KTB,TMB,TTB" {
		t.Fatalf("%v %v", missing, err)
	}
	if r := fake.Requests(); r[len(r)-1].Path != "/payouts_channels" || r[len(r)-1].Query != "currency=THB" {
		t.Fatalf("%+v", r[len(r)-1])
	}
	fake.Fault(xendittest.FaultUnauthorized)
	if _, err := c.CheckChannels(context.Background()); err == nil {
		t.Fatal("no error")
	}
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  xendit.Config
		ok   bool
	}{
		{"Defaults", xendit.Config{SecretKey: "k"}, true},
		{"NoKey", xendit.Config{BaseURL: "https://api.xendit.co"}, false},
		{"NotAURL", xendit.Config{SecretKey: "k", BaseURL: "api.xendit.co"}, false},
		{"FTP", xendit.Config{SecretKey: "k", BaseURL: "ftp://api.xendit.co"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := xendit.New(tc.cfg)
			if (err == nil) != tc.ok {
				t.Fatal(err)
			}
			if err != nil && strings.Contains(err.Error(), "k\"") {
				t.Fatal(err)
			}
		})
	}
}

func TestUnauthorizedIsUnknownNotFailed(t *testing.T) {
	fake, c := newFake(t)
	fake.Fault(xendittest.FaultUnauthorized)
	if res, err := c.Submit(context.Background(), request("wd-401")); !errors.Is(err, wallet.ErrPayoutUnknown) {
		t.Fatalf("%+v %v", res, err)
	}
	if got := fake.Paid("wd-401"); len(got) != 0 {
		t.Fatal(got)
	}
}
