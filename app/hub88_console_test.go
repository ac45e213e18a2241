package app

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"strings"
	"testing"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
	"ngern/core/seamless"
)

// Hub88's keys in the console: an owner pastes Hub88's new public key and
// our new private key; once a second owner approves, the next Wallet API
// call is verified with the new key (one signed with the old key is
// refused) and answered signed with ours, without a restart; the private
// key is never answered, logged nor stored in the clear, and a key that is
// not one is refused with its catalogue code.
func TestHub88KeysInTheConsole(t *testing.T) {
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	newHub88, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	newOurs, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&newHub88.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	hub88PEM := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	ourPEM := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(newOurs)}))
	_, check := contractChecker(t)
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		hub88On := withHub88(t)
		h := newHarness(t, db, func(c *Config) { c.LogLevel = "debug"; hub88On(c) })
		owner, owner2, finance := h.operator("own", operator.Owner), h.operator("own2", operator.Owner), h.operator("fin", operator.Finance)
		// callback sends a Wallet API call signed with signer, and answers
		// its status and whether the answer verifies with ours.
		callback := func(signer *rsa.PrivateKey, ours *rsa.PublicKey) (hub88.Status, bool) {
			t.Helper()
			body := `{"request_uuid":"q1","user":"nobody"}`
			sig, err := hub88.Sign(signer, []byte(body))
			if err != nil {
				t.Fatal(err)
			}
			r := h.callWith("POST", "/api/games/hub88/user/info", "", body, map[string]string{hub88.SignatureHeader: sig})
			if r.Status != 200 {
				t.Fatalf("HTTP %d %s", r.Status, r.Raw)
			}
			status, _ := r.Body["status"].(string)
			return hub88.Status(status), hub88.Verify(ours, r.Raw, r.Header.Get(hub88.SignatureHeader))
		}
		put := func(tok string, body map[string]any) response {
			return h.call("PUT", "/api/operator/seamless/aggregators/hub88", tok, body)
		}
		hub88Of := func(r response) map[string]any {
			t.Helper()
			list, _ := r.Body["aggregators"].([]any)
			for _, a := range list {
				if m, _ := a.(map[string]any); m["code"] == "hub88" {
					h, _ := m["hub88"].(map[string]any)
					return h
				}
			}
			t.Fatalf("no hub88 in %s", r.Raw)
			return nil
		}

		t.Run("the configured keys apply at first", func(t *testing.T) {
			if status, signed := callback(k.Hub88, &k.Operator.PublicKey); status == hub88.ErrorSignature || !signed {
				t.Fatalf("status %s, signed by our configured key %t", status, signed)
			}
			r := h.call("GET", "/api/operator/seamless/aggregators", finance, nil)
			h.expect(r, 200, "")
			check("get", "/api/operator/seamless/aggregators", r)
			got := hub88Of(r)
			pk, _ := got["privateKey"].(map[string]any)
			if got["operatorId"] != json.Number("7") || pk["source"] != "configuration" ||
				pk["fingerprint"] != seamless.KeyFingerprint(&k.Operator.PublicKey) ||
				pk["ourPublicKey"] != seamless.PublicKeyPEM(&k.Operator.PublicKey) {
				t.Fatalf("hub88 = %v", got)
			}
		})
		t.Run("refused with a catalogue code, nothing proposed", func(t *testing.T) {
			for name, c := range map[string]struct {
				body       map[string]any
				status     int
				code       string
				field      string
				notEchoing string
			}{
				"a private key as Hub88's": {map[string]any{"enabled": true, "hub88PublicKey": ourPEM}, 400, "RSA_PRIVATE_KEY_AS_PUBLIC", "hub88PublicKey", "MII"},
				"a public key as ours":     {map[string]any{"enabled": true, "privateKey": hub88PEM}, 400, "RSA_KEY_INVALID", "privateKey", "MII"},
				"not a PEM":                {map[string]any{"enabled": true, "privateKey": "my key"}, 400, "RSA_KEY_INVALID", "privateKey", "my key"},
				"a URL that is not http":   {map[string]any{"enabled": true, "url": "api.hub88.io"}, 400, "INVALID_REQUEST", "url", ""},
			} {
				t.Run(name, func(t *testing.T) {
					r := put(owner, c.body)
					h.expect(r, c.status, c.code)
					check("put", "/api/operator/seamless/aggregators/{code}", r)
					if r.Body["field"] != c.field || (c.notEchoing != "" && strings.Contains(string(r.Raw), c.notEchoing)) {
						t.Fatalf("answer %s", r.Raw)
					}
				})
			}
			h.expect(put(finance, map[string]any{"enabled": true, "privateKey": ourPEM}), 403, "FORBIDDEN_ROLE")
		})
		t.Run("new keys apply on the next call once a second owner approves", func(t *testing.T) {
			r := put(owner, map[string]any{"enabled": true, "hub88PublicKey": hub88PEM, "privateKey": ourPEM})
			h.expect(r, 202, "SECOND_APPROVAL_REQUIRED")
			check("put", "/api/operator/seamless/aggregators/{code}", r)
			if strings.Contains(string(r.Raw), "MII") || !strings.Contains(string(r.Raw), seamless.KeyFingerprint(&newOurs.PublicKey)) {
				t.Fatalf("proposal = %s", r.Raw)
			}
			if status, signed := callback(newHub88, &newOurs.PublicKey); status != hub88.ErrorSignature || signed {
				t.Fatalf("a proposed key applied before its approval: %s, %t", status, signed)
			}
			approved := h.confirm(r, owner2)
			if strings.Contains(string(approved.Raw), "MII") {
				t.Fatal("a key in the approval's answer")
			}
			if status, signed := callback(k.Hub88, &newOurs.PublicKey); status != hub88.ErrorSignature || !signed {
				t.Fatalf("a call signed with Hub88's old key: %s (signed by our new key %t), want refused", status, signed)
			}
			if status, signed := callback(newHub88, &newOurs.PublicKey); status == hub88.ErrorSignature || !signed {
				t.Fatalf("a call signed with Hub88's new key: %s, answer signed by our new key %t", status, signed)
			}
			got := h.call("GET", "/api/operator/seamless/aggregators", owner, nil)
			check("get", "/api/operator/seamless/aggregators", got)
			hk := hub88Of(got)
			pub, _ := hk["hub88PublicKey"].(map[string]any)
			pk, _ := hk["privateKey"].(map[string]any)
			if pub["source"] != "console" || pub["fingerprint"] != seamless.KeyFingerprint(&newHub88.PublicKey) || pk["source"] != "console" ||
				pk["ourPublicKey"] != seamless.PublicKeyPEM(&newOurs.PublicKey) || strings.Contains(string(got.Raw), "PRIVATE KEY") {
				t.Fatalf("hub88 = %v", hk)
			}
		})
		t.Run("the address and operator id: the console's wins, empty goes back to the configuration", func(t *testing.T) {
			h.confirm(put(owner, map[string]any{"enabled": true, "url": "https://staging.hub88.test", "operatorId": 42}), owner2)
			r := h.call("GET", "/api/operator/seamless/aggregators", owner, nil)
			if hk := hub88Of(r); hk["operatorId"] != json.Number("42") || hk["urlSource"] != "console" ||
				!strings.Contains(string(r.Raw), `"url":"https://staging.hub88.test"`) {
				t.Fatalf("aggregators = %s", r.Raw)
			}
			h.confirm(put(owner, map[string]any{"enabled": true, "url": "", "operatorId": 0}), owner2)
			r = h.call("GET", "/api/operator/seamless/aggregators", owner, nil)
			if hk := hub88Of(r); hk["operatorId"] != json.Number("7") || hk["urlSource"] != "configuration" ||
				!strings.Contains(string(r.Raw), `"url":"https://api.hub88.test"`) {
				t.Fatalf("aggregators = %s", r.Raw)
			}
			// The keys stayed.
			if status, _ := callback(newHub88, &newOurs.PublicKey); status == hub88.ErrorSignature {
				t.Fatal("the stored keys were lost")
			}
		})
		t.Run("audited by fingerprint; no private key anywhere in the clear", func(t *testing.T) {
			var raw []byte
			for _, action := range []string{"aggregator.update", "change.propose", "change.approve"} {
				r := h.call("GET", "/api/operator/audit?action="+action, owner, nil)
				h.expect(r, 200, "")
				raw = append(raw, r.Raw...)
			}
			if !strings.Contains(string(raw), seamless.KeyFingerprint(&newOurs.PublicKey)) {
				t.Fatalf("audit = %s", raw)
			}
			body := ourPEM[strings.Index(ourPEM, "\n")+1 : strings.Index(ourPEM, "\n")+41]
			if strings.Contains(string(raw), body) || strings.Contains(h.logs.String(), body) {
				t.Fatal("our private key in the audit or the logs")
			}
			var sealed, payloads string
			if err := db.SQL().QueryRow(`SELECT private_key_sealed FROM seamless_aggregators WHERE code = 'hub88'`).Scan(&sealed); err != nil ||
				sealed == "" || strings.Contains(sealed, "PRIVATE KEY") || strings.Contains(sealed, body) {
				t.Fatalf("stored %q, %v: want sealed", sealed, err)
			}
			rows, err := db.SQL().Query(`SELECT payload FROM pending_changes WHERE kind = 'aggregator'`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var p string
				if err := rows.Scan(&p); err != nil {
					t.Fatal(err)
				}
				payloads += p
			}
			if payloads == "" || strings.Contains(payloads, body) || strings.Contains(payloads, "PRIVATE KEY") {
				t.Fatal("a proposed private key stored in the clear")
			}
		})
	})
}
