package sqlstore_test

import (
	"context"
	"fmt"
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
	"ngern/core/money"
	"ngern/core/seamless"
)

// seamlessEnv is the seamless store on a test database with one member
// holding 1,000.00 in the wallet.
type seamlessEnv struct {
	db     *sqlstore.DB
	s      *sqlstore.Seamless
	l      *sqlstore.Ledger
	member string
}

func newSeamlessEnv(t *testing.T, db *sqlstore.DB) *seamlessEnv {
	t.Helper()
	return newSeamlessEnvOf(t, db, 0)
}

// newSeamlessEnvOf is newSeamlessEnv with the n-th of several members of
// one database.
func newSeamlessEnvOf(t *testing.T, db *sqlstore.DB, n int) *seamlessEnv {
	t.Helper()
	seed(t, db)
	m := newMember(fmt.Sprintf("08123456%02d", 78+n), fmt.Sprintf("12345678%02d", 90+n))
	if err := sqlstore.NewAccounts(db).CreateMember(context.Background(), m, ""); err != nil {
		t.Fatal(err)
	}
	e := &seamlessEnv{db: db, s: sqlstore.NewSeamless(db), l: sqlstore.NewLedger(db), member: m.ID}
	credit(t, e.l, m.ID, 1000_00)
	return e
}

