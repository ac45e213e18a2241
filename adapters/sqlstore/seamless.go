package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/seamless"
)

// Seamless implements seamless.Store: the seamless wallet's sessions and
// transactions (migration 0023), whose journals go through the ledger's one
// path (DB.postFor, DB.transition).
//
// Every write is one transaction in which the primary key of seamless_txs,
// (provider, tx_id), decides first: an insert that finds the key taken
// (ON CONFLICT DO NOTHING) waits, on PostgreSQL, for the transaction that
// holds it and then writes nothing, so concurrent deliveries of one id post
// one journal; on SQLite write transactions are immediate (one writer at a
// time) and the key decides the same. Rows are locked in one order: the
// member's wallet (before the key, so that a bet's or a win's row is
// inserted once with its balance after), the transaction's key, the bet's
// key (a rollback), the round (game_bets), the day's totals (game_results).
//
// On SQLite the statements are sent one by one (Apply, Cancel, rollBack,
// addToRound); on PostgreSQL the function ngern_seamless
// (functions/postgres.sql) runs the same ones in the same order, the
// journal through ngern_post, in one round trip and one statement's
// transaction (recordPostgres): a change of either is made in both.
type Seamless struct{ db *DB }

// NewSeamless returns the seamless wallet's store of db.
func NewSeamless(db *DB) *Seamless { return &Seamless{db: db} }

var _ seamless.Store = (*Seamless)(nil)

// CreateSession stores a session minted at launch.
func (s *Seamless) CreateSession(ctx context.Context, ses seamless.Session) error {
	_, err := s.db.x.ExecContext(ctx, s.db.q(`INSERT INTO game_sessions (token_hash, member_id, provider, game, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`), ses.TokenHash, ses.MemberID, ses.Provider, ses.Game, utc(ses.CreatedAt), utc(ses.ExpiresAt))
	return err
}

// Session returns the session of a token's hash minted for provider
// (NO_DATA otherwise: a token of another aggregator opens nothing).
func (s *Seamless) Session(ctx context.Context, provider, tokenHash string) (seamless.Session, error) {
	st, err := s.db.prepared(ctx, nil, `SELECT token_hash, member_id, provider, game, created_at, expires_at
		FROM game_sessions WHERE token_hash = ? AND provider = ?`)
	if err != nil {
		return seamless.Session{}, err
	}
	var row struct {
		TokenHash string    `db:"token_hash"`
		MemberID  string    `db:"member_id"`
		Provider  string    `db:"provider"`
		Game      string    `db:"game"`
		CreatedAt time.Time `db:"created_at"`
		ExpiresAt time.Time `db:"expires_at"`
	}
	err = st.GetContext(ctx, &row, tokenHash, provider)
	if errors.Is(err, sql.ErrNoRows) {
		return seamless.Session{}, errs.New(errs.NoData)
	}
	if err != nil {
		return seamless.Session{}, err
	}
	return seamless.Session{TokenHash: row.TokenHash, MemberID: row.MemberID, Provider: row.Provider, Game: row.Game,
		CreatedAt: row.CreatedAt.UTC(), ExpiresAt: row.ExpiresAt.UTC()}, nil
}

// Balance returns the member's wallet balance.
func (s *Seamless) Balance(ctx context.Context, memberID string) (money.Satang, error) {
	return balance(ctx, s.db, ledger.Wallet(memberID).ID)
}

// Transaction returns one record (NO_DATA).
func (s *Seamless) Transaction(ctx context.Context, provider, txID string) (seamless.Record, error) {
	r, ok, err := s.db.seamlessTx(ctx, nil, provider, txID)
	if err == nil && !ok {
		err = errs.New(errs.NoData)
	}
	return r, err
}

