package sqlstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/wallet"
)

// StatementBefore reads a page of the member's statement by keyset
// (wallet.Store): each branch that grows with the member's history reads
// its limit items after the cursor along its member index (the time
// bounded in the index condition, the id breaking the tie), and the
// seamless rounds come from the member's newest callbacks
// (roundsBefore), so that a page costs the same at any depth and nothing
// is counted. The items are those Statement answers, in the same order.
func (s *Wallet) StatementBefore(ctx context.Context, memberID string, before wallet.StatementCursor, limit int) ([]wallet.StatementItem, error) {
	var args []any
	// bytewise orders ids by their bytes, as the merge below and the cursor
	// do: a database created with a language's collation would order ids
	// of the same moment otherwise (":" is ignored at its first level),
	// and a page would repeat or skip an item. SQLite compares bytes.
	bytewise := func(id string) string {
		if s.db.dialect == Postgres {
			return id + ` COLLATE "C"`
		}
		return id
	}
	// after is a branch's keyset condition on its time and id expressions,
	// appending its arguments.
	after := func(at, id string) string {
		if before.IsZero() {
			return ""
		}
		args = append(args, utc(before.At), utc(before.At), before.ID)
		return ` AND ` + at + ` <= ? AND (` + at + ` < ? OR ` + bytewise(id) + ` < ?)`
	}
	var q strings.Builder
	q.WriteString(`SELECT * FROM (SELECT t.id, 'transfer' AS statement_type,
			CASE t.direction WHEN 'in' THEN 'WALLET' ELSE t.game_code END AS from_account,
			CASE t.direction WHEN 'in' THEN t.game_code ELSE 'WALLET' END AS to_account,
			t.amount,
			CASE t.state WHEN 'DONE' THEN 'SUCCESS' WHEN 'FAILED' THEN 'FAILED' ELSE 'PENDING' END AS status,
			t.created_at, '' AS description, '' AS source, '' AS game, '' AS method, '' AS channel
		FROM transfers t WHERE t.member_id = ?`)
	args = append(args, memberID)
	q.WriteString(after("t.created_at", "t.id") + ` ORDER BY t.created_at DESC, ` + bytewise("t.id") + ` DESC LIMIT ?) t
		UNION ALL
		SELECT * FROM (SELECT w.id, 'withdraw', 'WALLET', 'BANK', w.amount,
			CASE WHEN w.status = 'REJECTED' OR p.status = 'FAILED' THEN 'FAILED'
				WHEN w.status = 'APPROVED' AND (p.status IS NULL OR p.status = 'PAID') THEN 'SUCCESS' ELSE 'PENDING' END,
			w.created_at, CASE WHEN p.status = 'FAILED' THEN p.reason ELSE w.reason END, '',
			CASE WHEN w.status <> 'APPROVED' THEN w.status WHEN p.status IS NULL OR p.status = 'PAID' THEN 'APPROVED'
				WHEN p.status = 'FAILED' THEN 'FAILED' ELSE 'PAYING' END, '', ''
		FROM withdrawals w LEFT JOIN payouts p ON p.withdrawal_id = w.id WHERE w.member_id = ?`)
	args = append(args, limit, memberID)
	q.WriteString(after("w.created_at", "w.id") + ` ORDER BY w.created_at DESC, ` + bytewise("w.id") + ` DESC LIMIT ?) w`)
	args = append(args, limit)
	for _, kind := range statementJournalKinds {
		args = append(args, ledger.Wallet(memberID).ID, memberID)
		q.WriteString(`
		UNION ALL
		SELECT * FROM (` + statementJournals("''") + ` AND j.kind = '` + kind + `'` + after("j.created_at", "j.id") +
			` ORDER BY j.created_at DESC, ` + bytewise("j.id") + ` DESC LIMIT ?) j_` + kind)
		args = append(args, limit)
	}
	q.WriteString(`
		UNION ALL
		SELECT * FROM (SELECT r.id, 'bonus', UPPER(r.source), 'WALLET', r.amount, 'SUCCESS', r.updated_at, r.code, r.source, '', '', ''
		FROM promo_receipts r WHERE r.member_id = ?`)
	args = append(args, memberID)
	q.WriteString(after("r.updated_at", "r.id") + ` ORDER BY r.updated_at DESC, ` + bytewise("r.id") + ` DESC LIMIT ?) r
		UNION ALL
		SELECT * FROM (SELECT c.id || ':end', 'finish_bonus', 'WALLET', UPPER(c.source),
			CASE WHEN c.forfeited > 0 THEN c.forfeited ELSE c.amount END,
			CASE c.status WHEN 'SUCCESS' THEN 'SUCCESS' WHEN 'FAILED' THEN 'FAILED' ELSE 'CANCELLED' END, c.ended_at, c.code, c.source, '', '', ''
		FROM promo_conditions c WHERE c.member_id = ? AND c.status <> 'ACTIVE'`)
	args = append(args, limit, memberID)
	q.WriteString(after("c.ended_at", "c.id || ':end'") + ` ORDER BY c.ended_at DESC, ` + bytewise("c.id || ':end'") + ` DESC LIMIT ?) c`)
	// At most limit rows of each branch: merged and cut below.
	args = append(args, limit)
	var rows []struct {
		wallet.StatementItem
		Game string `db:"game"`
	}
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(q.String()), args...); err != nil {
		return nil, err
	}
	items := make([]wallet.StatementItem, 0, len(rows)+limit)
	for _, r := range rows {
		it := r.StatementItem
		if it.Type == "withdraw" && it.Source == "" {
			it.Withdrawal = r.Game
		}
		items = append(items, it)
	}
	rounds, err := s.roundsBefore(ctx, memberID, before, limit)
	if err != nil {
		return nil, err
	}
	items = append(items, rounds...)
	slices.SortStableFunc(items, func(a, b wallet.StatementItem) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return items[:min(len(items), limit)], nil
}