// record is a callback's record as the core service builds it.
func (e *seamlessEnv) record(kind seamless.Kind, txID, round string, amount money.Satang) seamless.Record {
	return seamless.Record{Provider: "sim", TxID: txID, Kind: kind, State: seamless.Applied, MemberID: e.member,
		RoundID: round, Game: "slot1", Amount: amount, Fingerprint: "fp-" + txID, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
}

func (e *seamlessEnv) rollback(txID, betID string) seamless.Record {
	r := e.record(seamless.Rollback, txID, "", 0)
	r.RefTxID = betID
	return r
}

func (e *seamlessEnv) wallet(t *testing.T) money.Satang {
	t.Helper()
	b, err := e.s.Balance(context.Background(), e.member)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// count runs a COUNT(*) query written with literal values.
func (e *seamlessEnv) count(t *testing.T, query string) int {
	t.Helper()
	var n int
	if err := e.db.SQL().QueryRowContext(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (e *seamlessEnv) journals(t *testing.T, kind ledger.JournalKind) int {
	t.Helper()
	return e.count(t, fmt.Sprintf(`SELECT COUNT(*) FROM journals WHERE kind = '%s'`, kind))
}

func (e *seamlessEnv) apply(t *testing.T, r seamless.Record) (seamless.Record, bool) {
	t.Helper()
	got, existed, err := e.s.Apply(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	return got, existed
}

func (e *seamlessEnv) cancel(t *testing.T, r seamless.Record) (seamless.Record, bool) {
	t.Helper()
	got, existed, err := e.s.Cancel(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	return got, existed
}

// round returns a round's stake and payout in the bet history.
func (e *seamlessEnv) round(t *testing.T, round string) (stake, payout money.Satang) {
	t.Helper()
	err := e.db.SQL().QueryRowContext(context.Background(), fmt.Sprintf(`SELECT stake, payout FROM game_bets
		WHERE game = 'sim:slot1' AND bet_id = '%s' AND username = '%s' AND member_id = '%s'`, round, e.member, e.member)).
		Scan(&stake, &payout)
	if err != nil {
		t.Fatalf("round %s: %v", round, err)
	}
	return stake, payout
}

func TestSeamlessSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		now := time.Now().UTC().Truncate(time.Microsecond)
		ses := seamless.Session{TokenHash: account.HashToken("tok"), MemberID: e.member, Provider: "sim", Game: "slot1",
			CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := e.s.CreateSession(ctx, ses); err != nil {
			t.Fatal(err)
		}
		t.Run("OK", func(t *testing.T) {
			got, err := e.s.Session(ctx, "sim", ses.TokenHash)
			if err != nil || got != ses {
				t.Fatalf("got %+v, %v, want %+v", got, err, ses)
			}
		})
		t.Run("ErrOtherProvider", func(t *testing.T) {
			if _, err := e.s.Session(ctx, "hub88", ses.TokenHash); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("ErrUnknown", func(t *testing.T) {
			if _, err := e.s.Session(ctx, "sim", account.HashToken("other")); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("ErrTransactionUnknown", func(t *testing.T) {
			if _, err := e.s.Transaction(ctx, "sim", "none"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("err = %v", err)
			}
		})
	})
}

func TestSeamlessApply(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		t.Cleanup(func() { mustVerify(t, e.l) })

		t.Run("OKBetOnce", func(t *testing.T) {
			got, existed := e.apply(t, e.record(seamless.Bet, "b1", "r1", 100_00))
			if existed || got.Balance != 900_00 || got.JournalID == "" || got.State != seamless.Applied {
				t.Fatalf("got %+v, existed %v", got, existed)
			}
			stored, err := e.s.Transaction(ctx, "sim", "b1")
			if err != nil || stored != got {
				t.Fatalf("stored %+v, %v, want %+v", stored, err, got)
			}
		})
		t.Run("OKDuplicateAnswersTheOriginal", func(t *testing.T) {
			first, _ := e.s.Transaction(ctx, "sim", "b1")
			again := e.record(seamless.Bet, "b1", "r1", 100_00)
			again.Fingerprint = "other content"
			got, existed := e.apply(t, again)
			if !existed || got != first {
				t.Fatalf("got %+v, existed %v, want %+v", got, existed, first)
			}
			if b := e.wallet(t); b != 900_00 || e.journals(t, ledger.GameBet) != 1 {
				t.Fatalf("wallet %s, %d bet journals", b, e.journals(t, ledger.GameBet))
			}
		})
		t.Run("OKWinCountsInTheRound", func(t *testing.T) {
			got, existed := e.apply(t, e.record(seamless.Win, "w1", "r1", 250_00))
			if existed || got.Balance != 1150_00 || got.JournalID == "" {
				t.Fatalf("got %+v", got)
			}
			if stake, payout := e.round(t, "r1"); stake != 100_00 || payout != 250_00 {
				t.Fatalf("round: stake %s payout %s", stake, payout)
			}
			day := time.Now().UTC().Format(time.DateOnly)
			res, err := sqlstore.NewRewards(db).Results(ctx, e.member, "2000-01-01", "2999-01-01", 10)
			if err != nil || len(res) != 1 || res[0].Game != "sim:slot1" || res[0].Bets != 1 || res[0].Stake != 100_00 ||
				res[0].Payout != 250_00 {
				t.Fatalf("results %+v, %v (%s)", res, err, day)
			}
		})
		t.Run("OKWinOfZeroPostsNothing", func(t *testing.T) {
			journals := e.journals(t, ledger.GameWin)
			got, _ := e.apply(t, e.record(seamless.Win, "w0", "r1", 0))
			if got.JournalID != "" || got.Balance != 1150_00 || e.journals(t, ledger.GameWin) != journals {
				t.Fatalf("got %+v", got)
			}
		})
		t.Run("ErrInsufficientStoresNothing", func(t *testing.T) {
			_, _, err := e.s.Apply(ctx, e.record(seamless.Bet, "b-big", "r2", 5000_00))
			if !errs.HasCode(err, errs.MoneyNotEnough) {
				t.Fatalf("err = %v", err)
			}
			if _, err := e.s.Transaction(ctx, "sim", "b-big"); !errs.HasCode(err, errs.NoData) {
				t.Fatalf("a refused bet was stored: %v", err)
			}
			if n := e.count(t, `SELECT COUNT(*) FROM game_bets WHERE bet_id = 'r2'`); n != 0 || e.wallet(t) != 1150_00 {
				t.Fatalf("%d rounds, wallet %s", n, e.wallet(t))
			}
		})
	})
}

// TestSeamlessConcurrentDuplicates delivers one callback 50 times at once:
// one journal, one answer for all. The wallet is locked before the key is
// inserted, so a duplicate waits for the first delivery's wallet and then
// finds its key: it answers what the first answered even when the wallet
// could not pay the bet twice ("once"), through Apply and through Record
// (its look-up first).
func TestSeamlessConcurrentDuplicates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		i := 0
		for _, tc := range []struct {
			name   string
			kind   seamless.Kind
			amount money.Satang
			record bool
			wallet money.Satang
		}{
			{"Bet", seamless.Bet, 10_00, false, 990_00},
			{"BetRecorded", seamless.Bet, 10_00, true, 990_00},
			{"Win", seamless.Win, 25_00, false, 1025_00},
			{"WinRecorded", seamless.Win, 25_00, true, 1025_00},
			{"BetTheWalletPaysOnce", seamless.Bet, 600_00, false, 400_00},
			{"BetTheWalletPaysOnceRecorded", seamless.Bet, 600_00, true, 400_00},
		} {
			i++
			t.Run(tc.name, func(t *testing.T) {
				e := newSeamlessEnvOf(t, db, i)
				const n = 50
				var (
					wg     sync.WaitGroup
					fresh  atomic.Int32
					answer sync.Map
					failed atomic.Value
				)
				r := e.record(tc.kind, "dup-"+e.member, "rd-"+e.member, tc.amount)
				for range n {
					wg.Go(func() {
						var (
							got     seamless.Record
							existed bool
							err     error
						)
						if tc.record {
							var found seamless.Found
							got, found, err = e.s.Record(context.Background(), r, false)
							existed = found == seamless.Existing
						} else {
							got, existed, err = e.s.Apply(context.Background(), r)
						}
						if err != nil {
							failed.Store(err)
							return
						}
						if !existed {
							fresh.Add(1)
						}
						answer.Store(got.JournalID+"/"+got.Balance.String(), true)
					})
				}
				wg.Wait()
				if err, _ := failed.Load().(error); err != nil {
					t.Fatal(err)
				}
				answers := 0
				answer.Range(func(k, _ any) bool {
					answers++
					if !strings.HasSuffix(k.(string), "/"+tc.wallet.String()) {
						t.Errorf("answered %s, want the balance after %s", k, tc.wallet)
					}
					return true
				})
				kind := ledger.GameBet
				if tc.kind == seamless.Win {
					kind = ledger.GameWin
				}
				journals := e.count(t, fmt.Sprintf(`SELECT COUNT(*) FROM journals WHERE kind = '%s' AND member_id = '%s'`, kind, e.member))
				if fresh.Load() != 1 || answers != 1 || journals != 1 || e.wallet(t) != tc.wallet {
					t.Fatalf("%d first deliveries, %d answers, %d journals, wallet %s", fresh.Load(), answers, journals, e.wallet(t))
				}
				stake, payout := e.round(t, "rd-"+e.member)
				if tc.kind == seamless.Bet && (stake != tc.amount || payout != 0) || tc.kind == seamless.Win && (stake != 0 || payout != tc.amount) {
					t.Fatalf("round %s staked, %s paid", stake, payout)
				}
				stored, err := e.s.Transaction(context.Background(), "sim", r.TxID)
				if err != nil || stored.Balance != tc.wallet || stored.JournalID == "" {
					t.Fatalf("stored %+v, %v", stored, err)
				}
				mustVerify(t, e.l)
			})
		}
	})
}

// TestSeamlessHotMemberDuplicates plays one member's rounds at once, each
// bet and win delivered three times concurrently: every movement once, the
// wallet exact, and each row's balance after one the wallet really had.
func TestSeamlessHotMemberDuplicates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		const rounds, copies = 20, 3
		var wg sync.WaitGroup
		var failed atomic.Value
		for i := range rounds {
			bet := e.record(seamless.Bet, fmt.Sprintf("hb%d", i), fmt.Sprintf("hr%d", i), 10_00)
			win := e.record(seamless.Win, fmt.Sprintf("hw%d", i), fmt.Sprintf("hr%d", i), money.Satang(i%3)*10_00)
			for range copies {
				wg.Go(func() {
					for _, r := range []seamless.Record{bet, win} {
						if _, _, err := e.s.Record(ctx, r, false); err != nil {
							failed.Store(err)
						}
					}
				})
			}
		}
		wg.Wait()
		if err, _ := failed.Load().(error); err != nil {
			t.Fatal(err)
		}
		// 20 bets of 10.00; wins of 0, 10.00 and 20.00 in turn (7, 7 and 6).
		want := money.Satang(1000_00 - rounds*10_00 + 7*10_00 + 6*20_00)
		if b := e.wallet(t); b != want {
			t.Fatalf("wallet %s, want %s", b, want)
		}
		if n := e.journals(t, ledger.GameBet); n != rounds {
			t.Fatalf("%d bet journals", n)
		}
		// Every answer is a balance the wallet passed through: the movements
		// were posted one after the other, so the balances before them
		// (after less the movement) are the start and the balances after
		// of all but the last.
		rows, err := db.SQL().QueryContext(ctx, `SELECT balance, CASE kind WHEN 'bet' THEN -amount ELSE amount END
			FROM seamless_txs WHERE journal_id IS NOT NULL`)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[money.Satang]int{1000_00: 1}
		seen[want]--
		for rows.Next() {
			var after, delta money.Satang
			if err := rows.Scan(&after, &delta); err != nil {
				t.Fatal(err)
			}
			seen[after]++
			seen[after-delta]--
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		for b, n := range seen {
			if n != 0 {
				t.Fatalf("the answers do not chain from 1,000.00 to %s: balance %s off by %d", want, b, n)
			}
		}
		mustVerify(t, e.l)
	})
}

func TestSeamlessCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		t.Cleanup(func() { mustVerify(t, e.l) })

		t.Run("OKAfterTheBet", func(t *testing.T) {
			e.apply(t, e.record(seamless.Bet, "b1", "r1", 100_00))
			got, existed := e.cancel(t, e.rollback("x1", "b1"))
			if existed || got.Amount != 100_00 || got.Balance != 1000_00 || got.JournalID == "" {
				t.Fatalf("got %+v", got)
			}
			if bet, _ := e.s.Transaction(ctx, "sim", "b1"); bet.State != seamless.RolledBack {
				t.Fatalf("bet %+v", bet)
			}
			if stake, _ := e.round(t, "r1"); stake != 0 {
				t.Fatalf("round stake %s after its bet was rolled back", stake)
			}
		})
		t.Run("OKDuplicateCreditsOnce", func(t *testing.T) {
			first, _ := e.s.Transaction(ctx, "sim", "x1")
			got, existed := e.cancel(t, e.rollback("x1", "b1"))
			if !existed || got != first || e.wallet(t) != 1000_00 || e.journals(t, ledger.GameRollback) != 1 {
				t.Fatalf("got %+v, wallet %s", got, e.wallet(t))
			}
		})
		t.Run("OKSecondRollbackMovesNothing", func(t *testing.T) {
			got, existed := e.cancel(t, e.rollback("x2", "b1"))
			if existed || got.JournalID != "" || got.Balance != 1000_00 || e.journals(t, ledger.GameRollback) != 1 {
				t.Fatalf("got %+v", got)
			}
		})
		t.Run("OKRollbackOfAWinMovesNothing", func(t *testing.T) {
			e.apply(t, e.record(seamless.Win, "w1", "r1", 5_00))
			got, _ := e.cancel(t, e.rollback("x3", "w1"))
			if got.JournalID != "" || e.wallet(t) != 1005_00 {
				t.Fatalf("got %+v, wallet %s", got, e.wallet(t))
			}
			if w, _ := e.s.Transaction(ctx, "sim", "w1"); w.State != seamless.Applied {
				t.Fatalf("win %+v", w)
			}
		})
		t.Run("OKTombstoneBeforeTheBet", func(t *testing.T) {
			got, existed := e.cancel(t, e.rollback("x4", "b-late"))
			if existed || got.JournalID != "" || got.Balance != 1005_00 {
				t.Fatalf("got %+v", got)
			}
			tomb, err := e.s.Transaction(ctx, "sim", "b-late")
			if err != nil || tomb.State != seamless.Tombstone || tomb.Kind != seamless.Bet || tomb.MemberID != e.member || tomb.JournalID != "" {
				t.Fatalf("tombstone %+v, %v", tomb, err)
			}
			late, existed := e.apply(t, e.record(seamless.Bet, "b-late", "r9", 50_00))
			if !existed || late != tomb || e.wallet(t) != 1005_00 {
				t.Fatalf("late bet %+v, existed %v, wallet %s", late, existed, e.wallet(t))
			}
		})
	})
}

