package app

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/adapters/gift"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/settings"
)

// TestGiftRedeemedDuringOutage: TrueMoney redeems a voucher, then the
// database goes away before the credit. The member is answered that the
// deposit is being credited (200, status PENDING), never "retry"; once the
// database is back the amount is recorded and credited, and recovery
// passes, concurrent and repeated, credit nothing more.
func TestGiftRedeemedDuringOutage(t *testing.T) {
	defer func(r struct{ Every, For time.Duration }) { deposit.GiftRecordRetry = r }(deposit.GiftRecordRetry)
	deposit.GiftRecordRetry.Every = 50 * time.Millisecond
	p, db := proxiedPostgres(t)
	sim := gift.NewSim("")
	tm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sim.ServeHTTP(w, r)
		if strings.HasSuffix(r.URL.Path, "/redeem") {
			p.down() // redeemed at TrueMoney; our database is gone before the credit
		}
	}))
	t.Cleanup(tm.Close)
	h := newHarness(t, db, func(c *Config) {
		c.RegisterOTP = false
		c.TrueMoney, c.TrueMoneyURL = "api", tm.URL
	})
	doc, _ := json.Marshal(demoDeposit)
	if err := h.tools.settings.Put(context.Background(), settings.KeyDeposit, doc); err != nil {
		t.Fatal(err)
	}
	token := h.member("0815550000", "5550000000", 0)
	id := memberID(h, token)
	hash, _ := sim.Make(gift.Voucher{Amount: money.FromBaht(50)})

	r := h.call("POST", "/api/wallet/truelink", token, map[string]any{"link": hash})
	h.expect(r, 200, "SUCCESS")
	if r.Body["status"] != "PENDING" || r.Body["amount"].(json.Number).String() != "50.00" {
		t.Fatalf("answered %s, want 50.00 PENDING", r.Raw)
	}
	p.up()
	for deadline := time.Now().Add(20 * time.Second); h.ledgerBalance(ledger.Wallet(id).ID) != money.FromBaht(50); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("wallet %s, want 50.00 once the database is back", h.ledgerBalance(ledger.Wallet(id).ID))
		}
	}
	svc := deposit.NewService(deposit.Deps{Store: sqlstore.NewDeposits(db)})
	for pass := range 2 {
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				if n, err := svc.RecoverGifts(context.Background()); err != nil || n != 0 {
					t.Errorf("pass %d: credited %d again (%v)", pass, n, err)
				}
			})
		}
		wg.Wait()
	}
	if w := walletAmount(h.call("GET", "/api/wallet", token, nil)); w != "50.00" {
		t.Fatalf("wallet %s, want 50.00 once", w)
	}
	if left, err := sqlstore.NewDeposits(db).PendingVouchers(context.Background()); err != nil || len(left) != 0 {
		t.Fatalf("vouchers left pending: %v %+v", err, left)
	}
}

// TestOperatorCreditsAPendingVoucher: the console's one action for a stuck
// voucher credits it once, with the recorded amount when there is one, and
// is audited.
func TestOperatorCreditsAPendingVoucher(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		ctx := context.Background()
		owner := h.operator("owner1", operator.Owner)
		finance := h.operator("fin1", operator.Finance)
		token := h.member("0815550001", "5550000001", 0)
		id := memberID(h, token)
		store := sqlstore.NewDeposits(db)
		for _, v := range []string{"unconfirmed0123456789", "recorded0123456789"} {
			if err := store.ClaimVoucher(ctx, deposit.Voucher{Hash: v, MemberID: id, Status: deposit.Pending, CreatedAt: time.Now().UTC()}); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.RecordVoucher(ctx, "recorded0123456789", money.FromBaht(20)); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name, voucher, amount string
			status                int
			code, wallet          string
		}{
			{"UnconfirmedFoundInTheHistory", "unconfirmed0123456789", "30", 200, "SUCCESS", "30.00"},
			{"Again", "unconfirmed0123456789", "30", 404, "NO_DATA", "30.00"},
			{"RecordedAmountCannotChange", "recorded0123456789", "25", 400, "INVALID_AMOUNT", "30.00"},
			{"Recorded", "recorded0123456789", "20", 200, "SUCCESS", "50.00"},
			{"Unknown", "nosuchvoucher0123", "20", 404, "NO_DATA", "50.00"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				h := h.sub(t)
				h.expect(h.call("POST", "/api/operator/deposits/vouchers/"+c.voucher+"/credit", finance, map[string]any{"amount": json.Number(c.amount)}),
					c.status, c.code)
				if w := walletAmount(h.call("GET", "/api/wallet", token, nil)); w != c.wallet {
					t.Fatalf("wallet %s, want %s", w, c.wallet)
				}
			})
		}
		audit := h.call("GET", "/api/operator/audit?action=voucher.credit", owner, nil)
		if !strings.Contains(string(audit.Raw), "unconfirmed0123456789") || !strings.Contains(string(audit.Raw), "recorded0123456789") {
			t.Fatalf("credits not audited: %s", audit.Raw)
		}
	})
}
