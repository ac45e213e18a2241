package deposit

import (
	"context"
	"strings"
	"testing"
	"time"

	"ngern/core/money"
	"ngern/core/settings"
)

func TestSameTransfer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bank   string
		amount money.Satang
		at     time.Duration // from t0
		same   bool
	}{
		{"same bank, amount and second", "SCB", 50000, 0, true},
		{"a slip stamped 40 seconds after an SMS's minute", "SCB", 50000, 40 * time.Second, true},
		{"three minutes after", "SCB", 50000, 3 * time.Minute, true},
		{"three minutes before", "SCB", 50000, -3 * time.Minute, true},
		{"past the minutes", "SCB", 50000, 3*time.Minute + time.Second, false},
		{"an hour later: a second transfer", "SCB", 50000, time.Hour, false},
		{"another sender's bank", "KBANK", 50000, 0, false},
		{"another amount", "SCB", 50001, 0, false},
		{"no bank named", "", 50000, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := SameTransfer("SCB", 50000, t0, tc.bank, tc.amount, t0.Add(tc.at)); got != tc.same {
				t.Fatal(got)
			}
			if tc.bank != "" {
				if got := SameTransfer(tc.bank, tc.amount, t0.Add(tc.at), "SCB", 50000, t0); got != tc.same {
					t.Fatal("not symmetric", got)
				}
			}
		})
	}
}

// TestFeedAndSlipOfOneTransfer: a transfer told by the bank feed under its
// own reference and proved by its slip credits once, whichever comes first.
func TestFeedAndSlipOfOneTransfer(t *testing.T) {
	ctx := context.Background()
	fixtures := func(t *testing.T) (*fixture, *qrFixture) {
		f, q := newFixture(t), newQRFixture(t)
		q.store.ledger = f.store // one ledger
		q.svc.d.Senders = memSenders{{MemberID: "m1", BankCode: "SCB", AccountNo: "9876543210", Name: "SOMCHAI JAIDEE", Active: true}}
		q.svc.d.Receiving = func(context.Context) ([]settings.ReceivingBank, error) {
			return []settings.ReceivingBank{{BankCode: "KBANK", BankAccountNo: "1234567890"}}, nil
		}
		return f, q
	}
	notice := func(ref string, amount money.Satang, at time.Time) BankCredit {
		return BankCredit{Ref: ref, Target: "xxx-x-x6789-x", Amount: amount, At: at,
			Sender: Party{BankCode: "SCB", AccountNo: "xxx-x-x4321-x", Name: "SOMCHAI J"}}
	}
	t.Run("slip then a notification naming no one: slip credited", func(t *testing.T) {
		f, q := fixtures(t)
		at := t0.Add(-20 * time.Minute)
		if sl, err := f.svc.SubmitSlip(ctx, "m1", f.transfer("REF0001", 50000, "xxx-x-x4321-x", at)); err != nil || sl.Status != Success {
			t.Fatal(sl, err)
		}
		n := notice("SMS-1", 50000, at.Add(time.Minute))
		n.Sender.Name = ""
		if err := q.svc.BankCredit(ctx, n); err != nil {
			t.Fatal(err)
		}
		if p := q.store.payments[TransferProvider+"|SMS-1"]; p.Note != NoteSlipCredited || strings.Join(p.Candidates, ",") != "m1" {
			t.Fatalf("%+v", p)
		}
		if got := wallet(f, "m1"); got != 50000 {
			t.Fatal(got)
		}
	})
	for _, tc := range []struct {
		name      string
		feedFirst bool
		slipAt    time.Duration // the slip's time from the notification's
		amount    money.Satang  // the slip's; the notification's is 50000
		slipNote  string        // "" credited
		feedNote  string        // "" credited
	}{
		{"notification then slip: the slip waits", true, 50 * time.Second, 50000, NoteFeedCredited, ""},
		{"slip then notification: the notification is slip credited", false, 50 * time.Second, 50000, "", NoteSlipCredited},
		{"notification then a slip of another amount: both credit", true, 0, 50001, "", ""},
		{"notification then a slip of ten minutes later: both credit", true, 10 * time.Minute, 50000, "", ""},
		{"slip then a notification of ten minutes earlier: both credit", false, 10 * time.Minute, 50000, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, q := fixtures(t)
			at := t0.Add(-20 * time.Minute)
			n := notice("SMS-1", 50000, at)
			up := f.transfer("REF0001", tc.amount, "xxx-x-x4321-x", at.Add(tc.slipAt))
			var sl Slip
			var err error
			if tc.feedFirst {
				if err := q.svc.BankCredit(ctx, n); err != nil {
					t.Fatal(err)
				}
				sl, err = f.svc.SubmitSlip(ctx, "m1", up)
			} else {
				sl, err = f.svc.SubmitSlip(ctx, "m1", up)
				if err == nil {
					err = q.svc.BankCredit(ctx, n)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			want := money.Satang(0)
			if tc.slipNote == "" {
				want += tc.amount
				if sl.Status != Success {
					t.Fatalf("slip %+v", sl)
				}
			} else if sl.Status != Pending || sl.Note != tc.slipNote {
				t.Fatalf("slip %+v", sl)
			} else if list, err := f.svc.Review(ctx); err != nil || len(list) != 1 || list[0].FeedRef != "SMS-1" {
				t.Fatalf("the review does not name the notification: %+v %v", list, err)
			}
			p := q.store.payments[TransferProvider+"|SMS-1"]
			if tc.feedNote == "" {
				want += 50000
				if p.Status != PaymentCredited {
					t.Fatalf("payment %+v", p)
				}
			} else if p.Status != PaymentReview || p.Note != tc.feedNote {
				t.Fatalf("payment %+v", p)
			}
			if got := wallet(f, "m1"); got != want {
				t.Fatalf("credited %d, want %d", got, want)
			}
		})
	}
}
