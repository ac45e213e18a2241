package sqlstore_test

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/objects"
	"ngern/core/settings"
)

// The deposit service's collaborators other than the store, as fakes.
type qrBytes struct{}

func (qrBytes) Read(_ context.Context, img []byte) (string, error) { return string(img), nil }

type bankBook map[string]deposit.Transaction

func (b bankBook) Verify(_ context.Context, q deposit.SlipQR) (deposit.Transaction, error) {
	if t, ok := b[q.TransRef]; ok {
		return t, nil
	}
	return deposit.Transaction{}, fmt.Errorf("down: %w", deposit.ErrUnavailable)
}

type giftBook struct{ amount money.Satang }

func (g giftBook) Check(context.Context, string, string) (money.Satang, error) { return g.amount, nil }
func (g giftBook) Redeem(context.Context, string, string) (money.Satang, error) {
	time.Sleep(5 * time.Millisecond) // a real call takes a while: the others must wait on the claim
	return g.amount, nil
}

type depositOptions struct{}

func (depositOptions) DepositOptions(context.Context) (settings.Deposit, error) {
	return settings.Deposit{Banks: []settings.ReceivingBank{{BankCode: "KBANK", BankAccountNo: "1112223334"}},
		Wallets: []settings.ReceivingWallet{{Mode: "truemoney", WalletAccountNo: "0800000000"}}}, nil
}
func (depositOptions) SlipRules(context.Context) (settings.Slip, error) {
	return settings.Slip{UploadWithinHours: 1}, nil
}
func (depositOptions) Bank(context.Context, string) (settings.Bank, error) {
	return settings.Bank{}, nil
}

type noLimit struct{}

func (noLimit) Hit(context.Context, string, int, time.Duration) (bool, time.Duration, error) {
	return true, 0, nil
}

type discard struct{}

func (discard) Put(_ context.Context, _ string, r io.Reader, _ int64, _ string) error {
	_, err := io.Copy(io.Discard, r)
	return err
}
func (discard) Get(context.Context, string) (io.ReadCloser, objects.Info, error) {
	return nil, objects.Info{}, errs.New(errs.NotFoundCode)
}
func (discard) Delete(context.Context, string) error    { return nil }
func (discard) DeleteAll(context.Context, string) error { return nil }