// Apply stores a bet or a win and posts its journal (seamless.Store).
func (s *Seamless) Apply(ctx context.Context, r seamless.Record) (seamless.Record, bool, error) {
	if r.Kind != seamless.Bet && r.Kind != seamless.Win {
		return seamless.Record{}, false, fmt.Errorf("seamless: Apply of a %s", r.Kind)
	}
	if s.db.dialect == Postgres {
		rec, found, err := s.recordPostgres(ctx, r, false, false)
		return rec, found == seamless.Existing, err
	}
	var existed bool
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		// The wallet first, then the key: the row is inserted once, with
		// its answer (the balance after, the journal's id).
		wallet := ledger.Wallet(r.MemberID).ID
		now, err := walletIn(ctx, s.db, tx, wallet)
		if err != nil {
			return err
		}
		var j ledger.Journal
		r.State, r.Balance, r.JournalID = seamless.Applied, now, ""
		if r.Amount > 0 {
			j = seamless.Journal(r)
			j.ID, j.CreatedAt = account.NewID(), r.CreatedAt
			r.JournalID = j.ID
			if r.Kind == seamless.Bet {
				r.Balance -= r.Amount
			} else {
				r.Balance += r.Amount
			}
		}
		took, err := s.db.insertSeamlessTx(ctx, tx, r)
		if err != nil || !took {
			existed = err == nil
			if existed {
				r, err = s.db.existingTx(ctx, tx, r.Provider, r.TxID)
			}
			return err
		}
		if r.Amount == 0 {
			// A win of 0 closes a round: no journal (a posting is never
			// 0), nothing to count.
			return nil
		}
		after, err := s.db.postFor(ctx, tx, j, wallet)
		if err != nil {
			return err
		}
		stake, payout := r.Amount, money.Satang(0)
		if r.Kind == seamless.Win {
			stake, payout = 0, r.Amount
		}
		if err := s.db.addToRound(ctx, tx, r, stake, payout); err != nil {
			return err
		}
		if after != r.Balance {
			// Only when the wallet had no row before (as ngern_seamless).
			r.Balance = after
			return s.db.answerTx(ctx, tx, r)
		}
		return nil
	})
	if err != nil {
		return seamless.Record{}, false, err
	}
	return r, existed, nil
}

// Cancel stores a rollback, and in the same transaction leaves a tombstone
// under its bet's id or, when the bet is applied, rolls it back
// (seamless.Store).
//
// The tombstone's insert is the step that orders a bet and its rollback
// racing: whichever of the two inserts (provider, bet id) first wins, the
// other waits for it to commit and finds the key taken. A bet that lost
// answers the tombstone (and never debits); a rollback that lost finds the
// bet applied, committed, and moves it to rolled_back with the guarded
// update, which of two rollbacks of one bet only one passes. A bet whose
// transaction failed (insufficient balance) left no key: its rollback
// leaves a tombstone.
func (s *Seamless) Cancel(ctx context.Context, r seamless.Record) (seamless.Record, bool, error) {
	if r.Kind != seamless.Rollback || r.RefTxID == "" || r.RefTxID == r.TxID {
		return seamless.Record{}, false, fmt.Errorf("seamless: Cancel of a %s of %q", r.Kind, r.RefTxID)
	}
	if s.db.dialect == Postgres {
		rec, found, err := s.recordPostgres(ctx, r, false, false)
		return rec, found == seamless.Existing, err
	}
	var existed bool
	err := s.db.inTx(ctx, func(tx *sqlx.Tx) error {
		wallet := ledger.Wallet(r.MemberID).ID
		now, err := walletIn(ctx, s.db, tx, wallet)
		if err != nil {
			return err
		}
		r.State, r.Balance, r.JournalID = seamless.Applied, now, ""
		took, err := s.db.insertSeamlessTx(ctx, tx, r)
		if err != nil || !took {
			existed = err == nil
			if existed {
				r, err = s.db.existingTx(ctx, tx, r.Provider, r.TxID)
			}
			return err
		}
		tomb := seamless.Record{Provider: r.Provider, TxID: r.RefTxID, Kind: seamless.Bet, State: seamless.Tombstone,
			MemberID: r.MemberID, RoundID: r.RoundID, Game: r.Game, Balance: now, CreatedAt: r.CreatedAt}
		if took, err = s.db.insertSeamlessTx(ctx, tx, tomb); err != nil {
			return err
		}
		if took {
			return nil
		}
		moved, err := s.db.rollBack(ctx, tx, &r)
		if err != nil || !moved {
			return err
		}
		return s.db.answerTx(ctx, tx, r)
	})
	if err != nil {
		return seamless.Record{}, false, err
	}
	return r, existed, nil
}

// Record is the Service's write of a bet or a rollback with its look-ups
// (seamless.Store): on SQLite seamless.LookUp, the look-ups then Apply or
// Cancel; on PostgreSQL all of it in one round trip, the function
// ngern_seamless (functions/postgres.sql) running the same statements.
func (s *Seamless) Record(ctx context.Context, r seamless.Record, refuse bool) (seamless.Record, seamless.Found, error) {
	if r.Kind == seamless.Rollback && (r.RefTxID == "" || r.RefTxID == r.TxID) {
		return seamless.Record{}, seamless.Stored, fmt.Errorf("seamless: Record of a rollback of %q", r.RefTxID)
	}
	if s.db.dialect == Postgres {
		return s.recordPostgres(ctx, r, true, refuse)
	}
	return seamless.LookUp(ctx, s, r, refuse)
}

