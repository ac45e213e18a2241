package sqlstore_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
	"ngern/core/wallet"
)

// TestYearListPlans checks that the console's long lists, reports and search and the reward
// runs' reads are served by the index migrations 0025 and 0032 made for them
// (docs/performance.md, "Lists at a year's volume"). The queries are the
// stores' own, with their select lists cut down: the plan's access path
// does not depend on the columns read. On PostgreSQL sequential scans are
// priced out (enable_seqscan = off), since on a table of a few rows a scan
// is the right plan and the test asks which index the planner can use, not
// whether a year's statistics would choose it (docs/performance.md has the
// EXPLAIN on a seeded volume). SQLite plans without statistics and picks the
// index that saves the sort.
func TestYearListPlans(t *testing.T) {
	type planCase struct {
		name, query, index string
		args               []any
		only               sqlstore.Dialect // "" on both
	}
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	cases := []planCase{
		{"withdrawals decided", `SELECT w.id FROM withdrawals w JOIN members m ON m.id = w.member_id
			WHERE w.status = ? ORDER BY w.decided_at DESC, w.id DESC LIMIT 200`, "withdrawals_decided_idx", []any{"APPROVED"}, ""},
		// The queue and the dashboard's count and sum (migration 0039).
		{"withdrawals queue", `SELECT w.id FROM withdrawals w JOIN members m ON m.id = w.member_id
			WHERE w.status = 'PENDING' ORDER BY w.created_at, w.id LIMIT 200`, "withdrawals_pending_idx", nil, ""},
		{"pending withdrawals sum", `SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM withdrawals WHERE status = 'PENDING'`,
			"withdrawals_pending_idx", nil, ""},
		{"member's withdrawals", `SELECT w.id FROM withdrawals w JOIN members m ON m.id = w.member_id
			WHERE w.member_id = ? ORDER BY w.created_at DESC, w.id DESC LIMIT 20`, "withdrawals_member_time_idx", []any{"m1"}, ""},
		{"members newest", `SELECT id FROM members ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0`, "members_created_idx", nil, ""},
		{"qr codes newest", `SELECT id FROM qr_codes ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0`, "qr_codes_created_idx", nil, ""},
		{"refund run bets", `SELECT b.member_id, COUNT(*) FROM game_bets b WHERE b.refund_run = ? GROUP BY b.member_id`,
			"game_bets_refund_run_idx", []any{"r1"}, ""},
		{"invite run bets", `SELECT b.member_id, COUNT(*) FROM game_bets b WHERE b.invite_run = ? GROUP BY b.member_id`,
			"game_bets_invite_run_idx", []any{"r1"}, ""},
		{"collector username", `SELECT member_id FROM game_accounts WHERE game_code = ? AND username = ?`,
			"game_accounts_username_idx", []any{"g", "u"}, ""},
		{"refunds newest", `SELECT x.id FROM refunds x ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`, "refunds_created_idx", nil, ""},
		{"refunds of a run", `SELECT x.id FROM refunds x WHERE x.run_id = ? ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`,
			"refunds_run_idx", []any{"r1"}, ""},
		{"commissions newest", `SELECT x.id FROM invite_commissions x ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`,
			"invite_commissions_created_idx", nil, ""},
		{"commissions of a run", `SELECT x.id FROM invite_commissions x WHERE x.run_id = ?
			ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`, "invite_commissions_run_idx", []any{"r1"}, ""},
		// The reports and the dashboard (migration 0032): the three parts
		// of Console.Totals, the figures of a day.
		{"report accounts day", `SELECT account_id AS k, COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM postings
			WHERE account_id LIKE 'sys:%' AND account_id IN (?, ?) AND created_at >= ? AND created_at < ? GROUP BY account_id`,
			"postings_system_time_idx",
			[]any{"sys:deposits", "sys:adjustments", day, day.AddDate(0, 0, 1)}, ""},
		{"report transfers day", `SELECT direction AS k, COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM transfers
			WHERE state = 'DONE' AND created_at >= ? AND created_at < ? GROUP BY direction`, "transfers_done_idx",
			[]any{day, day.AddDate(0, 0, 1)}, ""},
		{"report members day", `SELECT 'members' AS k, COUNT(*) AS n, 0 AS total FROM members WHERE created_at >= ? AND created_at < ?`,
			"members_created_idx", []any{day, day.AddDate(0, 0, 1)}, ""},
		// The members search (migration 0039): each field's trigram index,
		// as the name's alone finds a name's few members.
		{"members search", `SELECT COUNT(*) FROM members WHERE (LOWER(phone) LIKE ? ESCAPE '\' OR LOWER(name) LIKE ? ESCAPE '\'
			OR bank_account_no LIKE ? ESCAPE '\' OR id LIKE ? ESCAPE '\' OR LOWER(code) LIKE ? ESCAPE '\')`, "members_name_trgm_idx",
			[]any{"%somchai%", "%somchai%", "%somchai%", "%somchai%", "%somchai%"}, sqlstore.Postgres},
		{"members search page", `SELECT id FROM (SELECT * FROM members WHERE (LOWER(phone) LIKE ? ESCAPE '\' OR LOWER(name) LIKE ? ESCAPE '\'
			OR bank_account_no LIKE ? ESCAPE '\' OR id LIKE ? ESCAPE '\' OR LOWER(code) LIKE ? ESCAPE '\') OFFSET 0) m
			ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0`, "members_phone_trgm_idx",
			[]any{"%0812%", "%0812%", "%0812%", "%0812%", "%0812%"}, sqlstore.Postgres},
		// A slip's crediting transaction looks for the bank feed's credit
		// of the same transfer (twin.go, migration 0033).
		{"feed credit of a member", `SELECT ref FROM qr_payments WHERE provider = ? AND status = 'CREDITED'
			AND member_id = ? AND sender_bank = ? AND amount = ? AND paid_at >= ? AND paid_at <= ? AND ref <> ?
			ORDER BY paid_at, ref LIMIT 1`, "qr_payments_member_idx",
			[]any{"transfer", "m1", "KBANK", 50000, day, day.Add(3 * time.Minute), "x"}, ""},
		// Keyset pages and capped counts (docs/performance.md, "Lists at a
		// year's volume"): the audit log, the payouts, the statement.
		{"audit page before a seq", `SELECT seq FROM audit_log WHERE seq < ? ORDER BY seq DESC LIMIT 51 OFFSET 0`,
			"audit_log_pkey", []any{100}, sqlstore.Postgres},
		{"audit page before a seq", `SELECT seq FROM audit_log WHERE seq < ? ORDER BY seq DESC LIMIT 51 OFFSET 0`,
			"INTEGER PRIMARY KEY", []any{100}, sqlstore.SQLite},
		{"audit page of an action before a seq", `SELECT seq FROM audit_log WHERE action = ? AND seq < ?
			ORDER BY seq DESC LIMIT 51 OFFSET 0`, "audit_log_action_idx", []any{"member.lock", 100}, ""},
		{"audit count capped", `SELECT COUNT(*) FROM (SELECT 1 FROM audit_log WHERE action = ? LIMIT 10001) c`,
			"audit_log_action_idx", []any{"member.lock"}, ""},
		{"payouts count capped", `SELECT COUNT(*) FROM (SELECT 1 FROM payouts WHERE status = 'PAID' LIMIT 10001) c`,
			"payouts_status_idx", nil, ""},
		{"statement transfers after a cursor", `SELECT t.id FROM transfers t WHERE t.member_id = ?
			AND t.created_at <= ? AND (t.created_at < ? OR t.id < ?) ORDER BY t.created_at DESC, t.id DESC LIMIT 11`,
			"transfers_member_idx", []any{"m1", day, day, "x"}, ""},
		{"statement callbacks after a cursor", `SELECT s.provider FROM seamless_txs s WHERE s.member_id = ?
			AND (s.journal_id IS NOT NULL OR s.kind = 'win') AND s.created_at <= ? ORDER BY s.created_at DESC LIMIT 60`,
			"seamless_txs_member_idx", []any{"m1", day}, ""},
		{"statement round's callbacks", `SELECT t.tx_id FROM seamless_txs t WHERE t.provider = ? AND t.round_id = ?`,
			"seamless_txs_by_round_idx", []any{"sim", "r1"}, ""},
		// A callback's look-up by its key, planned (generic) on a table
		// without statistics: the round index once led with the provider
		// and was taken for it (migration 0037).
		{"callback by its key", `SELECT t.kind FROM seamless_txs t WHERE t.provider = ? AND t.tx_id = ?`,
			"seamless_txs_pkey", []any{"sim", "t1"}, sqlstore.Postgres},
		{"statement round's rollbacks", `SELECT r.tx_id FROM seamless_txs r WHERE r.kind = 'rollback' AND r.provider = ?
			AND r.ref_tx_id = ?`, "seamless_txs_ref_idx", []any{"sim", "b1"}, ""},
		// A slipless deposit's masked sender (migration 0036).
		{"registered accounts by last four", `SELECT id FROM members WHERE bank_code = ? AND right(bank_account_no, 4) BETWEEN ? AND ?
			AND bank_account_no LIKE ? ORDER BY id LIMIT 50`, "members_bank_last4_idx",
			[]any{"KBANK", "2340", "2349", "%_____1234_"}, sqlstore.Postgres},
		{"registered accounts by last four", `SELECT id FROM members WHERE bank_code = ? AND substr(bank_account_no, -4) BETWEEN ? AND ?
			AND bank_account_no LIKE ? ORDER BY id LIMIT 50`, "members_bank_last4_idx",
			[]any{"KBANK", "2340", "2349", "%_____1234_"}, sqlstore.SQLite},
	}
	// The console's lists by journal kind name the kind as a literal (a
	// parameter would not prove the partial index's predicate).
	for _, k := range sqlstore.ListedKinds {
		cases = append(cases, planCase{"journals of kind " + string(k), `SELECT j.id FROM journals j WHERE j.kind = '` + string(k) +
			`' ORDER BY j.created_at DESC, j.id DESC LIMIT 50 OFFSET 0`, "journals_" + string(k) + "_idx", nil, ""})
		// A page's ids from the index alone, before any join (kindPage).
		page := `SELECT j.id FROM (SELECT pk.id FROM journals pk WHERE pk.kind = '` + string(k) +
			`' ORDER BY pk.created_at DESC, pk.id DESC LIMIT 50 OFFSET 4950) pg JOIN journals j ON j.id = pg.id
			JOIN members m ON m.id = j.member_id ORDER BY j.created_at DESC, j.id DESC`
		cases = append(cases,
			planCase{"page of kind " + string(k), page, "journals_" + string(k) + "_idx", nil, sqlstore.Postgres},
			planCase{"page of kind " + string(k), page, "COVERING INDEX journals_" + string(k) + "_idx", nil, sqlstore.SQLite})
	}
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		conn, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		explain := "EXPLAIN QUERY PLAN "
		if db.Dialect() == sqlstore.Postgres {
			explain = "EXPLAIN "
			if _, err := conn.ExecContext(ctx, "SET enable_seqscan = off"); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range cases {
			if c.only != "" && c.only != db.Dialect() {
				continue
			}
			t.Run(c.name, func(t *testing.T) {
				q := c.query
				if db.Dialect() == sqlstore.Postgres {
					q = rebindDollar(q)
				}
				rows, err := conn.QueryContext(ctx, explain+q, c.args...)
				if err != nil {
					t.Fatal(err)
				}
				defer rows.Close()
				cols, err := rows.Columns()
				if err != nil {
					t.Fatal(err)
				}
				var plan strings.Builder
				for rows.Next() {
					vals := make([]any, len(cols))
					ptrs := make([]any, len(cols))
					for i := range vals {
						ptrs[i] = &vals[i]
					}
					if err := rows.Scan(ptrs...); err != nil {
						t.Fatal(err)
					}
					for _, v := range vals {
						if s, ok := v.(string); ok {
							plan.WriteString(s + " ")
						} else if b, ok := v.([]byte); ok {
							plan.WriteString(string(b) + " ")
						}
					}
					plan.WriteString("\n")
				}
				if err := rows.Err(); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(plan.String(), c.index) {
					t.Errorf("plan does not use %s:\n%s", c.index, plan.String())
				}
			})
		}
	})
}

