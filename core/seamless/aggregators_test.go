package seamless_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

// rot13Sealer "seals" reversibly and binds the owner, enough to see that
// the store never holds the plain secret.
type rot13Sealer struct{}

func (rot13Sealer) Seal(plain, owner string) (string, error) { return owner + "|" + rot13(plain), nil }
func (rot13Sealer) Open(sealed, owner string) (string, error) {
	o, v, ok := strings.Cut(sealed, "|")
	if !ok || o != owner {
		return "", errors.New("not ours")
	}
	return rot13(v), nil
}

func rot13(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		}
		return r
	}, s)
}

// syncBus delivers every message at once to every subscriber.
type syncBus struct {
	mu       sync.Mutex
	handlers map[string][]func(string)
}

func (b *syncBus) Publish(_ context.Context, topic, payload string) error {
	b.mu.Lock()
	hs := append([]func(string){}, b.handlers[topic]...)
	b.mu.Unlock()
	for _, h := range hs {
		h(payload)
	}
	return nil
}

func (b *syncBus) Subscribe(topic string, h func(string)) func() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.handlers == nil {
		b.handlers = map[string][]func(string){}
	}
	b.handlers[topic] = append(b.handlers[topic], h)
	return func() {}
}

func (b *syncBus) Epoch() (uint64, bool) { return 1, true }

