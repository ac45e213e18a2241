package operator

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// AuditEntry is one line of the audit log: who did what to which target,
// with the state before and after (JSON, empty when not applicable).
type AuditEntry struct {
	// Seq is the entry's place in the log, increasing; a page by keyset
	// starts before one (AuditFilter.Before).
	Seq       int64     `db:"seq"`
	At        time.Time `db:"at"`
	Operator  string    `db:"operator"`
	Role      Role      `db:"role"`
	Action    string    `db:"action"`
	Target    string    `db:"target"`
	Before    string    `db:"before"`
	After     string    `db:"after"`
	IP        string    `db:"ip"`
	RequestID string    `db:"request_id"`
}

// AuditFilter selects audit entries; empty fields match everything.
// Before, when not 0, reads the entries older than that seq (a page by
// keyset, Offset unused).
type AuditFilter struct {
	Operator, Action, Target string
	Offset, Limit            int
	Before                   int64
}

// AuditStore keeps the audit log. It has no way to change or remove an
// entry: the log is append-only for the application.
type AuditStore interface {
	AppendAudit(ctx context.Context, e AuditEntry) error
	// Audit returns entries matching f, newest first, and how many match,
	// counted up to AuditCountCap + 1: a count that is more than the cap
	// says "more than AuditCountCap".
	Audit(ctx context.Context, f AuditFilter) ([]AuditEntry, int, error)
}

// Audit page sizes, and how far the entries are counted: the count of a
// log of years would read every entry of its index for each page.
const (
	DefaultAuditLimit = 50
	MaxAuditLimit     = 200
	AuditCountCap     = 10_000
)

// AuditPage is a page of the log read by keyset (Auditor.Page): its
// entries, the seq the next page starts before (0: no next page), and how
// many entries match, exact up to AuditCountCap (Capped: more).
type AuditPage struct {
	Entries []AuditEntry
	Next    int64
	Total   int
	Capped  bool
}

// Auditor appends to and reads the audit log.
type Auditor struct {
	store AuditStore
	now   func() time.Time
}

// NewAuditor returns an auditor; now may be nil (system clock).
func NewAuditor(store AuditStore, now func() time.Time) *Auditor {
	if now == nil {
		now = time.Now
	}
	return &Auditor{store: store, now: now}
}

// Record appends an entry by p; before and after are marshalled to JSON
// (nil: empty).
func (a *Auditor) Record(ctx context.Context, p Principal, action, target string, before, after any, ip, requestID string) error {
	return a.store.AppendAudit(ctx, AuditEntry{At: a.now().UTC(), Operator: p.Username, Role: p.Role, Action: action,
		Target: target, Before: jsonOf(before), After: jsonOf(after), IP: ip, RequestID: requestID})
}

func jsonOf(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case json.RawMessage:
		return string(v)
	case []byte:
		return string(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}

// List returns page (1-based) of the entries matching f, newest first,
// with limit entries (default 50, at most 200), and how many match.
func (a *Auditor) List(ctx context.Context, f AuditFilter, page, limit int) ([]AuditEntry, int, error) {
	if page < 1 {
		page = 1
	}
	if limit <= 0 {
		limit = DefaultAuditLimit
	}
	limit = min(limit, MaxAuditLimit)
	f.Operator, f.Action, f.Target = strings.TrimSpace(f.Operator), strings.TrimSpace(f.Action), strings.TrimSpace(f.Target)
	f.Offset, f.Limit, f.Before = (page-1)*limit, limit, 0
	return a.store.Audit(ctx, f)
}

// Page returns limit entries (default 50, at most 200) matching f that
// come before the seq before (0: the newest), newest first: a page of the
// log that costs the same at any depth.
func (a *Auditor) Page(ctx context.Context, f AuditFilter, before int64, limit int) (AuditPage, error) {
	if limit <= 0 {
		limit = DefaultAuditLimit
	}
	limit = min(limit, MaxAuditLimit)
	f.Operator, f.Action, f.Target = strings.TrimSpace(f.Operator), strings.TrimSpace(f.Action), strings.TrimSpace(f.Target)
	// One entry more than the page tells whether a next page exists.
	f.Offset, f.Limit, f.Before = 0, limit+1, before
	entries, total, err := a.store.Audit(ctx, f)
	if err != nil {
		return AuditPage{}, err
	}
	p := AuditPage{Entries: entries, Total: min(total, AuditCountCap), Capped: total > AuditCountCap}
	if len(entries) > limit {
		p.Entries = entries[:limit]
		p.Next = entries[limit-1].Seq
	}
	return p, nil
}
