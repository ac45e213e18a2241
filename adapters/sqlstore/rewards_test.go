package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/wallet"
)

// betFeed is a provider whose bet history is a list the test appends to;
// the cursor is the number of bets read. dup makes every page repeat half
// of the page before it (an at-least-once provider).
type betFeed struct {
	wallet.GameProvider
	mu   sync.Mutex
	bets map[string][]wallet.Bet
	fail error
	dup  bool
}

func (f *betFeed) add(game, username string, stake, payout money.Satang, at time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.bets == nil {
		f.bets = map[string][]wallet.Bet{}
	}
	id := game + "-" + strconv.Itoa(len(f.bets[game])+1)
	f.bets[game] = append(f.bets[game], wallet.Bet{ID: id, Game: game, Username: username, Stake: stake, Payout: payout, PlacedAt: at})
}

func (f *betFeed) Bets(_ context.Context, game, cursor string, limit int) ([]wallet.Bet, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return nil, "", f.fail
	}
	after, _ := strconv.Atoi(cursor)
	from := after
	if f.dup {
		from = max(0, after-limit/2) // re-send half of the page before
	}
	list := f.bets[game]
	if from >= len(list) {
		return []wallet.Bet{}, cursor, nil
	}
	end := min(from+limit, len(list))
	return append([]wallet.Bet(nil), list[from:end]...), strconv.Itoa(max(end, after)), nil
}

type rewardsEnv struct {
	db    *sqlstore.DB
	store *sqlstore.Rewards
	promo *promo.Service
	svc   *rewards.Service
	feed  *betFeed
	now   atomic.Pointer[time.Time]
	ids   atomic.Int64
}

const testGame = "DEMO"

func newRewardsEnv(t *testing.T, db *sqlstore.DB, start time.Time) *rewardsEnv {
	t.Helper()
	seed(t, db)
	e := &rewardsEnv{db: db, store: sqlstore.NewRewards(db), feed: &betFeed{}}
	e.now.Store(&start)
	clock := func() time.Time { return *e.now.Load() }
	ps := sqlstore.NewPromo(db)
	e.promo = promo.NewService(promo.Deps{Store: ps, Deposits: ps, IDs: account.NewID, Now: clock})
	e.svc = rewards.NewService(rewards.Deps{Store: e.store, Provider: e.feed, Promotions: e.promo, Now: clock,
		Log:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		IDs:   func() string { return fmt.Sprintf("id%022d", e.ids.Add(1)) },
		Games: func(context.Context) ([]string, error) { return []string{testGame, "OTHER"}, nil }})
	if _, err := sqlstore.NewWallet(db).SeedGames(context.Background(), []wallet.Game{
		{Code: testGame, Name: "Demo", Category: "slot", Active: true},
		{Code: "OTHER", Name: "Other", Category: "slot", Active: true}}); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *rewardsEnv) set(t time.Time) { e.now.Store(&t) }

