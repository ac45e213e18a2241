package sqlstore_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// qrGateway is a gateway whose webhooks are "<delivery> <order> <payment> <amount>"
// with header Sig "ok".
type qrGateway struct {
	mu sync.Mutex
	n  int
}

func (g *qrGateway) Create(_ context.Context, o deposit.GatewayOrder) (deposit.GatewayQR, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n++
	return deposit.GatewayQR{Ref: fmt.Sprintf("G%d", g.n), Payload: "pay " + o.Ref}, nil
}

func (g *qrGateway) VerifyWebhook(h func(string) string, body []byte) (deposit.GatewayEvent, error) {
	if h("Sig") != "ok" {
		return deposit.GatewayEvent{}, deposit.ErrBadSignature
	}
	ev := deposit.GatewayEvent{Status: deposit.PaymentPaid}
	var amount int64
	_, err := fmt.Sscanf(string(body), "%s %s %s %d", &ev.DeliveryID, &ev.OrderRef, &ev.PaymentRef, &amount)
	ev.Amount = money.Satang(amount)
	return ev, err
}

func (g *qrGateway) Status(context.Context, string) (deposit.GatewayEvent, error) {
	return deposit.GatewayEvent{Status: deposit.PaymentPending}, nil
}

func TestQRDeposits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		m := newMember("0812345678", "9876543210")
		other := newMember("0812345679", "5555555555")
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		if err := accounts.CreateMember(ctx, other, ""); err != nil {
			t.Fatal(err)
		}
		store, l := sqlstore.NewQRDeposits(db), sqlstore.NewLedger(db)
		now := time.Now().UTC().Truncate(time.Second)
		var mu sync.Mutex
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
		svc := deposit.NewQRService(deposit.QRDeps{Store: store, Gateways: deposit.StaticGateways{"WW": &qrGateway{}, "FP": &qrGateway{}},
			PromptPayCode: "kbank", PromptPayTarget: "0899999999", Now: clock})
		walletOf := func(id string) money.Satang {
			b, err := l.Balance(ctx, ledger.Wallet(id).ID)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		sig := func(s string) func(string) string {
			return func(k string) string {
				if k == "Sig" {
					return s
				}
				return ""
			}
		}

		t.Run("OneOpenQRPerProvider", func(t *testing.T) {
			ww, err := svc.Create(ctx, m.ID, "WW", money.FromBaht(100))
			if err != nil {
				t.Fatal(err)
			}
			if got, err := svc.Current(ctx, m.ID, "WW"); err != nil || got.ID != ww.ID || got.GatewayRef == "" {
				t.Fatal(got, err)
			}
			if _, err := svc.Create(ctx, m.ID, "WW", money.FromBaht(100)); !errs.HasCode(err, errs.QRFail) {
				t.Fatal(err)
			}
			kb, err := svc.Create(ctx, m.ID, "kbank", money.FromBaht(100))
			if err != nil {
				t.Fatal(err)
			}
			if q, _ := store.QR(ctx, ww.ID); q.Status != deposit.QRCancelled {
				t.Fatal(q.Status)
			}
			if err := svc.Cancel(ctx, other.ID, kb.ID); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
			if err := svc.Cancel(ctx, m.ID, kb.ID); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("UniqueAmountsPerTarget", func(t *testing.T) {
			a, err := svc.Create(ctx, m.ID, "kbank", money.FromBaht(20))
			if err != nil {
				t.Fatal(err)
			}
			b, err := svc.Create(ctx, other.ID, "kbank", money.FromBaht(20))
			if err != nil {
				t.Fatal(err)
			}
			if a.Amount == b.Amount {
				t.Fatal("shared amount", a.Amount)
			}
			// The index refuses a second open QR of the amount, whoever asks.
			dup := a
			dup.ID, dup.MemberID, dup.Provider = "dup", other.ID, "other"
			if err := store.CreateQR(ctx, dup, clock()); err != deposit.ErrQRTaken {
				t.Fatal(err)
			}
			// A bank transfer of a's exact amount credits a's member.
			if err := svc.BankCredit(ctx, deposit.BankCredit{Ref: "BANK1", Target: "0899999999", Amount: a.Amount, At: clock()}); err != nil {
				t.Fatal(err)
			}
			if walletOf(m.ID) != a.Amount || walletOf(other.ID) != 0 {
				t.Fatal(walletOf(m.ID), walletOf(other.ID))
			}
			svc.Cancel(ctx, other.ID, b.ID)
			// Paid after cancel: review, nothing credited.
			if err := svc.BankCredit(ctx, deposit.BankCredit{Ref: "BANK2", Target: "0899999999", Amount: b.Amount, At: clock()}); err != nil {
				t.Fatal(err)
			}
			if walletOf(other.ID) != 0 {
				t.Fatal("credited after cancel")
			}
		})
		t.Run("TenConcurrentDeliveriesOfOnePayment", func(t *testing.T) {
			before := walletOf(other.ID)
			q, err := svc.Create(ctx, other.ID, "WW", money.FromBaht(300))
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			for i := range 10 {
				wg.Go(func() {
					body := fmt.Sprintf("d%d %s PAY1 %d", i, q.ID, q.Amount)
					if err := svc.Webhook(ctx, "WW", sig("ok"), []byte(body)); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if got := walletOf(other.ID) - before; got != q.Amount {
				t.Fatalf("credited %d, want %d once", got, q.Amount)
			}
			// A replayed delivery is refused; a forged one too.
			if err := svc.Webhook(ctx, "WW", sig("ok"), []byte(fmt.Sprintf("d1 %s PAY2 %d", q.ID, q.Amount))); !errs.HasCode(err, errs.BadSignature) {
				t.Fatal(err)
			}
			if err := svc.Webhook(ctx, "WW", sig("no"), []byte(fmt.Sprintf("d99 %s PAY3 %d", q.ID, q.Amount))); !errs.HasCode(err, errs.BadSignature) {
				t.Fatal(err)
			}
		})
		t.Run("UnmatchedPaymentsWaitForReview", func(t *testing.T) {
			q, err := svc.Create(ctx, m.ID, "WW", money.FromBaht(100))
			if err != nil {
				t.Fatal(err)
			}
			before := walletOf(m.ID)
			if err := svc.Webhook(ctx, "WW", sig("ok"), []byte(fmt.Sprintf("e1 %s PAYX %d", q.ID, q.Amount+100))); err != nil {
				t.Fatal(err)
			}
			advance(deposit.DefaultQRLifetime + time.Second)
			if _, err := svc.Current(ctx, m.ID, "WW"); !errs.HasCode(err, errs.NoData) {
				t.Fatal("expired QR still open:", err)
			}
			if err := svc.Webhook(ctx, "WW", sig("ok"), []byte(fmt.Sprintf("e2 %s PAYY %d", q.ID, q.Amount))); err != nil {
				t.Fatal(err)
			}
			if walletOf(m.ID) != before {
				t.Fatal("credited")
			}
			r, err := svc.ReviewPayments(ctx, 10)
			if err != nil {
				t.Fatal(err)
			}
			notes := map[string]string{}
			for _, p := range r {
				notes[p.Ref] = p.Note
			}
			if notes["PAYX"] != deposit.NoteAmountMismatch || notes["PAYY"] != deposit.NoteQRNotOpen || notes["BANK2"] != deposit.NoteQRNotOpen {
				t.Fatalf("%+v", r)
			}
		})
		mustVerify(t, l)
	})
}

// TestQRCreateRace: a member asks for QRs of several providers at the same
// instant (two taps, two tabs): however the transactions interleave, at
// most one of the member's QRs stays open, the last one made.
func TestQRCreateRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		store := sqlstore.NewQRDeposits(db)
		providers := []string{"WW", "PAYTIMZ", "PAYONEX", "FP", "kbank"}
		for round := range 5 {
			m := newMember(fmt.Sprintf("08100000%02d", round), fmt.Sprintf("11111111%02d", round))
			if err := accounts.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			now := time.Now().UTC()
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i, p := range providers {
				wg.Go(func() {
					<-start
					q := deposit.QRCode{ID: fmt.Sprintf("r%d-%s", round, p), MemberID: m.ID, Provider: p,
						Amount: money.FromBaht(100) + money.Satang(round*10+i+1), Status: deposit.QROpen, CreatedAt: now,
						ExpiresAt: now.Add(time.Minute)}
					if p == "kbank" {
						q.Target = "0899999999"
					}
					if err := store.CreateQR(ctx, q, now); err != nil {
						t.Error(p, err)
					}
				})
			}
			close(start)
			wg.Wait()
			var open []string
			for _, p := range providers {
				if q, err := store.OpenQR(ctx, m.ID, p, now); err == nil {
					open = append(open, q.Provider)
				} else if !errs.HasCode(err, errs.NoData) {
					t.Fatal(err)
				}
			}
			if len(open) != 1 {
				t.Fatalf("round %d: open QRs of %v, want exactly one", round, open)
			}
		}
	})
}

