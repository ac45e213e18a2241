package wallet

import (
	"context"
	"strings"
	"time"

	"ngern/core/errs"
)

// Statement page sizes.
const (
	DefaultStatementLimit = 10
	MaxStatementLimit     = 50
)

// StatementCountCap is how far a statement read by page number counts the
// member's items for its total: a count of a deep history would cost a
// read of all of it on every page. A total above the cap is answered as
// the cap, with totalCapped (docs/api.md, "Statement (member)").
const StatementCountCap = 10_000

// Statement returns page (1-based) of the member's statement with limit
// items (default 10, at most 50), and the number of its items, counted up
// to a little past StatementCountCap: above the cap, the member has more.
func (s *Service) Statement(ctx context.Context, memberID string, page, limit int) ([]StatementItem, int, error) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 {
		limit = DefaultStatementLimit
	}
	limit = min(limit, MaxStatementLimit)
	return s.store.Statement(ctx, memberID, (page-1)*limit, limit)
}

// StatementCursor is where a statement page read by keyset ends: its last
// item's time and id. The statement is ordered by time, then id, both
// descending; the next page is the items after the cursor.
type StatementCursor struct {
	At time.Time
	ID string
}

// IsZero reports whether c is no cursor: the page starts at the newest item.
func (c StatementCursor) IsZero() bool { return c.At.IsZero() && c.ID == "" }

// String is the cursor as the statement call answers it (next) and takes
// it back (before): the time in RFC 3339 with nanoseconds, "_", the id.
func (c StatementCursor) String() string {
	if c.IsZero() {
		return ""
	}
	return c.At.UTC().Format(time.RFC3339Nano) + "_" + c.ID
}

// ParseStatementCursor reads a cursor written by String; "" is the zero
// cursor. Anything else is INVALID_REQUEST.
func ParseStatementCursor(s string) (StatementCursor, error) {
	if s == "" {
		return StatementCursor{}, nil
	}
	at, id, ok := strings.Cut(s, "_")
	t, err := time.Parse(time.RFC3339Nano, at)
	if !ok || err != nil || id == "" {
		return StatementCursor{}, errs.Newf(errs.InvalidRequest, "before is not a statement cursor")
	}
	return StatementCursor{At: t.UTC(), ID: id}, nil
}

// Cursor is the cursor after item.
func (it StatementItem) Cursor() StatementCursor { return StatementCursor{At: it.CreatedAt, ID: it.ID} }

// StatementBefore returns limit items (default 10, at most 50) of the
// member's statement after the cursor before (the zero cursor: from the
// newest), and the cursor of the next page: the last item's, or the zero
// cursor when the statement has no item after this page.
func (s *Service) StatementBefore(ctx context.Context, memberID string, before StatementCursor, limit int) ([]StatementItem, StatementCursor, error) {
	if limit <= 0 {
		limit = DefaultStatementLimit
	}
	limit = min(limit, MaxStatementLimit)
	// One item more than the page tells whether a next page exists.
	items, err := s.store.StatementBefore(ctx, memberID, before, limit+1)
	if err != nil || len(items) <= limit {
		return items, StatementCursor{}, err
	}
	items = items[:limit]
	return items, items[limit-1].Cursor(), nil
}

// Sizes of the member's recent withdrawals list (the withdraw modal's).
const (
	DefaultMemberWithdrawalsLimit = 5
	MaxMemberWithdrawalsLimit     = 20
)

// MemberWithdrawals returns the member's own newest withdrawals, newest
// first: limit of them (default 5, at most 20). Each carries its payout's
// status and reason, so that Progress and Withdrawal.MemberReason tell the
// member where it stands.
func (s *Service) MemberWithdrawals(ctx context.Context, memberID string, limit int) ([]Withdrawal, error) {
	if limit <= 0 {
		limit = DefaultMemberWithdrawalsLimit
	}
	return s.store.MemberWithdrawals(ctx, memberID, min(limit, MaxMemberWithdrawalsLimit))
}
