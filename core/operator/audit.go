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
type AuditFilter struct {
	Operator, Action, Target string
	Offset, Limit            int
}

// AuditStore keeps the audit log. It has no way to change or remove an
// entry: the log is append-only for the application.
type AuditStore interface {
	AppendAudit(ctx context.Context, e AuditEntry) error
	// Audit returns entries matching f, newest first, and how many match.
	Audit(ctx context.Context, f AuditFilter) ([]AuditEntry, int, error)
}

// Audit page sizes.
const (
	DefaultAuditLimit = 50
	MaxAuditLimit     = 200
)

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
	f.Offset, f.Limit = (page-1)*limit, limit
	return a.store.Audit(ctx, f)
}