func TestQRRefundAndDecided(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		store := sqlstore.NewQRDeposits(db)
		l := sqlstore.NewLedger(db)
		at := time.Now().UTC().Truncate(time.Second)
		for _, ref := range []string{"R1", "R2"} {
			p := deposit.Payment{Provider: "WW", Ref: ref, Amount: money.FromBaht(7), PaidAt: at, Note: deposit.NoteNoQR}
			if _, err := store.PayQR(ctx, p, nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.RefundPayment(ctx, "WW", "R1", "returned by KBank transfer 998", "fin", at); err != nil {
			t.Fatal(err)
		}
		if err := store.RefundPayment(ctx, "WW", "R1", "twice", "fin", at); !errs.HasCode(err, errs.NoData) {
			t.Fatalf("a refunded payment refunded again: %v", err)
		}
		if err := store.RefundPayment(ctx, "WW", "NOPE", "x", "fin", at); !errs.HasCode(err, errs.NoData) {
			t.Fatal(err)
		}
		if _, err := store.ReviewPayment(ctx, "WW", "R1"); !errs.HasCode(err, errs.NoData) {
			t.Fatal("a refunded payment is still in review")
		}
		r, err := store.ReviewPayments(ctx, 10)
		if err != nil || len(r) != 1 || r[0].Ref != "R2" {
			t.Fatal(r, err)
		}
		d, err := store.DecidedPayments(ctx, 10)
		if err != nil || len(d) != 1 {
			t.Fatal(d, err)
		}
		if got := d[0]; got.Status != deposit.PaymentRefunded || got.DecidedBy != "fin" || got.DecisionNote != "returned by KBank transfer 998" ||
			!got.DecidedAt.Equal(at) || got.JournalID != "" {
			t.Fatalf("%+v", got)
		}
		mustVerify(t, l)
	})
}

