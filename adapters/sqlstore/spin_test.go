package sqlstore_test

import (
	"context"
	"strings"
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
	"ngern/core/settings"
	"ngern/core/spin"
)

// cashWheel is an active wheel that always lands on a 50.00 cash prize
// (its "nothing" slice has a weight only so that the wheel is valid; the
// tests draw from a source that always picks the first slice).
func cashWheel(budget money.Satang) spin.Wheel {
	w := spin.DemoWheel(false)
	w.Name, w.DailyLimit, w.DailyBudget = "Cash wheel", 0, budget
	w.Slices = []spin.Slice{w.Slices[0], w.Slices[1]} // CASH50, NONE1
	return w
}

// firstSlice is a random source under which every draw picks the first
// slice (crypto/rand.Int reads zeros as 0).
type firstSlice struct{}

func (firstSlice) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

type spinFixture struct {
	db     *sqlstore.DB
	ledger *sqlstore.Ledger
	svc    *spin.Service
	member *account.Member
	now    *atomic.Pointer[time.Time]
}

func newSpinFixture(t *testing.T, db *sqlstore.DB, w spin.Wheel) spinFixture {
	t.Helper()
	ctx := context.Background()
	seed(t, db)
	m := newMember("0812345678", "1234567890")
	if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
		t.Fatal(err)
	}
	now := &atomic.Pointer[time.Time]{}
	start := time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)
	now.Store(&start)
	f := spinFixture{db: db, ledger: sqlstore.NewLedger(db), member: m, now: now}
	f.svc = spin.NewService(spin.Deps{Store: sqlstore.NewSpin(db), Ledger: f.ledger, Members: sqlstore.NewAccounts(db),
		Random: firstSlice{}, Now: func() time.Time { return *now.Load() }, IDs: account.NewID})
	if _, err := f.svc.SaveWheel(ctx, w, "test"); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f spinFixture) coins(t *testing.T, n int64) {
	t.Helper()
	if _, err := f.svc.GrantCoins(context.Background(), f.member.ID, n, "test", "test", ""); err != nil {
		t.Fatal(err)
	}
}

func TestSpinStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		f := newSpinFixture(t, db, cashWheel(100_00))
		wallet := ledger.Wallet(f.member.ID)

		t.Run("ErrNoCoins", func(t *testing.T) {
			if _, err := f.svc.Spin(ctx, f.member.ID); !errs.HasCode(err, errs.NotEnoughCoin) {
				t.Fatalf("spin without coins: %v", err)
			}
		})
		t.Run("SpinMakesACouponAndClaimPaysOnce", func(t *testing.T) {
			f.coins(t, 1)
			out, err := f.svc.Spin(ctx, f.member.ID)
			if err != nil {
				t.Fatal(err)
			}
			if out.Slice.Code != "CASH50" || out.Coupon == nil || out.RemainingCoin != 0 {
				t.Fatalf("outcome %+v", out)
			}
			cs, err := f.svc.MemberCoupons(ctx, f.member.ID)
			if err != nil || len(cs) != 1 || cs[0].ID != out.Coupon.ID || cs[0].Slice.Label.EN != "Cash 50" {
				t.Fatalf("coupons %+v, %v", cs, err)
			}
			if _, err := f.svc.Claim(ctx, f.member.ID, out.Coupon.ID); err != nil {
				t.Fatal(err)
			}
			if b, _ := f.ledger.Balance(ctx, wallet.ID); b != 50_00 {
				t.Fatalf("wallet %s after the claim", b)
			}
			if b, _ := f.ledger.Balance(ctx, ledger.Prizes.ID); b != -50_00 {
				t.Fatalf("sys:prizes %s", b)
			}
			if _, err := f.svc.Claim(ctx, f.member.ID, out.Coupon.ID); !errs.HasCode(err, errs.NoClaimableCoupon) {
				t.Fatalf("second claim: %v", err)
			}
			mustVerify(t, f.ledger)
		})
		t.Run("ErrClaimUnknownOrOthers", func(t *testing.T) {
			for _, code := range []string{"", "nope", "0123456789abcdef01234567"} {
				if _, err := f.svc.Claim(ctx, f.member.ID, code); !errs.HasCode(err, errs.InvalidCode) {
					t.Fatalf("claim %q: %v", code, err)
				}
			}
			f.coins(t, 1)
			out, err := f.svc.Spin(ctx, f.member.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.Claim(ctx, "someone-else", out.Coupon.ID); !errs.HasCode(err, errs.InvalidCode) {
				t.Fatalf("claim of another member's coupon: %v", err)
			}
		})
		t.Run("BudgetExhaustedFallsBackToNothing", func(t *testing.T) {
			// Budget 100.00: two 50.00 prizes were booked above; the
			// third spin lands on the nothing slice without a coupon.
			f.coins(t, 1)
			out, err := f.svc.Spin(ctx, f.member.ID)
			if err != nil {
				t.Fatal(err)
			}
			if out.Slice.Code != "NONE1" || !out.FellBack || out.Coupon != nil {
				t.Fatalf("outcome over budget %+v", out)
			}
			w, b, err := f.svc.ActiveWheel(ctx)
			if err != nil || b.Spent != 100_00 || b.Spins != 3 || !b.Exhausted(w) {
				t.Fatalf("budget %+v, %v", b, err)
			}
			// The next day has a budget again.
			next := f.now.Load().Add(24 * time.Hour)
			f.now.Store(&next)
			f.coins(t, 1)
			if out, err := f.svc.Spin(ctx, f.member.ID); err != nil || out.Slice.Code != "CASH50" {
				t.Fatalf("next day: %+v, %v", out, err)
			}
		})
		t.Run("ExpiredCoupon", func(t *testing.T) {
			f.coins(t, 1)
			out, err := f.svc.Spin(ctx, f.member.ID)
			if err != nil || out.Coupon == nil {
				t.Fatalf("%+v, %v", out, err)
			}
			later := out.Coupon.ExpiresAt
			f.now.Store(&later)
			if _, err := f.svc.Claim(ctx, f.member.ID, out.Coupon.ID); !errs.HasCode(err, errs.CouponExpired) {
				t.Fatalf("claim at expiry: %v", err)
			}
			before := later.Add(-time.Second)
			f.now.Store(&before)
			if _, err := f.svc.Claim(ctx, f.member.ID, out.Coupon.ID); err != nil {
				t.Fatalf("claim a second before expiry: %v", err)
			}
		})
		t.Run("DepositEarnsCoinsOnce", func(t *testing.T) {
			// A gift voucher credit with the coins it earns, as core
			// builds every deposit credit (deposit.Coins): posted in
			// one transaction, once.
			before, _ := f.svc.Coins(ctx, f.member.ID)
			deps := sqlstore.NewDeposits(db)
			const hash = "0123456789abcdef0123456789abcdef"
			if err := deps.ClaimVoucher(ctx, deposit.Voucher{Hash: hash, MemberID: f.member.ID, Status: deposit.Pending,
				CreatedAt: time.Now().UTC()}); err != nil {
				t.Fatal(err)
			}
			j := ledger.Journal{ID: account.NewID(), Kind: deposit.JournalKind, Ref: "gift:" + hash, MemberID: f.member.ID,
				Postings: ledger.Move(ledger.Deposits, wallet, 250_00), CreatedAt: time.Now().UTC()}
			cj, ok := deposit.Coins(j, settings.DefaultCoins.DepositPerCoin)
			if !ok {
				t.Fatal("a deposit of 250.00 earns no coins")
			}
			if err := deps.CreditVoucher(ctx, hash, 250_00, []ledger.Journal{j, cj}); err != nil {
				t.Fatal(err)
			}
			j.ID = account.NewID()
			if err := f.ledger.Post(ctx, j); err != ledger.ErrDuplicate {
				t.Fatalf("the same deposit twice: %v", err)
			}
			if after, _ := f.svc.Coins(ctx, f.member.ID); after != before+2 {
				t.Fatalf("coins %d after a 250.00 deposit, had %d", after, before)
			}
			m, err := sqlstore.NewAccounts(db).MemberByID(ctx, f.member.ID)
			if err != nil || m.Coin != before+2 {
				t.Fatalf("profile coin %v, %v", m, err)
			}
			h, err := sqlstore.NewWallet(db).MemberHome(ctx, f.member.ID)
			if err != nil || h.Member.Coin != before+2 {
				t.Fatalf("home coin %+v, %v", h, err)
			}
			r := mustVerify(t, f.ledger)
			if r.Journals == 0 {
				t.Fatal("no journals verified")
			}
		})
		t.Run("ErrTakeBackBelowZero", func(t *testing.T) {
			have, _ := f.svc.Coins(ctx, f.member.ID)
			if _, err := f.svc.GrantCoins(ctx, f.member.ID, -(have + 1), "too many", "test", ""); !errs.HasCode(err, errs.NotEnoughCoin) {
				t.Fatalf("take back more than held: %v", err)
			}
			if n, _ := f.svc.Coins(ctx, f.member.ID); n != have {
				t.Fatalf("coins %d, want %d", n, have)
			}
		})
		t.Run("OneActiveWheel", func(t *testing.T) {
			w := spin.DemoWheel(false)
			saved, err := f.svc.SaveWheel(ctx, w, "test")
			if err != nil {
				t.Fatal(err)
			}
			ws, err := f.svc.Wheels(ctx)
			if err != nil || len(ws) != 2 || ws[0].ID != saved.ID || !ws[0].Active || ws[1].Active {
				t.Fatalf("wheels %+v, %v", ws, err)
			}
		})
	})
}

func TestSpinDailyLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		w := cashWheel(0)
		w.DailyLimit = 2
		f := newSpinFixture(t, db, w)
		f.coins(t, 3)
		for i := range 2 {
			if _, err := f.svc.Spin(ctx, f.member.ID); err != nil {
				t.Fatalf("spin %d: %v", i+1, err)
			}
		}
		if _, err := f.svc.Spin(ctx, f.member.ID); !errs.HasCode(err, errs.SpinDailyLimit) {
			t.Fatalf("third spin: %v", err)
		}
		if n, _ := f.svc.Coins(ctx, f.member.ID); n != 1 {
			t.Fatalf("a refused spin took a coin: %d left", n)
		}
	})
}

// TestSpinRaces: a member with one coin sending 20 spins at once gets
// exactly one; 20 claims of one coupon at once credit it once.
func TestSpinRaces(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		f := newSpinFixture(t, db, cashWheel(0))
		f.coins(t, 1)
		const n = 20
		run := func(fn func() error) (ok int, errors []error) {
			var wg sync.WaitGroup
			var mu sync.Mutex
			for range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					err := fn()
					mu.Lock()
					defer mu.Unlock()
					if err == nil {
						ok++
					} else {
						errors = append(errors, err)
					}
				}()
			}
			wg.Wait()
			return ok, errors
		}
		var coupon atomic.Value
		ok, fails := run(func() error {
			out, err := f.svc.Spin(ctx, f.member.ID)
			if err == nil {
				coupon.Store(out.Coupon.ID)
			}
			return err
		})
		if ok != 1 {
			t.Fatalf("%d of %d spins with one coin succeeded", ok, n)
		}
		for _, err := range fails {
			if !errs.HasCode(err, errs.NotEnoughCoin) {
				t.Fatalf("a refused spin: %v", err)
			}
		}
		ok, fails = run(func() error {
			_, err := f.svc.Claim(ctx, f.member.ID, coupon.Load().(string))
			return err
		})
		if ok != 1 {
			t.Fatalf("%d of %d claims of one coupon succeeded", ok, n)
		}
		for _, err := range fails {
			if !errs.HasCode(err, errs.NoClaimableCoupon) {
				t.Fatalf("a refused claim: %v", err)
			}
		}
		if b, _ := f.ledger.Balance(ctx, ledger.Wallet(f.member.ID).ID); b != 50_00 {
			t.Fatalf("wallet %s after 20 claims of one 50.00 coupon", b)
		}
		mustVerify(t, f.ledger)
	})
}

