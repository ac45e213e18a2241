// Package changes holds the changes that need two owners: the withdrawal
// approval threshold, the receiving accounts members pay to, the QR
// providers' secrets and the operator accounts (creating one, changing a
// role or the disabled flag, resetting credentials). One owner proposes;
// the change waits until a different owner approves it, and is applied
// then, exactly once, or until an owner rejects it (docs/operations.md,
// "Four-eyes changes"). The configured token counts as one owner (operator
// "config"), never two; the command line acts directly.
package changes

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
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
	KindOperatorCreate = "operator.create" // target: the new username
	KindOperatorUpdate = "operator.update" // target: the username
	KindOperatorReset  = "operator.reset"  // target: the username

	ScopeSetting    = "setting"
	ScopeQRProvider = "qrprovider"
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

// Service proposes, approves, rejects and lists changes.
type Service struct {
	store     Store
	settings  *settings.Service
	operators *operator.Service
	sealer    Sealer
	now       func() time.Time
}

// NewService returns a service; now may be nil (system clock).
func NewService(store Store, s *settings.Service, ops *operator.Service, sealer Sealer, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, settings: s, operators: ops, sealer: sealer, now: now}
}

// Result is the answer to an approval: the change as decided, and the
// credentials of an operator created or reset (shown once, to the
// approving owner, who hands them over).
type Result struct {
	Change      Change
	Credentials *operator.Credentials
}

func (s *Service) propose(ctx context.Context, by operator.Principal, kind, scope, target string, payload, summary any, seal bool) (Change, error) {
	if by.Role != operator.Owner {
		return Change{}, errs.New(errs.ForbiddenRole)
	}
	base, err := s.fingerprint(ctx, kind, target)
	if err != nil {
		return Change{}, err
	}
	p, err := json.Marshal(payload)
	if err != nil {
		return Change{}, err
	}
	sum, err := json.Marshal(summary)
	if err != nil {
		return Change{}, err
	}
	c := Change{ID: account.NewID(), Kind: kind, Scope: scope, Target: target, Summary: string(sum), Base: base,
		ProposedBy: by.Username, ProposerID: by.ID, ProposedAt: s.now().UTC(), Status: Pending}
	c.Payload = string(p)
	if seal {
		if s.sealer == nil {
			return Change{}, fmt.Errorf("changes: no sealer for a payload with a secret")
		}
		if c.Payload, err = s.sealer.Seal(string(p), "change:"+c.ID); err != nil {
			return Change{}, err
		}
	}
	if err := s.store.CreateChange(ctx, &c); err != nil {
		return Change{}, err
	}
	return c, nil
}

// ProposeSetting proposes a new value of a setting that needs two owners
// (operator.SettingNeedsTwoOwners). The value is checked now as the
// setting's Put checks it, so that a bad value is refused at once.
func (s *Service) ProposeSetting(ctx context.Context, by operator.Principal, name string, doc json.RawMessage) (Change, error) {
	if !operator.SettingNeedsTwoOwners(name) {
		return Change{}, errs.New(errs.NotFoundCode)
	}
	norm, err := s.settings.Check(ctx, name, doc)
	if err != nil {
		return Change{}, err
	}
	return s.propose(ctx, by, KindSetting, ScopeSetting, name, norm, json.RawMessage(norm), false)
}

// qrPayload is a proposed change of a QR provider.
type qrPayload struct {
	Enabled         bool    `json:"enabled"`
	Min             int64   `json:"min"`
	QuickAmounts    []int64 `json:"quickAmounts"`
	LifetimeSeconds int     `json:"lifetimeSeconds"`
	APIKey          *string `json:"apiKey,omitempty"`
	WebhookSecret   *string `json:"webhookSecret,omitempty"`
}

func (p qrPayload) update() settings.QRProviderUpdate {
	u := settings.QRProviderUpdate{Enabled: p.Enabled, LifetimeSeconds: p.LifetimeSeconds, APIKey: p.APIKey, WebhookSecret: p.WebhookSecret}
	u.Min = money.Satang(p.Min)
	for _, q := range p.QuickAmounts {
		u.QuickAmounts = append(u.QuickAmounts, money.Satang(q))
	}
	return u
}

// secretState is how a summary shows a secret: "set", "cleared", or
// absent when kept.
func secretState(v *string) string {
	switch {
	case v == nil:
		return ""
	case strings.TrimSpace(*v) == "":
		return "cleared"
	}
	return "set"
}

// QRUpdateNeedsTwoOwners reports whether a change of a QR provider carries
// a secret (the API key or the webhook secret): such a change waits for a
// second owner; any other is the finance role's and applies at once.
func QRUpdateNeedsTwoOwners(u settings.QRProviderUpdate) bool {
	return u.APIKey != nil || u.WebhookSecret != nil
}