// TestQRDecisionRace: 25 operators assign or refund one unmatched payment at
// once. Exactly one decision holds; every other answers NO_DATA (never a 500
// "journal already recorded"), and the ledger holds one credit at most.
func TestQRDecisionRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		store := sqlstore.NewQRDeposits(db)
		l := sqlstore.NewLedger(db)
		m := newMember("0813333333", "3333333333")
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		for round := range 4 {
			at := time.Now().UTC().Truncate(time.Second)
			p := deposit.Payment{Provider: "WW", Ref: fmt.Sprintf("RACE%d", round), Amount: money.FromBaht(9), PaidAt: at, Note: deposit.NoteNoQR}
			if _, err := store.PayQR(ctx, p, nil); err != nil {
				t.Fatal(err)
			}
			start := make(chan struct{})
			var wg sync.WaitGroup
			var mu sync.Mutex
			won, lost := 0, 0
			for i := range 25 {
				wg.Go(func() {
					<-start
					var err error
					if (i+round)%2 == 0 {
						j := ledger.Journal{ID: fmt.Sprintf("j%d-%d", round, i), Kind: deposit.JournalKind, Ref: "qr:WW:" + p.Ref,
							MemberID: m.ID, By: "fin", CreatedAt: at, Postings: ledger.Move(ledger.Deposits, ledger.Wallet(m.ID), p.Amount)}
						err = store.AssignPayment(ctx, p, []ledger.Journal{j}, "fin")
					} else {
						err = store.RefundPayment(ctx, "WW", p.Ref, "returned", "fin", at)
					}
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						won++
					case errs.HasCode(err, errs.NoData):
						lost++
					default:
						t.Errorf("decision %d: %v, want NO_DATA", i, err)
					}
				})
			}
			close(start)
			wg.Wait()
			if won != 1 || lost != 24 {
				t.Fatalf("round %d: %d decisions held, %d NO_DATA; want 1 and 24", round, won, lost)
			}
		}
		mustVerify(t, l)
	})
}