// recordPostgres is Apply, Cancel (look false) or Record (look true) in
// one call of ngern_seamless. Its journal is built here, as on SQLite: a
// bet's or a win's (none for a win of 0), or a rollback's reverse for an
// amount of 1, which the function scales by the bet's amount (read under
// the bet's key) and gives the bet's game and round as its memo.
func (s *Seamless) recordPostgres(ctx context.Context, r seamless.Record, look, refuse bool) (seamless.Record, seamless.Found, error) {
	var j ledger.Journal
	switch {
	case r.Kind == seamless.Rollback:
		j = seamless.Reverse(r, seamless.Record{Provider: r.Provider, MemberID: r.MemberID, Amount: 1})
	case r.Amount > 0:
		j = seamless.Journal(r)
	}
	j.ID, j.CreatedAt = account.NewID(), r.CreatedAt
	jargs := []any{"", "", "", "", "", "", utc(r.CreatedAt),
		pq.StringArray{}, pq.StringArray{}, pq.StringArray{}, pq.StringArray{}, pq.Int64Array{}}
	if len(j.Postings) > 0 {
		var err error
		if jargs, err = journalArgs(j); err != nil {
			return seamless.Record{}, seamless.Stored, err
		}
	}
	// The business day's offset from UTC: limits.Zone is a fixed zone, so
	// the offset of any instant is the offset of every other.
	_, zone := r.CreatedAt.In(limits.Zone).Zone()
	args := append([]any{look, refuse, RoundGame(r.Provider, ""), zone,
		r.Provider, r.TxID, string(r.Kind), r.MemberID, r.RoundID, r.Game, r.Amount, r.RefTxID, r.Fingerprint, utc(r.CreatedAt)},
		jargs...)
	args = append(args, ledger.Wallet(r.MemberID).ID)
	st, err := s.db.prepared(ctx, nil, `SELECT o_status, o_kind, o_state, o_member, o_round, o_game, o_amount, o_ref,
			o_fingerprint, o_balance, o_journal, o_at
		FROM ngern_seamless(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return seamless.Record{}, seamless.Stored, err
	}
	var (
		status                                             string
		kind, state, member, round, game, ref, fp, journal sql.NullString
		amount, balance                                    sql.NullInt64
		at                                                 sql.NullTime
	)
	err = st.QueryRowxContext(ctx, args...).Scan(&status, &kind, &state, &member, &round, &game, &amount, &ref, &fp, &balance, &journal, &at)
	if err != nil {
		return seamless.Record{}, seamless.Stored, functionError(err)
	}
	switch status {
	case "stored":
		if journal.String != "" {
			s.db.announce(nil, r.MemberID)
		}
		r.State, r.Amount, r.Balance, r.JournalID = seamless.Applied, money.Satang(amount.Int64), money.Satang(balance.Int64), journal.String
		return r, seamless.Stored, nil
	case "existed":
		return seamless.Record{Provider: r.Provider, TxID: r.TxID, Kind: seamless.Kind(kind.String), State: seamless.State(state.String),
			MemberID: member.String, RoundID: round.String, Game: game.String, Amount: money.Satang(amount.Int64), RefTxID: ref.String,
			Fingerprint: fp.String, Balance: money.Satang(balance.Int64), JournalID: journal.String, CreatedAt: at.Time.UTC()}, seamless.Existing, nil
	case "refused":
		return seamless.Record{}, seamless.Refused, nil
	case "not_a_bet":
		return seamless.Record{}, seamless.NotABet, nil
	}
	return seamless.Record{}, seamless.Stored, fmt.Errorf("seamless: ngern_seamless answered %q", status)
}

// rollBack moves the bet r cancels from applied to rolled_back and posts
// its reverse, filling r's Amount (the bet's), JournalID and Balance, and
// says whether it did; when the bet is not an applied bet of r's member (a
// win, a tombstone, rolled back already) it changes nothing. The bet's row is read before the guarded
// update: its amount, member and round never change once inserted, only its
// state, which the update checks.
func (db *DB) rollBack(ctx context.Context, tx *sqlx.Tx, r *seamless.Record) (bool, error) {
	bet, ok, err := db.seamlessTx(ctx, tx, r.Provider, r.RefTxID)
	if err != nil || !ok || bet.Kind != seamless.Bet || bet.State != seamless.Applied || bet.MemberID != r.MemberID {
		return false, err
	}
	j := seamless.Reverse(*r, bet)
	j.ID, j.CreatedAt = account.NewID(), r.CreatedAt
	var after money.Satang
	moved, err := db.transition(ctx, tx, guard{
		update: `UPDATE seamless_txs SET state = 'rolled_back'
			WHERE provider = ? AND tx_id = ? AND state = 'applied' AND kind = 'bet' AND member_id = ?`,
		args: []any{bet.Provider, bet.TxID, bet.MemberID},
		then: func() (err error) {
			after, err = db.postFor(ctx, tx, j, ledger.Wallet(bet.MemberID).ID)
			return err
		},
	})
	if err != nil || !moved {
		return false, err
	}
	r.Amount, r.JournalID, r.Balance = bet.Amount, j.ID, after
	return true, db.addToRound(ctx, tx, bet, -bet.Amount, 0)
}

// insertSeamlessTx inserts r's row, with its answer, unless its key
// exists, and says whether it did.
func (db *DB) insertSeamlessTx(ctx context.Context, tx *sqlx.Tx, r seamless.Record) (bool, error) {
	st, err := db.prepared(ctx, tx, `INSERT INTO seamless_txs (provider, tx_id, kind, state, member_id, round_id, game, amount,
			ref_tx_id, fingerprint, balance, journal_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider, tx_id) DO NOTHING`)
	if err != nil {
		return false, err
	}
	var journal any
	if r.JournalID != "" {
		journal = r.JournalID
	}
	res, err := st.ExecContext(ctx, r.Provider, r.TxID, string(r.Kind), string(r.State), r.MemberID, r.RoundID, r.Game, r.Amount,
		r.RefTxID, r.Fingerprint, r.Balance, journal, utc(r.CreatedAt))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// answerTx writes, on the row just inserted, what its transaction did
// when that was not known at the insert (a rollback that gave its bet
// back): the answer every retry gets again.
func (db *DB) answerTx(ctx context.Context, tx *sqlx.Tx, r seamless.Record) error {
	st, err := db.prepared(ctx, tx, `UPDATE seamless_txs SET amount = ?, balance = ?, journal_id = ? WHERE provider = ? AND tx_id = ?`)
	if err != nil {
		return err
	}
	var journal any
	if r.JournalID != "" {
		journal = r.JournalID
	}
	_, err = st.ExecContext(ctx, r.Amount, r.Balance, journal, r.Provider, r.TxID)
	return err
}

// existingTx returns the row whose key an insert found taken: committed by
// then (the insert waited for its transaction).
func (db *DB) existingTx(ctx context.Context, tx *sqlx.Tx, provider, txID string) (seamless.Record, error) {
	r, ok, err := db.seamlessTx(ctx, tx, provider, txID)
	if err == nil && !ok {
		err = fmt.Errorf("seamless: %s:%s taken but not found", provider, txID)
	}
	return r, err
}

// seamlessColumns are the columns of a seamlessRow.
const seamlessColumns = `provider, tx_id, kind, state, member_id, round_id, game, amount, ref_tx_id,
			fingerprint, balance, COALESCE(journal_id, '') AS journal_id, created_at`

// seamlessRow is a row of seamless_txs.
type seamlessRow struct {
	Provider    string       `db:"provider"`
	TxID        string       `db:"tx_id"`
	Kind        string       `db:"kind"`
	State       string       `db:"state"`
	MemberID    string       `db:"member_id"`
	RoundID     string       `db:"round_id"`
	Game        string       `db:"game"`
	Amount      money.Satang `db:"amount"`
	RefTxID     string       `db:"ref_tx_id"`
	Fingerprint string       `db:"fingerprint"`
	Balance     money.Satang `db:"balance"`
	JournalID   string       `db:"journal_id"`
	CreatedAt   time.Time    `db:"created_at"`
}

func (row seamlessRow) record() seamless.Record {
	return seamless.Record{Provider: row.Provider, TxID: row.TxID, Kind: seamless.Kind(row.Kind), State: seamless.State(row.State),
		MemberID: row.MemberID, RoundID: row.RoundID, Game: row.Game, Amount: row.Amount, RefTxID: row.RefTxID,
		Fingerprint: row.Fingerprint, Balance: row.Balance, JournalID: row.JournalID, CreatedAt: row.CreatedAt.UTC()}
}

// seamlessTx reads one row, in tx when set.
func (db *DB) seamlessTx(ctx context.Context, tx *sqlx.Tx, provider, txID string) (seamless.Record, bool, error) {
	st, err := db.prepared(ctx, tx, `SELECT `+seamlessColumns+` FROM seamless_txs WHERE provider = ? AND tx_id = ?`)
	if err != nil {
		return seamless.Record{}, false, err
	}
	var row seamlessRow
	err = st.GetContext(ctx, &row, provider, txID)
	if errors.Is(err, sql.ErrNoRows) {
		return seamless.Record{}, false, nil
	}
	if err != nil {
		return seamless.Record{}, false, err
	}
	return row.record(), true, nil
}

// maxRoundTxs bounds the records a round search returns: a round is a few
// callbacks; a live table sharing one round id between many players could
// hold more, and the console shows the first ones.
const maxRoundTxs = 500

// Round returns the records of one of provider's rounds, oldest first
// (seamless.Store), by the index seamless_txs_by_round_idx.
func (s *Seamless) Round(ctx context.Context, provider, round string) ([]seamless.Record, error) {
	if round == "" {
		return nil, errs.New(errs.NoData)
	}
	var rows []seamlessRow
	err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT `+seamlessColumns+` FROM seamless_txs
		WHERE provider = ? AND round_id = ? ORDER BY created_at, tx_id LIMIT ?`), provider, round, maxRoundTxs)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, errs.New(errs.NoData)
	}
	out := make([]seamless.Record, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// walletIn returns a wallet's balance as tx sees it.
func walletIn(ctx context.Context, db *DB, tx *sqlx.Tx, walletID string) (money.Satang, error) {
	st, err := db.prepared(ctx, tx, `SELECT balance FROM ledger_accounts WHERE id = ?`)
	if err != nil {
		return 0, err
	}
	var b money.Satang
	err = st.GetContext(ctx, &b, walletID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return b, err
}

// RoundGame is the game under which a seamless round is counted in the
// bet history (game_bets, game_results): the aggregator's code and the
// game's, so that rounds of two aggregators never share a key and the
// reward programs can include or leave out an aggregator's games.
func RoundGame(provider, game string) string { return provider + ":" + game }

// addToRound adds a callback's stake and payout to its round in the bet
// history that cashback, invite commission and promotion conditions read
// (game_bets: one row per round, bet_id the round id, username the member
// id), and to the member's totals of the round's day (countResult), in the
// transaction that posted its journal: no collection lag. The round's day
// is that of its first callback, so a late win adds to the day its bet
// counted in. A rolled-back bet subtracts its stake (stake < 0).
//
// A round counted by a refund or invite run (refund_run or invite_run set)
// that gets a win or a rollback afterwards keeps the run it had: the change
// is in game_bets and game_results but no run counts it again, so the run's
// loss overstates the round's by that win (the amount paid is not taken
// back). Runs close a period after it ends (docs/rewards.md), when a round's
// late callbacks have almost always come.
//
// Aggregators may share a round id between players (live tables): a round
// of another member under the same id is kept under "<round>/<member>".
func (db *DB) addToRound(ctx context.Context, tx *sqlx.Tx, r seamless.Record, stake, payout money.Satang) error {
	round := r.RoundID
	if round == "" {
		round = r.TxID // a win with no round (free spins): a round of its own
	}
	game := RoundGame(r.Provider, r.Game)
	for _, id := range []string{round, round + "/" + r.MemberID} {
		ok, err := db.countRound(ctx, tx, game, id, r, stake, payout)
		if err != nil || ok {
			return err
		}
	}
	return fmt.Errorf("seamless: round %s of %s held by another member twice", round, game)
}

// countRound adds to the round (game, id) of r's member, creating it when
// missing; false when the round is another member's.
func (db *DB) countRound(ctx context.Context, tx *sqlx.Tx, game, id string, r seamless.Record, stake, payout money.Satang) (bool, error) {
	update, err := db.prepared(ctx, tx, `UPDATE game_bets SET stake = stake + ?, payout = payout + ?
		WHERE game = ? AND bet_id = ? AND member_id = ? RETURNING placed_at`)
	if err != nil {
		return false, err
	}
	var placed time.Time
	err = update.GetContext(ctx, &placed, stake, payout, game, id, r.MemberID)
	if err == nil {
		return true, db.countResult(ctx, tx, r.MemberID, game, placed, 0, stake, payout)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	insert, err := db.prepared(ctx, tx, `INSERT INTO game_bets (game, bet_id, username, member_id, stake, payout, placed_at, collected_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, bet_id) DO NOTHING`)
	if err != nil {
		return false, err
	}
	res, err := insert.ExecContext(ctx, game, id, r.MemberID, r.MemberID, max(stake, 0), payout, utc(r.CreatedAt), utc(r.CreatedAt))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	if n == 1 {
		return true, db.countResult(ctx, tx, r.MemberID, game, r.CreatedAt, 1, max(stake, 0), payout)
	}
	// Another transaction inserted the round first (and has committed:
	// the insert waited for it): add to it, if it is this member's.
	err = update.GetContext(ctx, &placed, stake, payout, game, id, r.MemberID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, db.countResult(ctx, tx, r.MemberID, game, placed, 0, stake, payout)
}

// verifySeamless adds the seamless wallet's invariants to a ledger check:
// every bet (applied or rolled back) and every win of an amount has its
// journal, of its kind, moving its amount on its member's wallet; a
// rollback's journal, when it has one, gives its amount back; a rolled-back
// bet has a rollback with a journal; a tombstone has no journal, neither on
// its row nor in the ledger under its bet's reference; every journal of the
// game_bet, game_win and game_rollback kinds has its row; every row, and
// every round of the bet history that names a member, names a member that
// exists (PostgreSQL has no foreign key for them).
func verifySeamless(ctx context.Context, db *DB, tx *sqlx.Tx, problems *[]string) error {
	var bad []struct {
		ID   string `db:"id"`
		What string `db:"what"`
	}
	err := tx.SelectContext(ctx, &bad, db.q(`
		SELECT s.provider || ':' || s.tx_id AS id, 'seamless ' || s.kind || ' without its journal' AS what FROM seamless_txs s
			LEFT JOIN journals j ON j.id = s.journal_id
				AND j.kind = CASE s.kind WHEN 'bet' THEN 'game_bet' WHEN 'win' THEN 'game_win' ELSE 'game_rollback' END
			LEFT JOIN postings p ON p.journal_id = j.id AND p.account_id = 'wallet:' || s.member_id
			WHERE ((s.kind IN ('bet', 'win') AND s.state <> 'tombstone' AND s.amount > 0) OR (s.kind = 'rollback' AND s.journal_id IS NOT NULL))
				AND (p.amount IS NULL OR p.amount <> CASE s.kind WHEN 'bet' THEN -s.amount ELSE s.amount END)
		UNION ALL
		SELECT b.provider || ':' || b.tx_id, 'seamless bet rolled back without a rollback journal' FROM seamless_txs b
			WHERE b.kind = 'bet' AND b.state = 'rolled_back' AND NOT EXISTS (SELECT 1 FROM seamless_txs r
				WHERE r.provider = b.provider AND r.ref_tx_id = b.tx_id AND r.kind = 'rollback' AND r.journal_id IS NOT NULL)
		UNION ALL
		SELECT t.provider || ':' || t.tx_id, 'seamless tombstone with a journal' FROM seamless_txs t
			WHERE t.state = 'tombstone' AND (t.journal_id IS NOT NULL OR EXISTS (SELECT 1 FROM journals j
				WHERE j.kind = 'game_bet' AND j.ref = t.provider || ':' || t.tx_id))
		UNION ALL
		SELECT j.id, j.kind || ' journal of no seamless transaction' FROM journals j
			WHERE j.kind IN ('game_bet', 'game_win', 'game_rollback')
				AND NOT EXISTS (SELECT 1 FROM seamless_txs s WHERE s.journal_id = j.id)
		UNION ALL
		SELECT s.provider || ':' || s.tx_id, 'seamless transaction of no such member ' || s.member_id FROM seamless_txs s
			LEFT JOIN members m ON m.id = s.member_id WHERE m.id IS NULL
		UNION ALL
		SELECT b.game || ':' || b.bet_id, 'round of no such member ' || b.member_id FROM game_bets b
			LEFT JOIN members m ON m.id = b.member_id WHERE b.member_id IS NOT NULL AND m.id IS NULL
		LIMIT ?`), maxProblems)
	for _, b := range bad {
		*problems = append(*problems, b.What+": "+b.ID)
	}
	return err
}