// TestLedgerUnits: ngern check adds coins and satang apart and reports a
// journal that mixes them (one written behind the ledger's back: Post
// refuses it).
func TestLedgerUnits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		f := newSpinFixture(t, db, cashWheel(0))
		f.coins(t, 5)
		mixed := ledger.Journal{ID: account.NewID(), Kind: ledger.Adjustment, Ref: "mixed", MemberID: f.member.ID,
			Postings:  []ledger.Posting{{Account: ledger.Coin(f.member.ID), Amount: 1}, {Account: ledger.Deposits, Amount: -1}},
			CreatedAt: time.Now().UTC()}
		if err := f.ledger.Post(ctx, mixed); err == nil {
			t.Fatal("a journal mixing coins and satang was posted")
		}
		mustVerify(t, f.ledger)
		x := db.SQL()
		for _, q := range []string{
			`INSERT INTO journals (id, kind, ref, member_id, memo, created_by, created_at) VALUES ('jmix', 'adjustment', 'mix', NULL, '', '', CURRENT_TIMESTAMP)`,
			`INSERT INTO ledger_accounts (id, kind, member_id, game_code, balance, created_at) VALUES ('sys:deposits', 'system', NULL, NULL, 0, CURRENT_TIMESTAMP) ON CONFLICT (id) DO NOTHING`,
			`INSERT INTO postings (journal_id, account_id, amount, created_at) VALUES ('jmix', 'coin:` + f.member.ID + `', 1, CURRENT_TIMESTAMP), ('jmix', 'sys:deposits', -1, CURRENT_TIMESTAMP)`,
			`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = 'coin:` + f.member.ID + `'`,
		} {
			if _, err := x.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		r, err := f.ledger.Verify(ctx, time.Now().Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(r.Problems, "\n")
		for _, want := range []string{"journal jmix mixes coins and satang", "all postings in satang sum to -0.01", "all postings in coins sum to 1"} {
			if !strings.Contains(got, want) {
				t.Fatalf("check reported:\n%s\nwithout %q", got, want)
			}
		}
	})
}

func TestSpinCoinsPrize(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		w := spin.DemoWheel(false)
		w.Slices = []spin.Slice{w.Slices[3], w.Slices[1]} // COIN2, NONE1
		f := newSpinFixture(t, db, w)
		f.coins(t, 1)
		out, err := f.svc.Spin(ctx, f.member.ID)
		if err != nil || out.Slice.Code != "COIN2" || out.Coupon == nil {
			t.Fatalf("%+v, %v", out, err)
		}
		if _, err := f.svc.Claim(ctx, f.member.ID, out.Coupon.ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := f.svc.Coins(ctx, f.member.ID); n != 2 {
			t.Fatalf("coins %d after winning 2 with the last one", n)
		}
		if b, _ := f.ledger.Balance(ctx, ledger.Coins.ID); b != -2 {
			t.Fatalf("sys:coins %d, want -2 (minus the coins members hold)", b)
		}
		if b, _ := f.ledger.Balance(ctx, ledger.Prizes.ID); b != 0 {
			t.Fatalf("a coins prize paid baht: sys:prizes %s", b)
		}
		if _, _, err := f.svc.ActiveWheel(ctx); err != nil {
			t.Fatal(err)
		}
		mustVerify(t, f.ledger)
	})
}