// rebindDollar numbers the ? placeholders as PostgreSQL's $1, $2, ...
func rebindDollar(q string) string {
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestKindListPages checks the console's lists by journal kind, whose kind,
// account and page are written into the statement: newest first, each page
// the slice of the whole list, the total every journal of the kind.
func TestKindListPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		f := newSpinFixture(t, db, cashWheel(100_00))
		for n := range int64(5) {
			f.coins(t, n+1)
			*f.now.Load() = f.now.Load().Add(time.Minute)
		}
		e := newWalletEnv(t, db)
		for n := range 5 {
			amount := money.Satang(n+1) * 100
			if _, err := e.svc.Adjust(ctx, wallet.Adjustment{Phone: f.member.Phone, Amount: amount, Reason: "r", By: "test"}); err != nil {
				t.Fatal(err)
			}
		}
		console, coins := sqlstore.NewConsole(db), sqlstore.NewSpin(db)
		lists := []struct {
			name string
			page func(offset, limit int) ([]int64, int, error)
		}{
			{"adjustments", func(offset, limit int) ([]int64, int, error) {
				rows, total, err := console.Adjustments(ctx, offset, limit)
				out := make([]int64, len(rows))
				for i, r := range rows {
					out[i] = int64(r.Amount)
				}
				return out, total, err
			}},
			{"coin grants", func(offset, limit int) ([]int64, int, error) {
				rows, total, err := coins.Grants(ctx, offset, limit)
				out := make([]int64, len(rows))
				for i, r := range rows {
					out[i] = r.Coins
				}
				return out, total, err
			}},
		}
		for _, l := range lists {
			t.Run(l.name, func(t *testing.T) {
				all, total, err := l.page(0, 50)
				if err != nil {
					t.Fatal(err)
				}
				if total != 5 || len(all) != 5 || all[0] < all[4] {
					t.Fatalf("total %d, %v: want 5, newest (largest) first", total, all)
				}
				var got []int64
				for offset := 0; offset < total; offset += 2 {
					page, n, err := l.page(offset, 2)
					if err != nil || n != total {
						t.Fatalf("offset %d: total %d, %v", offset, n, err)
					}
					got = append(got, page...)
				}
				if !slices.Equal(got, all) {
					t.Fatalf("pages %v, want %v", got, all)
				}
			})
		}
	})
}