// TestSeamlessTwoMembers covers what the store guards between members: a
// round id two players share, and a rollback naming another's bet.
func TestSeamlessTwoMembers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		other := newMember("0899999999", "9999999999")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, other, ""); err != nil {
			t.Fatal(err)
		}
		credit(t, e.l, other.ID, 100_00)
		t.Cleanup(func() { mustVerify(t, e.l) })
		e.apply(t, e.record(seamless.Bet, "b1", "table-7", 10_00))
		theirs := e.record(seamless.Bet, "b2", "table-7", 20_00)
		theirs.MemberID = other.ID
		e.apply(t, theirs)

		t.Run("OKSharedRoundIDKeptApart", func(t *testing.T) {
			if stake, _ := e.round(t, "table-7"); stake != 10_00 {
				t.Fatalf("first member's round stake %s", stake)
			}
			n := e.count(t, fmt.Sprintf(`SELECT COUNT(*) FROM game_bets WHERE game = 'sim:slot1'
				AND bet_id = 'table-7/%s' AND member_id = '%s' AND stake = 2000`, other.ID, other.ID))
			if n != 1 {
				t.Fatal("the second member's round is not kept under its own key")
			}
		})
		t.Run("OKRollbackOfAnothersBetMovesNothing", func(t *testing.T) {
			got, _ := e.cancel(t, e.rollback("x1", "b2"))
			if got.JournalID != "" {
				t.Fatalf("got %+v", got)
			}
			if bet, _ := e.s.Transaction(ctx, "sim", "b2"); bet.State != seamless.Applied {
				t.Fatalf("another member's bet was rolled back: %+v", bet)
			}
		})
	})
}

