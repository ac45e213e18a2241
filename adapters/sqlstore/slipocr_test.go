package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

// printedOCR answers one reading for every slip.
type printedOCR struct{ r deposit.SlipReading }

func (o printedOCR) ReadSlip(context.Context, []byte) (deposit.SlipReading, error) { return o.r, nil }

// TestSlipOCRStored: a slip's reading is kept with it (migration 0030):
// the review queue shows the pre-filled fields and the edited-slip flag,
// and an edited slip waits there instead of being credited.
func TestSlipOCRStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		m := newMember("0812345678", "9876543210")
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		store, l := sqlstore.NewDeposits(db), sqlstore.NewLedger(db)
		at := time.Date(2026, 11, 27, 2, 41, 0, 0, time.UTC)
		reading := deposit.SlipReading{Amount: 500000, At: &at, Bank: "KBANK",
			Sender: deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x4321-x", Name: "นาย สมชาย ใ"},
			Found:  deposit.FoundFields{Amount: true, Date: true, Time: true, SenderName: true, SenderAccount: true, SenderBank: true, Bank: true}}
		book := bankBook{"KB000000777": {TransRef: "KB000000777", Amount: 5000, TransferredAt: time.Now().Add(-time.Minute),
			Sender:   deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x4321-x"},
			Receiver: deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x2333-x"}}}
		svc := deposit.NewService(deposit.Deps{Store: store, Ledger: l, Objects: discard{}, Reader: qrBytes{}, Verifier: book,
			OCR: printedOCR{reading}, Redeemer: giftBook{amount: 5000}, Options: depositOptions{}, Members: accounts, Limiter: noLimit{}})
		png := func(b []byte) deposit.Upload { return deposit.Upload{Data: b, ContentType: "image/png", Ext: "png"} }

		edited, err := svc.SubmitSlip(ctx, m.ID, png([]byte(deposit.BuildSlipQR("004", "KB000000777"))))
		if err != nil || edited.Status != deposit.Pending || edited.Note != string(errs.InvalidSlip) {
			t.Fatalf("%v %+v", err, edited)
		}
		unread, _ := svc.SubmitSlip(ctx, m.ID, png([]byte("no qr")))
		queue, err := svc.Review(ctx)
		if err != nil || len(queue) != 2 {
			t.Fatalf("%v %d", err, len(queue))
		}
		for _, sl := range queue {
			name := map[bool]string{true: "EditedFlagged", false: "UnreadPreFilled"}[sl.ID == edited.ID]
			t.Run(name, func(t *testing.T) {
				got := sl.OCR
				if got == nil || got.Amount != 500000 || got.At == nil || !got.At.Equal(at) || got.Sender != reading.Sender ||
					got.Found != reading.Found {
					t.Fatalf("reading %+v", got)
				}
				if want := sl.ID == edited.ID; got.AmountDiffers != want {
					t.Fatalf("amountDiffers %v, want %v", got.AmountDiffers, want)
				}
			})
		}
		b, _ := l.Balance(ctx, ledger.Wallet(m.ID).ID)
		if b != 0 {
			t.Fatalf("wallet %s before any confirmation", b)
		}
		// The operator confirms the pre-filled amount of the unread slip in one action.
		if _, err := svc.Approve(ctx, unread.ID, reading.Amount, "fin"); err != nil {
			t.Fatal(err)
		}
		if b, _ := l.Balance(ctx, ledger.Wallet(m.ID).ID); b != money.Satang(500000) {
			t.Fatalf("wallet %s", b)
		}
		mustVerify(t, l)
	})
}
