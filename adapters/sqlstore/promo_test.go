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
	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/seamless"
	"ngern/core/spin"
)

type promoEnv struct {
	db     *sqlstore.DB
	store  *sqlstore.Promo
	ledger *sqlstore.Ledger
	svc    *promo.Service
}

func newPromoEnv(t *testing.T, db *sqlstore.DB) *promoEnv {
	t.Helper()
	seed(t, db)
	st := sqlstore.NewPromo(db)
	e := &promoEnv{db: db, store: st, ledger: sqlstore.NewLedger(db),
		svc: promo.NewService(promo.Deps{Store: st, Deposits: st, IDs: account.NewID})}
	ctx := context.Background()
	if _, err := e.svc.SaveBonus(ctx, promo.Bonus{Code: "WELCOME", Name: "Welcome", Type: promo.TypeLimit, MaxReceived: 1,
		Fixed: 10000, PercentFail: 10, SuccessPercent: 300, Active: true,
		Banners: []promo.Banner{{Image: "https://img.example/w.png", HTML: "<p>hi</p>"}}}); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *promoEnv) member(t *testing.T, i int) string {
	t.Helper()
	m := newMember(fmt.Sprintf("08%08d", i), fmt.Sprintf("%010d", i))
	if err := sqlstore.NewAccounts(e.db).CreateMember(context.Background(), m, ""); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// deposit credits a gift voucher to the member, as the deposits service does.
func (e *promoEnv) deposit(t *testing.T, memberID string, amount money.Satang) {
	t.Helper()
	ctx, deps, hash := context.Background(), sqlstore.NewDeposits(e.db), account.NewID()
	if err := deps.ClaimVoucher(ctx, deposit.Voucher{Hash: hash, MemberID: memberID, CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := deps.CreditVoucher(ctx, hash, amount, []ledger.Journal{{ID: account.NewID(), Kind: promo.KindDeposit,
		Ref: "gift:" + hash, MemberID: memberID, Postings: ledger.Move(ledger.Deposits, ledger.Wallet(memberID), amount),
		CreatedAt: time.Now().UTC()}}); err != nil {
		t.Fatal(err)
	}
}

// post posts one journal of kind moving amount for the member, now.
func (e *promoEnv) post(t *testing.T, memberID string, kind ledger.JournalKind, from, to ledger.Account, amount money.Satang) {
	t.Helper()
	if err := e.ledger.Post(context.Background(), ledger.Journal{ID: account.NewID(), Kind: kind, Ref: account.NewID(),
		MemberID: memberID, Postings: ledger.Move(from, to, amount), CreatedAt: time.Now().UTC()}); err != nil {
		t.Fatal(err)
	}
}

// seamless stores a seamless callback of member m (its ids prefixed by m)
// as the seamless wallet does: its journal, its row, its round.
func (e *promoEnv) seamless(t *testing.T, m string, kind seamless.Kind, txID, betID string, amount money.Satang) {
	t.Helper()
	r := seamless.Record{Provider: "sim", TxID: m + txID, Kind: kind, State: seamless.Applied, MemberID: m, RoundID: m + "-r",
		Game: "slot1", Amount: amount, Fingerprint: "fp", CreatedAt: time.Now().UTC()}
	st := sqlstore.NewSeamless(e.db)
	var err error
	if kind == seamless.Rollback {
		r.RefTxID = m + betID
		_, _, err = st.Cancel(context.Background(), r)
	} else {
		_, _, err = st.Apply(context.Background(), r)
	}
	if err != nil {
		t.Fatal(err)
	}
}

func (e *promoEnv) verify(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	if problems, err := e.store.VerifyPromotions(ctx); err != nil || len(problems) > 0 {
		t.Fatalf("promotions check: %v %v", problems, err)
	}
	if r, err := e.ledger.Verify(ctx, time.Now()); err != nil || !r.OK() {
		t.Fatalf("ledger check: %v %v", r.Problems, err)
	}
}

func TestPromoActivationRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newPromoEnv(t, db)
		m := e.member(t, 1)
		e.deposit(t, m, 10000)
		var wg sync.WaitGroup
		var ok atomic.Int32
		unexpected := make(chan error, 50)
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.ActivateBonus(ctx, m, "WELCOME")
				switch {
				case err == nil:
					ok.Add(1)
				case errs.HasCode(err, errs.BonusAlreadyActive), errs.HasCode(err, errs.BonusMaxClaimed):
				default:
					unexpected <- err
				}
			}()
		}
		wg.Wait()
		close(unexpected)
		for err := range unexpected {
			t.Errorf("unexpected: %v", err)
		}
		receipts, _ := e.store.Receipts(ctx, m)
		if ok.Load() != 1 || len(receipts) != 1 {
			t.Fatalf("%d activations succeeded, %d receipts", ok.Load(), len(receipts))
		}
		if bal, _ := e.ledger.Balance(ctx, ledger.PromotionExpense.ID); bal != -10000 {
			t.Fatalf("sys:promotions %s, want -100.00", bal)
		}
		c, active, err := e.store.ActiveCondition(ctx, m)
		if err != nil || !active || c.Base != 20000 || c.Amount != 10000 {
			t.Fatalf("condition %+v %v %v", c, active, err)
		}
		e.verify(t)
	})
}

func TestPromoCodeTotalLimitRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newPromoEnv(t, db)
		const n = 5
		if _, err := e.svc.SavePromotion(ctx, promo.Promotion{Code: "LIMITED", Amount: 5000, LimitTotal: n, Active: true}); err != nil {
			t.Fatal(err)
		}
		members := make([]string, n+20)
		for i := range members {
			members[i] = e.member(t, 100+i)
		}
		var wg sync.WaitGroup
		var ok atomic.Int32
		unexpected := make(chan error, len(members))
		for _, m := range members {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.ActivatePromotion(ctx, m, "LIMITED")
				switch {
				case err == nil:
					ok.Add(1)
				case errs.HasCode(err, errs.BonusFull):
				default:
					unexpected <- err
				}
			}()
		}
		wg.Wait()
		close(unexpected)
		for err := range unexpected {
			t.Errorf("unexpected: %v", err)
		}
		p, _ := e.store.Promotion(ctx, "LIMITED")
		if ok.Load() != n || p.Used != n {
			t.Fatalf("%d activations succeeded, used %d, want %d", ok.Load(), p.Used, n)
		}
		if bal, _ := e.ledger.Balance(ctx, ledger.PromotionExpense.ID); bal != -n*5000 {
			t.Fatalf("sys:promotions %s", bal)
		}
		// A total limit may not be lowered below what was given.
		p.LimitTotal = n - 1
		if _, err := e.svc.SavePromotion(ctx, p); !errs.HasCode(err, errs.InvalidRequest) {
			t.Fatalf("lowered below used: %v", err)
		}
		e.verify(t)
	})
}

func TestPromoStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newPromoEnv(t, db)
		m := e.member(t, 1)

		t.Run("bonus round trip", func(t *testing.T) {
			from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			b, err := e.svc.SaveBonus(ctx, promo.Bonus{Code: "dep", Name: "Deposit", Type: promo.TypeWeek, MaxReceived: 2,
				Percent: 20, Cap: 5000, MinDeposit: 10000, FirstDepositOfDay: true, ValidFrom: &from, Active: true})
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.store.Bonus(ctx, "DEP")
			if err != nil || got.Percent != 20 || got.Cap != 5000 || !got.FirstDepositOfDay || got.ValidFrom == nil ||
				!got.ValidFrom.Equal(from) || got.ValidTo != nil || got.SuccessPercent != b.SuccessPercent {
				t.Fatalf("%+v %v", got, err)
			}
			w, _ := e.store.Bonus(ctx, "WELCOME")
			if len(w.Banners) != 1 || w.Banners[0].HTML != "<p>hi</p>" {
				t.Fatalf("banners %+v", w.Banners)
			}
			if _, err := e.store.Bonus(ctx, "NOPE"); !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
		})

		t.Run("deposit-linked bonus reads deposit journals", func(t *testing.T) {
			_, err := e.svc.ActivateBonus(ctx, m, "DEP")
			if !errs.HasCode(err, errs.BonusCondition) {
				t.Fatalf("without a deposit: %v", err)
			}
			e.deposit(t, m, 30000)
			c, err := e.svc.ActivateBonus(ctx, m, "DEP")
			if err != nil || c.Amount != 5000 || c.Base != 35000 {
				t.Fatalf("%+v %v", c, err)
			}
		})

		t.Run("cancel after losses in a game forfeits what is left", func(t *testing.T) {
			// 350.00 (deposit 300.00 + bonus 50.00): 340.00 into a game, 310.00 lost there.
			for i, mv := range []struct {
				from, to ledger.Account
				amount   money.Satang
			}{
				{ledger.Wallet(m), ledger.Game(m, "G"), 34000},
				{ledger.Game(m, "G"), ledger.Clearing("G"), 31000},
			} {
				if err := e.ledger.Post(ctx, ledger.Journal{ID: account.NewID(), Kind: "test", Ref: fmt.Sprint("g", i), MemberID: m,
					Postings: ledger.Move(mv.from, mv.to, mv.amount), CreatedAt: time.Now()}); err != nil {
					t.Fatal(err)
				}
			}
			// 30.00 in the game, 10.00 in the wallet: the game's money must come back first.
			if _, err := e.svc.Clear(ctx, m); !errs.HasCode(err, errs.MoneyNotEnough) {
				t.Fatalf("cancel with money in a game: %v", err)
			}
			e.ledger.Post(ctx, ledger.Journal{ID: account.NewID(), Kind: "test", Ref: "back", MemberID: m,
				Postings: ledger.Move(ledger.Game(m, "G"), ledger.Wallet(m), 3000), CreatedAt: time.Now()})
			c, err := e.svc.Clear(ctx, m) // total 40.00 < bonus 50.00: forfeit 40.00
			if err != nil || c.Status != promo.Cancelled || c.Forfeited != 4000 {
				t.Fatalf("%+v %v", c, err)
			}
			if tot, _ := e.store.TotalBalance(ctx, m); tot != 0 {
				t.Fatalf("total %s", tot)
			}
			if ok, err := e.store.EndCondition(ctx, c.ID, promo.Failed, "", time.Now(), nil); ok || err != nil {
				t.Fatalf("ended twice: %v %v", ok, err)
			}
			e.verify(t)
		})

		t.Run("the statement shows bonus and finish_bonus, the cancelled one as CANCELLED", func(t *testing.T) {
			items, total, err := sqlstore.NewWallet(db).Statement(ctx, m, 0, 10)
			if err != nil || total != 3 || len(items) != 3 || items[2].Type != "deposit" {
				t.Fatalf("%d items of %d: %+v %v", len(items), total, items, err)
			}
			end, got := items[0], items[1]
			if got.Type != "bonus" || got.From != "BONUS" || got.Amount != 5000 || got.Source != "bonus" || got.Description != "DEP" {
				t.Fatalf("bonus item %+v", got)
			}
			if end.Type != "finish_bonus" || end.Status != "CANCELLED" || end.Amount != 4000 || end.Source != "bonus" {
				t.Fatalf("finish item %+v", end)
			}
		})

		t.Run("the condition fails below percentFail and succeeds at the target", func(t *testing.T) {
			m2 := e.member(t, 2)
			c, err := e.svc.ActivatePromotion(ctx, m2, "NOPE")
			if !errs.HasCode(err, errs.NoPromotion) {
				t.Fatalf("%+v %v", c, err)
			}
			e.svc.SavePromotion(ctx, promo.Promotion{Code: "P1", Amount: 10000, LimitPerMember: 2, Active: true})
			c, err = e.svc.ActivatePromotion(ctx, m2, "P1") // base 100.00, minimum 10.00, target 200.00
			if err != nil || c.Base != 10000 || c.Target() != 20000 {
				t.Fatalf("%+v %v", c, err)
			}
			if err := e.svc.CheckWithdraw(ctx, m2); !errs.HasCode(err, errs.BonusRemaining) {
				t.Fatal(err)
			}
			e.post(t, m2, "test", ledger.Wallet(m2), ledger.Game(m2, "G"), 9001)
			e.post(t, m2, ledger.GameResult, ledger.Game(m2, "G"), ledger.Clearing("G"), 9001)
			if n, err := e.svc.EvaluateAll(ctx); err != nil || n != 1 {
				t.Fatalf("EvaluateAll %d %v", n, err)
			}
			got, _ := e.store.Condition(ctx, c.ID)
			if got.Status != promo.Failed || got.Phone == "" {
				t.Fatalf("%+v", got)
			}
			c, err = e.svc.ActivatePromotion(ctx, m2, "P1")
			if err != nil {
				t.Fatal(err)
			}
			if _, err = e.svc.ActivateBonus(ctx, m2, "WELCOME"); !errs.HasCode(err, errs.BonusAlreadyActive) {
				t.Fatal(err)
			}
			e.post(t, m2, ledger.GameResult, ledger.Clearing("G"), ledger.Game(m2, "G"), c.Target())
			if err := e.svc.CheckWithdraw(ctx, m2); err != nil {
				t.Fatal(err)
			}
			if _, err = e.svc.ActivatePromotion(ctx, m2, "P1"); !errs.HasCode(err, errs.PromotionReceived) {
				t.Fatal(err)
			}
			e.verify(t)
		})
	})
}

