package seamless

import (
	"context"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/netip"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"

	"ngern/core/errs"
	"ngern/core/events"
)

// Aggregators in the console (docs/adapters.md "Aggregators in the
// console"): the configuration names each aggregator, its kind and the URL
// of its games API, and gives each one's starting settings: enabled, and
// for the generic protocol its shared secret and IP allow-list. An owner
// may change these settings in the console; the change is stored (the
// secret sealed with the install's key, never served back nor logged),
// audited, and applied without a restart on every node (an event on the
// bus, and a reread at most AggregatorReread later when an event is lost).
//
// Precedence: an aggregator with no stored row runs as configured; once an
// owner saved it, its stored enabled switch and allow-list win over the
// configuration, and so does its stored secret when one was entered (a row
// without one keeps the configured secret).
//
// Hub88 (migration 0035): an owner may also set the base URL of its Games
// API, our operator id there, Hub88's RSA public key (which verifies its
// calls) and our RSA private key (which signs our answers and requests),
// each key sealed at rest. Each one the console has no value for is the
// configuration's (NGERN_HUB88_*); each one it has wins.

// Aggregator kinds.
const (
	KindHub88   = "hub88"
	KindGeneric = "generic"
	KindSim     = "sim"
)

// Bounds of an aggregator's settings.
const (
	// MinSecretLen and MaxSecretLen bound a generic aggregator's shared
	// secret (the generic protocol's HMAC key).
	MinSecretLen = 32
	MaxSecretLen = 512
	// MaxAllow is the longest allow-list.
	MaxAllow = 64
	// AggregatorReread is how old a node's copy of the stored settings
	// may get when it missed an event; aggregatorRereadDead while the bus
	// is not live (events may be lost meanwhile).
	AggregatorReread     = time.Minute
	aggregatorRereadDead = 2 * time.Second
)

// AggregatorSettings are an aggregator's settings in effect, its secret in
// plain text: for the server only, never served.
type AggregatorSettings struct {
	Code string
	// Kind is its protocol: KindHub88, KindGeneric or KindSim.
	Kind string
	// Mode is the install's: demo or production.
	Mode string
	// URL is the base of its games API (the configuration's, or for
	// Hub88 an owner's when URLStored).
	URL     string
	Enabled bool
	// Secret is a generic aggregator's shared secret.
	Secret []byte
	// Allow are the addresses its callbacks may come from; empty: any.
	Allow []netip.Prefix
	// OperatorID is ours at Hub88 (Hub88 only).
	OperatorID int64
	// Hub88Key is Hub88's public key, which verifies its calls; Key is our
	// private key, which signs our answers and requests (Hub88 only; never
	// served, Key never logged).
	Hub88Key *rsa.PublicKey
	Key      *rsa.PrivateKey
	// Which of Hub88's settings are an owner's (else: the configuration's).
	URLStored, OperatorIDStored, Hub88KeyStored, KeyStored bool
	// Stored reports an owner's saved settings (else: the configuration);
	// SecretStored that the secret in effect is an owner's.
	Stored       bool
	SecretStored bool
	UpdatedBy    string
	UpdatedAt    time.Time
	// Unreadable: a stored secret or key this install's key does not open
	// (a changed NGERN_SECRET_KEY); the configured one is used until an
	// owner enters it again.
	Unreadable bool

	// configuredURL and configuredOperatorID are the configuration's,
	// what an owner's empty value goes back to.
	configuredURL        string
	configuredOperatorID int64
}

// Fingerprint names the secret without revealing it: the first 12 hex
// digits of its SHA-256 ("" when none).
func (a AggregatorSettings) Fingerprint() string {
	if len(a.Secret) == 0 {
		return ""
	}
	h := sha256.Sum256(a.Secret)
	return hex.EncodeToString(h[:6])
}

// AllowStrings is the allow-list as CIDRs.
func (a AggregatorSettings) AllowStrings() []string {
	out := make([]string, len(a.Allow))
	for i, p := range a.Allow {
		out[i] = p.String()
	}
	return out
}