// TestSeamlessBetRollbackRace runs a bet and its rollback at once, many
// times: each pair ends bet applied then rolled back, or tombstone and bet
// refused; never a debit without its credit.
func TestSeamlessBetRollbackRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		outcomes := map[string]int{}
		for i := range 30 {
			bet := e.record(seamless.Bet, fmt.Sprintf("rb%d", i), fmt.Sprintf("rr%d", i), 7_00)
			var wg sync.WaitGroup
			var betErr, cancelErr error
			var betExisted bool
			wg.Go(func() { _, betExisted, betErr = e.s.Apply(ctx, bet) })
			wg.Go(func() { _, _, cancelErr = e.s.Cancel(ctx, e.rollback(fmt.Sprintf("rx%d", i), bet.TxID)) })
			wg.Wait()
			if betErr != nil || cancelErr != nil {
				t.Fatalf("round %d: bet %v, rollback %v", i, betErr, cancelErr)
			}
			stored, err := e.s.Transaction(ctx, "sim", bet.TxID)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case stored.State == seamless.RolledBack && !betExisted:
			case stored.State == seamless.Tombstone && betExisted:
			default:
				t.Fatalf("round %d: bet %+v (bet answered existed=%v)", i, stored, betExisted)
			}
			outcomes[string(stored.State)]++
			if b := e.wallet(t); b != 1000_00 {
				t.Fatalf("round %d: wallet %s", i, b)
			}
		}
		t.Logf("outcomes: %v", outcomes)
		mustVerify(t, e.l)
	})
}