func TestAggregators(t *testing.T) {
	ctx := context.Background()
	const configured, replaced = "configured-secret-configured-secret-0", "replaced-secret-replaced-secret-0123"
	conf := []seamless.AggregatorSettings{
		{Code: "acme", Kind: seamless.KindGeneric, URL: "https://acme.example", Enabled: true, Secret: []byte(configured)},
		{Code: "hub88", Kind: seamless.KindHub88, URL: "https://hub88.example", Enabled: true},
	}
	store := memstore.NewAggregators()
	bus := &syncBus{}
	now := time.Date(2026, 11, 27, 5, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	node1 := seamless.NewAggregators(store, rot13Sealer{}, conf, clock)
	node2 := seamless.NewAggregators(store, rot13Sealer{}, conf, clock)
	node1.UseEvents(bus)
	node2.UseEvents(bus)
	secret := func(p *string) *string { return p }

	t.Run("the configuration applies while nothing is stored", func(t *testing.T) {
		a, err := node2.Get(ctx, "acme")
		if err != nil || !a.Enabled || string(a.Secret) != configured || a.Stored || len(a.Allow) != 0 {
			t.Fatalf("got %v, %v", a, err)
		}
		if _, err := node2.Get(ctx, "nobody"); !errs.HasCode(err, errs.NoData) {
			t.Fatalf("unknown: %v", err)
		}
	})
	t.Run("refused", func(t *testing.T) {
		for name, c := range map[string]struct {
			code  string
			u     seamless.AggregatorUpdate
			field string
		}{
			"a bad CIDR":                {"acme", seamless.AggregatorUpdate{Allow: []string{"300.1.1.1/8"}}, "allow"},
			"a zone":                    {"acme", seamless.AggregatorUpdate{Allow: []string{"fe80::1%eth0"}}, "allow"},
			"a short secret":            {"acme", seamless.AggregatorUpdate{Secret: secret(new(string))}, "secret"},
			"a secret with a space":     {"acme", seamless.AggregatorUpdate{Secret: secret(func() *string { s := strings.Repeat("a", 20) + " " + strings.Repeat("b", 20); return &s }())}, "secret"},
			"an allow-list for hub88":   {"hub88", seamless.AggregatorUpdate{Allow: []string{"10.0.0.1"}}, "allow"},
			"a secret for hub88":        {"hub88", seamless.AggregatorUpdate{Secret: secret(func() *string { s := replaced; return &s }())}, "secret"},
			"more entries than allowed": {"acme", seamless.AggregatorUpdate{Allow: make([]string, seamless.MaxAllow+1)}, "allow"},
		} {
			t.Run(name, func(t *testing.T) {
				_, _, err := node1.Update(ctx, c.code, c.u, "own")
				var e *errs.Error
				if !errors.As(err, &e) || e.Code != errs.InvalidRequest || e.Field != c.field {
					t.Fatalf("err = %v", err)
				}
			})
		}
		if len(store.Rows) != 0 {
			t.Fatalf("stored %v", store.Rows)
		}
	})
	t.Run("a change on one node applies on the other at once", func(t *testing.T) {
		s := replaced
		before, after, err := node1.Update(ctx, "acme", seamless.AggregatorUpdate{Enabled: false, Allow: []string{"203.0.113.9/24", "198.51.100.7"},
			Secret: &s}, "own")
		if err != nil {
			t.Fatal(err)
		}
		if string(before.Secret) != configured || string(after.Secret) != replaced || after.Enabled {
			t.Fatalf("before %v, after %v", before, after)
		}
		got, err := node2.Get(ctx, "acme")
		if err != nil || got.Enabled || string(got.Secret) != replaced || strings.Join(got.AllowStrings(), ",") != "203.0.113.0/24,198.51.100.7/32" ||
			!got.Stored || got.UpdatedBy != "own" {
			t.Fatalf("node2 sees %v, %v", got, err)
		}
		if node2.Enabled(ctx, "acme") || !node2.Enabled(ctx, "hub88") || !node2.Enabled(ctx, "not-configured") {
			t.Fatal("switches")
		}
		if row := store.Rows["acme"]; row.SecretSealed == "" || strings.Contains(row.SecretSealed, replaced) {
			t.Fatalf("stored secret %q: want it sealed", row.SecretSealed)
		}
	})
	t.Run("a change without a secret keeps the stored one", func(t *testing.T) {
		if _, _, err := node2.Update(ctx, "acme", seamless.AggregatorUpdate{Enabled: true}, "own2"); err != nil {
			t.Fatal(err)
		}
		got, err := node1.Get(ctx, "acme")
		if err != nil || !got.Enabled || string(got.Secret) != replaced || len(got.Allow) != 0 {
			t.Fatalf("node1 sees %v, %v", got, err)
		}
	})
	t.Run("the fingerprint names the secret, not its content", func(t *testing.T) {
		got, _ := node1.Get(ctx, "acme")
		fp := got.Fingerprint()
		if len(fp) != 12 || strings.Contains(replaced, fp) || got.String() == "" || strings.Contains(got.String(), replaced) {
			t.Fatalf("fingerprint %q, %s", fp, got)
		}
	})
	t.Run("an unreadable stored secret falls back to the configured one", func(t *testing.T) {
		store.Rows["acme"] = seamless.AggregatorRow{Code: "acme", Enabled: true, SecretSealed: "someone-else|x", UpdatedAt: now}
		node3 := seamless.NewAggregators(store, rot13Sealer{}, conf, clock)
		got, err := node3.Get(ctx, "acme")
		if err != nil || !got.Unreadable || string(got.Secret) != configured {
			t.Fatalf("got %v, %v", got, err)
		}
	})
	t.Run("a failed read keeps the last settings; a missed event is caught up after AggregatorReread", func(t *testing.T) {
		node4 := seamless.NewAggregators(store, rot13Sealer{}, conf, clock)
		if _, err := node4.Get(ctx, "acme"); err != nil {
			t.Fatal(err)
		}
		store.Rows["acme"] = seamless.AggregatorRow{Code: "acme", Enabled: false, UpdatedAt: now}
		if !node4.Enabled(ctx, "acme") {
			t.Fatal("reread before AggregatorReread without an event")
		}
		now = now.Add(seamless.AggregatorReread)
		store.Fail = errors.New("db down")
		if !node4.Enabled(ctx, "acme") {
			t.Fatal("a failed read lost the last settings")
		}
		store.Fail = nil
		if node4.Enabled(ctx, "acme") {
			t.Fatal("the stored switch not read after AggregatorReread")
		}
	})
}

// epochBus is a bus that delivers nothing and whose epoch the test sets:
// a new epoch means events may have been lost.
type epochBus struct {
	syncBus
	epoch uint64
	live  bool
}

func (b *epochBus) Epoch() (uint64, bool) { return b.epoch, b.live }

func TestAggregatorsRereadOnANewEpoch(t *testing.T) {
	ctx := context.Background()
	conf := []seamless.AggregatorSettings{{Code: "acme", Kind: seamless.KindGeneric, Enabled: true}}
	store := memstore.NewAggregators()
	now := time.Date(2026, 11, 27, 5, 0, 0, 0, time.UTC)
	bus := &epochBus{epoch: 1, live: true}
	a := seamless.NewAggregators(store, rot13Sealer{}, conf, func() time.Time { return now })
	a.UseEvents(bus)
	if !a.Enabled(ctx, "acme") {
		t.Fatal("configured on")
	}
	// Another node's change whose event was lost.
	store.Rows["acme"] = seamless.AggregatorRow{Code: "acme", Enabled: false, UpdatedAt: now}
	t.Run("same epoch, live: the copy stands", func(t *testing.T) {
		if !a.Enabled(ctx, "acme") {
			t.Fatal("reread without a reason")
		}
	})
	t.Run("a new epoch: read again", func(t *testing.T) {
		bus.epoch = 2
		if a.Enabled(ctx, "acme") {
			t.Fatal("not read again on a new epoch")
		}
	})
	t.Run("a bus not live: read again after a couple of seconds", func(t *testing.T) {
		bus.live = false
		store.Rows["acme"] = seamless.AggregatorRow{Code: "acme", Enabled: true, UpdatedAt: now}
		if a.Enabled(ctx, "acme") {
			t.Fatal("read again at once")
		}
		now = now.Add(3 * time.Second)
		if !a.Enabled(ctx, "acme") {
			t.Fatal("not read again while the bus is down")
		}
	})
}

// Hub88's settings in the console: its Games API's URL, our operator id and
// both RSA keys, each the configuration's until an owner stores one, each
// stored key sealed, applied on every node, and refused with a catalogue
// code when it is not what it should be.
func TestAggregatorsHub88(t *testing.T) {
	ctx := context.Background()
	k1, k2, short := rsaKeys(t)
	conf := []seamless.AggregatorSettings{
		{Code: "acme", Kind: seamless.KindGeneric, URL: "https://acme.example", Enabled: true, Secret: []byte("configured-secret-configured-secret-0")},
		{Code: "hub88", Kind: seamless.KindHub88, URL: "https://api.hub88.example", OperatorID: 7, Enabled: true, Hub88Key: &k1.PublicKey, Key: k1},
	}
	store := memstore.NewAggregators()
	bus := &syncBus{}
	now := time.Date(2026, 11, 27, 5, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	node1 := seamless.NewAggregators(store, rot13Sealer{}, conf, clock)
	node2 := seamless.NewAggregators(store, rot13Sealer{}, conf, clock)
	node1.UseEvents(bus)
	node2.UseEvents(bus)
	str := func(s string) *string { return &s }
	id := func(v int64) *int64 { return &v }
	hub88PEM, ourPEM := pkixPEM(t, &k2.PublicKey), pkcs8PEM(t, k2)

	t.Run("refused, nothing stored", func(t *testing.T) {
		for name, c := range map[string]struct {
			code  string
			u     seamless.AggregatorUpdate
			want  errs.Code
			field string
		}{
			"a private key as Hub88's public key": {"hub88", seamless.AggregatorUpdate{Hub88Key: str(ourPEM)}, errs.PrivateKeyAsPublic, "hub88PublicKey"},
			"a short public key":                  {"hub88", seamless.AggregatorUpdate{Hub88Key: str(pkixPEM(t, &short.PublicKey))}, errs.RSAKeyInvalid, "hub88PublicKey"},
			"a public key as our private key":     {"hub88", seamless.AggregatorUpdate{Key: str(hub88PEM)}, errs.RSAKeyInvalid, "privateKey"},
			"a short private key":                 {"hub88", seamless.AggregatorUpdate{Key: str(pkcs8PEM(t, short))}, errs.RSAKeyInvalid, "privateKey"},
			"text that is no PEM":                 {"hub88", seamless.AggregatorUpdate{Key: str("my key")}, errs.RSAKeyInvalid, "privateKey"},
			"a URL that is not http(s)":           {"hub88", seamless.AggregatorUpdate{URL: str("ftp://api.hub88.example")}, errs.InvalidRequest, "url"},
			"a URL with credentials":              {"hub88", seamless.AggregatorUpdate{URL: str("https://u:p@api.hub88.example")}, errs.InvalidRequest, "url"},
			"a negative operator id":              {"hub88", seamless.AggregatorUpdate{OperatorID: id(-1)}, errs.InvalidRequest, "operatorId"},
			"a key for a generic aggregator":      {"acme", seamless.AggregatorUpdate{Enabled: true, Hub88Key: str(hub88PEM)}, errs.InvalidRequest, "hub88PublicKey"},
			"a URL for a generic aggregator":      {"acme", seamless.AggregatorUpdate{Enabled: true, URL: str("https://x.example")}, errs.InvalidRequest, "url"},
		} {
			t.Run(name, func(t *testing.T) {
				_, _, err := node1.Update(ctx, c.code, c.u, "own")
				if e := errs.As(err); e == nil || e.Code != c.want || e.Field != c.field {
					t.Fatalf("err = %v, want %s on %s", err, c.want, c.field)
				}
			})
		}
		if len(store.Rows) != 0 {
			t.Fatalf("stored %v", store.Rows)
		}
	})
	t.Run("the configuration applies while nothing is stored", func(t *testing.T) {
		a, err := node2.Get(ctx, "hub88")
		if err != nil || a.URL != "https://api.hub88.example" || a.OperatorID != 7 || !a.Hub88Key.Equal(&k1.PublicKey) || !a.Key.Equal(k1) ||
			a.URLStored || a.OperatorIDStored || a.Hub88KeyStored || a.KeyStored {
			t.Fatalf("got %v, %v", a, err)
		}
	})
	t.Run("keys, URL and operator id stored on one node apply on the other, sealed", func(t *testing.T) {
		before, after, err := node1.Update(ctx, "hub88", seamless.AggregatorUpdate{Enabled: true, Hub88Key: str(hub88PEM), Key: str(ourPEM),
			URL: str(" https://staging.hub88.example "), OperatorID: id(42)}, "own+own2")
		if err != nil {
			t.Fatal(err)
		}
		if !before.Key.Equal(k1) || !after.Key.Equal(k2) || !after.Hub88Key.Equal(&k2.PublicKey) {
			t.Fatalf("before %v, after %v", before, after)
		}
		got, err := node2.Get(ctx, "hub88")
		if err != nil || !got.Hub88Key.Equal(&k2.PublicKey) || !got.Key.Equal(k2) || got.URL != "https://staging.hub88.example" ||
			got.OperatorID != 42 || !got.Hub88KeyStored || !got.KeyStored || !got.URLStored || !got.OperatorIDStored || got.Unreadable {
			t.Fatalf("node2 sees %v, %v", got, err)
		}
		row := store.Rows["hub88"]
		if row.PublicKeySealed == "" || row.PrivateKeySealed == "" || strings.Contains(row.PrivateKeySealed, "PRIVATE KEY") ||
			strings.Contains(row.PublicKeySealed, "PUBLIC KEY") || row.URL != "https://staging.hub88.example" || row.OperatorID != 42 {
			t.Fatalf("stored %+v: want the keys sealed", row)
		}
		if s := got.String(); strings.Contains(s, "MII") {
			t.Fatalf("a key in %s", s)
		}
	})
	t.Run("a change without keys keeps the stored ones; empty URL and 0 go back to the configuration", func(t *testing.T) {
		if _, _, err := node2.Update(ctx, "hub88", seamless.AggregatorUpdate{Enabled: false, URL: str(""), OperatorID: id(0)}, "own"); err != nil {
			t.Fatal(err)
		}
		got, err := node1.Get(ctx, "hub88")
		if err != nil || got.Enabled || !got.Key.Equal(k2) || !got.Hub88Key.Equal(&k2.PublicKey) || got.URL != "https://api.hub88.example" ||
			got.OperatorID != 7 || got.URLStored || got.OperatorIDStored {
			t.Fatalf("node1 sees %v, %v", got, err)
		}
		if row := store.Rows["hub88"]; row.URL != "" || row.OperatorID != 0 {
			t.Fatalf("stored %+v", row)
		}
		// The configured value entered again is the configuration's.
		if _, _, err := node2.Update(ctx, "hub88", seamless.AggregatorUpdate{Enabled: true, URL: str("https://api.hub88.example"), OperatorID: id(7)}, "own"); err != nil {
			t.Fatal(err)
		}
		if got, _ := node1.Get(ctx, "hub88"); got.URLStored || got.OperatorIDStored {
			t.Fatalf("node1 sees %v", got)
		}
	})
	t.Run("a stored key that no longer opens falls back to the configured one", func(t *testing.T) {
		row := store.Rows["hub88"]
		row.PrivateKeySealed = "someone-else|x"
		store.Rows["hub88"] = row
		node3 := seamless.NewAggregators(store, rot13Sealer{}, conf, clock)
		got, err := node3.Get(ctx, "hub88")
		if err != nil || !got.Unreadable || !got.Key.Equal(k1) || got.KeyStored || !got.Hub88Key.Equal(&k2.PublicKey) {
			t.Fatalf("got %v, %v", got, err)
		}
		// The next save drops it: the configured key applies, stored.
		if _, _, err := node3.Update(ctx, "hub88", seamless.AggregatorUpdate{Enabled: true}, "own"); err != nil {
			t.Fatal(err)
		}
		if row := store.Rows["hub88"]; row.PrivateKeySealed != "" || row.PublicKeySealed == "" {
			t.Fatalf("stored %+v", row)
		}
	})
}
