package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/promo"
)

// Promo implements promo.Store and promo.Deposits (migration 0010).
type Promo struct{ db *DB }

// NewPromo returns the promotions store of db.
func NewPromo(db *DB) *Promo { return &Promo{db: db} }

var (
	_ promo.Store    = (*Promo)(nil)
	_ promo.Deposits = (*Promo)(nil)
)

type bonusRow struct {
	Code              string       `db:"code"`
	Name              string       `db:"name"`
	Banners           string       `db:"banners"`
	Type              string       `db:"type"`
	MaxReceived       int          `db:"max_received"`
	Fixed             money.Satang `db:"fixed"`
	Percent           int          `db:"percent"`
	Cap               money.Satang `db:"cap"`
	MinDeposit        money.Satang `db:"min_deposit"`
	FirstDepositOfDay bool         `db:"first_deposit_of_day"`
	NewMemberDays     int          `db:"new_member_days"`
	PercentFail       int          `db:"percent_fail"`
	SuccessPercent    int          `db:"success_percent"`
	ValidFrom         *time.Time   `db:"valid_from"`
	ValidTo           *time.Time   `db:"valid_to"`
	Active            bool         `db:"active"`
	Sort              int          `db:"sort"`
	UpdatedAt         time.Time    `db:"updated_at"`
}

const bonusColumns = `code, name, banners, type, max_received, fixed, percent, cap, min_deposit, first_deposit_of_day,
	new_member_days, percent_fail, success_percent, valid_from, valid_to, active, sort, updated_at`

