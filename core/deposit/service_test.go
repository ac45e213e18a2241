package deposit

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

var t0 = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC) // 17:00 local

type fixture struct {
	svc   *Service
	store *memStore
	ver   *fakeVerifier
	opts  *fakeOptions
	lim   *limiter
	red   *fakeRedeemer
	now   time.Time
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{store: newMemStore(), ver: &fakeVerifier{txs: map[string]Transaction{}}, lim: &limiter{off: true},
		red: &fakeRedeemer{vouchers: map[string]money.Satang{}}, now: t0}
	f.opts = &fakeOptions{
		dep: settings.Deposit{
			Banks:   []settings.ReceivingBank{{BankCode: "KBANK", BankAccountNo: "1234567890", BankAccountName: "NGERN CO"}},
			Wallets: []settings.ReceivingWallet{{Mode: "truemoney", WalletAccountName: "Ngern", WalletAccountNo: "0812345678"}},
		},
		slip: settings.Slip{MaxSizeMB: 10, UploadWithinHours: 1, ClosedFrom: "23:50", ClosedTo: "00:10"},
	}
	members := fakeMembers{"m1": {ID: "m1", BankCode: "SCB", BankAccountNo: "9876543210"},
		"m2": {ID: "m2", BankCode: "SCB", BankAccountNo: "1111111111"}}
	f.store.members = members
	var n atomic.Int64
	f.svc = NewService(Deps{Store: f.store, Objects: &nopObjects{}, Reader: textReader{}, Verifier: f.ver,
		Redeemer: f.red, Options: f.opts, Members: members, Limiter: f.lim,
		Now: func() time.Time { return f.now }, IDs: func() string { return fmt.Sprintf("id%d", n.Add(1)) }})
	return f
}

