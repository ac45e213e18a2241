package app

import (
	"bytes"
	"context"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/adapters/gameprovider/seamlesskit"
	"ngern/adapters/metrics"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/seamless"
)

// hub88KeyFiles writes the test key pairs as Hub88's public key and our
// private key, in PEM files.
func hub88KeyFiles(t *testing.T) (pub, priv string) {
	t.Helper()
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&k.Hub88.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pub, priv = filepath.Join(dir, "hub88.pub"), filepath.Join(dir, "private.pem")
	if err := os.WriteFile(pub, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k.Operator)})
	if err := os.WriteFile(priv, keyPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	return pub, priv
}

// withHub88 configures Hub88 as the four variables would.
func withHub88(t *testing.T) func(*Config) {
	pub, priv := hub88KeyFiles(t)
	return func(c *Config) {
		c.Hub88 = Hub88Config{URL: "https://api.hub88.test", OperatorID: 7, PublicKeyFile: pub, PrivateKeyFile: priv}
		if problems := checkHub88(c, nil); len(problems) > 0 {
			t.Fatal(problems)
		}
	}
}

func TestHub88Config(t *testing.T) {
	pub, priv := hub88KeyFiles(t)
	all := map[string]string{"NGERN_HUB88_URL": "https://api.hub88.test", "NGERN_HUB88_OPERATOR_ID": "7",
		"NGERN_HUB88_PUBLIC_KEY": pub, "NGERN_HUB88_PRIVATE_KEY": priv}
	without := func(k string) map[string]string {
		m := map[string]string{}
		for kk, v := range all {
			if kk != k {
				m[kk] = v
			}
		}
		return m
	}
	with := func(k, v string) map[string]string {
		m := without(k)
		m[k] = v
		return m
	}
	tests := []struct {
		name string
		vars map[string]string
		want string // a problem's text; "" is no problem
	}{
		{"OK", all, ""},
		{"Off", map[string]string{}, ""},
		{"ErrNoURL", without("NGERN_HUB88_URL"), "Hub88 needs NGERN_HUB88_URL too"},
		{"ErrOnlyURL", map[string]string{"NGERN_HUB88_URL": "https://x"},
			"Hub88 needs NGERN_HUB88_OPERATOR_ID, NGERN_HUB88_PUBLIC_KEY, NGERN_HUB88_PRIVATE_KEY too"},
		{"ErrOperatorID", with("NGERN_HUB88_OPERATOR_ID", "seven"), "NGERN_HUB88_OPERATOR_ID=\"seven\""},
		{"ErrOperatorIDZero", with("NGERN_HUB88_OPERATOR_ID", "0"), "NGERN_HUB88_OPERATOR_ID=\"0\""},
		{"ErrURL", with("NGERN_HUB88_URL", "api.hub88.io"), "not an http(s) URL"},
		{"ErrNoFile", with("NGERN_HUB88_PRIVATE_KEY", filepath.Join(t.TempDir(), "none.pem")), "NGERN_HUB88_PRIVATE_KEY: open"},
		{"ErrSwappedKeys", with("NGERN_HUB88_PRIVATE_KEY", pub), "NGERN_HUB88_PRIVATE_KEY: hub88: the private key is neither"},
		{"ErrPublicNotPEM", with("NGERN_HUB88_PUBLIC_KEY", os.DevNull), "NGERN_HUB88_PUBLIC_KEY: hub88: no PEM block"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.vars["NGERN_MODE"] = "production"
			cfg, err := LoadConfig(func(k string) string { return tt.vars[k] })
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if cfg.Hub88.On() != (tt.name == "OK") || (cfg.Hub88.On() && (cfg.Hub88.Key == nil || cfg.Hub88.Hub88Key == nil)) {
					t.Errorf("%+v", cfg.Hub88)
				}
				if err := cfg.Unsafe(); err != nil && strings.Contains(err.Error(), "HUB88") {
					t.Errorf("Hub88 refused in production: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "PRIVATE KEY-----") || strings.Contains(err.Error(), "MII") {
				t.Errorf("a key's content in the error: %v", err)
			}
		})
	}
}

func TestHub88Wiring(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	t.Run("Off", func(t *testing.T) {
		out, err := newHub88(hub88In{Cfg: Config{}, Log: log, Metrics: metrics.New(nil, nil, nil, log), Wallet: &seamless.Service{}})
		if err != nil || len(out.Routes) != 0 || len(out.Aggregators) != 0 {
			t.Fatalf("%+v %v", out, err)
		}
	})
	t.Run("On", func(t *testing.T) {
		var cfg Config
		withHub88(t)(&cfg)
		out, err := newHub88(hub88In{Cfg: cfg, Log: log, Metrics: metrics.New(nil, nil, nil, log), Wallet: &seamless.Service{}})
		if err != nil || len(out.Aggregators) != 1 || out.Aggregators[0].Code() != "hub88" {
			t.Fatalf("%+v %v", out, err)
		}
		var patterns []string
		for _, r := range out.Routes {
			patterns = append(patterns, r.Pattern)
		}
		want := "POST /api/games/hub88/user/info POST /api/games/hub88/user/balance POST /api/games/hub88/transaction/bet " +
			"POST /api/games/hub88/transaction/win POST /api/games/hub88/transaction/rollback"
		if strings.Join(patterns, " ") != want {
			t.Errorf("routes %v", patterns)
		}
		// A call Hub88 did not sign is refused, signed by us.
		rec := httptest.NewRecorder()
		out.Routes[2].Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/games/hub88/transaction/bet",
			strings.NewReader(`{"request_uuid":"q"}`)))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), string(hub88.ErrorSignature)) {
			t.Errorf("HTTP %d %s", rec.Code, rec.Body)
		}
	})
}

