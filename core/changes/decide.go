package changes

import (
	"context"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/operator"
	"ngern/core/seamless"
)

// Result is the answer to an approval: the change as decided, and the
// credentials of an operator created or reset (shown once, to the
// approving owner, who hands them over).
type Result struct {
	Change      Change
	Credentials *operator.Credentials
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
	case KindAggregator:
		plain, err := s.sealer.Open(c.Payload, "change:"+c.ID)
		if err != nil {
			return nil, err
		}
		var p aggregatorPayload
		if err := json.Unmarshal([]byte(plain), &p); err != nil {
			return nil, err
		}
		if s.aggregators == nil {
			return nil, errs.New(errs.NoData)
		}
		_, _, err = s.aggregators.Update(ctx, c.Target, p.update(), c.ProposedBy+"+"+approver.Username)
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
	case KindAggregator:
		if s.aggregators == nil {
			return "", errs.New(errs.NoData)
		}
		a, err := s.aggregators.Get(ctx, target)
		if err != nil {
			return "", err
		}
		// Its settings without the secret and keys (named by their
		// fingerprints), and when and by whom they last changed (a new
		// secret or key is always stored with a new time).
		state = fmt.Sprintf("%t|%s|%s|%d|%s|%s|%s@%s", a.Enabled, strings.Join(a.AllowStrings(), ","), a.URL, a.OperatorID,
			seamless.KeyFingerprint(a.Hub88Key), keyFingerprintOf(a.Key), a.UpdatedBy, a.UpdatedAt.UTC().Format(time.RFC3339Nano))
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

// keyFingerprintOf names a private key by its public half ("" for none).
func keyFingerprintOf(k *rsa.PrivateKey) string {
	if k == nil {
		return ""
	}
	return seamless.KeyFingerprint(&k.PublicKey)
}