// AggregatorRow is an aggregator's stored settings: the secret sealed.
type AggregatorRow struct {
	Code    string
	Enabled bool
	// SecretSealed is "" when the configured secret is kept.
	SecretSealed string
	Allow        []string
	// Hub88's: URL "" and OperatorID 0 keep the configuration's; each
	// key is a sealed PEM, "" when the configured one is kept.
	URL              string
	OperatorID       int64
	PublicKeySealed  string
	PrivateKeySealed string
	UpdatedBy        string
	UpdatedAt        time.Time
}

// AggregatorStore keeps the aggregators' stored settings (migration 0031).
type AggregatorStore interface {
	// AggregatorRows lists the stored rows (any order).
	AggregatorRows(ctx context.Context) ([]AggregatorRow, error)
	// PutAggregatorRow inserts or replaces a row.
	PutAggregatorRow(ctx context.Context, r AggregatorRow) error
}

// Sealer encrypts secrets at rest with the install's secret key; owner
// binds a sealed value to its row.
type Sealer interface {
	Seal(plain, owner string) (string, error)
	Open(sealed, owner string) (string, error)
}

// AggregatorUpdate is an owner's change of an aggregator. A nil Secret,
// URL, OperatorID, Hub88Key or Key keeps the one in effect; an empty URL
// or a zero OperatorID goes back to the configuration's. The keys are PEM
// text (Hub88 only, like URL and OperatorID).
type AggregatorUpdate struct {
	Enabled    bool
	Allow      []string
	Secret     *string
	URL        *string
	OperatorID *int64
	Hub88Key   *string
	Key        *string
}

// aggregatorsTopic tells every node that an aggregator's stored settings
// changed.
const aggregatorsTopic events.Topic[string] = "seamless.aggregators"

// Aggregators holds the aggregators' settings in effect: the configured
// ones, overridden by what owners stored. Reads are served from memory;
// a change on any node is read again on every node.
type Aggregators struct {
	store      AggregatorStore
	sealer     Sealer
	configured map[string]AggregatorSettings
	now        func() time.Time
	bus        events.Bus

	mu       sync.Mutex
	current  map[string]AggregatorSettings
	loadedAt time.Time
	// epoch is the bus's when current was read: a new epoch may have
	// lost an event, so current is read again.
	epoch uint64
}

// NewAggregators returns the settings over the configured aggregators.
func NewAggregators(store AggregatorStore, sealer Sealer, configured []AggregatorSettings, now func() time.Time) *Aggregators {
	a := &Aggregators{store: store, sealer: sealer, configured: map[string]AggregatorSettings{}, now: now}
	for _, c := range configured {
		c.configuredURL, c.configuredOperatorID = c.URL, c.OperatorID
		a.configured[c.Code] = c
	}
	return a
}

// UseEvents connects the settings to the install's bus; the returned
// function stops listening.
func (a *Aggregators) UseEvents(bus events.Bus) (stop func()) {
	a.bus = bus
	return aggregatorsTopic.Subscribe(bus, func(string) { a.forget() })
}

func (a *Aggregators) forget() {
	a.mu.Lock()
	a.loadedAt = time.Time{}
	a.mu.Unlock()
}

// All returns every configured aggregator's settings in effect, by code.
func (a *Aggregators) All(ctx context.Context) ([]AggregatorSettings, error) {
	cur, err := a.load(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]AggregatorSettings, 0, len(cur))
	for _, s := range cur {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out, nil
}

// Get returns one aggregator's settings in effect (NO_DATA when it is not
// configured).
func (a *Aggregators) Get(ctx context.Context, code string) (AggregatorSettings, error) {
	cur, err := a.load(ctx)
	if err != nil {
		return AggregatorSettings{}, err
	}
	s, ok := cur[code]
	if !ok {
		return AggregatorSettings{}, errs.New(errs.NoData)
	}
	return s, nil
}

