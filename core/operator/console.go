package operator

import (
	"context"
	"fmt"
	"strings"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/wallet"
)

// MemberRow is a member as the console lists them.
type MemberRow struct {
	ID              string    `db:"id"`
	Code            string    `db:"code"` // the member code players see ('' until given, account.BackfillCodes)
	Phone           string    `db:"phone"`
	Name            string    `db:"name"`
	BankCode        string    `db:"bank_code"`
	BankAccountNo   string    `db:"bank_account_no"`
	BankAccountName string    `db:"bank_account_name"`
	Active          bool      `db:"active"`
	CreatedAt       time.Time `db:"created_at"`
}

// Note is an operator's note on a member.
type Note struct {
	ID       string    `db:"id"`
	MemberID string    `db:"member_id"`
	At       time.Time `db:"at"`
	Operator string    `db:"operator"`
	Text     string    `db:"text"`
}

// AdjustmentRow is an operator adjustment as the console lists it.
type AdjustmentRow struct {
	ID        string       `db:"id"`
	MemberID  string       `db:"member_id"`
	Phone     string       `db:"phone"`
	Amount    money.Satang `db:"amount"`
	Reason    string       `db:"reason"`
	Operator  string       `db:"operator"`
	CreatedAt time.Time    `db:"created_at"`
}

// Flow is what moved through a ledger account in a period: how many
// journals and their sum on that account.
type Flow struct {
	Count int          `db:"n"`
	Sum   money.Satang `db:"total"`
}

// Totals are the raw figures of a period (ConsoleStore.Totals).
type Totals struct {
	Flows   map[string]Flow // by account id; an account without postings is absent
	GameIn  money.Satang    // DONE transfers into games
	GameOut money.Satang    // DONE transfers out of games
	Members int             // registered
}

// ConsoleStore reads what the console shows. Every figure comes from the
// ledger or the tables that the ledger's journals reference.
type ConsoleStore interface {
	// SearchMembers returns members whose phone, name, bank account number
	// or id contains q (all when q is empty), newest first, and how many.
	SearchMembers(ctx context.Context, q string, offset, limit int) ([]MemberRow, int, error)
	AddNote(ctx context.Context, n Note) error
	// Notes lists a member's notes, newest first.
	Notes(ctx context.Context, memberID string) ([]Note, error)
	// Totals reads the figures of [from, to) in one statement, each from
	// what the period holds (not the history before it): the postings on
	// each of accounts (system accounts of the "sys:" family, the ones a
	// store indexes by time) of journals created then, the DONE transfers
	// created then by direction, and the members registered then. When
	// settled, the period ended SettledAfter ago or more: nothing can be
	// posted in it any more, and the store may keep its figures and
	// answer them again, once no transfer of the period is still open
	// (PENDING or UNKNOWN: it may yet become DONE).
	Totals(ctx context.Context, accounts []string, from, to time.Time, settled bool) (Totals, error)
	// CountMembers counts every member.
	CountMembers(ctx context.Context) (int, error)
	// Adjustments lists adjustments newest first, and how many.
	Adjustments(ctx context.Context, offset, limit int) ([]AdjustmentRow, int, error)
	// OpenTransfers lists every PENDING or UNKNOWN transfer, oldest first.
	OpenTransfers(ctx context.Context) ([]wallet.Transfer, error)
}

// Console reads and annotates what operators look after.
type Console struct {
	store ConsoleStore
	now   func() time.Time
}

// NewConsole returns the console service; now may be nil.
func NewConsole(store ConsoleStore, now func() time.Time) *Console {
	if now == nil {
		now = time.Now
	}
	return &Console{store: store, now: now}
}

// Page sizes of console lists.
const (
	DefaultPageLimit = 20
	MaxPageLimit     = 100
)

func pageOf(page, limit int) (offset, n int) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 {
		limit = DefaultPageLimit
	}
	limit = min(limit, MaxPageLimit)
	return (page - 1) * limit, limit
}

// SearchMembers returns page (1-based) of the members matching q.
func (c *Console) SearchMembers(ctx context.Context, q string, page, limit int) ([]MemberRow, int, error) {
	q = strings.TrimSpace(q)
	if len(q) > 100 {
		return nil, 0, errs.OnField(errs.InvalidRequest, "q")
	}
	offset, n := pageOf(page, limit)
	return c.store.SearchMembers(ctx, q, offset, n)
}

// AddNote stores a note by p on a member.
func (c *Console) AddNote(ctx context.Context, p Principal, memberID, text string) (Note, error) {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > limits.Note {
		return Note{}, errs.OnField(errs.InvalidRequest, "text")
	}
	n := Note{ID: account.NewID(), MemberID: memberID, At: c.now().UTC(), Operator: p.Username, Text: text}
	return n, c.store.AddNote(ctx, n)
}

