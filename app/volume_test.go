package app

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// A small generated year passes ngern check on both engines: every member
// account's balance is the sum of its postings, and the rows are the sizes
// asked for. Production mode refuses a database holding members unless
// forced, and a load that fails leaves nothing behind.
func TestSeedVolumeLoadsACheckedYear(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		h := newHarness(t, db, nil)
		ctx := context.Background()
		v := sqlstore.NewVolume(db)
		plan := volumePlan{members: 50, postings: 2000, seed: 7}
		// On PostgreSQL the load drops the tables' indexes and foreign
		// keys and makes them again: the schema after it is the schema
		// before, whether the load succeeds or fails.
		shape := func() string {
			if db.Dialect() != sqlstore.Postgres {
				return ""
			}
			var s string
			if err := db.SQL().QueryRowContext(ctx, `SELECT
				(SELECT string_agg(indexdef, E'\n' ORDER BY indexname) FROM pg_indexes WHERE schemaname = current_schema()) || E'\n' ||
				(SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), E'\n' ORDER BY conname)
					FROM pg_constraint WHERE connamespace = current_schema()::regnamespace)`).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		schema := shape()
		if db.Dialect() == sqlstore.Postgres && !strings.Contains(schema, "postings_account_idx") {
			t.Fatalf("the schema's shape lacks postings_account_idx:\n%s", schema)
		}
		var out bytes.Buffer
		if err := seedVolume(ctx, h.tools.cfg, v, h.tools.wallet, plan, h.tools.now(), &out); err != nil {
			t.Fatalf("seed-volume: %v\n%s", err, out.String())
		}
		for _, want := range []string{"members              50", "postings             2000", "journals             1000"} {
			if !strings.Contains(out.String(), want) {
				t.Fatalf("seed-volume printed %q, want %q", out.String(), want)
			}
		}
		counts := func() map[string]int {
			n := map[string]int{}
			for _, table := range sqlstore.VolumeTables() {
				var c int
				if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&c); err != nil {
					t.Fatal(err)
				}
				n[table] = c
			}
			return n
		}
		first := counts()
		for _, table := range []string{"transfers", "slips", "qr_payments", "withdrawals", "game_bets", "chat_messages", "audit_log"} {
			if first[table] == 0 {
				t.Errorf("no %s generated: %v", table, first)
			}
		}
		var drift, members int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM ledger_accounts a
			WHERE a.kind <> 'system' AND a.balance <> (SELECT COALESCE(SUM(p.amount), 0) FROM postings p WHERE p.account_id = a.id)`).Scan(&drift); err != nil {
			t.Fatal(err)
		}
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(DISTINCT member_id) FROM ledger_accounts WHERE kind = 'wallet' AND balance > 0`).Scan(&members); err != nil {
			t.Fatal(err)
		}
		if drift != 0 || members == 0 {
			t.Fatalf("%d member accounts differ from their postings; %d wallets hold money", drift, members)
		}
		// Every member has its code already: the next start gives none.
		var codeless int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM members WHERE code IS NULL OR code = ''`).Scan(&codeless); err != nil {
			t.Fatal(err)
		}
		if codeless != 0 {
			t.Fatalf("%d generated members without a member code", codeless)
		}
		if got := shape(); got != schema {
			t.Fatalf("indexes and constraints after the load:\n%s\nbefore:\n%s", got, schema)
		}
		out.Reset()
		if err := runCheck(ctx, h.tools, &out); err != nil {
			t.Fatalf("check: %v\n%s", err, out.String())
		}

		prod := h.tools.cfg
		prod.Mode = ModeProduction
		if err := seedVolume(ctx, prod, v, h.tools.wallet, plan, h.tools.now(), io.Discard); err == nil || !strings.Contains(err.Error(), "-force") {
			t.Fatalf("production mode on members: %v, want a refusal naming -force", err)
		}
		// The same seed again makes the same members, whose phones exist:
		// the load fails as a whole.
		plan.force = true
		if err := seedVolume(ctx, prod, v, h.tools.wallet, plan, h.tools.now(), io.Discard); err == nil {
			t.Fatal("the same seed twice: loaded, want a duplicate member refused")
		}
		if got := counts(); got["postings"] != first["postings"] || got["members"] != first["members"] {
			t.Fatalf("a failed load left rows: %v, before %v", got, first)
		}
		if got := shape(); got != schema {
			t.Fatalf("indexes and constraints after a failed load:\n%s\nbefore:\n%s", got, schema)
		}
		plan.seed = 8
		if err := seedVolume(ctx, prod, v, h.tools.wallet, plan, h.tools.now(), io.Discard); err != nil {
			t.Fatalf("forced with another seed: %v", err)
		}
		if got := counts(); got["members"] != 2*first["members"] || got["postings"] != 2*first["postings"] {
			t.Fatalf("after a second seed: %v, before %v", got, first)
		}
		out.Reset()
		if err := runCheck(ctx, h.tools, &out); err != nil {
			t.Fatalf("check after a forced load: %v\n%s", err, out.String())
		}
	})
}

// The same seed and sizes make the same rows.
func TestSeedVolumeIsDeterministic(t *testing.T) {
	a, b := newVolumeRand(3, 9), newVolumeRand(3, 9)
	for range 5 {
		if x, y := a.hex(), b.hex(); x != y || len(x) != 24 {
			t.Fatalf("ids %q and %q", x, y)
		}
	}
	if newVolumeRand(3, 9).hex() == newVolumeRand(4, 9).hex() {
		t.Fatal("two seeds made the same id")
	}
}

func TestSeedVolumeFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "-members 0"},
		{[]string{"-members", "10"}, "-postings 0: must be at least 2 per member (20)"},
		{[]string{"-members", "10", "-postings", "19"}, "at least 2 per member"},
		{[]string{"-members", "1000001", "-postings", "9999999"}, "must be 1 to 1000000"},
		{[]string{"-members", "x"}, "invalid value"},
		{[]string{"-members", "10", "-postings", "100", "extra"}, `unexpected argument "extra"`},
	} {
		if _, err := parseVolumeFlags(tc.args, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
	p, err := parseVolumeFlags([]string{"-members", "10", "-postings", "100", "-seed", "5", "-force"}, io.Discard)
	if err != nil || p != (volumePlan{members: 10, postings: 100, seed: 5, force: true}) {
		t.Fatalf("%+v, %v", p, err)
	}
	var stderr bytes.Buffer
	if code := Main([]string{"seed-volume", "-members", "0"}, func(string) string { return "" }, io.Discard, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "seed-volume: -members 0") {
		t.Fatalf("exit %d, %q", code, stderr.String())
	}
}