func (r bonusRow) bonus() promo.Bonus {
	b := promo.Bonus{Code: r.Code, Name: r.Name, Type: promo.Type(r.Type), MaxReceived: r.MaxReceived, Fixed: r.Fixed,
		Percent: r.Percent, Cap: r.Cap, MinDeposit: r.MinDeposit, FirstDepositOfDay: r.FirstDepositOfDay,
		NewMemberDays: r.NewMemberDays, PercentFail: r.PercentFail, SuccessPercent: r.SuccessPercent,
		ValidFrom: utcPtr(r.ValidFrom), ValidTo: utcPtr(r.ValidTo), Active: r.Active, Sort: r.Sort, UpdatedAt: r.UpdatedAt.UTC()}
	if json.Unmarshal([]byte(r.Banners), &b.Banners) != nil || b.Banners == nil {
		b.Banners = []promo.Banner{}
	}
	return b
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func optTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

// Bonuses lists every bonus by sort, then code.
func (p *Promo) Bonuses(ctx context.Context) ([]promo.Bonus, error) {
	var rows []bonusRow
	if err := p.db.x.SelectContext(ctx, &rows, `SELECT `+bonusColumns+` FROM bonuses ORDER BY sort, code`); err != nil {
		return nil, err
	}
	out := make([]promo.Bonus, len(rows))
	for i, r := range rows {
		out[i] = r.bonus()
	}
	return out, nil
}

// Bonus returns a bonus (NO_DATA).
func (p *Promo) Bonus(ctx context.Context, code string) (promo.Bonus, error) {
	var r bonusRow
	err := p.db.x.GetContext(ctx, &r, p.db.q(`SELECT `+bonusColumns+` FROM bonuses WHERE code = ?`), code)
	if errors.Is(err, sql.ErrNoRows) {
		return promo.Bonus{}, errs.New(errs.NoData)
	}
	if err != nil {
		return promo.Bonus{}, err
	}
	return r.bonus(), nil
}

// SaveBonus creates or replaces a bonus.
func (p *Promo) SaveBonus(ctx context.Context, b promo.Bonus) error {
	banners, err := json.Marshal(b.Banners)
	if err != nil {
		return err
	}
	_, err = p.db.x.ExecContext(ctx, p.db.q(`INSERT INTO bonuses (`+bonusColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code) DO UPDATE SET name = excluded.name, banners = excluded.banners, type = excluded.type,
			max_received = excluded.max_received, fixed = excluded.fixed, percent = excluded.percent, cap = excluded.cap,
			min_deposit = excluded.min_deposit, first_deposit_of_day = excluded.first_deposit_of_day,
			new_member_days = excluded.new_member_days, percent_fail = excluded.percent_fail,
			success_percent = excluded.success_percent, valid_from = excluded.valid_from, valid_to = excluded.valid_to,
			active = excluded.active, sort = excluded.sort, updated_at = excluded.updated_at`),
		b.Code, b.Name, string(banners), b.Type, b.MaxReceived, b.Fixed, b.Percent, b.Cap, b.MinDeposit, b.FirstDepositOfDay,
		b.NewMemberDays, b.PercentFail, b.SuccessPercent, optTime(b.ValidFrom), optTime(b.ValidTo), b.Active, b.Sort,
		utc(b.UpdatedAt))
	return err
}

type promotionRow struct {
	Code           string       `db:"code"`
	Description    string       `db:"description"`
	Amount         money.Satang `db:"amount"`
	PercentFail    int          `db:"percent_fail"`
	SuccessPercent int          `db:"success_percent"`
	LimitTotal     int          `db:"limit_total"`
	LimitPerMember int          `db:"limit_per_member"`
	Used           int          `db:"used"`
	ValidFrom      *time.Time   `db:"valid_from"`
	ValidTo        *time.Time   `db:"valid_to"`
	Active         bool         `db:"active"`
	UpdatedAt      time.Time    `db:"updated_at"`
}

const promotionColumns = `code, description, amount, percent_fail, success_percent, limit_total, limit_per_member, used,
	valid_from, valid_to, active, updated_at`

func (r promotionRow) promotion() promo.Promotion {
	return promo.Promotion{Code: r.Code, Description: r.Description, Amount: r.Amount, PercentFail: r.PercentFail,
		SuccessPercent: r.SuccessPercent, LimitTotal: r.LimitTotal, LimitPerMember: r.LimitPerMember, Used: r.Used,
		ValidFrom: utcPtr(r.ValidFrom), ValidTo: utcPtr(r.ValidTo), Active: r.Active, UpdatedAt: r.UpdatedAt.UTC()}
}

// Promotions lists every promotion code.
func (p *Promo) Promotions(ctx context.Context) ([]promo.Promotion, error) {
	var rows []promotionRow
	if err := p.db.x.SelectContext(ctx, &rows, `SELECT `+promotionColumns+` FROM promotions ORDER BY code`); err != nil {
		return nil, err
	}
	out := make([]promo.Promotion, len(rows))
	for i, r := range rows {
		out[i] = r.promotion()
	}
	return out, nil
}

// Promotion returns a promotion code (NO_PROMOTION).
func (p *Promo) Promotion(ctx context.Context, code string) (promo.Promotion, error) {
	var r promotionRow
	err := p.db.x.GetContext(ctx, &r, p.db.q(`SELECT `+promotionColumns+` FROM promotions WHERE code = ?`), code)
	if errors.Is(err, sql.ErrNoRows) {
		return promo.Promotion{}, errs.New(errs.NoPromotion)
	}
	if err != nil {
		return promo.Promotion{}, err
	}
	return r.promotion(), nil
}

// SavePromotion creates or replaces a promotion code, keeping its count.
// A total limit below the count already used is refused (INVALID_REQUEST).
func (p *Promo) SavePromotion(ctx context.Context, pr promo.Promotion) error {
	_, err := p.db.x.ExecContext(ctx, p.db.q(`INSERT INTO promotions (`+promotionColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)
		ON CONFLICT (code) DO UPDATE SET description = excluded.description, amount = excluded.amount,
			percent_fail = excluded.percent_fail, success_percent = excluded.success_percent,
			limit_total = excluded.limit_total, limit_per_member = excluded.limit_per_member,
			valid_from = excluded.valid_from, valid_to = excluded.valid_to, active = excluded.active,
			updated_at = excluded.updated_at`),
		pr.Code, pr.Description, pr.Amount, pr.PercentFail, pr.SuccessPercent, pr.LimitTotal, pr.LimitPerMember,
		optTime(pr.ValidFrom), optTime(pr.ValidTo), pr.Active, utc(pr.UpdatedAt))
	if checkViolation(err) {
		return errs.Newf(errs.InvalidRequest, "the total limit is below the receipts already given")
	}
	return err
}

type receiptRow struct {
	ID        string       `db:"id"`
	MemberID  string       `db:"member_id"`
	Source    string       `db:"source"`
	Code      string       `db:"code"`
	Period    string       `db:"period"`
	Slot      int          `db:"slot"`
	Amount    money.Satang `db:"amount"`
	UpdatedAt time.Time    `db:"updated_at"`
}

// Receipts lists the member's receipts, newest first.
func (p *Promo) Receipts(ctx context.Context, memberID string) ([]promo.Receipt, error) {
	var rows []receiptRow
	if err := p.db.x.SelectContext(ctx, &rows, p.db.q(`SELECT id, member_id, source, code, period, slot, amount, updated_at
		FROM promo_receipts WHERE member_id = ? ORDER BY updated_at DESC, id DESC`), memberID); err != nil {
		return nil, err
	}
	out := make([]promo.Receipt, len(rows))
	for i, r := range rows {
		out[i] = promo.Receipt{ID: r.ID, MemberID: r.MemberID, Source: promo.Source(r.Source), Code: r.Code,
			Period: r.Period, Slot: r.Slot, Amount: r.Amount, UpdatedAt: r.UpdatedAt.UTC()}
	}
	return out, nil
}

// Grant records a receipt, its credit and its condition in one
// transaction. The receipt's slot is unique per member, source, code and
// period; the promotion's count is a conditional update; the condition's
// insert meets the one-active-per-member index.
func (p *Promo) Grant(ctx context.Context, g promo.Grant) (promo.Condition, error) {
	var c promo.Condition
	err := p.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		c, err = p.db.grantTx(ctx, tx, g)
		return err
	})
	if err != nil {
		return promo.Condition{}, err
	}
	return c, nil
}