// ProposeQRProvider proposes a change of a QR provider that carries a
// secret. It is checked now; the payload is sealed at rest and the summary
// says only whether each secret is set or cleared.
func (s *Service) ProposeQRProvider(ctx context.Context, by operator.Principal, code string, u settings.QRProviderUpdate) (Change, error) {
	_, after, err := s.settings.CheckQRProviderUpdate(ctx, code, u)
	if err != nil {
		return Change{}, err
	}
	p := qrPayload{Enabled: u.Enabled, Min: int64(u.Min), LifetimeSeconds: u.LifetimeSeconds, APIKey: u.APIKey, WebhookSecret: u.WebhookSecret}
	for _, q := range u.QuickAmounts {
		p.QuickAmounts = append(p.QuickAmounts, int64(q))
	}
	summary := map[string]any{"enabled": after.Enabled, "min": after.Min, "quickAmounts": after.QuickAmounts,
		"lifetimeSeconds": u.LifetimeSeconds}
	if st := secretState(u.APIKey); st != "" {
		summary["apiKey"] = st
	}
	if st := secretState(u.WebhookSecret); st != "" {
		summary["webhookSecret"] = st
	}
	return s.propose(ctx, by, KindQRProvider, ScopeQRProvider, code, p, summary, true)
}

type operatorPayload struct {
	Role     *operator.Role `json:"role,omitempty"`
	Disabled *bool          `json:"disabled,omitempty"`
}

// ProposeOperatorCreate proposes a new operator. Its credentials are made
// on approval and answered to the approving owner.
func (s *Service) ProposeOperatorCreate(ctx context.Context, by operator.Principal, username string, role operator.Role) (Change, error) {
	username, role, err := operator.CheckCreate(username, role)
	if err != nil {
		return Change{}, err
	}
	if _, err := s.operators.Operator(ctx, username); err == nil {
		return Change{}, errs.OnField(errs.ExistingUser, "username")
	} else if !errs.HasCode(err, errs.NoData) {
		return Change{}, err
	}
	p := operatorPayload{Role: &role}
	return s.propose(ctx, by, KindOperatorCreate, ScopeOperator, username, p, p, false)
}

// ProposeOperatorUpdate proposes a change of an operator's role and/or
// disabled flag (nil: unchanged), checked as operator.Service.Update checks
// it.
func (s *Service) ProposeOperatorUpdate(ctx context.Context, by operator.Principal, username string, role *operator.Role, disabled *bool) (Change, error) {
	before, _, err := s.operators.CheckUpdate(ctx, by, username, role, disabled)
	if err != nil {
		return Change{}, err
	}
	p := operatorPayload{Role: role, Disabled: disabled}
	return s.propose(ctx, by, KindOperatorUpdate, ScopeOperator, before.Username, p, p, false)
}

// ProposeOperatorReset proposes new credentials for an operator, made on
// approval and answered to the approving owner.
func (s *Service) ProposeOperatorReset(ctx context.Context, by operator.Principal, username string) (Change, error) {
	o, err := s.operators.Operator(ctx, username)
	if err != nil {
		return Change{}, err
	}
	return s.propose(ctx, by, KindOperatorReset, ScopeOperator, o.Username, struct{}{}, struct{}{}, false)
}

// Approve applies a pending change by a second owner: an owner other than
// the one who proposed it (OWN_CHANGE). The change is claimed atomically,
// so that of concurrent approvals one applies it and the others answer
// CHANGE_DECIDED. A change whose target moved since the proposal is closed
// as STALE and answers CHANGE_STALE, nothing applied.
func (s *Service) Approve(ctx context.Context, by operator.Principal, id string) (Result, error) {
	if by.Role != operator.Owner {
		return Result{}, errs.New(errs.ForbiddenRole)
	}
	c, err := s.store.Change(ctx, id)
	if err != nil {
		return Result{}, err
	}
	if c.Status != Pending {
		return Result{}, errs.New(errs.ChangeDecided)
	}
	if c.ProposedBy == by.Username {
		return Result{}, errs.New(errs.OwnChange)
	}
	now := s.now().UTC()
	current, err := s.fingerprint(ctx, c.Kind, c.Target)
	if err != nil {
		return Result{}, err
	}
	if current != c.Base {
		ok, err := s.store.DecideChange(ctx, c.ID, Pending, Stale, by.Username, &now)
		if err != nil {
			return Result{}, err
		}
		if !ok {
			return Result{}, errs.New(errs.ChangeDecided)
		}
		return Result{}, errs.New(errs.ChangeStale)
	}
	ok, err := s.store.DecideChange(ctx, c.ID, Pending, Applied, by.Username, &now)
	if err != nil {
		return Result{}, err
	}
	if !ok {
		return Result{}, errs.New(errs.ChangeDecided)
	}
	creds, err := s.apply(ctx, *c, by)
	if err != nil {
		// Nothing applied: the change waits again.
		if _, rerr := s.store.DecideChange(context.WithoutCancel(ctx), c.ID, Applied, Pending, "", nil); rerr != nil {
			return Result{}, fmt.Errorf("%w (and the change stays APPLIED: %v)", err, rerr)
		}
		return Result{}, err
	}
	c.Status, c.DecidedBy, c.DecidedAt = Applied, by.Username, &now
	return Result{Change: *c, Credentials: creds}, nil
}