// statementJournalKinds are the kinds of journal the statement shows (of
// their postings, the wallet's). A branch reads each kind on its own, in
// order along journals_member_idx (member_id, kind, created_at), and stops
// at the page's depth: a condition on the three kinds at once read every
// journal of theirs the member has, with a posting look-up each, before
// sorting them (a second for a member with 14,000 deposits).
var statementJournalKinds = []string{"adjustment", "deposit", "spin_prize"}

// statementJournals reads the wallet journals of the statement, with the
// filler columns between the source and the method that the reader's
// other branches have; a kind's condition, the keyset's and the order
// follow. Two parameters: the member's wallet account and the member.
func statementJournals(filler string) string {
	return `SELECT j.id, CASE WHEN p.amount > 0 THEN 'deposit' ELSE 'withdraw' END,
			CASE WHEN j.kind = 'deposit' THEN 'DEPOSIT' WHEN j.kind = 'spin_prize' THEN 'SPIN'
				WHEN p.amount > 0 THEN 'ADJUSTMENT' ELSE 'WALLET' END,
			CASE WHEN p.amount > 0 THEN 'WALLET' ELSE 'ADJUSTMENT' END,
			ABS(p.amount), 'SUCCESS', j.created_at, j.memo, j.kind, ` + filler + `, ` + depositMethod + `
		FROM journals j JOIN postings p ON p.journal_id = j.id AND p.account_id = ? ` + depositPayment + `
		WHERE j.member_id = ?`
}

// depositPayment joins a deposit journal (j) to the payment it credited,
// if any (q: a QR payment or a bank transfer, qr_payments.journal_id being
// unique); depositMethod is then the method and channel columns of its
// statement item (wallet.StatementItem.Method), both empty for other journals.
// The method comes from the journal's reference (core/deposit: "slip:" and
// "slipreview:" a slip, "gift:" a TrueMoney gift, "qr:<provider>:" a QR
// payment), except that a bank transfer's reference is that of the slip
// of the same transfer ("slip:<bank>:<ref>", so that the two credit once):
// its payment of provider deposit.TransferProvider tells it apart, and
// names the sender's bank.
const depositPayment = `LEFT JOIN qr_payments q ON j.kind = '` + string(deposit.JournalKind) + `' AND q.journal_id = j.id`

const depositMethod = `CASE WHEN j.kind <> '` + string(deposit.JournalKind) + `' THEN ''
		WHEN q.provider = '` + deposit.TransferProvider + `' THEN '` + wallet.MethodBankTransfer + `'
		WHEN j.ref LIKE 'qr:%' THEN '` + wallet.MethodQR + `'
		WHEN j.ref LIKE 'slip:%' OR j.ref LIKE 'slipreview:%' THEN '` + wallet.MethodSlip + `'
		WHEN j.ref LIKE 'gift:%' THEN '` + wallet.MethodGift + `' ELSE '' END AS method,
	CASE WHEN q.provider = '` + deposit.TransferProvider + `' THEN q.sender_bank
		WHEN j.ref LIKE 'qr:%' THEN COALESCE(q.provider, '') ELSE '' END AS channel`

