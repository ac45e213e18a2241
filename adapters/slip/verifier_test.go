package slip

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/adapters/slip/sliptest"
	"ngern/core/deposit"
	"ngern/core/limits"
)

func TestSimBankConformance(t *testing.T) {
	b := NewSimBank(SimBankConfig{PathPrefix: "/sim"})
	sliptest.RunVerifier(t, sliptest.Setup{Verifier: b, Transfer: func(t *testing.T, tx deposit.Transaction) deposit.SlipQR {
		at := tx.TransferredAt
		rc, err := b.Make(Transfer{FromBankCode: tx.Sender.BankCode, FromAccountNo: tx.Sender.AccountNo, FromName: tx.Sender.Name,
			ToBankCode: tx.Receiver.BankCode, ToAccountNo: tx.Receiver.AccountNo, ToName: tx.Receiver.Name, Amount: tx.Amount,
			TransferredAt: &at})
		if err != nil {
			t.Fatal(err)
		}
		q, err := deposit.ParseSlipQR(rc.QRPayload)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}})
}

func TestSimBankHTTP(t *testing.T) {
	b := NewSimBank(SimBankConfig{PathPrefix: "/sim"})
	srv := httptest.NewServer(b)
	defer srv.Close()
	t.Run("TransferAndSlip", func(t *testing.T) {
		resp, err := http.Post(srv.URL+"/sim/bank/transfers", "application/json", strings.NewReader(
			`{"fromBankCode":"SCB","fromAccountNo":"987-6-54321-0","toBankCode":"KBANK","toAccountNo":"1234567890","amount":100.25}`))
		if err != nil {
			t.Fatal(err)
		}
		var rc Receipt
		json.NewDecoder(resp.Body).Decode(&rc)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated || rc.TransRef == "" || !strings.HasPrefix(rc.SlipURL, "/sim/bank/slips/") {
			t.Fatalf("%d %+v", resp.StatusCode, rc)
		}
		img, err := http.Get(srv.URL + rc.SlipURL)
		if err != nil {
			t.Fatal(err)
		}
		defer img.Body.Close()
		if img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("%d %s", img.StatusCode, img.Header.Get("Content-Type"))
		}
	})
	for name, body := range map[string]string{
		"UnknownBank": `{"fromBankCode":"XXX","fromAccountNo":"9876543210","toBankCode":"KBANK","toAccountNo":"1234567890","amount":1}`,
		"BadAccount":  `{"fromBankCode":"SCB","fromAccountNo":"98x","toBankCode":"KBANK","toAccountNo":"1234567890","amount":1}`,
		"ZeroAmount":  `{"fromBankCode":"SCB","fromAccountNo":"9876543210","toBankCode":"KBANK","toAccountNo":"1234567890","amount":0}`,
		"NotJSON":     `{`,
	} {
		t.Run(name, func(t *testing.T) {
			resp, err := http.Post(srv.URL+"/sim/bank/transfers", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusBadRequest {
				t.Fatal(resp.StatusCode)
			}
		})
	}
}

// fakeSlipOK replays SlipOK's documented answers.
type fakeSlipOK struct {
	mu     sync.Mutex
	txs    map[string]map[string]any
	outage string // "500", "timeout", "garbage", "quota"
}