// player makes a member with an account at both games (username "u<i>"),
// invited by inviter when set.
func (e *rewardsEnv) player(t *testing.T, i int, inviter string) string {
	t.Helper()
	ctx := context.Background()
	m := newMember(fmt.Sprintf("08%08d", i), fmt.Sprintf("%010d", i))
	if inviter != "" {
		m.InvitedBy = &inviter
	}
	if err := sqlstore.NewAccounts(e.db).CreateMember(ctx, m, ""); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{testGame, "OTHER"} {
		if err := sqlstore.NewWallet(e.db).CreateGameAccount(ctx, wallet.GameAccount{MemberID: m.ID, Game: g,
			Username: fmt.Sprintf("u%d", i), Password: "x", CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	return m.ID
}

func (e *rewardsEnv) settings(t *testing.T, p rewards.Program, mod func(*rewards.Settings)) {
	t.Helper()
	st := rewards.DefaultSettings(p)
	st.Active = true
	mod(&st)
	if _, err := e.svc.SaveSettings(context.Background(), p, st, "op"); err != nil {
		t.Fatal(err)
	}
}

func (e *rewardsEnv) pending(t *testing.T, p rewards.Program, memberID string) money.Satang {
	t.Helper()
	a, err := e.store.Amounts(context.Background(), p, memberID)
	if err != nil {
		t.Fatal(err)
	}
	return a.Pending
}

func bkk(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, limits.Zone)
	if err != nil {
		panic(err)
	}
	return t
}

func TestRewardsCollect(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newRewardsEnv(t, db, bkk("2026-11-23 10:00"))
		a := e.player(t, 1, "")
		for i := 0; i < 1203; i++ { // more than two pages
			e.feed.add(testGame, "u1", 1000, 500, bkk("2026-11-23 09:00"))
		}
		e.feed.add(testGame, "u1", 1000, 3000, bkk("2026-11-23 23:59"))
		e.feed.add(testGame, "u1", 1000, 0, bkk("2026-11-24 00:00")) // the next Bangkok day
		e.feed.add(testGame, "stranger", 700, 0, bkk("2026-11-23 09:00"))

		t.Run("pages, dedupe and aggregates", func(t *testing.T) {
			e.feed.dup = true // every page repeats the one before
			n, err := e.svc.Collect(ctx)
			if err != nil || n != 1206 {
				t.Fatalf("Collect = %d, %v; want 1206 new bets", n, err)
			}
			e.feed.dup = false
			if n, err := e.svc.Collect(ctx); err != nil || n != 0 {
				t.Fatalf("second Collect = %d, %v; want nothing new", n, err)
			}
			res, err := e.svc.Results(ctx, a, "", "", 10)
			if err != nil || len(res) != 2 {
				t.Fatalf("Results = %+v, %v", res, err)
			}
			if r := res[1]; r.Day != "2026-11-23" || r.Bets != 1204 || r.Stake != 1204000 || r.Payout != 601500+3000-0 ||
				r.Net != r.Payout-r.Stake {
				t.Fatalf("23 Nov = %+v", r)
			}
			if r := res[0]; r.Day != "2026-11-24" || r.Bets != 1 || r.Net != -1000 {
				t.Fatalf("24 Nov = %+v", r)
			}
		})
		t.Run("status and errors", func(t *testing.T) {
			e.feed.fail = errors.New("provider down")
			if _, err := e.svc.Collect(ctx); err == nil {
				t.Fatal("Collect with a failing provider succeeded")
			}
			e.feed.fail = nil
			e.set(bkk("2026-11-24 01:00"))
			list, err := e.svc.CollectStates(ctx)
			if err != nil || len(list) != 2 {
				t.Fatalf("CollectStates = %+v, %v", list, err)
			}
			d := list[0]
			if d.Game != testGame || d.Cursor != "1206" || d.Bets != 1206 || d.LastError != "provider down" ||
				d.LastBetAt == nil || d.Lag != 3600 || d.LastOKAt == nil {
				t.Fatalf("DEMO state = %+v", d)
			}
		})
	})
}