// Enabled reports whether code is switched on. An aggregator that is not
// configured here (none are when a is nil) counts as on: the lobby decides
// whether it exists. When the stored settings cannot be read, the last
// ones read stand.
func (a *Aggregators) Enabled(ctx context.Context, code string) bool {
	if a == nil {
		return true
	}
	s, err := a.Get(ctx, code)
	if err != nil {
		return true
	}
	return s.Enabled
}

// load answers the settings in effect, read again when an event said they
// changed, when the bus's epoch changed (events may have been lost), when
// they are older than AggregatorReread, or than a couple of seconds while
// the bus is not live. A failed read keeps the last good copy (the
// callbacks keep their settings).
func (a *Aggregators) load(ctx context.Context) (map[string]AggregatorSettings, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var epoch uint64
	live := true
	if a.bus != nil {
		epoch, live = a.bus.Epoch()
	}
	age := a.now().Sub(a.loadedAt)
	if a.current != nil && !a.loadedAt.IsZero() && age < AggregatorReread && epoch == a.epoch && (live || age < aggregatorRereadDead) {
		return a.current, nil
	}
	rows, err := a.store.AggregatorRows(ctx)
	if err != nil {
		if a.current != nil {
			return a.current, nil
		}
		return nil, err
	}
	cur := make(map[string]AggregatorSettings, len(a.configured))
	for code, c := range a.configured {
		cur[code] = c
	}
	for _, r := range rows {
		c, ok := cur[r.Code]
		if !ok {
			// Stored for an aggregator no longer configured: kept, unused.
			continue
		}
		c.Stored, c.Enabled, c.UpdatedBy, c.UpdatedAt = true, r.Enabled, r.UpdatedBy, r.UpdatedAt
		allow, err := ParseAllow(r.Allow)
		if err == nil {
			c.Allow = allow
		}
		if r.SecretSealed != "" {
			plain, err := a.sealer.Open(r.SecretSealed, sealOwner(r.Code))
			if err != nil {
				c.Unreadable = true
			} else {
				c.Secret, c.SecretStored = []byte(plain), true
			}
		}
		if c.Kind == KindHub88 {
			a.loadHub88(&c, r)
		}
		cur[r.Code] = c
	}
	a.current, a.loadedAt, a.epoch = cur, a.now(), epoch
	return cur, nil
}

func sealOwner(code string) string { return "aggregator:" + code }

// The owners a Hub88 key is sealed to: each key to its own row and column.
func publicKeyOwner(code string) string  { return "aggregator:" + code + ":public-key" }
func privateKeyOwner(code string) string { return "aggregator:" + code + ":private-key" }

// loadHub88 lays a stored row's Hub88 settings over the configured ones:
// a key that does not open (or no longer parses) leaves the configured one
// and marks the settings Unreadable.
func (a *Aggregators) loadHub88(c *AggregatorSettings, r AggregatorRow) {
	if r.URL != "" {
		c.URL, c.URLStored = r.URL, true
	}
	if r.OperatorID > 0 {
		c.OperatorID, c.OperatorIDStored = r.OperatorID, true
	}
	if r.PublicKeySealed != "" {
		plain, err := a.sealer.Open(r.PublicKeySealed, publicKeyOwner(r.Code))
		var k *rsa.PublicKey
		if err == nil {
			k, err = ParseRSAPublicKeyPEM(plain, "hub88PublicKey")
		}
		if err != nil {
			c.Unreadable = true
		} else {
			c.Hub88Key, c.Hub88KeyStored = k, true
		}
	}
	if r.PrivateKeySealed != "" {
		plain, err := a.sealer.Open(r.PrivateKeySealed, privateKeyOwner(r.Code))
		var k *rsa.PrivateKey
		if err == nil {
			k, err = ParseRSAPrivateKeyPEM(plain, "privateKey")
		}
		if err != nil {
			c.Unreadable = true
		} else {
			c.Key, c.KeyStored = k, true
		}
	}
}