func TestSeamlessCheck(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		e.apply(t, e.record(seamless.Bet, "b1", "r1", 100_00))
		e.apply(t, e.record(seamless.Bet, "b2", "r2", 100_00))
		e.apply(t, e.record(seamless.Win, "w1", "r1", 30_00))
		e.cancel(t, e.rollback("x1", "b2"))
		e.cancel(t, e.rollback("x2", "b-never"))
		mustVerify(t, e.l)

		exec := func(t *testing.T, q string) {
			t.Helper()
			if _, err := db.SQL().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			name, breaks, repairs string
			want                  []string
		}{
			{"ErrBetWithoutJournal", `UPDATE seamless_txs SET journal_id = NULL WHERE tx_id = 'b1'`, `UPDATE seamless_txs SET journal_id = '%s' WHERE tx_id = 'b1'`,
				[]string{"seamless bet without its journal: sim:b1", "game_bet journal of no seamless transaction"}},
			{"ErrWrongAmount", `UPDATE seamless_txs SET amount = 31 WHERE tx_id = 'w1'`, `UPDATE seamless_txs SET amount = 3000 WHERE tx_id = 'w1'`,
				[]string{"seamless win without its journal: sim:w1"}},
			{"ErrRolledBackWithoutRollback", `UPDATE seamless_txs SET state = 'rolled_back' WHERE tx_id = 'b1'`,
				`UPDATE seamless_txs SET state = 'applied' WHERE tx_id = 'b1'`,
				[]string{"seamless bet rolled back without a rollback journal: sim:b1"}},
			{"ErrTombstoneWithJournal", `UPDATE seamless_txs SET journal_id = 'j-x' WHERE tx_id = 'b-never'`,
				`UPDATE seamless_txs SET journal_id = NULL WHERE tx_id = 'b-never'`,
				[]string{"seamless tombstone with a journal: sim:b-never"}},
			// PostgreSQL only: SQLite's foreign key refuses it.
			{"ErrRoundOfNoSuchMember", `UPDATE game_bets SET member_id = 'm-gone' WHERE bet_id = 'r1'`,
				`UPDATE game_bets SET member_id = username WHERE bet_id = 'r1'`,
				[]string{"round of no such member m-gone: sim:slot1:r1"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				if c.name == "ErrRoundOfNoSuchMember" && db.Dialect() != sqlstore.Postgres {
					t.Skip("SQLite keeps game_bets' foreign key to members")
				}
				b1, err := e.s.Transaction(ctx, "sim", "b1")
				if err != nil {
					t.Fatal(err)
				}
				exec(t, c.breaks)
				r, err := e.l.Verify(ctx, time.Now())
				if err != nil {
					t.Fatal(err)
				}
				got := strings.Join(r.Problems, "\n")
				for _, w := range c.want {
					if !strings.Contains(got, w) {
						t.Errorf("problems %q lack %q", got, w)
					}
				}
				repair := c.repairs
				if strings.Contains(repair, "%s") {
					repair = fmt.Sprintf(repair, b1.JournalID)
				}
				exec(t, repair)
				mustVerify(t, e.l)
			})
		}
	})
}

