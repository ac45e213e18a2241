package changes

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
)

// tagSealer "seals" by reversing the text behind its owner: enough to see
// that neither the payload nor the store holds a key in the clear.
type tagSealer struct{}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func (tagSealer) Seal(plain, owner string) (string, error) { return owner + "|" + reverse(plain), nil }
func (tagSealer) Open(sealed, owner string) (string, error) {
	o, v, ok := strings.Cut(sealed, "|")
	if !ok || o != owner {
		return "", errors.New("not ours")
	}
	return reverse(v), nil
}

var hub88TestKeys = sync.OnceValues(func() ([2]*rsa.PrivateKey, error) {
	var out [2]*rsa.PrivateKey
	for i := range out {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return out, err
		}
		out[i] = k
	}
	return out, nil
})

// Hub88's keys, address and operator id from the console wait for a second
// owner exactly like a generic aggregator's secret: proposed sealed,
// refused with the catalogue's code before anything is proposed, applied
// when another owner approves, closed as stale when Hub88's settings moved.
func TestHub88FourEyes(t *testing.T) {
	ctx := context.Background()
	keys, err := hub88TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	oldKey, newKey := keys[0], keys[1]
	der, err := x509.MarshalPKIXPublicKey(&newKey.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	hub88PEM := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	ourPEM := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(newKey)}))
	env := func() (*Service, *seamless.Aggregators, *memstore.Aggregators) {
		store := memstore.NewAggregators()
		aggs := seamless.NewAggregators(store, tagSealer{}, []seamless.AggregatorSettings{{Code: "hub88", Kind: seamless.KindHub88,
			URL: "https://api.hub88.example", OperatorID: 7, Enabled: true, Hub88Key: &oldKey.PublicKey, Key: oldKey}}, time.Now)
		set, _ := newEnv()
		return NewService(&memChanges{m: map[string]Change{}}, set.settings, nil, aggs, tagSealer{}, nil), aggs, store
	}
	str := func(s string) *string { return &s }
	id := func(v int64) *int64 { return &v }

	t.Run("what needs a second owner", func(t *testing.T) {
		on := seamless.AggregatorSettings{Kind: seamless.KindHub88, Enabled: true, URL: "https://a.example", OperatorID: 7}
		moved, other := on, on
		moved.URL, moved.URLStored = "https://b.example", true
		other.OperatorID, other.OperatorIDStored = 8, true
		for name, c := range map[string]struct {
			after seamless.AggregatorSettings
			u     seamless.AggregatorUpdate
			want  bool
		}{
			"saving the settings in effect": {on, seamless.AggregatorUpdate{Enabled: true, URL: str("https://a.example"), OperatorID: id(7)}, false},
			"Hub88's public key":            {on, seamless.AggregatorUpdate{Enabled: true, Hub88Key: str(hub88PEM)}, true},
			"our private key":               {on, seamless.AggregatorUpdate{Enabled: true, Key: str(ourPEM)}, true},
			"another URL":                   {moved, seamless.AggregatorUpdate{Enabled: true, URL: str(moved.URL)}, true},
			"another operator id":           {other, seamless.AggregatorUpdate{Enabled: true, OperatorID: id(8)}, true},
		} {
			t.Run(name, func(t *testing.T) {
				if got := AggregatorUpdateNeedsTwoOwners(on, c.after, c.u); got != c.want {
					t.Fatalf("got %t, want %t", got, c.want)
				}
			})
		}
	})
	t.Run("refused before anything is proposed", func(t *testing.T) {
		svc, _, _ := env()
		for name, c := range map[string]struct {
			u    seamless.AggregatorUpdate
			code errs.Code
		}{
			"ErrPrivateAsPublic": {seamless.AggregatorUpdate{Enabled: true, Hub88Key: str(ourPEM)}, errs.PrivateKeyAsPublic},
			"ErrPublicAsPrivate": {seamless.AggregatorUpdate{Enabled: true, Key: str(hub88PEM)}, errs.RSAKeyInvalid},
			"ErrNotAKey":         {seamless.AggregatorUpdate{Enabled: true, Hub88Key: str("hello")}, errs.RSAKeyInvalid},
		} {
			t.Run(name, func(t *testing.T) {
				if _, err := svc.ProposeAggregator(ctx, alice, "hub88", c.u); !errs.HasCode(err, c.code) {
					t.Fatalf("err = %v, want %s", err, c.code)
				}
			})
		}
		if list, _ := svc.store.Changes(ctx, Pending, 10); len(list) != 0 {
			t.Fatalf("proposed %v", list)
		}
	})
	t.Run("OKAppliedWhenASecondOwnerApproves", func(t *testing.T) {
		svc, aggs, store := env()
		c, err := svc.ProposeAggregator(ctx, alice, "hub88", seamless.AggregatorUpdate{Enabled: true, Hub88Key: str(hub88PEM),
			Key: str(ourPEM), URL: str("https://staging.hub88.example"), OperatorID: id(42)})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(c.Payload, "PRIVATE KEY") || strings.Contains(c.Payload, "MII") || strings.Contains(string(c.Summary), "MII") ||
			!strings.Contains(string(c.Summary), `"privateKey":"set"`) ||
			!strings.Contains(string(c.Summary), seamless.KeyFingerprint(&newKey.PublicKey)) {
			t.Fatalf("change %+v: want the payload sealed and the summary with fingerprints only", c)
		}
		if a, _ := aggs.Get(ctx, "hub88"); !a.Key.Equal(oldKey) || len(store.Rows) != 0 {
			t.Fatal("applied before its approval")
		}
		if _, err := svc.Approve(ctx, alice, c.ID); !errs.HasCode(err, errs.OwnChange) {
			t.Fatalf("the proposer approved alone: %v", err)
		}
		r, err := svc.Approve(ctx, bob, c.ID)
		if err != nil || r.Change.Status != Applied {
			t.Fatalf("%+v %v", r, err)
		}
		a, err := aggs.Get(ctx, "hub88")
		if err != nil || !a.Key.Equal(newKey) || !a.Hub88Key.Equal(&newKey.PublicKey) || a.URL != "https://staging.hub88.example" ||
			a.OperatorID != 42 || a.UpdatedBy != "alice+bob" {
			t.Fatalf("after approval %v, %v", a, err)
		}
		if row := store.Rows["hub88"]; strings.Contains(row.PrivateKeySealed, "PRIVATE KEY") || row.PrivateKeySealed == "" {
			t.Fatalf("stored %+v", row)
		}
	})
	t.Run("ErrStaleWhenHub88MovedMeanwhile", func(t *testing.T) {
		svc, aggs, _ := env()
		c, err := svc.ProposeAggregator(ctx, alice, "hub88", seamless.AggregatorUpdate{Enabled: true, Key: str(ourPEM)})
		if err != nil {
			t.Fatal(err)
		}
		// Meanwhile an owner switches it off (at once).
		if _, _, err := aggs.Update(ctx, "hub88", seamless.AggregatorUpdate{Enabled: false}, "carol"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Approve(ctx, bob, c.ID); !errs.HasCode(err, errs.ChangeStale) {
			t.Fatalf("err = %v, want CHANGE_STALE", err)
		}
		if a, _ := aggs.Get(ctx, "hub88"); !a.Key.Equal(oldKey) {
			t.Fatal("a stale change's key applied")
		}
	})
}