func (f *fakeSlipOK) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/api/line/apikey/B123" || r.Header.Get("x-authorization") != "KEY" {
		w.WriteHeader(401)
		json.NewEncoder(w).Encode(map[string]any{"code": 1002, "message": "Authorization Header ไม่ถูกต้อง"})
		return
	}
	var req struct {
		Data string `json:"data"`
		Log  bool   `json:"log"`
	}
	json.NewDecoder(r.Body).Decode(&req)
	f.mu.Lock()
	outage := f.outage
	f.outage = ""
	f.mu.Unlock()
	switch outage {
	case "500":
		w.WriteHeader(502)
		w.Write([]byte("<html>Bad Gateway</html>"))
		return
	case "garbage":
		w.Write([]byte(`{"success":tru`))
		return
	case "timeout":
		time.Sleep(300 * time.Millisecond)
	case "quota":
		w.WriteHeader(400)
		json.NewEncoder(w).Encode(map[string]any{"code": 1004, "message": "Quota exceeded"})
		return
	}
	q, err := deposit.ParseSlipQR(req.Data)
	if err != nil {
		w.WriteHeader(400)
		json.NewEncoder(w).Encode(map[string]any{"code": 1008, "message": "QR ไม่ใช่ QR สลิป"})
		return
	}
	f.mu.Lock()
	d, ok := f.txs[q.TransRef]
	f.mu.Unlock()
	if !ok {
		w.WriteHeader(400)
		json.NewEncoder(w).Encode(map[string]any{"code": 1011, "message": "QR Code หมดอายุ หรือ ไม่มีรายการอยู่จริง"})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"success": true, "data": d})
}

func TestSlipOKConformance(t *testing.T) {
	fake := &fakeSlipOK{txs: map[string]map[string]any{}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	c, err := NewSlipOK(SlipOKConfig{BaseURL: srv.URL + "/api/line/apikey", BranchID: "B123", APIKey: "KEY", Timeout: 150 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	sliptest.RunVerifier(t, sliptest.Setup{Verifier: c,
		Transfer: func(t *testing.T, tx deposit.Transaction) deposit.SlipQR {
			n++
			ref := "0163301234" + strings.Repeat("A", 3) + string(rune('A'+n))
			local := tx.TransferredAt.In(limits.Zone)
			party := func(p deposit.Party) map[string]any {
				return map[string]any{"displayName": p.Name, "name": p.Name, "proxy": map[string]any{"type": nil, "value": nil},
					"account": map[string]any{"type": "BANKAC", "value": MaskAccount(p.AccountNo)}}
			}
			fake.mu.Lock()
			fake.txs[ref] = map[string]any{"success": true, "message": "✅", "language": "TH", "transRef": ref,
				"sendingBank": "014", "receivingBank": "004", "transDate": local.Format("20060102"), "transTime": local.Format("15:04:05"),
				"sender": party(tx.Sender), "receiver": party(tx.Receiver), "amount": json.Number(tx.Amount.String()),
				"paidLocalAmount": json.Number(tx.Amount.String()), "countryCode": "TH", "transFeeAmount": 0, "ref1": "", "ref2": "", "ref3": ""}
			fake.mu.Unlock()
			q, _ := deposit.ParseSlipQR(deposit.BuildSlipQR("014", ref))
			return q
		},
		Outage: func(t *testing.T) { fake.mu.Lock(); fake.outage = "500"; fake.mu.Unlock() },
	})
	for _, kind := range []string{"timeout", "garbage", "quota"} {
		t.Run("Outage_"+kind, func(t *testing.T) {
			fake.mu.Lock()
			fake.outage = kind
			fake.mu.Unlock()
			q, _ := deposit.ParseSlipQR(deposit.BuildSlipQR("014", "0163301234AAAB"))
			if _, err := c.Verify(t.Context(), q); err == nil || !isUnavailable(err) {
				t.Fatalf("want unavailable, got %v", err)
			}
		})
	}
	t.Run("WrongKeyIsAnOutageAndSaysNoSecret", func(t *testing.T) {
		bad, _ := NewSlipOK(SlipOKConfig{BaseURL: srv.URL + "/api/line/apikey", BranchID: "B123", APIKey: "SECRET-WRONG"})
		q, _ := deposit.ParseSlipQR(deposit.BuildSlipQR("014", "0163301234AAAB"))
		_, err := bad.Verify(t.Context(), q)
		if !isUnavailable(err) || strings.Contains(err.Error(), "SECRET") {
			t.Fatal(err)
		}
	})
}

func isUnavailable(err error) bool { return errors.Is(err, deposit.ErrUnavailable) }