func TestDeposits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		m := newMember("0812345678", "9876543210")
		if err := accounts.CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		other := newMember("0812345679", "5555555555")
		if err := accounts.CreateMember(ctx, other, ""); err != nil {
			t.Fatal(err)
		}
		store, l := sqlstore.NewDeposits(db), sqlstore.NewLedger(db)
		book := bankBook{}
		tx := func(ref string, amount money.Satang) []byte {
			book[ref] = deposit.Transaction{TransRef: ref, Amount: amount, TransferredAt: time.Now().Add(-time.Minute),
				Sender:   deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x4321-x"},
				Receiver: deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x2333-x"}}
			return []byte(deposit.BuildSlipQR("004", ref))
		}
		svc := deposit.NewService(deposit.Deps{Store: store, Ledger: l, Objects: discard{}, Reader: qrBytes{}, Verifier: book,
			Redeemer: giftBook{amount: 5000}, Options: depositOptions{}, Members: accounts, Limiter: noLimit{}})
		walletOf := func(id string) money.Satang {
			b, err := l.Balance(ctx, ledger.Wallet(id).ID)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		png := func(b []byte) deposit.Upload { return deposit.Upload{Data: b, ContentType: "image/png", Ext: "png"} }

		t.Run("TenConcurrentUploadsOfOneSlip", func(t *testing.T) {
			img := tx("KB000000001", 25000)
			var wg sync.WaitGroup
			var credited, dup atomic.Int32
			for range 10 {
				wg.Go(func() {
					_, err := svc.SubmitSlip(ctx, m.ID, png(img))
					switch {
					case err == nil:
						credited.Add(1)
					case errs.HasCode(err, errs.SlipRefNoDuplicated):
						dup.Add(1)
					default:
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if credited.Load() != 1 || dup.Load() != 9 || walletOf(m.ID) != 25000 {
				t.Fatalf("%d credited, %d duplicates, wallet %s", credited.Load(), dup.Load(), walletOf(m.ID))
			}
			slips, total, err := svc.MemberSlips(ctx, m.ID, 1, 10)
			if err != nil || total != 10 || len(slips) != 10 {
				t.Fatalf("%d of %d: %v", len(slips), total, err)
			}
			success := 0
			for _, s := range slips {
				if s.Status == deposit.Success {
					success++
				} else if s.Status != deposit.Failed || s.Note != string(errs.SlipRefNoDuplicated) {
					t.Fatalf("slip %s %s", s.Status, s.Note)
				}
			}
			if success != 1 {
				t.Fatalf("%d slips SUCCESS", success)
			}
			mustVerify(t, l)
		})

		t.Run("ReviewApproveAndReject", func(t *testing.T) {
			before := walletOf(m.ID)
			unknown, err := svc.SubmitSlip(ctx, m.ID, png([]byte(deposit.BuildSlipQR("004", "NOTINTHEBOOK1"))))
			if err != nil || unknown.Status != deposit.Pending || unknown.Note != string(errs.UnstableRefNo) {
				t.Fatalf("%v %+v", err, unknown)
			}
			blank, _ := svc.SubmitSlip(ctx, m.ID, png([]byte("not a qr")))
			queue, err := svc.Review(ctx)
			if err != nil || len(queue) != 2 || queue[0].ID != unknown.ID || queue[0].MemberAccountNo != "9876543210" {
				t.Fatalf("%v %+v", err, queue)
			}
			got, err := svc.Approve(ctx, unknown.ID, 12345, "fin")
			if err != nil || got.Status != deposit.Success || walletOf(m.ID) != before+12345 {
				t.Fatalf("%v %+v", err, got)
			}
			stored, err := svc.Slip(ctx, unknown.ID)
			if err != nil || stored.Status != deposit.Success || stored.Amount != 12345 || stored.DecidedBy != "fin" || stored.DecidedAt == nil {
				t.Fatalf("%v %+v", err, stored)
			}
			if _, err := svc.Reject(ctx, blank.ID, errs.InvalidSlip, "fin"); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Approve(ctx, blank.ID, 100, "fin"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("approved a rejected slip: %v", err)
			}
			credits, err := svc.Credits(ctx, 1, 50)
			if err != nil || len(credits) != 2 || credits[0].Amount != 12345 || credits[0].By != "fin" || credits[0].Phone != m.Phone {
				t.Fatalf("%v %+v", err, credits)
			}
			if _, err := svc.MemberSlip(ctx, other.ID, unknown.ID); !errs.HasCode(err, errs.NotFoundCode) {
				t.Fatalf("another member's slip: %v", err)
			}
			mustVerify(t, l)
		})

		t.Run("TenConcurrentRedemptionsOfOneVoucher", func(t *testing.T) {
			before := walletOf(other.ID)
			var wg sync.WaitGroup
			var credited atomic.Int32
			for range 10 {
				wg.Go(func() {
					_, _, err := svc.RedeemGift(ctx, other.ID, "https://gift.truemoney.com/campaign/?v=abcdef0123456789")
					switch {
					case err == nil:
						credited.Add(1)
					case !errs.HasCode(err, errs.TruelinkDup):
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if credited.Load() != 1 || walletOf(other.ID) != before+5000 {
				t.Fatalf("%d credited, wallet %s", credited.Load(), walletOf(other.ID))
			}
			if _, _, err := svc.RedeemGift(ctx, m.ID, "abcdef0123456789"); !errs.HasCode(err, errs.TruelinkDup) {
				t.Fatal(err)
			}
			mustVerify(t, l)
		})

		t.Run("RecoveryCreditsARecordedVoucherOnce", func(t *testing.T) {
			const hash = "recorded0123456789"
			before := walletOf(other.ID)
			if err := store.ClaimVoucher(ctx, deposit.Voucher{Hash: hash, MemberID: other.ID, Status: deposit.Pending, CreatedAt: time.Now().UTC()}); err != nil {
				t.Fatal(err)
			}
			if err := store.RecordVoucher(ctx, hash, 7000); err != nil {
				t.Fatal(err)
			}
			for pass := range 2 {
				var wg sync.WaitGroup
				var credited atomic.Int32
				for range 5 {
					wg.Go(func() {
						n, err := svc.RecoverGifts(ctx)
						if err != nil {
							t.Error(err)
						}
						credited.Add(int32(n))
					})
				}
				wg.Wait()
				if want := int32(1 - pass); credited.Load() != want {
					t.Fatalf("pass %d: %d credited, want %d", pass, credited.Load(), want)
				}
			}
			if walletOf(other.ID) != before+7000 {
				t.Fatalf("wallet %s, want %s", walletOf(other.ID), before+7000)
			}
			mustVerify(t, l)
		})

		t.Run("CheckFindsACreditWithoutItsSlip", func(t *testing.T) {
			j := ledger.Journal{ID: account.NewID(), Kind: deposit.JournalKind, Ref: "slip:004:FORGED01", MemberID: m.ID,
				Postings: ledger.Move(ledger.Deposits, ledger.Wallet(m.ID), 100), CreatedAt: time.Now().UTC()}
			if err := l.Post(ctx, j); err != nil {
				t.Fatal(err)
			}
			r, err := l.Verify(ctx, time.Now().Add(-time.Hour))
			if err != nil || r.OK() {
				t.Fatalf("a deposit journal without a slip passed the check: %v", err)
			}
		})
	})
}
