package sqlstore_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/operator"
)

// joinedFlows is the console store with a period's figures read as they
// were before migration 0032, one statement each: an account's sum read
// every posting of the account and looked each journal up for its time.
// It is the reference the ranged reads must equal.
type joinedFlows struct {
	*sqlstore.Console
	db *sqlstore.DB
}

func (s joinedFlows) Totals(ctx context.Context, accounts []string, from, to time.Time, _ bool) (operator.Totals, error) {
	t := operator.Totals{Flows: map[string]operator.Flow{}}
	x := s.db.SQL()
	for _, a := range accounts {
		var f operator.Flow
		if err := x.QueryRowContext(ctx, rebind(s.db, `SELECT COUNT(*), COALESCE(SUM(p.amount), 0)
			FROM postings p JOIN journals j ON j.id = p.journal_id
			WHERE p.account_id = ? AND j.created_at >= ? AND j.created_at < ?`), a, from.UTC(), to.UTC()).Scan(&f.Count, &f.Sum); err != nil {
			return t, err
		}
		if f.Count > 0 {
			t.Flows[a] = f
		}
	}
	if err := x.QueryRowContext(ctx, rebind(s.db, `SELECT
			COALESCE(SUM(CASE WHEN direction = 'in' THEN amount ELSE 0 END), 0) AS in_total,
			COALESCE(SUM(CASE WHEN direction = 'out' THEN amount ELSE 0 END), 0) AS out_total
		FROM transfers WHERE state = 'DONE' AND created_at >= ? AND created_at < ?`), from.UTC(), to.UTC()).Scan(&t.GameIn, &t.GameOut); err != nil {
		return t, err
	}
	err := x.QueryRowContext(ctx, rebind(s.db, `SELECT COUNT(*) FROM members WHERE created_at >= ? AND created_at < ?`),
		from.UTC(), to.UTC()).Scan(&t.Members)
	return t, err
}

func (s joinedFlows) CountMembers(ctx context.Context) (int, error) {
	var n int
	err := s.db.SQL().QueryRowContext(ctx, rebind(s.db, `SELECT COUNT(*) FROM members WHERE created_at >= ? AND created_at < ?`),
		time.Unix(0, 0).UTC(), time.Now().UTC().Add(time.Hour)).Scan(&n)
	return n, err
}

// TestReportRanges checks that the reports, read in one statement a day
// from the postings' own time and the period's indexes, answer what the
// journal-joined reads of one statement a figure answered, on a seeded history of ten days whose journals, members
// and transfers fall on and around the Bangkok day boundaries: the day,
// 7 and 10 days, and the dashboard's day and total.
func TestReportRanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		r := rand.New(rand.NewPCG(26, 32))
		start := time.Date(2026, 3, 1, 0, 0, 0, 0, limits.Zone)
		// A time in the ten days, a fifth of them on a day's first or
		// last microsecond.
		at := func() time.Time {
			day := start.AddDate(0, 0, r.IntN(10))
			switch r.IntN(5) {
			case 0:
				return day
			case 1:
				return day.Add(-time.Microsecond)
			}
			return day.Add(time.Duration(r.Int64N(int64(24 * time.Hour)))).Truncate(time.Microsecond)
		}
		accounts := sqlstore.NewAccounts(db)
		var members []*account.Member
		for i := range 12 {
			m := newMember(fmt.Sprintf("08%08d", i), fmt.Sprintf("%010d", i))
			m.CreatedAt = at().UTC()
			if err := accounts.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			members = append(members, m)
		}
		l := sqlstore.NewLedger(db)
		sys := []ledger.Account{ledger.Deposits, ledger.WithdrawalsOut, ledger.Adjustments, ledger.PromotionExpense, ledger.Prizes}
		for i := range 300 {
			from := sys[r.IntN(len(sys))]
			to := ledger.Wallet(members[r.IntN(len(members))].ID)
			if r.IntN(3) == 0 {
				to = sys[r.IntN(len(sys))]
				if to == from {
					continue
				}
			}
			j := ledger.Journal{ID: account.NewID(), Kind: ledger.Adjustment, Ref: fmt.Sprint("r", i),
				Postings: ledger.Move(from, to, money.Satang(1+r.IntN(100_000))), CreatedAt: at().UTC()}
			if err := l.Post(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 80 {
			m := members[r.IntN(len(members))]
			when := at().UTC()
			if _, err := db.SQL().ExecContext(ctx, rebind(db, `INSERT INTO transfers
				(id, member_id, game_code, username, direction, amount, state, attempts, created_at, updated_at, next_check_at)
				VALUES (?, ?, ?, 'u', ?, ?, ?, 0, ?, ?, ?)`), fmt.Sprint("t", i), m.ID, seededGame(t, db),
				[]string{"in", "out"}[r.IntN(2)], 1+r.IntN(50_000), []string{"DONE", "DONE", "FAILED", "PENDING"}[r.IntN(4)],
				when, when, when); err != nil {
				t.Fatal(err)
			}
		}
		now := func() time.Time { return start.AddDate(0, 0, 9).Add(13 * time.Hour) }
		ranged := operator.NewConsole(sqlstore.NewConsole(db), now)
		joined := operator.NewConsole(joinedFlows{sqlstore.NewConsole(db), db}, now)
		for _, c := range []struct{ name, from, to string }{
			{"OneDay", "2026-03-04", "2026-03-04"}, {"SevenDays", "2026-03-02", "2026-03-08"},
			{"TenDaysAndAround", "2026-02-28", "2026-03-11"},
		} {
			t.Run(c.name, func(t *testing.T) {
				got, err := ranged.Report(ctx, c.from, c.to)
				if err != nil {
					t.Fatal(err)
				}
				want, err := joined.Report(ctx, c.from, c.to)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("report\n%s\nwant\n%s", operator.CSV(got), operator.CSV(want))
				}
				var moved bool
				for _, d := range got {
					moved = moved || d.Deposits.Count > 0 && d.GameNet != 0 && d.Members > 0
				}
				if !moved {
					t.Fatalf("the history left no day with deposits, transfers and members:\n%s", operator.CSV(got))
				}
			})
		}
		t.Run("Dashboard", func(t *testing.T) {
			got, err := ranged.DayFigures(ctx, ranged.Today())
			if err != nil {
				t.Fatal(err)
			}
			want, err := joined.DayFigures(ctx, joined.Today())
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("today %+v, want %+v (%v)", got, want, err)
			}
			n, err := ranged.MembersTotal(ctx)
			if before, _ := joined.MembersTotal(ctx); err != nil || n != before || n != len(members) {
				t.Fatalf("members total %d (before %d), %v", n, before, err)
			}
		})
	})
}

