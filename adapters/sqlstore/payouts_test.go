package sqlstore_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/wallet"
)

// scriptedParty answers every Submit and Status with one state (or an
// unknown outcome when state is empty) and counts the submits.
type scriptedParty struct {
	mu      sync.Mutex
	submit  wallet.PayoutState
	status  wallet.PayoutState
	submits atomic.Int32
}

func (p *scriptedParty) answer(st wallet.PayoutState) (wallet.PayoutResult, error) {
	if st == "" {
		return wallet.PayoutResult{}, fmt.Errorf("%w: timeout", wallet.ErrPayoutUnknown)
	}
	r := wallet.PayoutResult{State: st, Ref: "P-1"}
	if st == wallet.PayoutFailed {
		r.Reason = "account closed"
	}
	return r, nil
}

func (p *scriptedParty) Submit(context.Context, wallet.PayoutRequest) (wallet.PayoutResult, error) {
	p.submits.Add(1)
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.answer(p.submit)
}

func (p *scriptedParty) Status(context.Context, string) (wallet.PayoutResult, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.answer(p.status)
}

// approvedPayout funds a new member with 1,000 baht, withdraws 400 and
// approves it through party; it answers the member and the payout.
func approvedPayout(t *testing.T, db *sqlstore.DB, e *walletEnv, phone, bankNo string) (*account.Member, wallet.Payout) {
	t.Helper()
	ctx := context.Background()
	m := newMember(phone, bankNo)
	if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: m.Phone, Amount: 1000_00, Reason: "welcome", By: "test"}); err != nil {
		t.Fatal(err)
	}
	w, err := e.svc.Withdraw(ctx, m.ID, 400_00)
	if err != nil {
		t.Fatal(err)
	}
	w, paid, err := e.svc.Approve(ctx, w.ID, "fin1")
	if err != nil || !paid || w.PayoutID == "" {
		t.Fatalf("Approve = %+v, %v, %v", w, paid, err)
	}
	p, err := e.repo.Payout(ctx, w.PayoutID)
	if err != nil {
		t.Fatal(err)
	}
	return m, p
}