func TestRefundAccrual(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newRewardsEnv(t, db, bkk("2026-11-23 08:00"))
		loser, winner, capped, small := e.player(t, 1, ""), e.player(t, 2, ""), e.player(t, 3, ""), e.player(t, 4, "")
		e.settings(t, rewards.Refund, func(s *rewards.Settings) {
			s.RateBP = 1000 // 10 %
			s.MinNetLoss = money.FromBaht(100)
			s.MaxPerPeriod = money.FromBaht(50)
			s.Games = []string{testGame}
		})
		// 23 Nov (Bangkok): u1 loses 300 at DEMO and 1000 at OTHER (not
		// included); u2 wins; u3 loses 2000 (capped at 50); u4 loses 99.
		e.feed.add(testGame, "u1", money.FromBaht(400), money.FromBaht(100), bkk("2026-11-23 09:00"))
		e.feed.add("OTHER", "u1", money.FromBaht(1000), 0, bkk("2026-11-23 09:00"))
		e.feed.add(testGame, "u2", money.FromBaht(100), money.FromBaht(500), bkk("2026-11-23 09:00"))
		e.feed.add(testGame, "u3", money.FromBaht(2000), 0, bkk("2026-11-23 09:00"))
		e.feed.add(testGame, "u4", money.FromBaht(99), 0, bkk("2026-11-23 23:59"))

		t.Run("nothing is due within the period", func(t *testing.T) {
			e.set(bkk("2026-11-23 23:59"))
			runs, err := e.svc.AccrueDue(ctx)
			if err != nil {
				t.Fatal(err)
			}
			// The job closes 22 Nov (empty) for both programs.
			for _, r := range runs {
				if r.Period != "day:2026-11-22" || r.Amount != 0 {
					t.Fatalf("run %+v", r)
				}
			}
			if got := e.pending(t, rewards.Refund, loser); got != 0 {
				t.Fatalf("pending before the period closed = %s", got)
			}
		})
		// A bet of 24 Nov, collected before the close, must wait.
		e.feed.add(testGame, "u1", money.FromBaht(500), 0, bkk("2026-11-24 00:00"))
		t.Run("the period closes at Bangkok midnight", func(t *testing.T) {
			e.set(bkk("2026-11-24 00:05"))
			runs, err := e.svc.AccrueDue(ctx)
			if err != nil || len(runs) != 2 {
				t.Fatalf("AccrueDue = %+v, %v", runs, err)
			}
			r := runs[0]
			if r.Program != rewards.Refund || r.Period != "day:2026-11-23" || r.Members != 2 ||
				r.Amount != money.FromBaht(30)+money.FromBaht(50) {
				t.Fatalf("refund run = %+v", r)
			}
			for _, c := range []struct {
				name   string
				member string
				want   money.Satang
			}{
				{"net loss", loser, money.FromBaht(30)},
				{"net win", winner, 0},
				{"capped", capped, money.FromBaht(50)},
				{"under the minimum", small, 0},
			} {
				if got := e.pending(t, rewards.Refund, c.member); got != c.want {
					t.Errorf("%s: pending %s, want %s", c.name, got, c.want)
				}
			}
		})
		t.Run("re-running accrues nothing twice", func(t *testing.T) {
			runs, err := e.svc.AccrueDue(ctx)
			if err != nil || len(runs) != 0 {
				t.Fatalf("AccrueDue again = %+v, %v", runs, err)
			}
			if got := e.pending(t, rewards.Refund, loser); got != money.FromBaht(30) {
				t.Fatalf("pending = %s", got)
			}
		})
		t.Run("close now, then the natural close counts the rest", func(t *testing.T) {
			e.set(bkk("2026-11-24 12:00"))
			run, err := e.svc.ClosePeriod(ctx, rewards.Refund, "op")
			if err != nil || run.Amount != money.FromBaht(50) || run.Bets != 1 {
				t.Fatalf("ClosePeriod = %+v, %v", run, err) // 500 lost at 24 Nov 00:00 → 50 (capped)
			}
			e.feed.add(testGame, "u1", money.FromBaht(200), 0, bkk("2026-11-24 13:00"))
			e.set(bkk("2026-11-25 00:01"))
			runs, err := e.svc.AccrueDue(ctx)
			if err != nil || len(runs) != 2 || runs[0].Period != "day:2026-11-24" || runs[0].Amount != money.FromBaht(20) {
				t.Fatalf("AccrueDue = %+v, %v", runs, err)
			}
			if got := e.pending(t, rewards.Refund, loser); got != money.FromBaht(100) {
				t.Fatalf("pending = %s, want 100.00 (three periods)", got)
			}
			items, total, err := e.svc.RefundLog(ctx, loser, 1, 10)
			if err != nil || total != 3 || len(items) != 3 || items[0].Amount != money.FromBaht(20) {
				t.Fatalf("RefundLog = %+v, %d, %v", items, total, err)
			}
		})
		t.Run("weekly periods end on Monday 00:00 Bangkok", func(t *testing.T) {
			e.settings(t, rewards.Refund, func(s *rewards.Settings) { s.Period = rewards.PeriodWeekly; s.RateBP = 1000 })
			e.feed.add(testGame, "u2", money.FromBaht(1000), 0, bkk("2026-11-29 23:00")) // Sunday
			e.set(bkk("2026-11-29 23:59"))
			runs, err := e.svc.AccrueDue(ctx)
			if err != nil || len(runs) == 0 || runs[0].Period != "week:2026-11-16" || runs[0].Amount != 0 {
				t.Fatalf("AccrueDue on Sunday = %+v, %v", runs, err) // the week before, already counted
			}
			e.set(bkk("2026-11-30 00:00"))
			runs, err = e.svc.AccrueDue(ctx)
			if err != nil || len(runs) == 0 || runs[0].Period != "week:2026-11-23" || runs[0].Amount != money.FromBaht(100) {
				t.Fatalf("AccrueDue on Monday = %+v, %v", runs, err)
			}
		})
	})
}

