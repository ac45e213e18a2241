package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/seamless"
	"ngern/core/wallet"
)

// TestSeamlessStatementRounds checks that the statement shows one item per
// seamless round, with its stake, payout and movements, and that paging
// counts rounds: a round's movements never split across pages.
func TestSeamlessStatementRounds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		t.Cleanup(func() { mustVerify(t, e.l) })
		// Later than the credit of newSeamlessEnv, one minute apart.
		t0 := time.Now().UTC().Add(time.Hour).Truncate(time.Second)
		at := func(r seamless.Record, minute int) seamless.Record {
			r.CreatedAt = t0.Add(time.Duration(minute) * time.Minute)
			return r
		}
		e.apply(t, at(e.record(seamless.Bet, "b1", "r1", 100_00), 1))
		e.apply(t, at(e.record(seamless.Bet, "b2", "r2", 50_00), 2))
		e.apply(t, at(e.record(seamless.Bet, "b3", "r2", 30_00), 3))
		e.apply(t, at(e.record(seamless.Win, "w1", "r1", 250_00), 4))
		e.cancel(t, at(e.rollback("x1", "b3"), 5))                   // no round id: its bet's round
		e.apply(t, at(e.record(seamless.Win, "fs1", "", 20_00), 6))  // free spins: a round of its own
		e.cancel(t, at(e.rollback("x2", "b-never"), 7))              // a tombstone: moved nothing
		e.apply(t, at(e.record(seamless.Bet, "b4", "r3", 10_00), 8)) //
		e.cancel(t, at(e.rollback("x3", "b4"), 9))                   // r3 cancelled
		e.apply(t, at(e.record(seamless.Win, "w0", "r4", 0), 10))    // a win of 0 closes a round
		e.apply(t, at(e.record(seamless.Bet, "b5", "r4", 5_00), 9))  // before it

		type want struct {
			round          string
			stake, payout  money.Satang
			status         string
			kinds          []string
			rolledBackTxID string
		}
		wants := []want{
			{round: "r4", stake: 5_00, status: "SUCCESS", kinds: []string{"bet", "win"}},
			{round: "r3", stake: 0, status: "CANCELLED", kinds: []string{"bet", "rollback"}, rolledBackTxID: "b4"},
			{round: "fs1", payout: 20_00, status: "SUCCESS", kinds: []string{"win"}},
			{round: "r2", stake: 50_00, status: "SUCCESS", kinds: []string{"bet", "bet", "rollback"}, rolledBackTxID: "b3"},
			{round: "r1", stake: 100_00, payout: 250_00, status: "SUCCESS", kinds: []string{"bet", "win"}},
		}
		var got []wallet.StatementItem
		for offset := 0; ; offset += 2 {
			page, total, err := sqlstore.NewWallet(db).Statement(ctx, e.member, offset, 2)
			if err != nil {
				t.Fatal(err)
			}
			if total != len(wants)+1 { // and the credit
				t.Fatalf("total %d", total)
			}
			if len(page) == 0 {
				break
			}
			got = append(got, page...)
		}
		if len(got) != len(wants)+1 || got[len(got)-1].Type == wallet.StatementRound {
			t.Fatalf("got %d items: %+v", len(got), got)
		}
		for i, w := range wants {
			t.Run(w.round, func(t *testing.T) {
				it := got[i]
				if it.Type != wallet.StatementRound || it.Round == nil || it.ID != "round:sim:"+w.round || it.Status != w.status {
					t.Fatalf("item %+v", it)
				}
				r := it.Round
				if r.Provider != "sim" || r.Round != w.round || r.Game != "slot1" || r.GameName != "slot1" ||
					r.Stake != w.stake || r.Payout != w.payout || r.Net() != w.payout-w.stake || it.Amount != w.stake {
					t.Fatalf("round %+v", r)
				}
				last := r.Movements[len(r.Movements)-1].CreatedAt
				if !it.CreatedAt.Equal(last) {
					t.Fatalf("dated %s, last movement %s", it.CreatedAt, last)
				}
				var kinds []string
				for _, m := range r.Movements {
					kinds = append(kinds, m.Kind)
					if m.RolledBack != (m.TxID == w.rolledBackTxID) {
						t.Fatalf("movement %+v", m)
					}
				}
				if len(kinds) != len(w.kinds) {
					t.Fatalf("movements %v, want %v", kinds, w.kinds)
				}
				for j := range kinds {
					if kinds[j] != w.kinds[j] {
						t.Fatalf("movements %v, want %v", kinds, w.kinds)
					}
				}
			})
		}
		checkKeysetPages(t, db, e.member)
		t.Run("OtherMembersSeeNone", func(t *testing.T) {
			m := newMember("0899999999", "9999999999")
			if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			items, total, err := sqlstore.NewWallet(db).Statement(ctx, m.ID, 0, 50)
			if err != nil || total != 0 || len(items) != 0 {
				t.Fatalf("items %+v, total %d, %v", items, total, err)
			}
		})
	})
}

// TestSeamlessStatementGameName: a round is named by the lobby's catalogue
// once it lists the game, by the game's code before.
func TestSeamlessStatementGameName(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		t.Cleanup(func() { mustVerify(t, e.l) })
		e.apply(t, e.record(seamless.Bet, "b1", "r1", 10_00))
		name := func() string {
			page, _, err := sqlstore.NewWallet(db).Statement(ctx, e.member, 0, 1)
			if err != nil || len(page) != 1 || page[0].Round == nil {
				t.Fatalf("statement %+v %v", page, err)
			}
			return page[0].Round.GameName
		}
		if got := name(); got != "slot1" {
			t.Fatalf("before the catalogue: %q, want the code", got)
		}
		games := []seamless.Game{{Provider: "sim", Code: "slot1", Name: "Lucky Slot", Category: "slot"}}
		if _, err := sqlstore.NewSeamlessGames(db).SyncGames(ctx, "sim", games, time.Now()); err != nil {
			t.Fatal(err)
		}
		if got := name(); got != "Lucky Slot" {
			t.Fatalf("after the catalogue: %q, want its name", got)
		}
		checkKeysetPages(t, db, e.member)
	})
}
