package sim

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"ngern/core/wallet"
)

func request(id string) wallet.PayoutRequest {
	return wallet.PayoutRequest{ID: id, BankCode: "KBANK", AccountNo: "1234567890", AccountName: "SOMCHAI JAIDEE", Amount: 500_00}
}

func TestParseFaults(t *testing.T) {
	cases := []struct {
		name, in string
		want     Faults
		err      bool
	}{
		{name: "OKNone", in: ""},
		{name: "OKAll", in: "lostanswer, latefail,duplicate,slow=2s", want: Faults{LostAnswer: true, LateFail: true, Duplicate: true, Slow: 2 * time.Second}},
		{name: "ErrUnknown", in: "explode", err: true},
		{name: "ErrSlow", in: "slow=soon", err: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := ParseFaults(c.in)
			if (err != nil) != c.err || f != c.want {
				t.Fatalf("ParseFaults(%q) = %+v, %v", c.in, f, err)
			}
			if err == nil {
				if back, _ := ParseFaults(f.String()); back != f {
					t.Fatalf("String() = %q does not read back", f.String())
				}
			}
		})
	}
}

func TestBank(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name      string
		faults    Faults
		account   string
		submit    wallet.PayoutState // "" : the answer is unknown
		status    wallet.PayoutState // the first Status after
		ledger    wallet.PayoutState // what the bank's ledger holds at the end
		delivered int
	}{
		{name: "OKPaid", submit: wallet.PayoutPaid, status: wallet.PayoutPaid, ledger: wallet.PayoutPaid, delivered: 2},
		{name: "OKClosedAccountFails", account: "1234560000", submit: wallet.PayoutFailed, status: wallet.PayoutFailed,
			ledger: wallet.PayoutFailed, delivered: 2},
		{name: "OKLostAnswerPaysOnce", faults: Faults{LostAnswer: true}, submit: "", status: wallet.PayoutPaid,
			ledger: wallet.PayoutPaid, delivered: 2},
		{name: "OKLateFail", faults: Faults{LateFail: true}, submit: wallet.PayoutPending, status: wallet.PayoutFailed,
			ledger: wallet.PayoutFailed, delivered: 2},
		{name: "OKDuplicateIsHarmless", faults: Faults{Duplicate: true}, submit: wallet.PayoutPaid, status: wallet.PayoutPaid,
			ledger: wallet.PayoutPaid, delivered: 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := New(Config{Faults: c.faults})
			if err != nil {
				t.Fatal(err)
			}
			r := request("p1")
			if c.account != "" {
				r.AccountNo = c.account
			}
			if st, _ := b.Status(ctx, "p1"); st.State != wallet.PayoutNotFound {
				t.Fatalf("before: %s", st.State)
			}
			res, err := b.Submit(ctx, r)
			if c.submit == "" {
				if !errors.Is(err, wallet.ErrPayoutUnknown) {
					t.Fatalf("Submit = %+v, %v; want unknown", res, err)
				}
			} else if err != nil || res.State != c.submit {
				t.Fatalf("Submit = %+v, %v; want %s", res, err, c.submit)
			}
			st, err := b.Status(ctx, "p1")
			if err != nil || st.State != c.status {
				t.Fatalf("Status = %+v, %v; want %s", st, err, c.status)
			}
			// The same id again pays nothing more.
			_, _ = b.Submit(ctx, r)
			es := b.Entries()
			if len(es) != 1 || es[0].State != c.ledger || es[0].Deliveries != c.delivered || es[0].AccountNo != "xxxxxx"+r.AccountNo[6:] {
				t.Fatalf("ledger %+v", es)
			}
		})
	}
	t.Run("OKSlowRunsOutUnknown", func(t *testing.T) {
		b, _ := New(Config{Faults: Faults{Slow: 50 * time.Millisecond}})
		short, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
		defer cancel()
		if _, err := b.Submit(short, request("p1")); !errors.Is(err, wallet.ErrPayoutUnknown) {
			t.Fatalf("err = %v", err)
		}
		// It was paid all the same: only the answer was late.
		if st, _ := b.Status(ctx, "p1"); st.State != wallet.PayoutPaid {
			t.Fatalf("status %+v", st)
		}
	})
}

func TestBankState(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sim", "payouts.jsonl")
	b, err := New(Config{StatePath: path, Faults: Faults{LateFail: true}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Submit(ctx, request("p1")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Submit(ctx, request("p2")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Status(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	b.Close()
	again, err := New(Config{StatePath: path})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	p1, _ := again.Status(ctx, "p1")
	p2, _ := again.Status(ctx, "p2")
	if p1.State != wallet.PayoutFailed || p2.State != wallet.PayoutPending {
		t.Fatalf("after restart p1 %s, p2 %s", p1.State, p2.State)
	}
	if _, err := again.Submit(ctx, request("p3")); err != nil {
		t.Fatal(err)
	}
	if es := again.Entries(); len(es) != 3 || es[2].ID != "p3" {
		t.Fatalf("entries %+v", es)
	}
}

func TestBankHTTP(t *testing.T) {
	b, _ := New(Config{PathPrefix: "/sim"})
	_, _ = b.Submit(context.Background(), request("p1"))
	srv := httptest.NewServer(b)
	defer srv.Close()
	res, err := http.Get(srv.URL + "/sim/payout/")
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		Payouts []Entry `json:"payouts"`
	}
	_ = json.NewDecoder(res.Body).Decode(&body)
	res.Body.Close()
	if len(body.Payouts) != 1 || body.Payouts[0].ID != "p1" || body.Payouts[0].AccountNo != "xxxxxx7890" {
		t.Fatalf("ledger %+v", body)
	}
	res, _ = http.Get(srv.URL + "/sim/payout/nope")
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Fatalf("status %d", res.StatusCode)
	}
}