// Reject closes a pending change unapplied; any owner may, its proposer
// included (withdrawing it).
func (s *Service) Reject(ctx context.Context, by operator.Principal, id string) (Change, error) {
	if by.Role != operator.Owner {
		return Change{}, errs.New(errs.ForbiddenRole)
	}
	c, err := s.store.Change(ctx, id)
	if err != nil {
		return Change{}, err
	}
	now := s.now().UTC()
	ok, err := s.store.DecideChange(ctx, c.ID, Pending, Rejected, by.Username, &now)
	if err != nil {
		return Change{}, err
	}
	if !ok {
		return Change{}, errs.New(errs.ChangeDecided)
	}
	c.Status, c.DecidedBy, c.DecidedAt = Rejected, by.Username, &now
	return *c, nil
}

// List returns the changes of a status (every status when empty), newest
// first, at most MaxList.
func (s *Service) List(ctx context.Context, status Status) ([]Change, error) {
	switch status {
	case "", Pending, Applied, Rejected, Stale:
	default:
		return nil, errs.OnField(errs.InvalidRequest, "status")
	}
	return s.store.Changes(ctx, status, MaxList)
}

// Change returns one change (NO_DATA).
func (s *Service) Change(ctx context.Context, id string) (*Change, error) {
	return s.store.Change(ctx, id)
}

// apply makes a claimed change take effect.
func (s *Service) apply(ctx context.Context, c Change, approver operator.Principal) (*operator.Credentials, error) {
	switch c.Kind {
	case KindSetting:
		return nil, s.settings.Put(ctx, c.Target, json.RawMessage(c.Payload))
	case KindQRProvider:
		plain, err := s.sealer.Open(c.Payload, "change:"+c.ID)
		if err != nil {
			return nil, err
		}
		var p qrPayload
		if err := json.Unmarshal([]byte(plain), &p); err != nil {
			return nil, err
		}
		_, _, err = s.settings.UpdateQRProvider(ctx, c.Target, p.update(), c.ProposedBy+"+"+approver.Username)
		return nil, err
	case KindOperatorCreate, KindOperatorUpdate:
		var p operatorPayload
		if err := json.Unmarshal([]byte(c.Payload), &p); err != nil {
			return nil, err
		}
		if c.Kind == KindOperatorUpdate {
			// The proposer's own-account rule holds as when proposed.
			_, _, err := s.operators.Update(ctx, operator.Principal{ID: c.ProposerID, Username: c.ProposedBy, Role: operator.Owner},
				c.Target, p.Role, p.Disabled)
			return nil, err
		}
		creds, err := s.operators.Create(ctx, c.Target, *p.Role)
		if err != nil {
			return nil, err
		}
		return &creds, nil
	case KindOperatorReset:
		creds, err := s.operators.Reset(ctx, c.Target)
		if err != nil {
			return nil, err
		}
		return &creds, nil
	}
	return nil, fmt.Errorf("changes: unknown kind %q", c.Kind)
}

// fingerprint names the state of a change's target now, so that a change
// proposed against one state is not applied over another. It holds no
// secret: a QR provider is named by when and by whom it last changed.
func (s *Service) fingerprint(ctx context.Context, kind, target string) (string, error) {
	var state string
	switch kind {
	case KindSetting:
		v, err := s.settings.Value(ctx, target)
		if err != nil {
			return "", err
		}
		state = string(v)
	case KindQRProvider:
		p, err := s.settings.QRProvider(ctx, target)
		if err != nil {
			return "", err
		}
		state = p.UpdatedBy + "@" + p.UpdatedAt.UTC().Format(time.RFC3339Nano)
	case KindOperatorCreate:
		_, err := s.operators.Operator(ctx, target)
		switch {
		case err == nil:
			state = "exists"
		case errs.HasCode(err, errs.NoData):
			state = "absent"
		default:
			return "", err
		}
	case KindOperatorUpdate, KindOperatorReset:
		o, err := s.operators.Operator(ctx, target)
		if err != nil {
			return "", err
		}
		// Not updated_at: the operator's own password change must not
		// close a proposal about its role or credentials.
		state = fmt.Sprintf("%s|%s|%t", o.ID, o.Role, o.Disabled)
	default:
		return "", fmt.Errorf("changes: unknown kind %q", kind)
	}
	sum := sha256.Sum256([]byte(kind + "\x00" + target + "\x00" + state))
	return hex.EncodeToString(sum[:]), nil
}
