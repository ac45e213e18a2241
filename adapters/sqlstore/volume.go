package sqlstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// Volume loads a generated history (ngern seed-volume) inside one
// transaction: all of it lands, or none. It writes the rows it is given and
// knows no domain rule, except that a member account's balance is the sum
// of the postings written to it.
//
// On PostgreSQL the rows go in by COPY, and the loaded tables' foreign keys
// and the indexes no constraint stands on are dropped in the same
// transaction and made again at its end: an index built once over ten
// million rows costs a sort, where ten million inserts into it cost a
// random page each once it outgrows shared_buffers, and a foreign key
// checked once is a join instead of a look-up a row. The primary keys and
// unique constraints stay, so a duplicate still fails the load as it
// happens. Both are DDL inside the transaction: a load that fails leaves
// the schema as it was. SQLite takes many-row inserts.
type Volume struct{ db *DB }

// NewVolume returns the volume loader of db.
func NewVolume(db *DB) *Volume { return &Volume{db: db} }

// volumeTables are the tables a load writes, in the order their
// references need, with their columns.
var volumeTables = []struct {
	name string
	cols []string
}{
	{"members", append(columnList(memberColumns), "code")},
	{"game_accounts", []string{"member_id", "game_code", "username", "password_enc", "version", "created_at", "updated_at"}},
	{"ledger_accounts", []string{"id", "kind", "member_id", "game_code", "balance", "created_at"}},
	{"journals", []string{"id", "kind", "ref", "member_id", "memo", "created_by", "created_at"}},
	{"postings", []string{"journal_id", "account_id", "amount", "created_at"}},
	{"transfers", columnList(transferColumns)},
	{"slips", []string{"id", "member_id", "object_key", "content_type", "status", "amount", "sending_bank", "trans_ref",
		"receiver_bank", "receiver_account", "transferred_at", "journal_id", "decided_by", "decided_at", "created_at"}},
	{"qr_codes", []string{"id", "member_id", "provider", "target", "amount", "status", "created_at", "expires_at", "closed_at"}},
	{"qr_payments", []string{"provider", "ref", "qrcode_id", "member_id", "amount", "paid_at", "status", "journal_id", "created_at"}},
	{"withdrawals", []string{"id", "member_id", "amount", "status", "reason", "decided_by", "created_at", "decided_at"}},
	{"game_bets", []string{"game", "bet_id", "username", "member_id", "stake", "payout", "placed_at", "collected_at"}},
	{"chat_conversations", []string{"room", "member_id", "status", "last_message_at", "customer_read_at", "operator_read_at", "created_at"}},
	{"chat_messages", []string{"id", "room", "sender", "operator", "content", "created_at"}},
	{"audit_log", []string{"at", "operator", "role", "action", "target", "before", "after"}},
}

// VolumeTables are the tables a load writes, in the order it writes them.
func VolumeTables() []string {
	names := make([]string, len(volumeTables))
	for i, t := range volumeTables {
		names[i] = t.name
	}
	return names
}

// Members counts the members of the install.
func (v *Volume) Members(ctx context.Context) (int, error) {
	var n int
	err := v.db.x.GetContext(ctx, &n, `SELECT COUNT(*) FROM members`)
	return n, err
}

// Games returns the codes of the active games.
func (v *Volume) Games(ctx context.Context) ([]string, error) {
	var codes []string
	err := v.db.x.SelectContext(ctx, &codes, `SELECT code FROM games WHERE active ORDER BY sort, code`)
	return codes, err
}

// Postings counts the postings of the install.
func (v *Volume) Postings(ctx context.Context) (int, error) {
	var n int
	err := v.db.x.GetContext(ctx, &n, `SELECT COUNT(*) FROM postings`)
	return n, err
}