// grantTx records g in tx (Grant, and the rewards' claims, which take
// their accruals in the same transaction).
func (db *DB) grantTx(ctx context.Context, tx *sqlx.Tx, g promo.Grant) (promo.Condition, error) {
	r, c := g.Receipt, g.Condition
	full := errs.BonusMaxClaimed
	if r.Source == promo.SourcePromotion {
		full = errs.PromotionReceived
	}
	if r.Slot < 1 || r.Slot > g.MaxSlot {
		return promo.Condition{}, errs.New(full)
	}
	_, err := tx.ExecContext(ctx, db.q(`INSERT INTO promo_receipts (id, member_id, source, code, period, slot, amount, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), r.ID, r.MemberID, r.Source, r.Code, r.Period, r.Slot, r.Amount, utc(r.UpdatedAt))
	if _, dup := uniqueViolation(err); dup {
		return promo.Condition{}, errs.New(full)
	}
	if err != nil {
		return promo.Condition{}, err
	}
	c.PlayFrom = c.CreatedAt.Add(-promo.PlayWindow).UTC().Truncate(time.Microsecond) // as the databases keep it
	_, err = tx.ExecContext(ctx, db.q(`INSERT INTO promo_conditions (id, member_id, source, code, type, amount, base,
			success_percent, percent_fail, status, created_at, play_from)
		VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, 'ACTIVE', ?, ?)`),
		c.ID, c.MemberID, c.Source, c.Code, c.Type, c.Amount, c.SuccessPercent, c.PercentFail, utc(c.CreatedAt), utc(c.PlayFrom))
	if _, dup := uniqueViolation(err); dup {
		return promo.Condition{}, errs.New(errs.BonusAlreadyActive)
	}
	if err != nil {
		return promo.Condition{}, err
	}
	if r.Source == promo.SourcePromotion {
		ok, err := db.transition(ctx, tx, guard{update: `UPDATE promotions SET used = used + 1
			WHERE code = ? AND (limit_total = 0 OR used < limit_total)`, args: []any{r.Code}}, g.Journal)
		if err == nil && !ok {
			err = errs.New(errs.BonusFull)
		}
		if err != nil {
			return promo.Condition{}, err
		}
	} else if err := db.post(ctx, tx, g.Journal); err != nil {
		return promo.Condition{}, err
	}
	// One statement, one snapshot: a game result booked meanwhile is in
	// both the base and the mark, or in neither.
	var at struct {
		Base money.Satang `db:"base"`
		Mark money.Satang `db:"mark"`
	}
	if err := tx.GetContext(ctx, &at, db.q(`SELECT (`+totalBalance+`) AS base, (`+playSince+`) AS mark`),
		append([]any{c.MemberID, c.MemberID}, playArgs(c.MemberID, c.PlayFrom)...)...); err != nil {
		return promo.Condition{}, err
	}
	c.Base, c.PlayMark = at.Base, at.Mark
	_, err = tx.ExecContext(ctx, db.q(`UPDATE promo_conditions SET base = ?, play_mark = ? WHERE id = ?`), c.Base, c.PlayMark, c.ID)
	return c, err
}

// playSince is the net of a member's play at or after a time: the game
// results booked to the member's game accounts (promo.KindPlay) and the
// seamless games' bets, wins and rollbacks on the member's wallet
// (promo.SeamlessPlay). Parameters: playArgs.
var playSince = `SELECT COALESCE(SUM(p.amount), 0) FROM journals j
	JOIN postings p ON p.journal_id = j.id
	JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = j.member_id
	WHERE j.member_id = ? AND j.kind IN (?` + strings.Repeat(", ?", len(promo.SeamlessPlay)) + `) AND ` + memberJournals + `
		AND j.created_at >= ?
		AND (a.kind = 'game' AND j.kind = ? OR a.kind = 'wallet' AND j.kind <> ?)`

// playArgs are playSince's parameters.
func playArgs(memberID string, since time.Time) []any {
	args := []any{memberID, promo.KindPlay}
	for _, k := range promo.SeamlessPlay {
		args = append(args, k)
	}
	return append(args, utc(since), promo.KindPlay, promo.KindPlay)
}

// totalBalance is the member's money (one parameter, the member id, used
// twice): the wallet, every game account, and what is in flight in the
// member's open transfers (reserved from one of them, in neither until the
// transfer settles or is reversed), so that a transfer does not change it
// while it is open.
const totalBalance = `SELECT COALESCE((SELECT SUM(balance) FROM ledger_accounts WHERE member_id = ? AND kind IN ('wallet', 'game')), 0)
	+ COALESCE((SELECT SUM(amount) FROM transfers WHERE member_id = ? AND state IN ('PENDING', 'UNKNOWN')), 0)`

type conditionRow struct {
	ID             string       `db:"id"`
	MemberID       string       `db:"member_id"`
	Source         string       `db:"source"`
	Code           string       `db:"code"`
	Type           string       `db:"type"`
	Amount         money.Satang `db:"amount"`
	Base           money.Satang `db:"base"`
	SuccessPercent int          `db:"success_percent"`
	PercentFail    int          `db:"percent_fail"`
	Status         string       `db:"status"`
	Forfeited      money.Satang `db:"forfeited"`
	EndedBy        string       `db:"ended_by"`
	CreatedAt      time.Time    `db:"created_at"`
	EndedAt        *time.Time   `db:"ended_at"`
	PlayFrom       time.Time    `db:"play_from"`
	PlayMark       money.Satang `db:"play_mark"`
	Phone          string       `db:"phone"`
	Name           string       `db:"name"`
}

const conditionColumns = `c.id, c.member_id, c.source, c.code, c.type, c.amount, c.base, c.success_percent, c.percent_fail,
	c.status, c.forfeited, c.ended_by, c.created_at, c.ended_at, c.play_from, c.play_mark, m.phone, m.name`

func (r conditionRow) condition() promo.Condition {
	return promo.Condition{ID: r.ID, MemberID: r.MemberID, Source: promo.Source(r.Source), Code: r.Code, Type: r.Type,
		Amount: r.Amount, Base: r.Base, SuccessPercent: r.SuccessPercent, PercentFail: r.PercentFail,
		Status: promo.Status(r.Status), Forfeited: r.Forfeited, EndedBy: r.EndedBy, CreatedAt: r.CreatedAt.UTC(),
		EndedAt: utcPtr(r.EndedAt), PlayFrom: r.PlayFrom.UTC(), PlayMark: r.PlayMark, Phone: r.Phone, Name: r.Name}
}

func (p *Promo) conditions(ctx context.Context, where string, args ...any) ([]promo.Condition, error) {
	var rows []conditionRow
	if err := p.db.x.SelectContext(ctx, &rows, p.db.q(`SELECT `+conditionColumns+`
		FROM promo_conditions c JOIN members m ON m.id = c.member_id WHERE `+where+` ORDER BY c.created_at, c.id`), args...); err != nil {
		return nil, err
	}
	out := make([]promo.Condition, len(rows))
	for i, r := range rows {
		out[i] = r.condition()
	}
	return out, nil
}

// ActiveCondition returns the member's active condition, if any.
func (p *Promo) ActiveCondition(ctx context.Context, memberID string) (promo.Condition, bool, error) {
	cs, err := p.conditions(ctx, `c.member_id = ? AND c.status = 'ACTIVE'`, memberID)
	if err != nil || len(cs) == 0 {
		return promo.Condition{}, false, err
	}
	return cs[0], true, nil
}

// Condition returns a condition (NO_DATA).
func (p *Promo) Condition(ctx context.Context, id string) (promo.Condition, error) {
	cs, err := p.conditions(ctx, `c.id = ?`, id)
	if err != nil {
		return promo.Condition{}, err
	}
	if len(cs) == 0 {
		return promo.Condition{}, errs.New(errs.NoData)
	}
	return cs[0], nil
}

// ActiveConditions lists every active condition, oldest first.
func (p *Promo) ActiveConditions(ctx context.Context) ([]promo.Condition, error) {
	return p.conditions(ctx, `c.status = 'ACTIVE'`)
}

// EndCondition ends an active condition, posting its forfeit with it.
func (p *Promo) EndCondition(ctx context.Context, id string, status promo.Status, by string, at time.Time, forfeit *ledger.Journal) (bool, error) {
	var forfeited money.Satang
	if forfeit != nil {
		for _, ps := range forfeit.Postings {
			if ps.Account.ID == ledger.PromotionExpense.ID {
				forfeited = ps.Amount
			}
		}
	}
	ended := false
	err := p.db.inTx(ctx, func(tx *sqlx.Tx) error {
		var m []ledger.Journal
		if forfeit != nil {
			m = append(m, *forfeit)
		}
		var err error
		ended, err = p.db.transition(ctx, tx, guard{update: `UPDATE promo_conditions SET status = ?, ended_by = ?, ended_at = ?, forfeited = ?
			WHERE id = ? AND status = 'ACTIVE'`, args: []any{status, by, utc(at), forfeited, id}}, m...)
		return err
	})
	if err != nil {
		return false, err
	}
	return ended, nil
}

// TotalBalance is the member's wallet plus every game account plus the
// money in the member's open transfers.
func (p *Promo) TotalBalance(ctx context.Context, memberID string) (money.Satang, error) {
	var t money.Satang
	err := p.db.x.GetContext(ctx, &t, p.db.q(totalBalance), memberID, memberID)
	return t, err
}

// WalletBalance is the member's wallet.
func (p *Promo) WalletBalance(ctx context.Context, memberID string) (money.Satang, error) {
	return balance(ctx, p.db, ledger.Wallet(memberID).ID)
}

// Play is the net of the member's play at or after since (playSince).
func (p *Promo) Play(ctx context.Context, memberID string, since time.Time) (money.Satang, error) {
	var t money.Satang
	err := p.db.x.GetContext(ctx, &t, p.db.q(playSince), playArgs(memberID, since)...)
	return t, err
}

// MemberSince is when the member registered (NO_USER).
func (p *Promo) MemberSince(ctx context.Context, memberID string) (time.Time, error) {
	var t time.Time
	err := p.db.x.GetContext(ctx, &t, p.db.q(`SELECT created_at FROM members WHERE id = ?`), memberID)
	if errors.Is(err, sql.ErrNoRows) {
		return t, errs.New(errs.NoUser)
	}
	return t.UTC(), err
}

// Since returns the member's deposits credited at or after since, oldest
// first: journals of the deposit kind crediting the member's wallet.
func (p *Promo) Since(ctx context.Context, memberID string, since time.Time) ([]promo.Deposit, error) {
	var rows []struct {
		Ref    string       `db:"ref"`
		Amount money.Satang `db:"amount"`
		At     time.Time    `db:"created_at"`
	}
	err := p.db.x.SelectContext(ctx, &rows, p.db.q(`SELECT j.ref, p.amount, j.created_at
		FROM journals j JOIN postings p ON p.journal_id = j.id AND p.account_id = ?
		WHERE j.member_id = ? AND j.kind = ? AND `+memberJournals+` AND j.created_at >= ? AND p.amount > 0
		ORDER BY j.created_at, j.id`), ledger.Wallet(memberID).ID, memberID, promo.KindDeposit, utc(since))
	if err != nil {
		return nil, err
	}
	out := make([]promo.Deposit, len(rows))
	for i, r := range rows {
		out[i] = promo.Deposit{Ref: r.Ref, Amount: r.Amount, At: r.At.UTC()}
	}
	return out, nil
}

// expenseCheck finds an expense account whose balance is not minus the
// credits plus the forfeits of its sources.
func expenseCheck(account, sources string) string {
	return `SELECT '` + account + `' FROM (SELECT
		(SELECT COALESCE(SUM(p.amount), 0) FROM postings p WHERE p.account_id = '` + account + `') AS bal,
		(SELECT COALESCE(SUM(amount), 0) FROM promo_receipts WHERE source IN (` + sources + `)) AS credits,
		(SELECT COALESCE(SUM(forfeited), 0) FROM promo_conditions WHERE source IN (` + sources + `)) AS forfeits) x
		WHERE x.bal <> x.forfeits - x.credits`
}

// VerifyPromotions checks the promotion invariants for `ngern check`: every
// bonus journal credits a receipt of the same amount; every forfeit
// belongs to a cancelled or ended condition and matches its forfeited
// amount; sys:promotions is exactly minus credits plus forfeits. It
// returns one line per problem (capped).
func (p *Promo) VerifyPromotions(ctx context.Context) ([]string, error) {
	var problems []string
	err := p.db.readTx(ctx, func(tx *sqlx.Tx) error {
		for _, c := range []struct {
			what, query string
		}{
			{"bonus journal without a matching receipt", `SELECT j.id FROM journals j
				JOIN postings p ON p.journal_id = j.id AND p.account_id = 'sys:promotions'
				LEFT JOIN promo_receipts r ON r.id = j.ref
				WHERE j.kind = 'bonus' AND (r.id IS NULL OR r.amount <> -p.amount)`},
			{"forfeit not matching its condition", `SELECT j.id FROM journals j
				JOIN postings p ON p.journal_id = j.id AND p.account_id = 'sys:promotions'
				LEFT JOIN promo_conditions c ON c.id = j.ref
				WHERE j.kind = 'bonus_forfeit' AND (c.id IS NULL OR c.status NOT IN ('CANCELLED', 'ENDED') OR c.forfeited <> p.amount)`},
			{"condition forfeited without a journal", `SELECT c.id FROM promo_conditions c
				WHERE c.forfeited > 0 AND NOT EXISTS (SELECT 1 FROM journals j WHERE j.kind = 'bonus_forfeit' AND j.ref = c.id)`},
			{"receipt without its credit", `SELECT r.id FROM promo_receipts r
				WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.ref = r.id
					AND j.kind = CASE r.source WHEN 'refund' THEN 'refund' WHEN 'invite' THEN 'invite' ELSE 'bonus' END)`},
			{"promotion count differs from its receipts", `SELECT pr.code FROM promotions pr
				WHERE pr.used <> (SELECT COUNT(*) FROM promo_receipts r WHERE r.source = 'promotion' AND r.code = pr.code)`},
			{"sys:promotions differs from credits and forfeits", expenseCheck("sys:promotions", "'bonus', 'promotion'")},
			{"sys:refunds differs from credits and forfeits", expenseCheck("sys:refunds", "'refund'")},
			{"sys:invites differs from credits and forfeits", expenseCheck("sys:invites", "'invite'")},
		} {
			var ids []string
			if err := tx.SelectContext(ctx, &ids, c.query+` LIMIT 20`); err != nil {
				return err
			}
			for _, id := range ids {
				problems = append(problems, c.what+": "+id)
			}
		}
		return nil
	})
	return problems, err
}
