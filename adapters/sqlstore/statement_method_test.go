package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/wallet"
)

// TestStatementDepositMethod: each kind of deposit answers its method and
// channel, from its journal's reference (and, for a bank transfer, its
// payment), on both statement paths; other lines answer none.
func TestStatementDepositMethod(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		m := newMember("0812345678", "1234567890")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		l, qr := sqlstore.NewLedger(db), sqlstore.NewQRDeposits(db)
		now := time.Now().UTC().Truncate(time.Second)
		journal := func(id string, kind ledger.JournalKind, ref, memo string, at time.Duration) ledger.Journal {
			from := ledger.Deposits
			if kind == ledger.Adjustment {
				from = ledger.Adjustments
			}
			return ledger.Journal{ID: id, Kind: kind, Ref: ref, MemberID: m.ID, Memo: memo, CreatedAt: now.Add(at),
				Postings: ledger.Move(from, ledger.Wallet(m.ID), money.FromBaht(100))}
		}
		for _, j := range []ledger.Journal{
			journal("j-slip", deposit.JournalKind, "slip:004:TR1", "slip S1", time.Second),
			journal("j-slipreview", deposit.JournalKind, "slipreview:S2", "slip S2", 2*time.Second),
			journal("j-gift", deposit.JournalKind, "gift:abc", "truemoney gift", 3*time.Second),
			journal("j-adjust", ledger.Adjustment, "adj:1", "goodwill", 4*time.Second),
		} {
			if err := l.Post(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
		code := deposit.QRCode{ID: "qr-1", MemberID: m.ID, Provider: "WW", Amount: money.FromBaht(100), Status: deposit.QROpen,
			CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := qr.CreateQR(ctx, code, now); err != nil {
			t.Fatal(err)
		}
		payments := []struct {
			p deposit.Payment
			j ledger.Journal
		}{
			{deposit.Payment{Provider: "WW", Ref: "P1", QRCodeID: code.ID, Amount: code.Amount, PaidAt: now.Add(5 * time.Second)},
				journal("j-qr", deposit.JournalKind, "qr:WW:P1", "qr deposit WW", 5*time.Second)},
			{deposit.Payment{Provider: deposit.TransferProvider, Ref: "014:T1", MemberID: m.ID, Amount: money.FromBaht(100),
				PaidAt: now.Add(6 * time.Second), Sender: deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x7890-x", Name: "SOMCHAI J"}},
				journal("j-transfer", deposit.JournalKind, "slip:014:T1", "bank transfer KBANK", 6*time.Second)},
		}
		for _, p := range payments {
			got, err := qr.PayQR(ctx, p.p, []ledger.Journal{p.j})
			if err != nil || got.Status != deposit.PaymentCredited {
				t.Fatalf("payment %s: %+v, %v", p.p.Ref, got, err)
			}
		}
		// A transfer no registered account fits, credited by an operator:
		// its payment is linked to the journal as a matched one's.
		review := deposit.Payment{Provider: deposit.TransferProvider, Ref: "014:T2", Amount: money.FromBaht(100),
			PaidAt: now.Add(7 * time.Second), Note: deposit.NoteNoSender, Sender: deposit.Party{BankCode: "SCB", AccountNo: "xxx-x-x0000-x"}}
		if got, err := qr.PayQR(ctx, review, nil); err != nil || got.Status != deposit.PaymentReview {
			t.Fatalf("review payment: %+v, %v", got, err)
		}
		assigned := journal("j-assigned", deposit.JournalKind, "slip:014:T2", "bank transfer SCB assigned", 7*time.Second)
		if err := qr.AssignPayment(ctx, review, []ledger.Journal{assigned}, "op1"); err != nil {
			t.Fatal(err)
		}
		want := map[string][2]string{
			"j-assigned":   {wallet.MethodBankTransfer, "SCB"},
			"j-slip":       {wallet.MethodSlip, ""},
			"j-slipreview": {wallet.MethodSlip, ""},
			"j-gift":       {wallet.MethodGift, ""},
			"j-qr":         {wallet.MethodQR, "WW"},
			"j-transfer":   {wallet.MethodBankTransfer, "KBANK"},
			"j-adjust":     {"", ""},
		}
		w := sqlstore.NewWallet(db)
		all, _, err := w.Statement(ctx, m.ID, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		keyset, err := w.StatementBefore(ctx, m.ID, wallet.StatementCursor{}, 100)
		if err != nil {
			t.Fatal(err)
		}
		for path, items := range map[string][]wallet.StatementItem{"Statement": all, "StatementBefore": keyset} {
			t.Run(path, func(t *testing.T) {
				if len(items) != len(want) {
					t.Fatalf("%d items, want %d: %+v", len(items), len(want), items)
				}
				for _, it := range items {
					w, ok := want[it.ID]
					if !ok {
						t.Fatalf("unexpected item %+v", it)
					}
					if it.Method != w[0] || it.Channel != w[1] {
						t.Errorf("%s: method %q channel %q, want %q %q", it.ID, it.Method, it.Channel, w[0], w[1])
					}
				}
			})
		}
		checkKeysetPages(t, db, m.ID)
	})
}