func TestRefundAndInviteClaims(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newRewardsEnv(t, db, bkk("2026-11-23 08:00"))
		inviter := e.player(t, 1, "")
		invitee := e.player(t, 2, inviter)
		e.player(t, 3, inviter) // invited, never plays
		e.settings(t, rewards.Refund, func(s *rewards.Settings) { s.RateBP = 1000; s.SuccessPercent = 300; s.FailPercent = 20 })
		e.settings(t, rewards.Invite, func(s *rewards.Settings) { s.RateBP = 500; s.MaxPerPeriod = money.FromBaht(1000) })

		t.Run("invite bonus: nothing yet", func(t *testing.T) {
			_, err := e.svc.ReceiveInvite(ctx, inviter)
			if !errs.HasCode(err, errs.NoInviteePlayInfo) {
				t.Fatalf("ReceiveInvite = %v, want NO_INVITEE_PLAY_INFO", err)
			}
		})
		e.feed.add(testGame, "u2", money.FromBaht(1000), 0, bkk("2026-11-23 09:00"))
		e.set(bkk("2026-11-24 00:10"))
		if _, err := e.svc.AccrueDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := e.pending(t, rewards.Invite, inviter); got != money.FromBaht(50) {
			t.Fatalf("invite pending = %s, want 50.00", got)
		}
		if got := e.pending(t, rewards.Refund, invitee); got != money.FromBaht(100) {
			t.Fatalf("refund pending = %s, want 100.00", got)
		}

		race := func(t *testing.T, fn func() error) (ok int, codes map[errs.Code]int) {
			t.Helper()
			var wg sync.WaitGroup
			var mu sync.Mutex
			codes = map[errs.Code]int{}
			for i := 0; i < 50; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					err := fn()
					mu.Lock()
					defer mu.Unlock()
					if err == nil {
						ok++
					} else {
						codes[errs.CodeOf(err)]++
					}
				}()
			}
			wg.Wait()
			return ok, codes
		}
		walletOf := func(memberID string) money.Satang {
			b, err := sqlstore.NewLedger(db).Balance(ctx, ledger.Wallet(memberID).ID)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}

		t.Run("50 concurrent refund receives take the pending refund once", func(t *testing.T) {
			ok, codes := race(t, func() error { _, err := e.svc.ReceiveRefund(ctx, invitee); return err })
			if ok != 1 || codes[errs.NoRefund] != 49 {
				t.Fatalf("ok %d, codes %v", ok, codes)
			}
			c, err := e.svc.CheckRefund(ctx, invitee, "th")
			if err != nil || c.Pending != 0 || c.Balance != money.FromBaht(100) || !c.Result || c.Bonus {
				t.Fatalf("CheckRefund = %+v, %v", c, err)
			}
		})
		t.Run("50 concurrent addWallet credit it once with the condition", func(t *testing.T) {
			ok, codes := race(t, func() error { _, err := e.svc.AddRefund(ctx, invitee); return err })
			if ok != 1 || codes[errs.RefundCondition]+codes[errs.RefundMinimum] != 49 {
				t.Fatalf("ok %d, codes %v", ok, codes)
			}
			if got := walletOf(invitee); got != money.FromBaht(100) {
				t.Fatalf("wallet = %s, want 100.00", got)
			}
			c, active, err := e.promo.Active(ctx, invitee)
			if err != nil || !active || c.Source != promo.SourceRefund || c.SuccessPercent != 300 ||
				c.PercentFail != 20 {
				t.Fatalf("condition = %+v, %v, %v", c, active, err)
			}
			if got, _ := sqlstore.NewLedger(db).Balance(ctx, ledger.RefundExpense.ID); got != -money.FromBaht(100) {
				t.Fatalf("sys:refunds = %s", got)
			}
		})
		t.Run("receive is refused while a bonus is held", func(t *testing.T) {
			e.feed.add(testGame, "u2", money.FromBaht(1000), 0, bkk("2026-11-24 09:00"))
			e.set(bkk("2026-11-25 00:10"))
			if _, err := e.svc.AccrueDue(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.ReceiveRefund(ctx, invitee); !errs.HasCode(err, errs.RefundCondition) {
				t.Fatalf("ReceiveRefund = %v, want REFUND_CONDITION", err)
			}
		})
		t.Run("50 concurrent invite receives credit once", func(t *testing.T) {
			ok, codes := race(t, func() error { _, err := e.svc.ReceiveInvite(ctx, inviter); return err })
			if ok != 1 || codes[errs.InviteCollect]+codes[errs.InviteBonusFail] != 49 {
				t.Fatalf("ok %d, codes %v", ok, codes)
			}
			if got := walletOf(inviter); got != money.FromBaht(100) { // 50 + 50 of the second day
				t.Fatalf("inviter wallet = %s, want 100.00", got)
			}
			list, total, err := e.svc.Invitees(ctx, inviter, 1, 10)
			if err != nil || total != 2 || len(list) != 2 {
				t.Fatalf("Invitees = %+v, %d, %v", list, total, err)
			}
			var sum money.Satang
			for _, v := range list {
				sum += v.Amount
			}
			if sum != money.FromBaht(100) {
				t.Fatalf("invitees' amounts = %s", sum)
			}
		})
		t.Run("abuse: an invitee with the inviter's account number earns nothing", func(t *testing.T) {
			other := e.player(t, 5, "")
			// The same account number at another bank (the same bank and
			// number cannot register twice: EXISTING_BANK).
			twin := newMember("0811111111", "0000000005")
			twin.BankCode = "SCB"
			twin.InvitedBy = &other
			if err := sqlstore.NewAccounts(db).CreateMember(ctx, twin, ""); err != nil {
				t.Fatal(err)
			}
			if err := sqlstore.NewWallet(db).CreateGameAccount(ctx, wallet.GameAccount{MemberID: twin.ID, Game: testGame,
				Username: "twin", Password: "x", CreatedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
			e.feed.add(testGame, "twin", money.FromBaht(1000), 0, bkk("2026-11-25 09:00"))
			e.set(bkk("2026-11-26 00:10"))
			if _, err := e.svc.AccrueDue(ctx); err != nil {
				t.Fatal(err)
			}
			if got := e.pending(t, rewards.Invite, other); got != 0 {
				t.Fatalf("an inviter sharing the account number earned %s", got)
			}
			if got := e.pending(t, rewards.Refund, twin.ID); got != money.FromBaht(100) {
				t.Fatalf("the twin's own refund = %s, want 100.00 (the rule is about invites)", got)
			}
		})
		if problems, err := sqlstore.NewPromo(db).VerifyPromotions(ctx); err != nil || len(problems) > 0 {
			t.Fatalf("promotions check: %v %v", problems, err)
		}
		if r, err := sqlstore.NewLedger(db).Verify(ctx, time.Now()); err != nil || !r.OK() {
			t.Fatalf("ledger check: %v %v", r.Problems, err)
		}
	})
}