// Notes lists a member's notes, newest first.
func (c *Console) Notes(ctx context.Context, memberID string) ([]Note, error) {
	return c.store.Notes(ctx, memberID)
}

// Adjustments returns page (1-based) of the adjustments.
func (c *Console) Adjustments(ctx context.Context, page, limit int) ([]AdjustmentRow, int, error) {
	offset, n := pageOf(page, limit)
	return c.store.Adjustments(ctx, offset, n)
}

// OpenTransfers lists transfers awaiting the reconciler.
func (c *Console) OpenTransfers(ctx context.Context) ([]wallet.Transfer, error) {
	return c.store.OpenTransfers(ctx)
}

// Figure is a count and an amount.
type Figure struct {
	Count  int
	Amount money.Satang
}

// Day is the business of one day (Asia/Bangkok).
type Day struct {
	Day         string // YYYY-MM-DD
	Deposits    Figure
	Withdrawals Figure // paid
	Adjustments Figure // net credited to members
	// PromotionExpense is what promotions paid members: the promotion
	// expense account of the ledger (0 until promotions exist).
	PromotionExpense money.Satang
	// GameNet is money moved into games minus money moved out (DONE
	// transfers).
	GameNet money.Satang
	Members int // registered that day
}

// DayStart returns the start of the Bangkok day of t.
func DayStart(t time.Time) time.Time {
	t = t.In(limits.Zone)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, limits.Zone)
}

// Today returns the current Bangkok day.
func (c *Console) Today() time.Time { return DayStart(c.now()) }

// MaxReportDays bounds a report's range.
const MaxReportDays = 92

// Report returns the business of each day from from to to (YYYY-MM-DD,
// Asia/Bangkok, both included, at most 92 days).
func (c *Console) Report(ctx context.Context, from, to string) ([]Day, error) {
	start, err := time.ParseInLocation(time.DateOnly, from, limits.Zone)
	if err != nil {
		return nil, errs.OnField(errs.InvalidRequest, "from")
	}
	end, err := time.ParseInLocation(time.DateOnly, to, limits.Zone)
	if err != nil || end.Before(start) {
		return nil, errs.OnField(errs.InvalidRequest, "to")
	}
	if end.Sub(start) > MaxReportDays*24*time.Hour {
		return nil, errs.Newf(errs.InvalidRequest, "at most %d days", MaxReportDays)
	}
	var days []Day
	for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
		day, err := c.DayFigures(ctx, d)
		if err != nil {
			return nil, err
		}
		days = append(days, day)
	}
	return days, nil
}

// reportAccounts are the system accounts a day's figures sum.
var reportAccounts = []string{ledger.Deposits.ID, ledger.WithdrawalsOut.ID, ledger.Adjustments.ID, ledger.PromotionExpense.ID}

// SettledAfter is how long after a day's end its figures are final: a
// journal carries the time it was made, and one made just before midnight
// may commit just after it.
const SettledAfter = 10 * time.Minute

// DayFigures returns the business of the Bangkok day starting at start.
func (c *Console) DayFigures(ctx context.Context, start time.Time) (Day, error) {
	end := start.AddDate(0, 0, 1)
	day := Day{Day: start.Format(time.DateOnly)}
	settled := !end.Add(SettledAfter).After(c.now())
	t, err := c.store.Totals(ctx, reportAccounts, start.UTC(), end.UTC(), settled)
	if err != nil {
		return day, err
	}
	f := t.Flows[ledger.Deposits.ID]
	day.Deposits = Figure{f.Count, -f.Sum}
	f = t.Flows[ledger.WithdrawalsOut.ID]
	day.Withdrawals = Figure{f.Count, f.Sum}
	f = t.Flows[ledger.Adjustments.ID]
	day.Adjustments = Figure{f.Count, -f.Sum}
	day.PromotionExpense = -t.Flows[ledger.PromotionExpense.ID].Sum
	day.GameNet = t.GameIn - t.GameOut
	day.Members = t.Members
	return day, nil
}

// CSV returns the days as CSV text with a header line.
func CSV(days []Day) string {
	var b strings.Builder
	b.WriteString("day,deposits_count,deposits,withdrawals_count,withdrawals,adjustments_count,adjustments,promotion_expense,game_net,members\n")
	for _, d := range days {
		fmt.Fprintf(&b, "%s,%d,%s,%d,%s,%d,%s,%s,%s,%d\n", d.Day, d.Deposits.Count, d.Deposits.Amount, d.Withdrawals.Count,
			d.Withdrawals.Amount, d.Adjustments.Count, d.Adjustments.Amount, d.PromotionExpense, d.GameNet, d.Members)
	}
	return b.String()
}

// MembersTotal counts every member.
func (c *Console) MembersTotal(ctx context.Context) (int, error) {
	return c.store.CountMembers(ctx)
}

// Now returns the console's clock.
func (c *Console) Now() time.Time { return c.now() }