// TestPromoOnlyPlayMovesProgress credits a member, while WELCOME's
// condition (base 200.00, target 600.00, minimum 20.00) is active, with
// every kind of credit the server makes: only a game result ends it.
func TestPromoOnlyPlayMovesProgress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newPromoEnv(t, db)
		const amount = money.Satang(50000) // 500.00: total 700.00, past the target
		// Every deposit (slip, QR payment, gift voucher) is one journal of
		// kind deposit from sys:deposits; e.deposit records it with its
		// voucher, which keeps the ledger check clean.
		for i, tc := range []struct {
			name   string
			before func(m string) // before the bonus is received
			during func(m string)
			want   promo.Status
			play   money.Satang
		}{
			{name: "deposit by slip", during: func(m string) { e.deposit(t, m, amount) }, want: promo.Active},
			{name: "deposit by QR", during: func(m string) { e.deposit(t, m, amount) }, want: promo.Active},
			{name: "deposit by gift voucher", during: func(m string) { e.deposit(t, m, amount) }, want: promo.Active},
			{name: "operator adjustment credit", during: func(m string) { e.post(t, m, ledger.Adjustment, ledger.Adjustments, ledger.Wallet(m), amount) }, want: promo.Active},
			{name: "spin wheel cash coupon", during: func(m string) { e.post(t, m, spin.KindPrizeCash, ledger.Prizes, ledger.Wallet(m), amount) }, want: promo.Active},
			{name: "rejected withdrawal returned",
				before: func(m string) {
					e.deposit(t, m, amount)
					e.post(t, m, ledger.WithdrawHold, ledger.Wallet(m), ledger.WithdrawalsPending, amount)
				},
				during: func(m string) {
					e.post(t, m, ledger.WithdrawReturn, ledger.WithdrawalsPending, ledger.Wallet(m), amount)
				},
				want: promo.Active},
			{name: "cashback refund", during: func(m string) { e.post(t, m, rewards.KindRefund, ledger.RefundExpense, ledger.Wallet(m), amount) }, want: promo.Active},
			{name: "invite commission", during: func(m string) { e.post(t, m, rewards.KindInvite, ledger.InviteExpense, ledger.Wallet(m), amount) }, want: promo.Active},
			{name: "operator adjustment debit does not fail it", during: func(m string) {
				e.post(t, m, ledger.Adjustment, ledger.Wallet(m), ledger.Adjustments, 19000)
			}, want: promo.Active},
			{name: "another member's game win", during: func(m string) {
				o := e.member(t, 900)
				e.post(t, o, ledger.GameResult, ledger.Clearing("G"), ledger.Game(o, "G"), amount)
			}, want: promo.Active},
			{name: "a game win", during: func(m string) {
				e.post(t, m, "test", ledger.Wallet(m), ledger.Game(m, "G"), 20000)
				e.post(t, m, ledger.GameResult, ledger.Clearing("G"), ledger.Game(m, "G"), 40000)
			}, want: promo.Success, play: 40000},
			{name: "a game loss", during: func(m string) {
				e.post(t, m, "test", ledger.Wallet(m), ledger.Game(m, "G"), 20000)
				e.post(t, m, ledger.GameResult, ledger.Game(m, "G"), ledger.Clearing("G"), 18001)
			}, want: promo.Failed, play: -18001},
			{name: "a seamless game win", during: func(m string) {
				e.seamless(t, m, seamless.Bet, "b1", "", 20000)
				e.seamless(t, m, seamless.Win, "w1", "", 60000)
			}, want: promo.Success, play: 40000},
			{name: "a seamless game loss", during: func(m string) {
				e.seamless(t, m, seamless.Bet, "b1", "", 18001)
			}, want: promo.Failed, play: -18001},
			{name: "a seamless bet rolled back is no play", during: func(m string) {
				e.seamless(t, m, seamless.Bet, "b1", "", 18001)
				e.seamless(t, m, seamless.Rollback, "x1", "b1", 0)
			}, want: promo.Active},
		} {
			t.Run(tc.name, func(t *testing.T) {
				m := e.member(t, 100+i)
				e.deposit(t, m, 10000)
				// Play before the bonus is in its base, not in its progress.
				e.post(t, m, "test", ledger.Wallet(m), ledger.Game(m, "G"), 5000)
				e.post(t, m, ledger.GameResult, ledger.Game(m, "G"), ledger.Clearing("G"), 5000)
				e.post(t, m, ledger.GameResult, ledger.Clearing("G"), ledger.Game(m, "G"), 5000)
				e.post(t, m, "test", ledger.Game(m, "G"), ledger.Wallet(m), 5000)
				if tc.before != nil {
					tc.before(m)
				}
				c, err := e.svc.ActivateBonus(ctx, m, "WELCOME")
				if err != nil || c.Base != 20000 || c.PlayMark != 0 {
					t.Fatalf("%+v %v", c, err)
				}
				tc.during(m)
				p, _, err := e.svc.Active(ctx, m)
				if err != nil {
					t.Fatal(err)
				}
				if p.Status != tc.want || p.Play != tc.play || p.Progress != c.Base+tc.play {
					t.Fatalf("status %s play %s progress %s (total %s), want %s play %s", p.Status, p.Play, p.Progress,
						p.Total, tc.want, tc.play)
				}
				if got, _ := e.store.Condition(ctx, c.ID); got.Status != tc.want || !got.PlayFrom.Equal(c.PlayFrom) {
					t.Fatalf("stored %+v, want %s from %s", got, tc.want, c.PlayFrom)
				}
			})
		}
		// The refund and invite credits above have no receipt (a claim is
		// refused while a condition is active, so they are posted as bare
		// journals of their kinds): only the ledger is checked.
		if r, err := e.ledger.Verify(ctx, time.Now()); err != nil || !r.OK() {
			t.Fatalf("ledger check: %v %v", r.Problems, err)
		}
	})
}