// TestAccrualBatches closes a refund and an invite period whose accruals
// span several INSERTs (and one INSERT a row, and one for all): every
// batch size writes the same refunds and commissions, each as the rules
// make it.
func TestAccrualBatches(t *testing.T) {
	type row struct {
		Member, Invitee, Period string
		Stake, Payout, Amount   money.Satang
		Status                  string
	}
	written := map[sqlstore.Dialect][]row{}
	for _, batch := range []int{1, 2, 500} {
		t.Run(fmt.Sprint("batch ", batch), func(t *testing.T) {
			sqlstore.SetAccrualBatch(t, batch)
			storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
				ctx := context.Background()
				e := newRewardsEnv(t, db, bkk("2026-11-23 08:00"))
				inviter := e.player(t, 1, "")
				e.settings(t, rewards.Refund, func(s *rewards.Settings) { s.RateBP = 1000; s.MinNetLoss = 0 })
				e.settings(t, rewards.Invite, func(s *rewards.Settings) { s.RateBP = 500; s.MaxPerPeriod = money.FromBaht(100_000) })
				players := map[string]int{}
				for i := 2; i <= 6; i++ {
					players[e.player(t, i, inviter)] = i
					e.feed.add(testGame, fmt.Sprint("u", i), money.FromBaht(int64(100*i)), 0, bkk("2026-11-23 09:00"))
				}
				e.set(bkk("2026-11-24 00:10"))
				if _, err := e.svc.AccrueDue(ctx); err != nil {
					t.Fatal(err)
				}
				for id, i := range players {
					if got := e.pending(t, rewards.Refund, id); got != money.FromBaht(int64(10*i)) {
						t.Fatalf("refund of u%d = %s, want %d.00", i, got, 10*i)
					}
				}
				if got := e.pending(t, rewards.Invite, inviter); got != money.FromBaht(5*(2+3+4+5+6)) {
					t.Fatalf("commissions = %s, want %d.00", got, 5*(2+3+4+5+6))
				}
				var rows []row
				for _, p := range []rewards.Program{rewards.Refund, rewards.Invite} {
					items, total, err := e.store.Items(ctx, p, "", "", 0, 100)
					if err != nil || total != 5 || len(items) != 5 {
						t.Fatalf("%s items = %d (total %d), %v", p, len(items), total, err)
					}
					for _, it := range items {
						rows = append(rows, row{it.MemberID, it.InviteeID, it.Period, it.Stake, it.Payout, it.Amount, it.Status})
					}
				}
				// Members' ids are new in every run (and so the order the
				// sums come in): compare by player.
				for i := range rows {
					rows[i].Member, rows[i].Invitee = fmt.Sprint(players[rows[i].Member]), fmt.Sprint(players[rows[i].Invitee])
				}
				slices.SortFunc(rows, func(a, b row) int {
					return strings.Compare(a.Period+a.Member+"/"+a.Invitee, b.Period+b.Member+"/"+b.Invitee)
				})
				if was, ok := written[db.Dialect()]; ok && !reflect.DeepEqual(rows, was) {
					t.Fatalf("batches of %d wrote\n%+v\nwhere batches of 1 wrote\n%+v", batch, rows, was)
				}
				written[db.Dialect()] = rows
			})
		})
	}
}