// okWallet answers every call with a balance, or err when set.
type okWallet struct{ err error }

func (w okWallet) Player(context.Context, string, string, string) (seamless.Player, error) {
	return seamless.Player{MemberID: "m1", Country: "TH"}, w.err
}

func (w okWallet) Balance(context.Context, string, string, string) (seamless.Answer, error) {
	return seamless.Answer{Balance: 500, Currency: "THB"}, w.err
}

func (w okWallet) Bet(context.Context, seamless.Callback) (seamless.Answer, error) {
	return seamless.Answer{Balance: 500, Currency: "THB"}, w.err
}

func (w okWallet) Win(ctx context.Context, c seamless.Callback) (seamless.Answer, error) {
	return w.Bet(ctx, c)
}

func (w okWallet) Rollback(ctx context.Context, c seamless.Callback) (seamless.Answer, error) {
	return w.Bet(ctx, c)
}

// TestOpenAPIHub88Answers: the Wallet API's answers, successes and
// refusals, match what openapi.yaml documents for each path.
func TestOpenAPIHub88Answers(t *testing.T) {
	_, check := contractChecker(t)
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	call := seamlesskit.Call{Token: "tok-1234567890", Player: "m1", TxID: "t1", RefTxID: "t0", RoundID: "r1", Game: "g", Amount: 100,
		Currency: "THB"}
	bodies := map[string]any{
		hub88.PathUserInfo: map[string]any{"request_uuid": "q", "user": "m1"},
		hub88.PathBalance:  map[string]any{"request_uuid": "q", "user": "m1", "token": "tok-1234567890", "game_code": "g"},
		hub88.PathBet:      hub88test.Body("q", seamless.Bet, call),
		hub88.PathWin:      hub88test.Body("q", seamless.Win, call),
		hub88.PathRollback: hub88test.Body("q", seamless.Rollback, call),
	}
	for name, w := range map[string]okWallet{"OK": {}, "NotEnoughMoney": {err: seamless.ErrInsufficient}, "Unknown": {err: io.EOF}} {
		for path, body := range bodies {
			t.Run(name+path, func(t *testing.T) {
				h, err := hub88.NewHandler(hub88.HandlerConfig{Wallet: w, Hub88Key: &k.Hub88.PublicKey, Key: k.Operator})
				if err != nil {
					t.Fatal(err)
				}
				raw, _ := json.Marshal(body)
				sig, _ := hub88.Sign(k.Hub88, raw)
				req := httptest.NewRequest(http.MethodPost, hub88Prefix+path, bytes.NewReader(raw))
				req.Header.Set(hub88.SignatureHeader, sig)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				check("post", hub88Prefix+path, response{Status: rec.Code, Header: rec.Header(), Raw: rec.Body.Bytes()})
			})
		}
	}
}

// TestHub88Served: the Wallet API is reached through the server's own
// middleware, without a member's token, and answers signed.
func TestHub88Served(t *testing.T) {
	h := newHarness(t, storetest.Open(t, storetest.Dialects[0]), withHub88(t))
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	raw := []byte(`{"request_uuid":"q1","user":"m1","token":"tok-1234567890","game_code":"g"}`)
	for name, key := range map[string]*rsa.PrivateKey{"Signed": k.Hub88, "Forged": k.Operator} {
		t.Run(name, func(t *testing.T) {
			sig, err := hub88.Sign(key, raw)
			if err != nil {
				t.Fatal(err)
			}
			req, err := http.NewRequest(http.MethodPost, h.srv.URL+hub88Prefix+hub88.PathBalance, bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set(hub88.SignatureHeader, sig)
			req.Header.Set("Content-Type", "application/json")
			res, err := h.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			// The signed call reaches the real wallet, which knows no such
			// session; the forged one stops at the signature.
			want := map[string]hub88.Status{"Signed": hub88.ErrorInvalidToken, "Forged": hub88.ErrorSignature}[name]
			var a struct {
				Status      hub88.Status `json:"status"`
				RequestUUID string       `json:"request_uuid"`
			}
			if res.StatusCode != 200 || json.Unmarshal(body, &a) != nil || a.Status != want || a.RequestUUID != "q1" {
				t.Fatalf("HTTP %d %s", res.StatusCode, body)
			}
			if !hub88.Verify(&k.Operator.PublicKey, body, res.Header.Get(hub88.SignatureHeader)) {
				t.Error("the answer is not signed with our key")
			}
		})
	}
}
