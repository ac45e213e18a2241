package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/seamless"
)

// TestSeamlessRecord covers Store.Record, the Service's write of a bet or
// a rollback with its look-ups: seamless.LookUp on SQLite, one call of
// ngern_seamless on PostgreSQL; both must answer alike.
func TestSeamlessRecord(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		t.Cleanup(func() { mustVerify(t, e.l) })
		record := func(t *testing.T, r seamless.Record, refuse bool) (seamless.Record, seamless.Found) {
			t.Helper()
			got, found, err := e.s.Record(ctx, r, refuse)
			if err != nil {
				t.Fatal(err)
			}
			return got, found
		}
		stored := func(t *testing.T, txID string) bool {
			t.Helper()
			_, err := e.s.Transaction(ctx, "sim", txID)
			if err != nil && !errs.HasCode(err, errs.NoData) {
				t.Fatal(err)
			}
			return err == nil
		}

		t.Run("OKBetStored", func(t *testing.T) {
			got, found := record(t, e.record(seamless.Bet, "b1", "r1", 100_00), false)
			if found != seamless.Stored || got.Balance != 900_00 || got.JournalID == "" || got.State != seamless.Applied {
				t.Fatalf("got %+v, %v", got, found)
			}
			if stake, _ := e.round(t, "r1"); stake != 100_00 {
				t.Fatalf("round stake %s", stake)
			}
		})
		t.Run("OKRoundCountsInTheBusinessDay", func(t *testing.T) {
			// 18:30 UTC is 01:30 the next day in Thailand and Laos.
			late := e.record(seamless.Bet, "b-night", "r-night", 1_00)
			late.CreatedAt = time.Date(2026, 1, 1, 18, 30, 0, 0, time.UTC)
			record(t, late, false)
			res, err := sqlstore.NewRewards(db).Results(ctx, e.member, "2026-01-01", "2026-01-02", 10)
			if err != nil || len(res) != 1 || res[0].Day != "2026-01-02" || res[0].Stake != 1_00 || res[0].Bets != 1 {
				t.Fatalf("results %+v, %v; want one bet of 1.00 on 2026-01-02", res, err)
			}
			win := e.record(seamless.Win, "w-night", "r-night", 1_00) // the wallet back where it was
			record(t, win, false)                                     // now, but counted on the round's first day
			res, err = sqlstore.NewRewards(db).Results(ctx, e.member, "2026-01-01", "2026-01-02", 10)
			if err != nil || len(res) != 1 || res[0].Payout != 1_00 || res[0].Bets != 1 {
				t.Fatalf("results %+v, %v; want the win on the round's day", res, err)
			}
		})
		t.Run("OKExistingAnswersTheOriginal", func(t *testing.T) {
			first, _ := e.s.Transaction(ctx, "sim", "b1")
			again := e.record(seamless.Bet, "b1", "r1", 100_00)
			again.Fingerprint = "other content"
			got, found := record(t, again, false)
			if found != seamless.Existing || got != first || e.wallet(t) != 900_00 {
				t.Fatalf("got %+v, %v, want %+v", got, found, first)
			}
		})
		t.Run("OKExistingBeforeTheRefusal", func(t *testing.T) {
			if got, found := record(t, e.record(seamless.Bet, "b1", "r1", 100_00), true); found != seamless.Existing || got.TxID != "b1" {
				t.Fatalf("got %+v, %v", got, found)
			}
		})
		t.Run("ErrRefusedWritesNothing", func(t *testing.T) {
			if _, found := record(t, e.record(seamless.Bet, "b-refused", "r9", 10_00), true); found != seamless.Refused {
				t.Fatalf("found %v", found)
			}
			if stored(t, "b-refused") || e.wallet(t) != 900_00 {
				t.Fatalf("a refused bet was written: wallet %s", e.wallet(t))
			}
		})
		t.Run("ErrInsufficientWritesNothing", func(t *testing.T) {
			_, _, err := e.s.Record(ctx, e.record(seamless.Bet, "b-big", "r8", 5000_00), false)
			if !errs.HasCode(err, errs.MoneyNotEnough) || stored(t, "b-big") {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("OKWinOfZero", func(t *testing.T) {
			got, found := record(t, e.record(seamless.Win, "w0", "r1", 0), false)
			if found != seamless.Stored || got.JournalID != "" || got.Balance != 900_00 {
				t.Fatalf("got %+v, %v", got, found)
			}
			if again, _ := e.s.Transaction(ctx, "sim", "w0"); again.Balance != 900_00 || again.JournalID != "" {
				t.Fatalf("stored %+v", again)
			}
		})
		t.Run("OKRollbackGivesTheBetBack", func(t *testing.T) {
			got, found := record(t, e.rollback("x1", "b1"), false)
			if found != seamless.Stored || got.Amount != 100_00 || got.Balance != 1000_00 || got.JournalID == "" {
				t.Fatalf("got %+v, %v", got, found)
			}
			stored, _ := e.s.Transaction(ctx, "sim", "x1")
			if stored.Amount != 100_00 || stored.Balance != 1000_00 || stored.JournalID != got.JournalID {
				t.Fatalf("stored %+v, answered %+v", stored, got)
			}
			var memo string
			if err := db.SQL().QueryRowContext(ctx, fmt.Sprintf(`SELECT memo FROM journals WHERE id = '%s' AND kind = '%s'`,
				got.JournalID, ledger.GameRollback)).Scan(&memo); err != nil || memo != "slot1 r1" {
				t.Fatalf("the rollback's journal memo %q, %v; want the bet's game and round", memo, err)
			}
			if stake, _ := e.round(t, "r1"); stake != 0 {
				t.Fatalf("round stake %s after its bet was rolled back", stake)
			}
		})
		t.Run("ErrNotABetOfAWin", func(t *testing.T) {
			record(t, e.record(seamless.Win, "w1", "r2", 5_00), false)
			if _, found := record(t, e.rollback("x2", "w1"), false); found != seamless.NotABet || stored(t, "x2") {
				t.Fatalf("found %v", found)
			}
		})
		t.Run("OKTombstoneThenLateBet", func(t *testing.T) {
			got, found := record(t, e.rollback("x3", "b-late"), false)
			if found != seamless.Stored || got.JournalID != "" || got.Balance != 1005_00 {
				t.Fatalf("got %+v, %v", got, found)
			}
			// A second rollback of the same id: the tombstone is no bet of
			// another member, so it is stored and moves nothing.
			if _, found := record(t, e.rollback("x4", "b-late"), false); found != seamless.Stored {
				t.Fatalf("second rollback of a tombstone: %v", found)
			}
			late, found := record(t, e.record(seamless.Bet, "b-late", "r7", 50_00), false)
			if found != seamless.Existing || late.State != seamless.Tombstone || e.wallet(t) != 1005_00 {
				t.Fatalf("late bet %+v, %v, wallet %s", late, found, e.wallet(t))
			}
		})
	})
}

// seamlessMembers is a member port over fixed members, some blocked.
type seamlessMembers struct {
	mu      sync.Mutex
	blocked map[string]bool
}

func (m *seamlessMembers) Member(_ context.Context, id string) (seamless.Member, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return seamless.Member{ID: id, Name: "Somchai", Blocked: m.blocked[id]}, nil
}

// TestSeamlessServiceOnStore delivers callbacks through the core Service
// on the SQL store, one after the other: the answers and the wallet must
// be the same on both databases (the Go path on SQLite, ngern_seamless on
// PostgreSQL).
func TestSeamlessServiceOnStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		t.Cleanup(func() { mustVerify(t, e.l) })
		now := time.Now().UTC()
		members := &seamlessMembers{blocked: map[string]bool{}}
		svc := seamless.NewService(e.s, members, seamless.Config{Currency: "THB", SessionTTL: time.Hour, Now: func() time.Time { return now }})
		tok, err := svc.Launch(ctx, e.member, "sim", "slot1")
		if err != nil {
			t.Fatal(err)
		}
		call := func(tx, ref string, amount money.Satang) seamless.Callback {
			return seamless.Callback{Provider: "sim", Token: tok, Player: e.member, TxID: tx, RoundID: "r-" + tx + ref, Game: "slot1",
				Amount: amount, Currency: "THB", RefTxID: ref}
		}
		steps := []struct {
			name   string
			before func()
			do     func(context.Context, seamless.Callback) (seamless.Answer, error)
			c      seamless.Callback
			err    error
			answer money.Satang // the answer's balance, with no error or ErrInsufficient
			wallet money.Satang // the wallet after
			dup    bool
		}{
			{name: "OKBet", do: svc.Bet, c: call("b1", "", 100_00), answer: 900_00, wallet: 900_00},
			{name: "OKBetRepeated", do: svc.Bet, c: call("b1", "", 100_00), answer: 900_00, wallet: 900_00, dup: true},
			{name: "ErrBetMismatch", do: svc.Bet, c: call("b1", "", 101_00), err: seamless.ErrMismatch, wallet: 900_00},
			{name: "ErrWinOfABetsID", do: svc.Win, c: call("b1", "", 100_00), err: seamless.ErrMismatch, wallet: 900_00},
			{name: "OKWin", do: svc.Win, c: call("w1", "", 50_00), answer: 950_00, wallet: 950_00},
			{name: "ErrInsufficient", do: svc.Bet, c: call("b-big", "", 5000_00), err: seamless.ErrInsufficient, answer: 950_00, wallet: 950_00},
			{name: "ErrRollbackOfAWin", do: svc.Rollback, c: call("x1", "w1", 0), err: seamless.ErrInvalid, wallet: 950_00},
			{name: "OKRollback", do: svc.Rollback, c: call("x2", "b1", 100_00), answer: 1050_00, wallet: 1050_00},
			{name: "OKRollbackRepeated", do: svc.Rollback, c: call("x2", "b1", 100_00), answer: 1050_00, wallet: 1050_00, dup: true},
			{name: "ErrBetRolledBack", do: svc.Bet, c: call("b1", "", 100_00), err: seamless.ErrRolledBack, wallet: 1050_00},
			{name: "OKTombstone", do: svc.Rollback, c: call("x3", "b2", 0), answer: 1050_00, wallet: 1050_00},
			{name: "ErrLateBet", do: svc.Bet, c: call("b2", "", 10_00), err: seamless.ErrRolledBack, wallet: 1050_00},
			{name: "OKBetBeforeTheLock", do: svc.Bet, c: call("b3", "", 10_00), answer: 1040_00, wallet: 1040_00},
			{name: "ErrBlocked", before: func() { members.blocked[e.member] = true }, do: svc.Bet, c: call("b4", "", 10_00),
				err: seamless.ErrBlocked, wallet: 1040_00},
			{name: "OKBetRepeatedAfterTheLock", do: svc.Bet, c: call("b3", "", 10_00), answer: 1040_00, wallet: 1040_00, dup: true},
			{name: "OKWinWhileBlocked", do: svc.Win, c: call("w2", "", 10_00), answer: 1050_00, wallet: 1050_00},
			{name: "ErrTokenExpired", before: func() { members.blocked[e.member] = false; now = now.Add(2 * time.Hour) },
				do: svc.Bet, c: call("b5", "", 10_00), err: seamless.ErrTokenExpired, wallet: 1050_00},
			{name: "OKBetRepeatedAfterExpiry", do: svc.Bet, c: call("b3", "", 10_00), answer: 1040_00, wallet: 1050_00, dup: true},
			{name: "OKRollbackAfterExpiry", do: svc.Rollback, c: call("x4", "b3", 10_00), answer: 1060_00, wallet: 1060_00},
			{name: "ErrToken", do: svc.Bet, c: func() seamless.Callback { c := call("b6", "", 10_00); c.Token = "forged"; return c }(),
				err: seamless.ErrToken, wallet: 1060_00},
		}
		for _, s := range steps {
			t.Run(s.name, func(t *testing.T) {
				if s.before != nil {
					s.before()
				}
				a, err := s.do(ctx, s.c)
				if !errors.Is(err, s.err) {
					t.Fatalf("err = %v, want %v", err, s.err)
				}
				if (err == nil || errors.Is(err, seamless.ErrInsufficient)) && a.Balance != s.answer {
					t.Fatalf("answered %s, want %s", a.Balance, s.answer)
				}
				if a.Duplicate != s.dup {
					t.Fatalf("duplicate %v, want %v", a.Duplicate, s.dup)
				}
				if b := e.wallet(t); b != s.wallet {
					t.Fatalf("wallet %s, want %s", b, s.wallet)
				}
			})
		}
	})
}