// Check validates an owner's change of an aggregator without storing it,
// and answers the settings before and after. Only a generic aggregator
// has a secret and an allow-list to change here, only Hub88 a games URL,
// an operator id and RSA keys (the simulated aggregator is the demo's).
func (a *Aggregators) Check(ctx context.Context, code string, u AggregatorUpdate) (before, after AggregatorSettings, err error) {
	before, err = a.Get(ctx, code)
	if err != nil {
		return before, after, err
	}
	allow, err := ParseAllow(u.Allow)
	if err != nil {
		return before, after, err
	}
	after = before
	after.Enabled, after.Allow, after.Stored = u.Enabled, allow, true
	if before.Kind != KindGeneric && (len(allow) > 0 || u.Secret != nil) {
		field := "allow"
		if u.Secret != nil {
			field = "secret"
		}
		return before, AggregatorSettings{}, invalid(field, "only an aggregator of the generic protocol has a %s here", field)
	}
	if u.Secret != nil {
		secret := strings.TrimSpace(*u.Secret)
		if err := checkSecret(secret); err != nil {
			return before, AggregatorSettings{}, err
		}
		after.Secret, after.Unreadable = []byte(secret), false
	}
	if err := checkHub88(&after, u); err != nil {
		return before, AggregatorSettings{}, err
	}
	return before, after, nil
}

// checkHub88 validates and lays a change's Hub88 settings over after.
func checkHub88(after *AggregatorSettings, u AggregatorUpdate) error {
	if after.Kind != KindHub88 {
		for _, f := range []struct {
			field string
			set   bool
		}{{"url", u.URL != nil}, {"operatorId", u.OperatorID != nil}, {"hub88PublicKey", u.Hub88Key != nil}, {"privateKey", u.Key != nil}} {
			if f.set {
				return invalid(f.field, "only Hub88 has a %s here", f.field)
			}
		}
		return nil
	}
	if u.URL != nil {
		v := strings.TrimSpace(*u.URL)
		switch {
		case v == "" || v == after.configuredURL:
			after.URL, after.URLStored = after.configuredURL, false
		case !httpURL(v):
			return invalid("url", "the Games API's base: an http(s) URL such as https://api.hub88.io")
		default:
			after.URL, after.URLStored = v, true
		}
	}
	if u.OperatorID != nil {
		switch v := *u.OperatorID; {
		case v < 0:
			return invalid("operatorId", "the operator id: a whole number from 1 (0: the configuration's)")
		case v == 0 || v == after.configuredOperatorID:
			after.OperatorID, after.OperatorIDStored = after.configuredOperatorID, false
		default:
			after.OperatorID, after.OperatorIDStored = v, true
		}
	}
	if u.Hub88Key != nil {
		k, err := ParseRSAPublicKeyPEM(*u.Hub88Key, "hub88PublicKey")
		if err != nil {
			return err
		}
		after.Hub88Key, after.Hub88KeyStored = k, true
	}
	if u.Key != nil {
		k, err := ParseRSAPrivateKeyPEM(*u.Key, "privateKey")
		if err != nil {
			return err
		}
		after.Key, after.KeyStored = k, true
	}
	if u.Hub88Key != nil || u.Key != nil {
		after.Unreadable = false
	}
	return nil
}

// httpURL reports whether v is an absolute http(s) URL with a host and no
// credentials.
func httpURL(v string) bool {
	p, err := url.Parse(v)
	return err == nil && (p.Scheme == "https" || p.Scheme == "http") && p.Host != "" && p.User == nil
}