// transfer registers a bank transfer with the verifier and returns its slip
// (the fake reader reads the bytes as the QR).
func (f *fixture) transfer(ref string, amount money.Satang, from string, at time.Time) Upload {
	f.ver.txs[ref] = Transaction{TransRef: ref, Amount: amount, TransferredAt: at,
		Sender:   Party{BankCode: "SCB", AccountNo: from},
		Receiver: Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x"}}
	return Upload{Data: []byte(BuildSlipQR("014", ref)), ContentType: "image/png", Ext: "png"}
}

func wallet(f *fixture, m string) money.Satang { return f.store.balance(ledger.Wallet(m).ID) }

func TestSubmitSlip(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		setup   func(f *fixture) Upload
		member  string
		status  Status
		note    errs.Code
		err     errs.Code
		credits money.Satang
	}{
		{"Credited", func(f *fixture) Upload { return f.transfer("REF0001", 50000, "xxx-x-x4321-x", t0.Add(-10*time.Minute)) },
			"m1", Success, "", "", 50000},
		{"ReceiverNotOurs", func(f *fixture) Upload {
			u := f.transfer("REF0002", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
			tx := f.ver.txs["REF0002"]
			tx.Receiver.AccountNo = "xxx-x-x9999-x"
			f.ver.txs["REF0002"] = tx
			return u
		}, "m1", Failed, errs.DestAccInvalid, errs.DestAccInvalid, 0},
		{"SenderNotTheMembers", func(f *fixture) Upload { return f.transfer("REF0003", 50000, "xxx-x-x1111-x", t0) },
			"m1", Failed, errs.NotMatch, errs.NotMatch, 0},
		{"SenderOtherBank", func(f *fixture) Upload {
			u := f.transfer("REF0004", 50000, "xxx-x-x4321-x", t0)
			tx := f.ver.txs["REF0004"]
			tx.Sender.BankCode = "BBL"
			f.ver.txs["REF0004"] = tx
			return u
		}, "m1", Failed, errs.NotMatch, errs.NotMatch, 0},
		{"SenderHidden", func(f *fixture) Upload { return f.transfer("REF0005", 50000, "xxxxxxxxx0", t0) },
			"m1", Pending, errs.NotMatch, "", 0},
		{"SenderFitsAnotherMemberToo", func(f *fixture) Upload {
			// m3's account shows the same digits where the slip shows them.
			f.store.members["m3"] = &account.Member{ID: "m3", BankCode: "SCB", BankAccountNo: "1111543219"}
			return f.transfer("REF0012", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
		}, "m1", Pending, errs.NotMatch, "", 0},
		{"SameDigitsAtAnotherBank", func(f *fixture) Upload {
			f.store.members["m3"] = &account.Member{ID: "m3", BankCode: "BBL", BankAccountNo: "1111543219"}
			return f.transfer("REF0013", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
		}, "m1", Success, "", "", 50000},
		{"SameDigitsElsewhereInTheNumber", func(f *fixture) Upload {
			f.store.members["m3"] = &account.Member{ID: "m3", BankCode: "SCB", BankAccountNo: "4321000000"}
			return f.transfer("REF0014", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
		}, "m1", Success, "", "", 50000},
		{"TooOld", func(f *fixture) Upload { return f.transfer("REF0006", 50000, "xxx-x-x4321-x", t0.Add(-61*time.Minute)) },
			"m1", Failed, errs.ExpiredSlip, errs.ExpiredSlip, 0},
		{"InTheFuture", func(f *fixture) Upload { return f.transfer("REF0007", 50000, "xxx-x-x4321-x", t0.Add(time.Hour)) },
			"m1", Failed, errs.ExpiredSlip, errs.ExpiredSlip, 0},
		{"InClosingWindow", func(f *fixture) Upload {
			f.now = time.Date(2026, 11, 20, 17, 20, 0, 0, time.UTC) // 00:20 local
			return f.transfer("REF0008", 50000, "xxx-x-x4321-x", time.Date(2026, 11, 20, 17, 5, 0, 0, time.UTC))
		}, "m1", Failed, errs.ExpiredSlip, errs.ExpiredSlip, 0},
		{"Unreadable", func(f *fixture) Upload { return Upload{Data: []byte("blank"), ContentType: "image/png", Ext: "png"} },
			"m1", Pending, errs.UnstableRefNo, "", 0},
		{"TamperedQR", func(f *fixture) Upload {
			u := f.transfer("REF0009", 50000, "xxx-x-x4321-x", t0)
			u.Data[12] = '9' // a digit of the bank code: the CRC no longer holds
			return u
		}, "m1", Pending, errs.UnstableRefNo, "", 0},
		{"VerifierUnavailable", func(f *fixture) Upload {
			f.ver.err = fmt.Errorf("timeout: %w", ErrUnavailable)
			return f.transfer("REF0010", 50000, "xxx-x-x4321-x", t0)
		}, "m1", Pending, errs.UnstableRefNo, "", 0},
		{"VerifierDoesNotKnowIt", func(f *fixture) Upload {
			return Upload{Data: []byte(BuildSlipQR("014", "UNKNOWN01")), ContentType: "image/png", Ext: "png"}
		}, "m1", Pending, errs.InvalidSlip, "", 0},
		{"Manual", func(f *fixture) Upload {
			f.opts.dep.IsManual = true
			return f.transfer("REF0011", 50000, "xxx-x-x4321-x", t0)
		}, "m1", Pending, "", "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			sl, err := f.svc.SubmitSlip(ctx, c.member, c.setup(f))
			if c.err == "" && err != nil || c.err != "" && !errs.HasCode(err, c.err) {
				t.Fatalf("err = %v, want %q", err, c.err)
			}
			stored, _ := f.store.Slip(ctx, sl.ID)
			if stored.Status != c.status || stored.Note != string(c.note) {
				t.Fatalf("slip %s %q, want %s %q", stored.Status, stored.Note, c.status, c.note)
			}
			if got := wallet(f, c.member); got != c.credits {
				t.Fatalf("wallet %s, want %s", got, c.credits)
			}
		})
	}
}

func TestSlipCreditsOnce(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	up := f.transfer("REF00001", 10000, "xxx-x-x4321-x", t0)
	if _, err := f.svc.SubmitSlip(ctx, "m1", up); err != nil {
		t.Fatal(err)
	}
	t.Run("SameMemberAgain", func(t *testing.T) {
		sl, err := f.svc.SubmitSlip(ctx, "m1", up)
		if !errs.HasCode(err, errs.SlipRefNoDuplicated) || sl.Status != Failed {
			t.Fatalf("%v %s %s", err, sl.Status, sl.Note)
		}
	})
	t.Run("Concurrent", func(t *testing.T) {
		up := f.transfer("REF00002", 10000, "xxx-x-x4321-x", t0)
		var wg sync.WaitGroup
		var ok atomic.Int32
		for range 10 {
			wg.Go(func() {
				if _, err := f.svc.SubmitSlip(ctx, "m1", up); err == nil {
					ok.Add(1)
				} else if !errs.HasCode(err, errs.SlipRefNoDuplicated) {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if ok.Load() != 1 || wallet(f, "m1") != 20000 {
			t.Fatalf("%d credited, wallet %s", ok.Load(), wallet(f, "m1"))
		}
	})
}

func TestSlipUploadLimit(t *testing.T) {
	f := newFixture(t)
	f.lim.off = false
	ctx := context.Background()
	if _, err := f.svc.SubmitSlip(ctx, "m1", Upload{Data: []byte("blank"), Ext: "png"}); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.SubmitSlip(ctx, "m1", Upload{Data: []byte("blank"), Ext: "png"})
	if e := errs.As(err); e == nil || e.Code != errs.RequestLimit1Min || e.RetryAfter <= 0 {
		t.Fatalf("%v", err)
	}
	if _, err := f.svc.SubmitSlip(ctx, "m2", Upload{Data: []byte("blank"), Ext: "png"}); err != nil {
		t.Fatalf("another member is limited too: %v", err)
	}
}

// TestSlipBusy: with every place to read a slip taken and the queue full,
// a slip is answered IMAGE_BUSY with a Retry-After at once, nothing stored
// and nothing counted against the member's one-slip-a-minute limit.
func TestSlipBusy(t *testing.T) {
	f := newFixture(t)
	f.lim.off = false
	f.svc.slips = newSlipGate(1, 0, time.Minute)
	f.svc.slips.run <- struct{}{} // a decode bomb being read
	ctx := context.Background()
	start := time.Now()
	_, err := f.svc.SubmitSlip(ctx, "m1", Upload{Data: []byte("blank"), Ext: "png"})
	if e := errs.As(err); e == nil || e.Code != errs.ImageBusy || e.RetryAfter <= 0 || time.Since(start) > time.Second {
		t.Fatalf("%v after %v", err, time.Since(start))
	}
	if len(f.store.slips) != 0 {
		t.Fatalf("%d slips stored", len(f.store.slips))
	}
	<-f.svc.slips.run
	if _, err := f.svc.SubmitSlip(ctx, "m1", Upload{Data: []byte("blank"), Ext: "png"}); err != nil {
		t.Fatal("the member's retry was limited:", err)
	}
}

func TestReview(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.ver.err = ErrUnavailable
	up := f.transfer("REF00009", 30000, "xxx-x-x4321-x", t0)
	sl, _ := f.svc.SubmitSlip(ctx, "m1", up)
	again, _ := f.svc.SubmitSlip(ctx, "m1", up)
	blank, _ := f.svc.SubmitSlip(ctx, "m1", Upload{Data: []byte("blank"), Ext: "png"})
	t.Run("BadAmount", func(t *testing.T) {
		if _, err := f.svc.Approve(ctx, sl.ID, 0, "fin"); !errs.HasCode(err, errs.InvalidAmount) {
			t.Fatal(err)
		}
	})
	t.Run("Approve", func(t *testing.T) {
		got, err := f.svc.Approve(ctx, sl.ID, 30000, "fin")
		if err != nil || got.Status != Success || got.DecidedBy != "fin" || wallet(f, "m1") != 30000 {
			t.Fatalf("%v %+v %s", err, got, wallet(f, "m1"))
		}
	})
	t.Run("ApproveTwice", func(t *testing.T) {
		if _, err := f.svc.Approve(ctx, sl.ID, 30000, "fin"); !errs.HasCode(err, errs.NoData) {
			t.Fatal(err)
		}
	})
	t.Run("SameReferenceOtherUpload", func(t *testing.T) {
		if _, err := f.svc.Approve(ctx, again.ID, 30000, "fin"); !errs.HasCode(err, errs.SlipRefNoDuplicated) || wallet(f, "m1") != 30000 {
			t.Fatalf("%v %s", err, wallet(f, "m1"))
		}
	})
	t.Run("RejectUnknownReason", func(t *testing.T) {
		if _, err := f.svc.Reject(ctx, blank.ID, "NOPE", "fin"); !errs.HasCode(err, errs.InvalidRequest) {
			t.Fatal(err)
		}
	})
	t.Run("Reject", func(t *testing.T) {
		got, err := f.svc.Reject(ctx, blank.ID, errs.InvalidSlip, "fin")
		if err != nil || got.Status != Failed || got.Note != string(errs.InvalidSlip) {
			t.Fatalf("%v %+v", err, got)
		}
		if _, err := f.svc.Approve(ctx, blank.ID, 100, "fin"); !errs.HasCode(err, errs.NoData) {
			t.Fatal("a rejected slip was approved")
		}
	})
	t.Run("OtherMembersSlip", func(t *testing.T) {
		if _, err := f.svc.MemberSlip(ctx, "m2", sl.ID); !errs.HasCode(err, errs.NotFoundCode) {
			t.Fatal(err)
		}
		if _, err := f.svc.MemberSlip(ctx, "m1", sl.ID); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRedeemGift(t *testing.T) {
	ctx := context.Background()
	const link = "https://gift.truemoney.com/campaign/?v=0195a8b3c4d5e6f7a8b9"
	t.Run("Credited", func(t *testing.T) {
		f := newFixture(t)
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 10000
		got, _, err := f.svc.RedeemGift(ctx, "m1", link)
		if err != nil || got != 10000 || wallet(f, "m1") != 10000 {
			t.Fatalf("%v %s", err, got)
		}
		if _, _, err := f.svc.RedeemGift(ctx, "m2", link); !errs.HasCode(err, errs.TruelinkDup) {
			t.Fatal(err)
		}
	})
	t.Run("Concurrent", func(t *testing.T) {
		f := newFixture(t)
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 10000
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() { f.svc.RedeemGift(ctx, "m1", link) })
		}
		wg.Wait()
		if wallet(f, "m1") != 10000 {
			t.Fatalf("wallet %s", wallet(f, "m1"))
		}
	})
	t.Run("UnderMinimum", func(t *testing.T) {
		f := newFixture(t)
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 199
		if _, _, err := f.svc.RedeemGift(ctx, "m1", link); !errs.HasCode(err, errs.TruelinkMinimum) || f.red.redeemed["0195a8b3c4d5e6f7a8b9"] {
			t.Fatal(err)
		}
	})
	t.Run("RefusedReleasesTheClaim", func(t *testing.T) {
		f := newFixture(t)
		if _, _, err := f.svc.RedeemGift(ctx, "m1", link); !errs.HasCode(err, errs.TruelinkInvalid) {
			t.Fatal(err)
		}
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 500
		if _, _, err := f.svc.RedeemGift(ctx, "m1", link); err != nil {
			t.Fatalf("a refused voucher stays claimed: %v", err)
		}
	})
	t.Run("UnknownKeepsIt", func(t *testing.T) {
		f := newFixture(t)
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 500
		f.red.err = fmt.Errorf("timeout: %w", ErrUnavailable)
		if _, _, err := f.svc.RedeemGift(ctx, "m1", link); !errs.HasCode(err, errs.TruelinkUnconfirmed) {
			t.Fatal(err)
		}
		f.red.err = nil
		if _, _, err := f.svc.RedeemGift(ctx, "m1", link); !errs.HasCode(err, errs.TruelinkDup) || wallet(f, "m1") != 0 {
			t.Fatalf("redeemed again after an unknown outcome: %v", err)
		}
	})
	t.Run("CreditFailsAfterRedemption", func(t *testing.T) {
		f := newFixture(t)
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 500
		f.store.failCredit = fmt.Errorf("database gone")
		got, status, err := f.svc.RedeemGift(ctx, "m1", link)
		if err != nil || got != 500 || status != Pending {
			t.Fatalf("answered %s %s %v, want 5.00 PENDING and no error", got, status, err)
		}
		if v := f.store.vouchers["0195a8b3c4d5e6f7a8b9"]; v.Amount != 500 || v.Note != NoteRedeemed || v.Status != Pending {
			t.Fatalf("voucher %+v, want the amount recorded", v)
		}
		f.store.failCredit = nil
		for i, want := range []int{1, 0} {
			if n, err := f.svc.RecoverGifts(ctx); err != nil || n != want {
				t.Fatalf("pass %d: %d %v, want %d", i, n, err, want)
			}
		}
		if wallet(f, "m1") != 500 {
			t.Fatalf("wallet %s, want 5.00 once", wallet(f, "m1"))
		}
	})
	t.Run("RecordFailsAfterRedemption", func(t *testing.T) {
		f := newFixture(t)
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 500
		defer func(r struct{ Every, For time.Duration }) { GiftRecordRetry = r }(GiftRecordRetry)
		GiftRecordRetry.Every = 10 * time.Millisecond
		f.store.mu.Lock()
		f.store.failRecord = fmt.Errorf("database gone")
		f.store.mu.Unlock()
		if got, status, err := f.svc.RedeemGift(ctx, "m1", link); err != nil || got != 500 || status != Pending {
			t.Fatalf("answered %s %s %v, want 5.00 PENDING and no error", got, status, err)
		}
		if n, err := f.svc.RecoverGifts(ctx); err != nil || n != 0 || wallet(f, "m1") != 0 {
			t.Fatalf("credited an unrecorded voucher: %d %v", n, err)
		}
		f.store.mu.Lock()
		f.store.failRecord = nil // the database is back
		f.store.mu.Unlock()
		for deadline := time.Now().Add(5 * time.Second); wallet(f, "m1") != 500; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("wallet %s, want 5.00 once the database is back", wallet(f, "m1"))
			}
		}
		if n, err := f.svc.RecoverGifts(ctx); err != nil || n != 0 || wallet(f, "m1") != 500 {
			t.Fatalf("credited twice: %d %v", n, err)
		}
	})
	t.Run("RecoveryLeavesUnknownOutcomes", func(t *testing.T) {
		f := newFixture(t)
		f.red.vouchers["0195a8b3c4d5e6f7a8b9"] = 500
		f.red.err = fmt.Errorf("timeout: %w", ErrUnavailable)
		f.svc.RedeemGift(ctx, "m1", link)
		if n, err := f.svc.RecoverGifts(ctx); err != nil || n != 0 || wallet(f, "m1") != 0 {
			t.Fatalf("credited a voucher of unknown outcome: %d %v", n, err)
		}
	})
	t.Run("NoWallet", func(t *testing.T) {
		f := newFixture(t)
		f.opts.dep.Wallets = nil
		if _, _, err := f.svc.RedeemGift(ctx, "m1", link); !errs.HasCode(err, errs.NoWallet) {
			t.Fatal(err)
		}
	})
}

func TestParseGiftLink(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://gift.truemoney.com/campaign/?v=019abcDEF0123456789", "019abcDEF0123456789"},
		{"gift.truemoney.com/campaign/?v=019abcDEF0123456789", "019abcDEF0123456789"},
		{"https://gift.truemoney.com/campaign?utm=x&v=019abcDEF0123456789", "019abcDEF0123456789"},
		{" 019abcDEF0123456789 ", "019abcDEF0123456789"},
		{"https://evil.example/campaign/?v=019abcDEF0123456789", ""},
		{"https://gift.truemoney.com.evil.example/?v=019abcDEF0123456789", ""},
		{"https://gift.truemoney.com/campaign/?v=../../x", ""},
		{"", ""},
		{"javascript:alert(1)", ""},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseGiftLink(c.in)
			if c.want == "" && !errs.HasCode(err, errs.TruelinkInvalid) || c.want != "" && (err != nil || got != c.want) {
				t.Fatalf("%q %v", got, err)
			}
		})
	}
}

func TestAccountMatches(t *testing.T) {
	for _, c := range []struct {
		shown, full string
		want        Matching
	}{
		{"xxx-x-x4321-x", "9876543210", Match},
		{"XXX-X-X4321-X", "987-6-54321-0", Match},
		{"xxx-x-x4322-x", "9876543210", Mismatch},
		{"**3210", "9876543210", Match},
		{"**210", "9876543210", Undecided},
		{"xxxxxx3210", "9876543210", Match},
		{"543210", "9876543210", Match},
		{"xxxxxxxxx0", "9876543210", Undecided},
		{"98765432101", "9876543210", Mismatch},
		{"", "9876543210", Undecided},
		{"abc", "9876543210", Undecided},
	} {
		t.Run(c.shown, func(t *testing.T) {
			if got := AccountMatches(c.shown, c.full); got != c.want {
				t.Fatalf("%d, want %d", got, c.want)
			}
		})
	}
}

func TestParseSlipQR(t *testing.T) {
	good := BuildSlipQR("004", "016012345678ABC")
	q, err := ParseSlipQR(good)
	if err != nil || q.SendingBank != "004" || q.TransRef != "016012345678ABC" || q.Country != "TH" {
		t.Fatalf("%+v %v", q, err)
	}
	for name, bad := range map[string]string{
		"TamperedReference": good[:20] + "9" + good[21:],
		"TamperedCRC":       good[:len(good)-1] + "0",
		"NoCRC":             good[:len(good)-8],
		"Truncated":         good[:15],
		"NotAnEMVCoQR":      "hello world",
		"PromptPayQR":       "00020101021129370016A000000677010111011300668123456785802TH53037646304",
	} {
		t.Run(name, func(t *testing.T) {
			if bad == good {
				t.Skip("no change")
			}
			if _, err := ParseSlipQR(bad); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	t.Run("KnownCRC", func(t *testing.T) {
		// CRC-16/CCITT-FALSE check value of "123456789".
		if got := CRC16("123456789"); got != 0x29B1 {
			t.Fatalf("%04X", got)
		}
	})
}
