package sqlstore_test

import (
	"context"
	"strings"
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

// TestSliplessDeposits: a bank's notification of a transfer to a receiving
// account credits the one member whose registered account fits, once
// however many times it is delivered at once; one that fits two members
// credits no one and waits in review with both listed.
func TestSliplessDeposits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		a := newMember("0812345678", "1234567890")
		b := newMember("0812345679", "5550007890") // shares "7890" with a
		b.BankAccountName = "SOMCHAI JAMES"
		c := newMember("0812345670", "2223334445")
		c.BankAccountName = "สมหญิง ดีใจ"
		for _, m := range []*account.Member{a, b, c} {
			if err := accounts.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
		}
		store, l := sqlstore.NewQRDeposits(db), sqlstore.NewLedger(db)
		now := time.Now().UTC().Truncate(time.Second)
		svc := deposit.NewQRService(deposit.QRDeps{Store: store, Senders: store, Now: func() time.Time { return now },
			Receiving: func(context.Context) ([]settings.ReceivingBank, error) {
				return []settings.ReceivingBank{{BankCode: "SCB", BankAccountNo: "9998887776"}}, nil
			}})
		walletOf := func(id string) money.Satang {
			bal, err := l.Balance(ctx, ledger.Wallet(id).ID)
			if err != nil {
				t.Fatal(err)
			}
			return bal
		}

		t.Run("TenConcurrentDeliveriesCreditOnce", func(t *testing.T) {
			n := deposit.BankCredit{Ref: "014:T1", Target: "XXXXXX7776", Amount: money.FromBaht(500), At: now,
				Sender: deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "SOMCHAI J"}}
			var wg sync.WaitGroup
			errs := make(chan error, 10)
			for range 10 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs <- svc.BankCredit(ctx, n)
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			if got := walletOf(a.ID); got != money.FromBaht(500) {
				t.Fatalf("credited %d", got)
			}
			var journals int
			if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM journals WHERE ref = 'slip:014:T1' AND kind = 'deposit'`).Scan(&journals); err != nil {
				t.Fatal(err)
			}
			if journals != 1 {
				t.Fatal(journals, "journals")
			}
		})
		t.Run("ThaiTruncatedNameCredits", func(t *testing.T) {
			n := deposit.BankCredit{Ref: "014:T2", Target: "9998887776", Amount: money.FromBaht(300), At: now,
				Sender: deposit.Party{BankCode: "KBANK", AccountNo: "XXXXXX4445", Name: "นางสาว สมหญิง ด"}}
			if err := svc.BankCredit(ctx, n); err != nil {
				t.Fatal(err)
			}
			if got := walletOf(c.ID); got != money.FromBaht(300) {
				t.Fatal(got)
			}
		})
		t.Run("SlipFirstThenNotificationCreditsOnce", func(t *testing.T) {
			before := walletOf(a.ID)
			slip := ledger.Journal{ID: account.NewID(), Kind: deposit.JournalKind, Ref: "slip:014:T4", MemberID: a.ID, CreatedAt: now,
				Postings: ledger.Move(ledger.Deposits, ledger.Wallet(a.ID), money.FromBaht(100))}
			if err := l.Post(ctx, slip); err != nil {
				t.Fatal(err)
			}
			n := deposit.BankCredit{Ref: "014:T4", Target: "9998887776", Amount: money.FromBaht(100), At: now,
				Sender: deposit.Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}}
			if err := svc.BankCredit(ctx, n); err != nil {
				t.Fatal(err)
			}
			if got := walletOf(a.ID); got != before+money.FromBaht(100) {
				t.Fatal(got-before, "credited")
			}
			if p, err := store.ReviewPayment(ctx, deposit.TransferProvider, "014:T4"); err != nil || p.Note != deposit.NoteSlipCredited {
				t.Fatal(p, err)
			}
		})
		t.Run("AmbiguousWaitsInReview", func(t *testing.T) {
			before := walletOf(a.ID) + walletOf(b.ID)
			n := deposit.BankCredit{Ref: "014:T3", Target: "9998887776", Amount: money.FromBaht(200), At: now,
				Sender: deposit.Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "SOMCHAI J"}}
			if err := svc.BankCredit(ctx, n); err != nil {
				t.Fatal(err)
			}
			if walletOf(a.ID)+walletOf(b.ID) != before {
				t.Fatal("credited on a guess")
			}
			p, err := store.ReviewPayment(ctx, deposit.TransferProvider, "014:T3")
			if err != nil {
				t.Fatal(err)
			}
			want := []string{a.ID, b.ID}
			if a.ID > b.ID {
				want = []string{b.ID, a.ID}
			}
			if p.Note != deposit.NoteManySenders || strings.Join(p.Candidates, ",") != strings.Join(want, ",") ||
				p.Sender.AccountNo != "XXXXXX7890" || p.Sender.Name != "SOMCHAI J" || p.Sender.BankCode != "KBANK" {
				t.Fatalf("%+v", p)
			}
			// An operator credits one candidate: once, under the bank's reference.
			if _, err := svc.AssignPayment(ctx, deposit.TransferProvider, "014:T3", b.ID, "fin"); err == nil {
				t.Fatal("assigned without a member finder")
			}
			svc2 := deposit.NewQRService(deposit.QRDeps{Store: store, Members: accounts, Now: func() time.Time { return now }})
			if _, err := svc2.AssignPayment(ctx, deposit.TransferProvider, "014:T3", b.ID, "fin"); err != nil {
				t.Fatal(err)
			}
			if walletOf(b.ID) != money.FromBaht(200) {
				t.Fatal(walletOf(b.ID))
			}
			if _, err := svc2.AssignPayment(ctx, deposit.TransferProvider, "014:T3", a.ID, "fin"); err == nil {
				t.Fatal("assigned twice")
			}
		})
	})
}