// Update validates and stores a change of an aggregator (Check), and tells
// every node. It answers the settings before and after. A change that
// could let money move (a new secret, another allow-list, switching on)
// needs a second owner: core/changes proposes it and calls Update when it
// is approved.
func (a *Aggregators) Update(ctx context.Context, code string, u AggregatorUpdate, by string) (before, after AggregatorSettings, err error) {
	before, after, err = a.Check(ctx, code, u)
	if err != nil {
		return before, after, err
	}
	after.UpdatedBy, after.UpdatedAt = by, a.now().UTC()
	row := AggregatorRow{Code: code, Enabled: u.Enabled, Allow: after.AllowStrings(), UpdatedBy: by, UpdatedAt: after.UpdatedAt}
	if u.Secret != nil || before.SecretStored {
		// This owner's secret, or an earlier owner's kept (an unreadable
		// one is dropped: the configured secret applies again).
		after.SecretStored = true
		if row.SecretSealed, err = a.sealer.Seal(string(after.Secret), sealOwner(code)); err != nil {
			return before, AggregatorSettings{}, err
		}
	}
	if after.Kind == KindHub88 {
		if err := a.sealHub88(&row, after); err != nil {
			return before, AggregatorSettings{}, err
		}
	}
	if err := a.store.PutAggregatorRow(ctx, row); err != nil {
		return before, AggregatorSettings{}, err
	}
	a.forget()
	if a.bus != nil {
		if err := aggregatorsTopic.Publish(ctx, a.bus, code); err != nil {
			return before, after, err
		}
	}
	return before, after, nil
}

// sealHub88 writes after's Hub88 settings that are an owner's into row:
// the ones just entered and the ones an earlier owner stored (a stored key
// that no longer opened is dropped: the configured one applies again).
func (a *Aggregators) sealHub88(row *AggregatorRow, after AggregatorSettings) error {
	if after.URLStored {
		row.URL = after.URL
	}
	if after.OperatorIDStored {
		row.OperatorID = after.OperatorID
	}
	var err error
	if after.Hub88KeyStored {
		if row.PublicKeySealed, err = a.sealer.Seal(PublicKeyPEM(after.Hub88Key), publicKeyOwner(row.Code)); err != nil {
			return err
		}
	}
	if after.KeyStored {
		p, err := privateKeyPEM(after.Key)
		if err != nil {
			return err
		}
		if row.PrivateKeySealed, err = a.sealer.Seal(p, privateKeyOwner(row.Code)); err != nil {
			return err
		}
	}
	return nil
}

// SameAllow reports whether two allow-lists hold the same prefixes, in any
// order.
func SameAllow(x, y []netip.Prefix) bool {
	if len(x) != len(y) {
		return false
	}
	in := make(map[netip.Prefix]bool, len(x))
	for _, p := range x {
		in[p] = true
	}
	for _, p := range y {
		if !in[p] {
			return false
		}
	}
	return true
}

func invalid(field, format string, a ...any) error {
	e := errs.Newf(errs.InvalidRequest, format, a...)
	e.Field = field
	return e
}

func checkSecret(v string) error {
	if len(v) < MinSecretLen || len(v) > MaxSecretLen || strings.IndexFunc(v, func(r rune) bool {
		return r > unicode.MaxASCII || !unicode.IsPrint(r) || unicode.IsSpace(r)
	}) >= 0 {
		return invalid("secret", "the secret: %d to %d printable ASCII characters without spaces", MinSecretLen, MaxSecretLen)
	}
	return nil
}

// ParseAllow reads an allow-list of CIDRs (203.0.113.0/24) or addresses
// (one address is its own /32 or /128), at most MaxAllow, each once
// (INVALID_REQUEST on field allow, naming the entry).
func ParseAllow(list []string) ([]netip.Prefix, error) {
	if len(list) > MaxAllow {
		return nil, invalid("allow", "at most %d entries", MaxAllow)
	}
	var out []netip.Prefix
	seen := map[netip.Prefix]bool{}
	for _, part := range list {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			addr, aerr := netip.ParseAddr(part)
			if aerr != nil || addr.Zone() != "" {
				return nil, invalid("allow", "%q is not a CIDR such as 203.0.113.0/24 or an address", part)
			}
			p = netip.PrefixFrom(addr, addr.BitLen())
		}
		p = p.Masked()
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out, nil
}

// String describes the settings for logs: never the secret.
func (a AggregatorSettings) String() string {
	return fmt.Sprintf("%s (%s) enabled=%t allow=%d secret=%t keys=%t/%t", a.Code, a.Kind, a.Enabled, len(a.Allow), len(a.Secret) > 0,
		a.Hub88Key != nil, a.Key != nil)
}
