package sqlstore_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
)

// TestSettleReadsOneTransfer checks that ngern_finish_transfer finds the
// transfer it settles by the primary key, however many settled transfers
// an old snapshot still sees. The trap it guards against: with statistics
// taken while few transfers were open (autovacuum does that in
// production), a condition "state IN ('PENDING', 'UNKNOWN')" let the
// generic plan pick the partial index transfers_open_idx and scan it whole
// for the id, visiting the heap for every entry a long transaction (a
// backup, a report) kept alive: a page read per transfer settled since it
// began (docs/performance.md, eighth pass). PostgreSQL only: SQLite
// settles with the same condition (openByID) but has no generic plans.
func TestSettleReadsOneTransfer(t *testing.T) {
	const settledMeanwhile = 400
	db := storetest.Open(t, sqlstore.Postgres)
	ctx := context.Background()
	exec := func(t *testing.T, q string) {
		t.Helper()
		if _, err := db.SQL().ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	insert := func(t *testing.T, prefix, state string, n int) {
		t.Helper()
		exec(t, `INSERT INTO transfers (id, member_id, game_code, username, direction, amount, state, attempts,
				created_at, updated_at, next_check_at)
			SELECT '`+prefix+`' || i, 'm' || (i % 30), 'G', 'u', 'in', 100, '`+state+`', 0, now(), now(), now()
			FROM generate_series(1, `+strconv.Itoa(n)+`) i`)
	}
	// Statistics as production has them: many final transfers, none open.
	insert(t, "old", "DONE", 2000)
	exec(t, "ANALYZE transfers")

	// An old snapshot, held while transfers are reserved and settled.
	holder, err := db.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if _, err := holder.ExecContext(ctx, "BEGIN ISOLATION LEVEL REPEATABLE READ"); err != nil {
		t.Fatal(err)
	}
	defer holder.ExecContext(ctx, "ROLLBACK") //nolint:errcheck // ends the snapshot
	var one int
	if err := holder.QueryRowContext(ctx, "SELECT 1 FROM transfers LIMIT 1").Scan(&one); err != nil {
		t.Fatal(err)
	}
	insert(t, "mid", "PENDING", settledMeanwhile)
	exec(t, "UPDATE transfers SET state = 'DONE' WHERE id LIKE 'mid%'")
	insert(t, "new", "PENDING", 2)

	// One connection settles two transfers: the first call plans the
	// function's statements (catalog reads), the second is measured.
	conn, err := db.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var out []byte
	for _, id := range []string{"new1", "new2"} {
		err = conn.QueryRowContext(ctx, `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
			SELECT ngern_finish_transfer($1, 'DONE', now(), 'j-' || $1, 'transfer_settle', $1, '', '', '', now(),
				ARRAY['sys:test-a', 'sys:test-b'], ARRAY['system', 'system'], ARRAY['', ''], ARRAY['', ''], ARRAY[100, -100]::BIGINT[])`,
			id).Scan(&out)
		if err != nil {
			t.Fatal(err)
		}
	}
	var plan []struct {
		Plan struct {
			Hit  int `json:"Shared Hit Blocks"`
			Read int `json:"Shared Read Blocks"`
		}
	}
	if err := json.Unmarshal(out, &plan); err != nil || len(plan) != 1 {
		t.Fatalf("plan %s: %v", out, err)
	}
	// A settle reads a few dozen pages (the transfer, the journal's and
	// the postings' index pages, the system accounts' rows); scanning the
	// open transfers' index reads one per transfer settled meanwhile.
	if pages := plan[0].Plan.Hit + plan[0].Plan.Read; pages >= settledMeanwhile/4 {
		t.Errorf("one settle read %d pages with %d transfers settled under an old snapshot", pages, settledMeanwhile)
	}
	var state string
	if err := db.SQL().QueryRowContext(ctx, "SELECT state FROM transfers WHERE id = 'new2'").Scan(&state); err != nil || state != "DONE" {
		t.Errorf("transfer state %q (%v), want DONE", state, err)
	}
}
