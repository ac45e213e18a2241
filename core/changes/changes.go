// Package changes holds the changes that need two owners: the withdrawal
// approval threshold, the receiving accounts members pay to, the QR
// providers' secrets, the seamless aggregators' secrets, allow-lists and
// switching on, and the operator accounts (creating one, changing a
// role or the disabled flag, resetting credentials). One owner proposes;
// the change waits until a different owner approves it, and is applied
// then, exactly once, or until an owner rejects it (docs/operations.md,
// "Four-eyes changes"). The configured token counts as one owner (operator
// "config"), never two; the command line acts directly.
package changes

import (
	"context"
	"time"

	"ngern/core/settings"
)

// Status is where a change is.
type Status string

// Statuses. A change is PENDING until decided: APPLIED by a second owner,
// REJECTED by an owner (its proposer included), or STALE when its target
// changed after the proposal (found on approval; nothing applied).
const (
	Pending  Status = "PENDING"
	Applied  Status = "APPLIED"
	Rejected Status = "REJECTED"
	Stale    Status = "STALE"
)

// Kinds of change, and the scope each target is named in.
const (
	KindSetting        = "setting"         // target: the setting's name
	KindQRProvider     = "qrprovider"      // target: the provider's code
	KindAggregator     = "aggregator"      // target: the aggregator's code
	KindOperatorCreate = "operator.create" // target: the new username
	KindOperatorUpdate = "operator.update" // target: the username
	KindOperatorReset  = "operator.reset"  // target: the username

	ScopeSetting    = "setting"
	ScopeQRProvider = "qrprovider"
	ScopeAggregator = "aggregator"
	ScopeOperator   = "operator"
)

// Change is a proposed change.
type Change struct {
	ID     string `db:"id"`
	Kind   string `db:"kind"`
	Scope  string `db:"scope"`
	Target string `db:"target"`
	// Payload is what applies (JSON; sealed when it holds a secret).
	Payload string `db:"payload"`
	// Summary is what the console and the audit log show (JSON): never a
	// secret.
	Summary    string     `db:"summary"`
	Base       string     `db:"base"` // fingerprint of the target when proposed
	ProposedBy string     `db:"proposed_by"`
	ProposerID string     `db:"proposer_id"` // empty for the configured token
	ProposedAt time.Time  `db:"proposed_at"`
	Status     Status     `db:"status"`
	DecidedBy  string     `db:"decided_by"`
	DecidedAt  *time.Time `db:"decided_at"`
}

// Store keeps the changes.
type Store interface {
	// CreateChange stores a PENDING change (CHANGE_PENDING when its scope
	// and target have one pending already).
	CreateChange(ctx context.Context, c *Change) error
	Change(ctx context.Context, id string) (*Change, error) // NO_DATA
	// Changes lists the changes of a status (every status when empty),
	// newest first, at most limit.
	Changes(ctx context.Context, status Status, limit int) ([]Change, error)
	// DecideChange moves a change from one status to another, recording
	// by and at (cleared when at is nil), atomically: it reports false
	// when the change was not in from.
	DecideChange(ctx context.Context, id string, from, to Status, by string, at *time.Time) (bool, error)
}

// Sealer seals a payload that holds a secret (*wallet.Sealer).
type Sealer = settings.Sealer

// MaxList bounds a listing.
const MaxList = 200