func TestSeamlessRound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		b1 := e.record(seamless.Bet, "b1", "r1", 100_00)
		w1 := e.record(seamless.Win, "w1", "r1", 30_00)
		w1.CreatedAt = b1.CreatedAt.Add(time.Second)
		e.apply(t, b1)
		e.apply(t, w1)
		e.apply(t, e.record(seamless.Bet, "b2", "r2", 100_00))
		got, err := e.s.Round(ctx, "sim", "r1")
		if err != nil || len(got) != 2 || got[0].TxID != "b1" || got[1].TxID != "w1" || got[0].JournalID == "" || got[1].Balance != 930_00 {
			t.Fatalf("Round(r1) = %+v, %v; want b1 then w1", got, err)
		}
		for _, r := range []string{"r-none", ""} {
			if _, err := e.s.Round(ctx, "sim", r); errs.CodeOf(err) != errs.NoData {
				t.Errorf("Round(%q) = %v, want NO_DATA", r, err)
			}
		}
		if _, err := e.s.Round(ctx, "other", "r1"); errs.CodeOf(err) != errs.NoData {
			t.Errorf("Round of another provider = %v, want NO_DATA", err)
		}
	})
}

// TestSeamlessResolve resolves stuck rounds through the core service on
// the SQL store: a refund rolls the bets back once, a late rollback of a
// refunded bet moves nothing, a late win is credited, and the ledger
// check holds.
func TestSeamlessResolve(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		e := newSeamlessEnv(t, db)
		later := time.Now().Add(seamless.StuckAfter + time.Minute)
		svc := seamless.NewService(e.s, nil, seamless.Config{Now: func() time.Time { return later }})
		e.apply(t, e.record(seamless.Bet, "b1", "r1", 100_00))
		e.apply(t, e.record(seamless.Bet, "b2", "r1", 50_00))
		e.apply(t, e.record(seamless.Bet, "b3", "r2", 20_00))

		res, err := svc.Resolve(ctx, "sim", "r1", seamless.Refund)
		if err != nil || res.Refunded != 150_00 || res.Balance != 980_00 || res.Duplicate {
			t.Fatalf("Refund = %+v, %v; want 150.00 back, 980.00", res, err)
		}
		if again, err := svc.Resolve(ctx, "sim", "r1", seamless.Refund); err != nil || !again.Duplicate || again.Balance != 980_00 {
			t.Fatalf("repeated Refund = %+v, %v", again, err)
		}
		if _, existed := e.cancel(t, e.rollback("late-x", "b1")); existed || e.wallet(t) != 980_00 {
			t.Fatalf("late rollback moved the wallet to %d", e.wallet(t))
		}
		late := e.record(seamless.Win, "late-w", "r1", 10_00)
		if got, _ := e.apply(t, late); got.Balance != 990_00 {
			t.Fatalf("late win answered %d, want 990.00", got.Balance)
		}
		if res, err := svc.Resolve(ctx, "sim", "r2", seamless.Lost); err != nil || res.Balance != 990_00 || res.Round.Resolved != seamless.Lost {
			t.Fatalf("Lost = %+v, %v", res, err)
		}
		if n := e.journals(t, ledger.GameRollback); n != 2 {
			t.Fatalf("rollback journals = %d, want 2 (the refund's)", n)
		}
		if stake, _ := e.round(t, "r1"); stake != 0 {
			t.Fatalf("refunded round's stake = %d, want 0", stake)
		}
		mustVerify(t, e.l)
	})
}