// seededGame adds the game the history's transfers go to, once.
func seededGame(t *testing.T, db *sqlstore.DB) string {
	t.Helper()
	if _, err := db.SQL().ExecContext(context.Background(), `INSERT INTO games (code, name, logo, background, category)
		VALUES ('REPORTSLOT', 'Report slot', '', '', 'slot') ON CONFLICT (code) DO NOTHING`); err != nil {
		t.Fatal(err)
	}
	return "REPORTSLOT"
}

// TestMemberSearchAsBefore checks that the members search answers what the
// per-field test alone answered (on PostgreSQL the search adds the
// condition the trigram index serves): the same members in the same order
// and the same total, for texts found in one field, in none, across two
// fields of the joined text, and with LIKE's wildcards and escape.
func TestMemberSearchAsBefore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		accounts := sqlstore.NewAccounts(db)
		names := []string{"Somchai Jaidee", "MALEE 100%", "สมหญิง ใจดี", "Noi_Noy", `Back\slash`, "Ploy|Pan"}
		var ids []string
		for i := range 30 {
			m := newMember(fmt.Sprintf("0%d%08d", 6+i%3, i*7919), fmt.Sprintf("%03dB%06d", i, i*31))
			m.Name = names[i%len(names)]
			m.CreatedAt = m.CreatedAt.Add(time.Duration(i) * time.Second)
			if err := accounts.CreateMember(ctx, m, ""); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, m.ID)
		}
		store := sqlstore.NewConsole(db)
		for _, q := range []string{"", "08", "0800", "9", "somchai", "SOMCHAI JAI", "malee", "100%", "%", "_", "noi_", `\`, `back\s`,
			"สมหญิง", "ใจ", "b000", "007b", ids[3][:8], ids[5][10:], "ploy|pan", "jaidee|", "|", "y|p", "nobody", "0x"} {
			t.Run(q, func(t *testing.T) {
				for _, page := range []struct{ offset, limit int }{{0, 100}, {2, 3}} {
					got, total, err := store.SearchMembers(ctx, q, page.offset, page.limit)
					if err != nil {
						t.Fatal(err)
					}
					want, wantTotal := searchAsBefore(t, db, q, page.offset, page.limit)
					if total != wantTotal || !reflect.DeepEqual(memberIDs(got), want) {
						t.Fatalf("search %q %+v: %v (total %d), want %v (total %d)", q, page, memberIDs(got), total, want, wantTotal)
					}
				}
			})
		}
	})
}

// searchAsBefore is the members search as it was before migration 0032.
func searchAsBefore(t *testing.T, db *sqlstore.DB, q string, offset, limit int) ([]string, int) {
	t.Helper()
	ctx := context.Background()
	cond, args := "", []any{}
	if q != "" {
		pat := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q)) + "%"
		cond = ` WHERE LOWER(phone) LIKE ? ESCAPE '\' OR LOWER(name) LIKE ? ESCAPE '\'
			OR bank_account_no LIKE ? ESCAPE '\' OR id LIKE ? ESCAPE '\' OR LOWER(code) LIKE ? ESCAPE '\'`
		args = []any{pat, pat, pat, pat, pat}
	}
	var total int
	if err := db.SQL().QueryRowContext(ctx, rebind(db, `SELECT COUNT(*) FROM members`+cond), args...).Scan(&total); err != nil {
		t.Fatal(err)
	}
	rows, err := db.SQL().QueryContext(ctx, rebind(db, `SELECT id FROM members`+cond+
		` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids, total
}

func memberIDs(rows []operator.MemberRow) []string {
	ids := []string{}
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	return ids
}

// TestReportKeptDays checks the figures kept of settled days (migration
// 0039): a day over is answered from report_totals, so a journal written
// into it afterwards (which the ledger never does: a journal carries the
// time it is made) does not show, while today is read again; a day with a
// transfer still open is not kept, and shows the transfer once it is DONE.
func TestReportKeptDays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		seed(t, db)
		m := newMember("0899999999", "9999999999")
		if err := sqlstore.NewAccounts(db).CreateMember(ctx, m, ""); err != nil {
			t.Fatal(err)
		}
		day := time.Date(2026, 3, 1, 0, 0, 0, 0, limits.Zone)
		now := day.AddDate(0, 0, 2).Add(operator.SettledAfter - time.Hour) // the 3rd, 00:10 - 1 h: the 1st settled, the 2nd not
		console := operator.NewConsole(sqlstore.NewConsole(db), func() time.Time { return now })
		l := sqlstore.NewLedger(db)
		deposit := func(at time.Time, amount money.Satang) {
			t.Helper()
			j := ledger.Journal{ID: account.NewID(), Kind: ledger.Adjustment, Ref: account.NewID(),
				Postings: ledger.Move(ledger.Deposits, ledger.Wallet(m.ID), amount), CreatedAt: at.UTC()}
			if err := l.Post(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
		transfer := func(at time.Time, state string) {
			t.Helper()
			if _, err := db.SQL().ExecContext(ctx, rebind(db, `INSERT INTO transfers
				(id, member_id, game_code, username, direction, amount, state, attempts, created_at, updated_at, next_check_at)
				VALUES (?, ?, ?, 'u', 'in', 100, ?, 0, ?, ?, ?)`), "t"+state, m.ID, seededGame(t, db), state, at, at, at); err != nil {
				t.Fatal(err)
			}
		}
		deposit(day.Add(time.Hour), 100_00)
		deposit(day.AddDate(0, 0, 1).Add(time.Hour), 200_00)
		transfer(day.AddDate(0, 0, 1).Add(2*time.Hour), "PENDING")
		report := func() []operator.Day {
			t.Helper()
			days, err := console.Report(ctx, "2026-03-01", "2026-03-02")
			if err != nil {
				t.Fatal(err)
			}
			return days
		}
		first := report()
		if first[0].Deposits != (operator.Figure{Count: 1, Amount: 100_00}) || first[1].Deposits != (operator.Figure{Count: 1, Amount: 200_00}) {
			t.Fatalf("report %+v", first)
		}
		// Ten minutes later the 2nd is settled too, but its transfer is open.
		now = now.Add(time.Hour)
		deposit(day.Add(2*time.Hour), 1_00)
		deposit(day.AddDate(0, 0, 1).Add(2*time.Hour), 2_00)
		second := report()
		if second[0].Deposits != first[0].Deposits {
			t.Fatalf("the kept 1st read again: %+v", second[0])
		}
		if second[1].Deposits != (operator.Figure{Count: 2, Amount: 202_00}) || second[1].GameNet != 0 {
			t.Fatalf("the 2nd with an open transfer: %+v", second[1])
		}
		if _, err := db.SQL().ExecContext(ctx, rebind(db, `UPDATE transfers SET state = 'DONE' WHERE id = ?`), "tPENDING"); err != nil {
			t.Fatal(err)
		}
		if third := report(); third[1].GameNet != 1_00 || third[1].Deposits != second[1].Deposits {
			t.Fatalf("the 2nd after its transfer: %+v", third[1])
		}
		deposit(day.AddDate(0, 0, 1).Add(3*time.Hour), 3_00)
		if fourth := report(); fourth[1].Deposits != second[1].Deposits {
			t.Fatalf("the 2nd, kept once its transfer was done, read again: %+v", fourth[1])
		}
	})
}
