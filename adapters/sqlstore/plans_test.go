package sqlstore_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// TestYearListPlans checks that the console's long lists and the reward
// runs' reads are served by the index migration 0025 made for them
// (docs/performance.md, "Lists at a year's volume"). The queries are the
// stores' own, with their select lists cut down: the plan's access path
// does not depend on the columns read. On PostgreSQL sequential scans are
// priced out (enable_seqscan = off), since on a table of a few rows a scan
// is the right plan and the test asks which index the planner can use, not
// whether a year's statistics would choose it (docs/performance.md has the
// EXPLAIN on a seeded volume). SQLite plans without statistics and picks the
// index that saves the sort.
func TestYearListPlans(t *testing.T) {
	cases := []struct {
		name, query, index string
		args               []any
	}{
		{"withdrawals decided", `SELECT w.id FROM withdrawals w JOIN members m ON m.id = w.member_id
			WHERE w.status = ? ORDER BY w.decided_at DESC, w.id DESC LIMIT 200`, "withdrawals_decided_idx", []any{"APPROVED"}},
		{"journals by kind", `SELECT j.id FROM journals j WHERE j.kind = ? ORDER BY j.created_at DESC, j.id DESC LIMIT 50 OFFSET 0`,
			"journals_kind_idx", []any{"ADJUSTMENT"}},
		{"members newest", `SELECT id FROM members ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0`, "members_created_idx", nil},
		{"qr codes newest", `SELECT id FROM qr_codes ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET 0`, "qr_codes_created_idx", nil},
		{"refund run bets", `SELECT b.member_id, COUNT(*) FROM game_bets b WHERE b.refund_run = ? GROUP BY b.member_id`,
			"game_bets_refund_run_idx", []any{"r1"}},
		{"invite run bets", `SELECT b.member_id, COUNT(*) FROM game_bets b WHERE b.invite_run = ? GROUP BY b.member_id`,
			"game_bets_invite_run_idx", []any{"r1"}},
		{"collector username", `SELECT member_id FROM game_accounts WHERE game_code = ? AND username = ?`,
			"game_accounts_username_idx", []any{"g", "u"}},
		{"refunds newest", `SELECT x.id FROM refunds x ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`, "refunds_created_idx", nil},
		{"refunds of a run", `SELECT x.id FROM refunds x WHERE x.run_id = ? ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`,
			"refunds_run_idx", []any{"r1"}},
		{"commissions newest", `SELECT x.id FROM invite_commissions x ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`,
			"invite_commissions_created_idx", nil},
		{"commissions of a run", `SELECT x.id FROM invite_commissions x WHERE x.run_id = ?
			ORDER BY x.created_at DESC, x.id DESC LIMIT 50 OFFSET 0`, "invite_commissions_run_idx", []any{"r1"}},
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
