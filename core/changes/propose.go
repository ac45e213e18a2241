package changes

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/seamless"
	"ngern/core/settings"
)

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

// aggregatorPayload is a proposed change of a seamless aggregator.
type aggregatorPayload struct {
	Enabled bool     `json:"enabled"`
	Allow   []string `json:"allow"`
	Secret  *string  `json:"secret,omitempty"`
	// Hub88's: the Games API's base and our operator id as entered ("" and
	// 0: back to the configuration's), and the keys as PEM.
	URL        *string `json:"url,omitempty"`
	OperatorID *int64  `json:"operatorId,omitempty"`
	Hub88Key   *string `json:"hub88PublicKey,omitempty"`
	Key        *string `json:"privateKey,omitempty"`
}

func (p aggregatorPayload) update() seamless.AggregatorUpdate {
	return seamless.AggregatorUpdate{Enabled: p.Enabled, Allow: p.Allow, Secret: p.Secret, URL: p.URL, OperatorID: p.OperatorID,
		Hub88Key: p.Hub88Key, Key: p.Key}
}

// AggregatorUpdateNeedsTwoOwners reports whether a change of an aggregator
// from before to after could let money move that did not: a new secret,
// another allow-list (a secret or an address in the wrong hands forges win
// callbacks), switching it on, or for Hub88 a new key (Hub88's public key
// decides whose calls move money), another Games API address or operator
// id (where our signed launches go). Switching it off, alone, only stops
// money and applies at once.
func AggregatorUpdateNeedsTwoOwners(before, after seamless.AggregatorSettings, u seamless.AggregatorUpdate) bool {
	return u.Secret != nil || (after.Enabled && !before.Enabled) || !seamless.SameAllow(before.Allow, after.Allow) ||
		u.Hub88Key != nil || u.Key != nil || after.URL != before.URL || after.OperatorID != before.OperatorID ||
		after.URLStored != before.URLStored || after.OperatorIDStored != before.OperatorIDStored
}

// ProposeAggregator proposes a change of an aggregator that needs two
// owners (AggregatorUpdateNeedsTwoOwners), checked now. The payload is
// sealed at rest; the summary says only that a secret or key is set, with
// its fingerprint.
func (s *Service) ProposeAggregator(ctx context.Context, by operator.Principal, code string, u seamless.AggregatorUpdate) (Change, error) {
	if s.aggregators == nil {
		return Change{}, errs.New(errs.NoData)
	}
	_, after, err := s.aggregators.Check(ctx, code, u)
	if err != nil {
		return Change{}, err
	}
	p := aggregatorPayload{Enabled: after.Enabled, Allow: after.AllowStrings()}
	summary := map[string]any{"enabled": after.Enabled, "allow": p.Allow}
	if u.Secret != nil {
		secret := string(after.Secret)
		p.Secret = &secret
		summary["secret"] = "set"
		summary["keyFingerprint"] = after.Fingerprint()
	}
	if after.Kind == seamless.KindHub88 {
		p.URL, p.OperatorID, p.Hub88Key, p.Key = u.URL, u.OperatorID, u.Hub88Key, u.Key
		summary["url"], summary["operatorId"] = after.URL, after.OperatorID
		if u.Hub88Key != nil {
			summary["hub88PublicKey"] = "set"
			summary["hub88PublicKeyFingerprint"] = seamless.KeyFingerprint(after.Hub88Key)
		}
		if u.Key != nil {
			summary["privateKey"] = "set"
			summary["privateKeyFingerprint"] = seamless.KeyFingerprint(&after.Key.PublicKey)
		}
	}
	return s.propose(ctx, by, KindAggregator, ScopeAggregator, code, p, summary, true)
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