// Load runs fill in one transaction; what fill adds is written in batches
// as it goes, and kept only if fill and every batch succeed. rebuild asks
// PostgreSQL to drop the indexes and foreign keys for the load and make
// them again after it (Volume): worth it when the load is at least as big
// as what the tables hold, not when it adds a little to a large install.
func (v *Volume) Load(ctx context.Context, rebuild bool, fill func(l *VolumeLoad) error) (map[string]int, error) {
	counts := map[string]int{}
	err := v.db.inTx(ctx, func(tx *sqlx.Tx) error {
		l := &VolumeLoad{ctx: ctx, db: v.db, tx: tx, rows: map[string][][]any{}, sums: map[string]int64{}, counts: counts}
		var remake []string
		if rebuild && v.db.dialect == Postgres {
			var err error
			if remake, err = dropForLoad(ctx, tx); err != nil {
				return err
			}
		}
		if err := fill(l); err != nil {
			return err
		}
		if err := l.flush(); err != nil {
			return err
		}
		for _, stmt := range remake {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("volume: %s: %w", stmt, err)
			}
		}
		// The load writes past days: the figures kept of them (report_totals,
		// Console.Totals) no longer hold.
		_, err := tx.ExecContext(ctx, `DELETE FROM report_totals`)
		return err
	})
	return counts, err
}

// dropForLoad drops, in tx, the foreign keys of the loaded tables and
// their indexes that back no constraint (the primary keys and unique
// constraints stay), and returns the statements that make them again,
// indexes first.
func dropForLoad(ctx context.Context, tx *sqlx.Tx) ([]string, error) {
	names := pq.StringArray(VolumeTables())
	tables := `SELECT c.oid FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)`
	var indexes, fkeys []struct {
		Make string `db:"make"`
		Drop string `db:"drop"`
	}
	if err := tx.SelectContext(ctx, &fkeys, `SELECT
		'ALTER TABLE '||k.conrelid::regclass::text||' ADD CONSTRAINT '||quote_ident(k.conname)||' '||pg_get_constraintdef(k.oid) AS make,
		'ALTER TABLE '||k.conrelid::regclass::text||' DROP CONSTRAINT '||quote_ident(k.conname) AS drop
		FROM pg_constraint k WHERE k.contype = 'f' AND k.conrelid IN (`+tables+`) ORDER BY k.conname`, names); err != nil {
		return nil, fmt.Errorf("volume: foreign keys: %w", err)
	}
	if err := tx.SelectContext(ctx, &indexes, `SELECT pg_get_indexdef(x.indexrelid) AS make,
		'DROP INDEX '||x.indexrelid::regclass::text AS drop
		FROM pg_index x WHERE x.indrelid IN (`+tables+`) AND NOT x.indisprimary
		AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)
		ORDER BY x.indexrelid`, names); err != nil {
		return nil, fmt.Errorf("volume: indexes: %w", err)
	}
	// The rebuild sorts each index in memory rather than on disk.
	remake := []string{`SET LOCAL maintenance_work_mem = '256MB'`}
	for _, d := range append(fkeys, indexes...) {
		if _, err := tx.ExecContext(ctx, d.Drop); err != nil {
			return nil, fmt.Errorf("volume: %s: %w", d.Drop, err)
		}
	}
	for _, d := range append(indexes, fkeys...) {
		remake = append(remake, d.Make)
	}
	return remake, nil
}

// Analyze refreshes the planner's statistics of the loaded tables and, on
// PostgreSQL, vacuums them (the visibility map that index-only scans
// read): autovacuum would come to it, on its own time.
func (v *Volume) Analyze(ctx context.Context) error {
	for _, t := range VolumeTables() {
		stmt := "ANALYZE " + t
		if v.db.dialect == Postgres {
			stmt = "VACUUM (ANALYZE) " + t
		}
		if _, err := v.db.x.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("volume: %s: %w", stmt, err)
		}
	}
	return nil
}

// VolumeLoad gathers the rows of a load.
type VolumeLoad struct {
	ctx      context.Context
	db       *DB
	tx       *sqlx.Tx
	rows     map[string][][]any
	buffered int
	sums     map[string]int64 // posting sums of the accounts not yet written
	counts   map[string]int
}