// roundKey names a seamless round: its aggregator and its key
// (seamlessMoves).
type roundKey struct{ provider, key string }

// roundsBefore returns the statement items of the member's n seamless
// rounds that come after the cursor (zero: from the newest), a round
// dated by its last movement as in Statement. The rounds are found among
// the member's newest callbacks up to the cursor's time, read along
// seamless_txs_member_idx: a round's last movement is the first of its
// callbacks met going back, so the rounds first met are the newest. A
// round met is complete once every callback newer than the oldest one
// read is known; the reads go back four times as far until n rounds are
// complete or the callbacks end. Each round's movements, older ones
// included, are then read by its key (movesOf), not by scanning the
// member's history.
func (s *Wallet) roundsBefore(ctx context.Context, memberID string, before wallet.StatementCursor, n int) ([]wallet.StatementItem, error) {
	cond, args := "", []any{memberID}
	if !before.IsZero() {
		cond = ` AND s.created_at <= ?`
		args = append(args, utc(before.At))
	}
	for reach := 4*n + 16; ; reach *= 4 {
		var met []struct {
			Provider  string    `db:"provider"`
			RoundKey  string    `db:"round_key"`
			CreatedAt time.Time `db:"created_at"`
		}
		if err := s.db.x.SelectContext(ctx, &met, s.db.q(`SELECT s.provider, s.created_at,
				COALESCE(NULLIF(b.round_id, ''), b.tx_id, NULLIF(s.round_id, ''), s.tx_id) AS round_key
			FROM seamless_txs s
			LEFT JOIN seamless_txs b ON s.kind = 'rollback' AND b.provider = s.provider AND b.tx_id = s.ref_tx_id
			WHERE s.member_id = ? AND (s.journal_id IS NOT NULL OR s.kind = 'win')`+cond+`
			ORDER BY s.created_at DESC LIMIT ?`), append(args, reach)...); err != nil {
			return nil, err
		}
		var keys []roundKey
		seen := map[roundKey]bool{}
		for _, m := range met {
			if k := (roundKey{m.Provider, m.RoundKey}); !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
		rounds, err := s.roundItems(ctx, memberID, keys)
		if err != nil {
			return nil, err
		}
		ended := len(met) < reach
		var out []wallet.StatementItem
		for _, r := range rounds {
			if !before.IsZero() && !(r.CreatedAt.Before(before.At) || r.CreatedAt.Equal(before.At) && r.ID < before.ID) {
				continue // moved after the cursor: on an earlier page, or newer than it
			}
			if !ended && !r.CreatedAt.After(met[len(met)-1].CreatedAt) {
				continue // a round not met yet may come first
			}
			out = append(out, r)
		}
		if len(out) >= n || ended {
			return out[:min(len(out), n)], nil
		}
	}
}

// roundItems are the statement items of the member's rounds keys, newest
// first, each with its movements, computed as seamlessRounds does.
func (s *Wallet) roundItems(ctx context.Context, memberID string, keys []roundKey) ([]wallet.StatementItem, error) {
	moves, err := s.movesOf(ctx, memberID, keys)
	if err != nil || len(keys) == 0 {
		return nil, err
	}
	type acc struct {
		round  wallet.Round
		last   time.Time
		closed bool
	}
	by := map[roundKey]*acc{}
	for _, k := range keys {
		by[k] = &acc{round: wallet.Round{Provider: k.provider, Round: k.key}}
	}
	for _, m := range moves {
		a := by[roundKey{m.Provider, m.RoundKey}]
		if a == nil {
			continue
		}
		a.round.Game = max(a.round.Game, m.Game)
		switch m.Kind {
		case "bet":
			a.round.Stake += m.Amount
			a.closed = a.closed || m.State == "applied"
		case "rollback":
			a.round.Stake -= m.Amount
		case "win":
			a.round.Payout += m.Amount
			a.closed = true
		}
		if m.CreatedAt.After(a.last) {
			a.last = m.CreatedAt
		}
		a.round.Movements = append(a.round.Movements, m.RoundMovement)
	}
	var games [][2]string
	for _, k := range keys {
		if a := by[k]; len(a.round.Movements) > 0 {
			games = append(games, [2]string{k.provider, a.round.Game})
		}
	}
	names, err := s.seamlessGameNames(ctx, games)
	if err != nil {
		return nil, err
	}
	out := make([]wallet.StatementItem, 0, len(keys))
	for _, k := range keys {
		a := by[k]
		if len(a.round.Movements) == 0 {
			continue
		}
		status := "CANCELLED"
		if a.closed {
			status = "SUCCESS"
		}
		a.round.GameName = a.round.Game
		if name, ok := names[[2]string{k.provider, a.round.Game}]; ok {
			a.round.GameName = name
		}
		r := a.round
		out = append(out, wallet.StatementItem{ID: "round:" + k.provider + ":" + k.key, Type: wallet.StatementRound,
			From: "WALLET", To: k.provider, Amount: r.Stake, Status: status, CreatedAt: a.last,
			Description: r.GameName, Source: k.provider, Round: &r})
	}
	slices.SortFunc(out, func(a, b wallet.StatementItem) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out, nil
}

// roundMove is a movement of a round with its key (movesOf).
type roundMove struct {
	wallet.RoundMovement
	Provider string `db:"provider"`
	RoundKey string `db:"round_key"`
	Game     string `db:"game"`
	State    string `db:"state"`
}

// movesOf reads the movements of the member's rounds keys (seamlessMoves:
// the callbacks that moved money or closed a round), oldest first. A
// round's callbacks are found by its key along the round index (the round
// id), the primary key (a callback's own id: a win or bet with no round)
// and the rollbacks' index (a rollback belongs to its bet's round), then
// kept when their key is the round's.
func (s *Wallet) movesOf(ctx context.Context, memberID string, keys []roundKey) ([]roundMove, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	values := strings.TrimSuffix(strings.Repeat("(?, ?), ", len(keys)), ", ")
	var args []any
	for _, k := range keys {
		args = append(args, k.provider, k.key)
	}
	args = append(args, memberID)
	var out []roundMove
	err := s.db.x.SelectContext(ctx, &out, s.db.q(`WITH k (provider, round_key) AS (VALUES `+values+`),
		c AS (SELECT t.provider, t.tx_id FROM seamless_txs t JOIN k ON t.provider = k.provider AND t.round_id = k.round_key
			UNION SELECT t.provider, t.tx_id FROM seamless_txs t JOIN k ON t.provider = k.provider AND t.tx_id = k.round_key
			UNION SELECT r.provider, r.tx_id FROM seamless_txs t JOIN k ON t.provider = k.provider AND t.round_id = k.round_key
				JOIN seamless_txs r ON r.kind = 'rollback' AND r.provider = t.provider AND r.ref_tx_id = t.tx_id
			UNION SELECT r.provider, r.tx_id FROM seamless_txs t JOIN k ON t.provider = k.provider AND t.tx_id = k.round_key
				JOIN seamless_txs r ON r.kind = 'rollback' AND r.provider = t.provider AND r.ref_tx_id = t.tx_id)
		SELECT m.* FROM (SELECT s.provider, s.tx_id, s.kind, s.state, s.game, s.amount, s.created_at,
				CASE WHEN s.state = 'rolled_back' THEN 1 ELSE 0 END AS rolled_back,
				COALESCE(NULLIF(b.round_id, ''), b.tx_id, NULLIF(s.round_id, ''), s.tx_id) AS round_key
			FROM c JOIN seamless_txs s ON s.provider = c.provider AND s.tx_id = c.tx_id
			LEFT JOIN seamless_txs b ON s.kind = 'rollback' AND b.provider = s.provider AND b.tx_id = s.ref_tx_id
			WHERE s.member_id = ? AND (s.journal_id IS NOT NULL OR s.kind = 'win')) m
		JOIN k ON k.provider = m.provider AND k.round_key = m.round_key
		ORDER BY m.created_at, m.tx_id`), args...)
	return out, err
}

// seamlessGameNames are the lobby catalogue's names of games, each an
// (aggregator, game code), as Statement's join to seamless_games finds
// them.
func (s *Wallet) seamlessGameNames(ctx context.Context, games [][2]string) (map[[2]string]string, error) {
	out := map[[2]string]string{}
	if len(games) == 0 {
		return out, nil
	}
	var args []any
	for _, g := range games {
		args = append(args, g[0], g[1])
	}
	var rows []struct {
		Provider string `db:"provider"`
		Code     string `db:"code"`
		Name     string `db:"name"`
	}
	if err := s.db.x.SelectContext(ctx, &rows, s.db.q(`SELECT provider, code, name FROM seamless_games
		WHERE `+strings.TrimSuffix(strings.Repeat("(provider = ? AND code = ?) OR ", len(games)), " OR ")), args...); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[[2]string{r.Provider, r.Code}] = r.Name
	}
	return out, nil
}