func TestPayouts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newWalletEnv(t, db)
		party := &scriptedParty{submit: wallet.PayoutPaid}
		e.svc.UsePayouts(e.repo, party)

		t.Run("OKApprovalRecordsAPayout", func(t *testing.T) {
			m, p := approvedPayout(t, db, e, "0811111111", "1111111111")
			if p.Status != wallet.PayoutStatusSubmitted || p.Sent || p.Amount != 400_00 || p.MemberID != m.ID ||
				p.BankCode != "KBANK" || p.AccountNo != "1111111111" || p.AccountName != "SOMCHAI JAIDEE" {
				t.Fatalf("payout %+v", p)
			}
			e.expect(t, m.ID, "SIAMSLOT", 600_00, 0)
			w, err := e.repo.Withdrawal(ctx, p.WithdrawalID)
			if err != nil || w.Status != wallet.WithdrawalApproved || w.PayoutStatus != wallet.PayoutStatusSubmitted || w.Progress() != "PAYING" {
				t.Fatalf("withdrawal %+v, %v", w, err)
			}
			items, _, err := e.svc.Statement(ctx, m.ID, 1, 10)
			if err != nil || items[0].Type != "withdraw" || items[0].Status != "PENDING" || items[0].Withdrawal != "PAYING" {
				t.Fatalf("statement %+v, %v", items, err)
			}
			if n, err := e.svc.RunPayouts(ctx); err != nil || n != 1 {
				t.Fatalf("RunPayouts = %d, %v", n, err)
			}
			if p, _ = e.repo.Payout(ctx, p.ID); p.Status != wallet.PayoutStatusPaid || p.PartyRef != "P-1" || p.SettledAt == nil {
				t.Fatalf("paid %+v", p)
			}
			if b, _ := e.l.Balance(ctx, ledger.WithdrawalsOut.ID); b != 400_00 {
				t.Fatalf("withdrawals out %s", b)
			}
			items, _, _ = e.svc.Statement(ctx, m.ID, 1, 10)
			if items[0].Status != "SUCCESS" || items[0].Withdrawal != "APPROVED" {
				t.Fatalf("statement %+v", items[0])
			}
			approved, err := e.svc.Withdrawals(ctx, wallet.WithdrawalApproved)
			if err != nil || len(approved) != 1 || approved[0].PayoutStatus != wallet.PayoutStatusPaid || approved[0].PayoutID != p.ID {
				t.Fatalf("approved %+v, %v", approved, err)
			}
			list, total, err := e.svc.Payouts(ctx, wallet.PayoutStatusPaid)
			if err != nil || total != 1 || len(list) != 1 || list[0].ID != p.ID {
				t.Fatalf("Payouts = %+v, %d, %v", list, total, err)
			}
		})

		t.Run("OKFailedReturnsTheHold", func(t *testing.T) {
			party.mu.Lock()
			party.submit = wallet.PayoutFailed
			party.mu.Unlock()
			m, p := approvedPayout(t, db, e, "0822222222", "2222222222")
			if _, err := e.svc.RunPayouts(ctx); err != nil {
				t.Fatal(err)
			}
			e.expect(t, m.ID, "SIAMSLOT", 1000_00, 0)
			items, _, _ := e.svc.Statement(ctx, m.ID, 1, 10)
			if items[0].Status != "FAILED" || items[0].Description != "account closed" || items[0].Withdrawal != "FAILED" {
				t.Fatalf("statement %+v", items[0])
			}
			if w, _ := e.repo.Withdrawal(ctx, p.WithdrawalID); w.Progress() != "FAILED" || w.PayoutReason != "account closed" {
				t.Fatalf("withdrawal %+v", w)
			}
			// A member whose payout failed may withdraw again.
			if _, err := e.svc.Withdraw(ctx, m.ID, 100_00); err != nil {
				t.Fatal(err)
			}
		})

		t.Run("OKUnknownIsNoted", func(t *testing.T) {
			party.mu.Lock()
			party.submit, party.status = "", ""
			party.mu.Unlock()
			m, p := approvedPayout(t, db, e, "0833333333", "3333333333")
			before := party.submits.Load()
			if _, err := e.svc.RunPayouts(ctx); err != nil {
				t.Fatal(err)
			}
			p, _ = e.repo.Payout(ctx, p.ID)
			if p.Status != wallet.PayoutStatusUnknown || !p.Sent || p.Attempts != 1 || p.UnknownSince == nil || p.EscalatedAt != nil {
				t.Fatalf("unknown %+v", p)
			}
			if party.submits.Load() != before+1 {
				t.Fatalf("submits %d", party.submits.Load()-before)
			}
			first := *p.UnknownSince
			later := time.Now().Add(2 * time.Hour)
			if err := e.repo.NotePayout(ctx, p.ID, wallet.PayoutStatusUnknown, "", later, true, later); err != nil {
				t.Fatal(err)
			}
			p, _ = e.repo.Payout(ctx, p.ID)
			if !p.UnknownSince.Equal(first) || p.EscalatedAt == nil || p.NextCheckAt.Sub(later).Abs() > time.Millisecond {
				t.Fatalf("escalated %+v", p)
			}
			e.expect(t, m.ID, "SIAMSLOT", 600_00, 0)
			list, total, err := e.svc.Payouts(ctx, wallet.PayoutStatusUnknown)
			if err != nil || total != 1 || list[0].ID != p.ID {
				t.Fatalf("unknown list %+v %d %v", list, total, err)
			}
		})

		t.Run("OKClaimedByOne", func(t *testing.T) {
			_, p := approvedPayout(t, db, e, "0844444444", "4444444444")
			var won atomic.Int32
			var wg sync.WaitGroup
			for range 10 {
				wg.Go(func() {
					ok, err := e.repo.ClaimPayout(ctx, p.ID, p.Attempts, time.Now().Add(time.Minute), time.Now())
					if err != nil {
						t.Error(err)
					}
					if ok {
						won.Add(1)
					}
				})
			}
			wg.Wait()
			if won.Load() != 1 {
				t.Fatalf("%d claims won", won.Load())
			}
		})

		t.Run("OKSettlesOnceUnderRacingSettlers", func(t *testing.T) {
			m, p := approvedPayout(t, db, e, "0855555555", "5555555555")
			var won atomic.Int32
			var wg sync.WaitGroup
			for i := range 10 {
				wg.Go(func() {
					q := p
					kind, to := ledger.WithdrawReturn, ledger.Wallet(m.ID)
					q.Status, q.Reason = wallet.PayoutStatusFailed, "account closed"
					if i%2 == 1 {
						kind, to = ledger.WithdrawPay, ledger.WithdrawalsOut
						q.Status, q.Reason = wallet.PayoutStatusPaid, ""
					}
					j := ledger.Journal{ID: account.NewID(), Kind: kind, Ref: p.WithdrawalID, MemberID: m.ID,
						Postings: ledger.Move(ledger.WithdrawalsPending, to, p.Amount), CreatedAt: time.Now().UTC()}
					ok, err := e.repo.SettlePayout(ctx, q, j, time.Now())
					if err != nil {
						t.Error(err)
					}
					if ok {
						won.Add(1)
					}
				})
			}
			wg.Wait()
			if won.Load() != 1 {
				t.Fatalf("%d settlers won", won.Load())
			}
			p, _ = e.repo.Payout(ctx, p.ID)
			w, _ := e.balances(t, m.ID, "SIAMSLOT")
			if (p.Status == wallet.PayoutStatusFailed) != (w == 1000_00) || (p.Status == wallet.PayoutStatusPaid) != (w == 600_00) {
				t.Fatalf("payout %s, wallet %s", p.Status, w)
			}
			// The operator's resolution finds it settled.
			if _, err := e.svc.ResolvePayout(ctx, p.ID, wallet.PayoutStatusFailed, "bank says failed", "owner1"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("resolve settled: %v", err)
			}
		})

		t.Run("ErrStatus", func(t *testing.T) {
			if _, _, err := e.repo.Payouts(ctx, "DONE", 10); !errs.HasCode(err, errs.InvalidRequest) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.repo.Payout(ctx, "nope"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("err = %v", err)
			}
		})
	})
}