// volumeBatchRows is how many rows are gathered before they are written.
const volumeBatchRows = 20000

// volumeMaxArgs bounds the placeholders of one statement (PostgreSQL
// allows 65535, SQLite 32766).
const volumeMaxArgs = 30000

// Add gathers a row of table, its values in the table's column order (see
// VolumeTables); a member account's balance is left to the loader, which
// writes the sum of its postings.
func (l *VolumeLoad) Add(table string, values ...any) {
	if table == "postings" {
		if acct, ok := values[1].(string); ok {
			if amt, ok := values[2].(int64); ok {
				l.sums[acct] += amt
			}
		}
	}
	l.rows[table] = append(l.rows[table], values)
	l.buffered++
}

// EnsureAccount adds a system account unless it exists.
func (l *VolumeLoad) EnsureAccount(id, kind string, game any) error {
	_, err := l.tx.ExecContext(l.ctx, l.db.q(ensureSystemAccount), id, kind, nil, game, time.Now().UTC())
	return err
}

// Next writes what was gathered once there is a batch of it; call it
// between members, when every account has all its postings.
func (l *VolumeLoad) Next() error {
	if l.buffered < volumeBatchRows {
		return nil
	}
	return l.flush()
}

func (l *VolumeLoad) flush() error {
	for _, t := range volumeTables {
		rows := l.rows[t.name]
		if len(rows) == 0 {
			continue
		}
		if t.name == "ledger_accounts" {
			for _, r := range rows {
				id, _ := r[0].(string)
				r[4] = l.sums[id]
				delete(l.sums, id)
			}
		}
		per := volumeMaxArgs / len(t.cols)
		for start := 0; start < len(rows); start += per {
			end := min(start+per, len(rows))
			if err := l.insert(t.name, t.cols, rows[start:end]); err != nil {
				return err
			}
		}
		l.counts[t.name] += len(rows)
		delete(l.rows, t.name)
	}
	l.buffered = 0
	// Postings to accounts written before (system and clearing accounts,
	// whose balance is their postings' sum by definition) need no row.
	clear(l.sums)
	return nil
}

func (l *VolumeLoad) insert(table string, cols []string, rows [][]any) error {
	if l.db.dialect == Postgres {
		return l.copyIn(table, cols, rows)
	}
	var b strings.Builder
	b.WriteString("INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	args := make([]any, 0, len(rows)*len(cols))
	for i, r := range rows {
		if len(r) != len(cols) {
			return fmt.Errorf("volume: a row of %s has %d values for %d columns", table, len(r), len(cols))
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(one)
		args = append(args, r...)
	}
	_, err := l.tx.ExecContext(l.ctx, l.db.q(b.String()), args...)
	if err != nil {
		return fmt.Errorf("volume: insert into %s: %w", table, err)
	}
	return nil
}

// copyIn writes rows by COPY.
func (l *VolumeLoad) copyIn(table string, cols []string, rows [][]any) error {
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = pq.QuoteIdentifier(c)
	}
	st, err := l.tx.PrepareContext(l.ctx, "COPY "+pq.QuoteIdentifier(table)+" ("+strings.Join(quoted, ", ")+") FROM STDIN")
	if err != nil {
		return fmt.Errorf("volume: copy into %s: %w", table, err)
	}
	defer st.Close()
	for _, r := range rows {
		if len(r) != len(cols) {
			return fmt.Errorf("volume: a row of %s has %d values for %d columns", table, len(r), len(cols))
		}
		if _, err := st.ExecContext(l.ctx, r...); err != nil {
			return fmt.Errorf("volume: copy into %s: %w", table, err)
		}
	}
	if _, err := st.ExecContext(l.ctx); err != nil {
		return fmt.Errorf("volume: copy into %s: %w", table, err)
	}
	return nil
}

// columnList splits a column list written for a statement.
func columnList(s string) []string {
	cols := strings.Split(s, ",")
	for i, c := range cols {
		cols[i] = strings.TrimSpace(c)
	}
	return cols
}