// TestQRPaidBeforeCancel: a gateway QR cancelled after it was paid is
// credited when the notice comes late; paid at or after the cancel, it waits
// for review. A cancelled QR stays in the poller's list for an hour.
func TestQRPaidBeforeCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		store, l := sqlstore.NewQRDeposits(db), sqlstore.NewLedger(db)
		m := newMember("0814444444", "4444444444")
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		created := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
		cancel := created.Add(90*time.Second + 250*time.Millisecond)
		for i, tc := range []struct {
			name   string
			paidAt time.Time
			want   deposit.PaymentState
		}{
			{"paid a millisecond before the cancel", cancel.Add(-time.Millisecond), deposit.PaymentCredited},
			{"paid a second before the cancel", cancel.Add(-time.Second), deposit.PaymentCredited},
			{"paid at the cancel's instant", cancel, deposit.PaymentReview},
			{"paid after the cancel", cancel.Add(time.Millisecond), deposit.PaymentReview},
		} {
			t.Run(tc.name, func(t *testing.T) {
				q := deposit.QRCode{ID: fmt.Sprintf("pbc%d", i), MemberID: m.ID, Provider: "WW", Amount: money.FromBaht(50),
					Status: deposit.QROpen, CreatedAt: created, ExpiresAt: created.Add(10 * time.Minute)}
				if err := store.CreateQR(ctx, q, created); err != nil {
					t.Fatal(err)
				}
				if ok, err := store.CancelQR(ctx, m.ID, q.ID, cancel); !ok || err != nil {
					t.Fatal(ok, err)
				}
				got, err := store.QR(ctx, q.ID)
				if err != nil || got.Status != deposit.QRCancelled || !got.ClosedAt.Equal(cancel) {
					t.Fatalf("%+v %v", got, err)
				}
				if un, err := store.UnsettledGatewayQRs(ctx, cancel.Add(-time.Hour), 100); err != nil || !hasQR(un, q.ID) {
					t.Fatalf("a QR cancelled within the hour is not polled: %v", err)
				}
				if un, _ := store.UnsettledGatewayQRs(ctx, cancel.Add(time.Second), 100); hasQR(un, q.ID) {
					t.Fatal("a QR cancelled before since is polled")
				}
				p := deposit.Payment{Provider: "WW", Ref: "PBC" + q.ID, QRCodeID: q.ID, MemberID: m.ID, Amount: q.Amount, PaidAt: tc.paidAt}
				var j ledger.Journal
				if tc.want == deposit.PaymentCredited {
					j = ledger.Journal{ID: "j" + q.ID, Kind: deposit.JournalKind, Ref: "qr:WW:" + p.Ref, MemberID: m.ID,
						CreatedAt: cancel.Add(time.Minute), Postings: ledger.Move(ledger.Deposits, ledger.Wallet(m.ID), p.Amount)}
				}
				out, err := store.PayQR(ctx, p, []ledger.Journal{j})
				if err != nil || out.Status != tc.want {
					t.Fatalf("paid %s: %+v %v, want %s", tc.paidAt.Sub(cancel), out, err, tc.want)
				}
			})
		}
		if b, _ := l.Balance(ctx, ledger.Wallet(m.ID).ID); b != money.FromBaht(100) {
			t.Fatalf("wallet %s, want 100.00", b)
		}
		mustVerify(t, l)
	})
}

func hasQR(qs []deposit.QRCode, id string) bool {
	for _, q := range qs {
		if q.ID == id {
			return true
		}
	}
	return false
}