// TestMemberJournalPlans checks that the readers of journals by member
// are served by the member index (migration 0038: on PostgreSQL it holds
// no transfer's journal) under the plan the server runs them with: a
// generic plan (plan_cache_mode, docs/performance.md), in which a kind
// given as a parameter proves nothing, so each query names the predicate
// (sqlstore.MemberJournals) or lists kinds that imply it. SQLite's index
// holds every journal.
func TestMemberJournalPlans(t *testing.T) {
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name, where string
		kinds       []any
	}{
		{"statement", `j.kind IN ('adjustment', 'deposit', 'spin_prize')`, nil},
		{"one kind since (auto-withdrawal, promotions)", `j.kind = ? AND ` + sqlstore.MemberJournals, []any{"deposit"}},
		{"play since", `j.kind IN (?, ?, ?) AND ` + sqlstore.MemberJournals, []any{"game_result", "seamless_bet", "seamless_win"}},
	}
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		conn, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		index := "journals_member_idx"
		if db.Dialect() == sqlstore.Postgres {
			index = "journals_member_own_idx"
			for _, set := range []string{"SET enable_seqscan = off", "SET plan_cache_mode = force_generic_plan"} {
				if _, err := conn.ExecContext(ctx, set); err != nil {
					t.Fatal(err)
				}
			}
		}
		for i, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				q := `SELECT j.id FROM journals j WHERE j.member_id = ? AND ` + c.where + ` AND j.created_at >= ?`
				args := append(append([]any{"m1"}, c.kinds...), day)
				var rows interface {
					Next() bool
					Scan(...any) error
					Close() error
				}
				if db.Dialect() == sqlstore.Postgres {
					// EXPLAIN EXECUTE shows the prepared statement's generic
					// plan; EXPLAIN with parameters would plan for their values.
					name := "member_journals_" + strconv.Itoa(i)
					if _, err := conn.ExecContext(ctx, "PREPARE "+name+" AS "+rebindDollar(q)); err != nil {
						t.Fatal(err)
					}
					lits := make([]string, len(args))
					for k, a := range args {
						if tm, ok := a.(time.Time); ok {
							a = tm.Format(time.RFC3339)
						}
						lits[k] = "'" + a.(string) + "'"
					}
					rows, err = conn.QueryContext(ctx, "EXPLAIN EXECUTE "+name+"("+strings.Join(lits, ", ")+")")
				} else {
					rows, err = conn.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q, args...)
				}
				if err != nil {
					t.Fatal(err)
				}
				defer rows.Close()
				var plan strings.Builder
				for rows.Next() {
					var line string
					var id, parent, unused int
					if db.Dialect() == sqlstore.Postgres {
						err = rows.Scan(&line)
					} else {
						err = rows.Scan(&id, &parent, &unused, &line)
					}
					if err != nil {
						t.Fatal(err)
					}
					plan.WriteString(line + "\n")
				}
				if !strings.Contains(plan.String(), index) {
					t.Errorf("plan does not use %s:\n%s", index, plan.String())
				}
			})
		}
	})
}