// TestPromoPlayMark books game results dated around a condition's start in
// the order a refresh racing the activation could: each counts once, in
// the base when it was booked before the base was read, in the progress
// when after, whatever its date within promo.PlayWindow.
func TestPromoPlayMark(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newPromoEnv(t, db)
		at := time.Now().UTC().Truncate(time.Microsecond)
		svc := promo.NewService(promo.Deps{Store: e.store, Deposits: e.store, IDs: account.NewID, Now: func() time.Time { return at }})
		m := e.member(t, 1)
		e.deposit(t, m, 10000)
		e.post(t, m, "test", ledger.Wallet(m), ledger.Game(m, "G"), 10000)
		result := func(ref string, amount money.Satang, when time.Time) {
			t.Helper()
			from, to := ledger.Clearing("G"), ledger.Game(m, "G")
			if amount < 0 {
				from, to, amount = to, from, -amount
			}
			if err := e.ledger.Post(ctx, ledger.Journal{ID: account.NewID(), Kind: ledger.GameResult, Ref: ref, MemberID: m,
				Postings: ledger.Move(from, to, amount), CreatedAt: when}); err != nil {
				t.Fatal(err)
			}
		}
		result("early", 2000, at.Add(-2*promo.PlayWindow)) // long before: in the base only
		result("ahead", 3000, at.Add(time.Second))         // dated after the start, booked before the base is read
		c, err := svc.ActivateBonus(ctx, m, "WELCOME")
		if err != nil || c.Base != 25000 || c.PlayMark != 3000 {
			t.Fatalf("%+v %v", c, err)
		}
		p, active, err := svc.Active(ctx, m)
		if err != nil || !active || p.Play != 0 || p.Progress != 25000 {
			t.Fatalf("the result booked before the base counted again: %+v %v %v", p, active, err)
		}
		result("late", -4000, at.Add(-time.Minute)) // dated before the start, booked after the base was read
		p, active, err = svc.Active(ctx, m)
		if err != nil || !active || p.Play != -4000 || p.Progress != 21000 || p.Total != 21000 {
			t.Fatalf("the result booked after the base was missed: %+v %v %v", p, active, err)
		}
	})
}
