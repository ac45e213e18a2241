package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

// TestFeedAndSlipOfOneTransfer: a transfer told by the bank feed under its
// own reference and proved by its slip under the slip's credits once,
// whichever comes first and when both arrive at once; a second transfer of
// the same amount outside the minutes of the first credits.
func TestFeedAndSlipOfOneTransfer(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		m := newMember("0812345678", "1234567890")
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		qrs, slips, l := sqlstore.NewQRDeposits(db), sqlstore.NewDeposits(db), sqlstore.NewLedger(db)
		now := time.Now().UTC().Truncate(time.Second)
		feed := deposit.NewQRService(deposit.QRDeps{Store: qrs, Senders: qrs, Now: func() time.Time { return now },
			Receiving: func(context.Context) ([]settings.ReceivingBank, error) {
				return []settings.ReceivingBank{{BankCode: "SCB", BankAccountNo: "9998887776"}}, nil
			}})
		wallet := func() money.Satang {
			bal, err := l.Balance(ctx, ledger.Wallet(m.ID).ID)
			if err != nil {
				t.Fatal(err)
			}
			return bal
		}
		notify := func(ref string, baht int64, at time.Time) error {
			return feed.BankCredit(ctx, deposit.BankCredit{Ref: ref, Target: "9998887776", Amount: money.FromBaht(baht), At: at,
				Sender: deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "SOMCHAI J"}})
		}
		// slip uploads and credits a slip of the member as the service does.
		slip := func(transRef, bank string, baht int64, at time.Time, by string) (bool, error) {
			sl := deposit.Slip{ID: account.NewID(), MemberID: m.ID, ObjectKey: "k", ContentType: "image/png",
				Status: deposit.Pending, CreatedAt: now}
			if err := slips.CreateSlip(ctx, sl); err != nil {
				t.Fatal(err)
			}
			sl.Status, sl.SendingBank, sl.TransRef, sl.Amount, sl.TransferredAt = deposit.Success, "004", transRef, money.FromBaht(baht), &at
			sl.Sender = deposit.Party{BankCode: bank, AccountNo: "xxx-x-x6789-x", Name: "SOMCHAI J"}
			sl.Receiver = deposit.Party{BankCode: "SCB", AccountNo: "xxx-x-x7776-x"}
			sl.DecidedBy = by
			j := ledger.Journal{ID: account.NewID(), Kind: deposit.JournalKind, Ref: "slip:004:" + transRef, MemberID: m.ID,
				CreatedAt: now, Postings: ledger.Move(ledger.Deposits, ledger.Wallet(m.ID), sl.Amount)}
			return slips.CreditSlip(ctx, sl, []ledger.Journal{j})
		}
		review := func(ref string) deposit.Payment {
			p, err := qrs.ReviewPayment(ctx, deposit.TransferProvider, ref)
			if err != nil {
				t.Fatal(ref, err)
			}
			return p
		}

		t.Run("FeedThenSlipWaitsInReview", func(t *testing.T) {
			before := wallet()
			if err := notify("KB-F1", 500, now.Add(-time.Hour)); err != nil {
				t.Fatal(err)
			}
			ok, err := slip("S1", "KBANK", 500, now.Add(-time.Hour+70*time.Second), "")
			var fed *deposit.FeedCredited
			if !errors.As(err, &fed) || fed.Ref != "KB-F1" || ok {
				t.Fatal(ok, err)
			}
			if got := wallet() - before; got != money.FromBaht(500) {
				t.Fatal("credited", got)
			}
			at := now.Add(-time.Hour + 70*time.Second)
			sl := deposit.Slip{MemberID: m.ID, Amount: money.FromBaht(500), SendingBank: "004", TransRef: "S1", TransferredAt: &at,
				Sender: deposit.Party{BankCode: "KBANK"}}
			if ref, err := slips.FeedCredit(ctx, sl); err != nil || ref != "KB-F1" {
				t.Fatal(ref, err)
			}
			// An operator who decides it is a second transfer credits it.
			if ok, err := slip("S1b", "KBANK", 500, now.Add(-time.Hour), "fin"); err != nil || !ok {
				t.Fatal(ok, err)
			}
		})
		t.Run("OtherTransfersCredit", func(t *testing.T) {
			if err := notify("KB-F2", 400, now.Add(-2*time.Hour)); err != nil {
				t.Fatal(err)
			}
			before := wallet()
			for name, c := range map[string]struct {
				bank string
				baht int64
				at   time.Time
			}{
				"LaterThatDay":     {"KBANK", 400, now.Add(-2*time.Hour + 4*time.Minute)},
				"AnotherBank":      {"SCB", 400, now.Add(-2 * time.Hour)},
				"AnotherAmount":    {"KBANK", 401, now.Add(-2 * time.Hour)},
				"EarlierThatMorni": {"KBANK", 400, now.Add(-2*time.Hour - 4*time.Minute)},
			} {
				if ok, err := slip("O-"+name, c.bank, c.baht, c.at, ""); err != nil || !ok {
					t.Fatal(name, ok, err)
				}
			}
			if got := wallet() - before; got != money.FromBaht(400+400+401+400) {
				t.Fatal(got)
			}
		})
		t.Run("SameReferenceIsADuplicate", func(t *testing.T) {
			if err := notify("004:S3", 300, now.Add(-3*time.Hour)); err != nil {
				t.Fatal(err)
			}
			if _, err := slip("S3", "KBANK", 300, now.Add(-3*time.Hour), ""); !errors.Is(err, ledger.ErrDuplicate) {
				t.Fatal(err)
			}
		})
		t.Run("SlipThenFeedIsSlipCredited", func(t *testing.T) {
			before := wallet()
			if ok, err := slip("S4", "KBANK", 250, now.Add(-4*time.Hour), ""); err != nil || !ok {
				t.Fatal(ok, err)
			}
			if err := notify("KB-F4", 250, now.Add(-4*time.Hour+2*time.Minute)); err != nil {
				t.Fatal(err)
			}
			if got := wallet() - before; got != money.FromBaht(250) {
				t.Fatal("credited", got)
			}
			if p := review("KB-F4"); p.Note != deposit.NoteSlipCredited || p.MemberID != "" {
				t.Fatalf("%+v", p)
			}
		})
		t.Run("NotificationNamingNoOneIsMarkedSlipCredited", func(t *testing.T) {
			sms := func(ref string, baht int64, at time.Time) {
				if err := feed.BankCredit(ctx, deposit.BankCredit{Ref: ref, Target: "9998887776", Amount: money.FromBaht(baht), At: at,
					Sender: deposit.Party{BankCode: "KBANK", AccountNo: "X-567890"}}); err != nil {
					t.Fatal(err)
				}
			}
			// The SMS first: it waits with the member as candidate; the slip
			// credits and marks it, so that no operator credits it again.
			sms("sms:1", 610, now.Add(-6*time.Hour))
			if p := review("sms:1"); p.Note != deposit.NoteNoSenderName || len(p.Candidates) != 1 {
				t.Fatalf("%+v", p)
			}
			if ok, err := slip("S6", "KBANK", 610, now.Add(-6*time.Hour+20*time.Second), ""); err != nil || !ok {
				t.Fatal(ok, err)
			}
			if p := review("sms:1"); p.Note != deposit.NoteSlipCredited {
				t.Fatalf("%+v", p)
			}
			// The slip first: the SMS is recorded slip credited.
			if ok, err := slip("S7", "KBANK", 620, now.Add(-7*time.Hour), ""); err != nil || !ok {
				t.Fatal(ok, err)
			}
			sms("sms:2", 620, now.Add(-7*time.Hour+time.Minute))
			if p := review("sms:2"); p.Note != deposit.NoteSlipCredited {
				t.Fatalf("%+v", p)
			}
			// Another amount is another transfer.
			sms("sms:3", 630, now.Add(-7*time.Hour))
			if p := review("sms:3"); p.Note != deposit.NoteNoSenderName {
				t.Fatalf("%+v", p)
			}
		})
		t.Run("AtOnceOneCredits", func(t *testing.T) {
			for i := range 6 {
				before := wallet()
				baht := int64(1000 + i)
				at := now.Add(-5*time.Hour + time.Duration(i)*10*time.Minute)
				ref := fmt.Sprintf("KB-R%d", i)
				var wg sync.WaitGroup
				var slipErr, feedErr error
				var credited bool
				wg.Add(2)
				go func() {
					defer wg.Done()
					credited, slipErr = slip(fmt.Sprintf("R%d", i), "KBANK", baht, at.Add(30*time.Second), "")
				}()
				go func() { defer wg.Done(); feedErr = notify(ref, baht, at) }()
				wg.Wait()
				var fed *deposit.FeedCredited
				if feedErr != nil || slipErr != nil && !errors.As(slipErr, &fed) {
					t.Fatal(slipErr, feedErr)
				}
				if got := wallet() - before; got != money.FromBaht(baht) {
					t.Fatal(i, "credited", got)
				}
				p, err := qrs.ReviewPayment(ctx, deposit.TransferProvider, ref)
				switch {
				case credited && (err != nil || p.Note != deposit.NoteSlipCredited):
					t.Fatal(i, "slip credited and the notification", p, err)
				case !credited && (fed == nil || fed.Ref != ref || err == nil):
					t.Fatal(i, "notification credited and the slip", slipErr, p, err)
				}
			}
		})
	})
}
