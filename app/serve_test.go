package app

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"ngern/adapters/gameprovider/sim"
	"ngern/core/ledger"
	"ngern/core/money"
)

// TestServeWithInProcessProvider starts the server as `ngern serve` does
// with no provider configured: the simulated provider under /sim/ on the
// same listener, faults from the configuration, and the background
// reconciler settling what the faults left open.
func TestServeWithInProcessProvider(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	ln.Close()
	opToken := strings.Repeat("x", 40)
	cfg, err := LoadConfig(func(k string) string {
		return map[string]string{
			"NGERN_MODE":               "demo",
			"NGERN_ADDR":               strings.TrimPrefix(base, "http://"),
			"NGERN_DATA_DIR":           t.TempDir(),
			"NGERN_REGISTER_OTP":       "false",
			"NGERN_OPERATOR_TOKEN":     opToken,
			"NGERN_RECONCILE_INTERVAL": "100ms",
			"NGERN_SIMPROVIDER_FAULTS": "transferIn:drop:1",
		}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.WebDir = ""
	var l ledger.Store
	app := fxtest.New(t, fx.NopLogger, Core(cfg, &syncBuffer{}), Provider(), Serve(), fx.Populate(&l))
	app.RequireStart()
	defer app.RequireStop()

	call := func(method, path, token, body string) (int, map[string]any, http.Header) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		var out map[string]any
		d := json.NewDecoder(strings.NewReader(string(raw)))
		d.UseNumber()
		d.Decode(&out)
		return res.StatusCode, out, res.Header
	}
	must := func(want int, method, path, token, body string) map[string]any {
		t.Helper()
		st, out, _ := call(method, path, token, body)
		if st != want {
			t.Fatalf("%s %s: %d %v, want %d", method, path, st, out, want)
		}
		return out
	}
	must(201, "POST", "/api/account", "", `{"name":"Somchai","username":"0811111111","password":"s3cret-pass",
		"bankCode":"KBANK","bankAccountName":"SOMCHAI J","bankAccountNo":"1111111111"}`)
	token := must(200, "POST", "/api/login", "", `{"username":"0811111111","password":"s3cret-pass"}`)["token"].(string)
	must(200, "POST", "/api/operator/adjustments", opToken, `{"phone":"0811111111","amount":500,"reason":"deposit"}`)
	must(200, "GET", "/api/wallet/activate/SIAMSLOT", token, "")

	t.Run("ReconcilerSettlesADroppedAnswer", func(t *testing.T) {
		must(503, "POST", "/api/wallet/transfer", token, `{"from":"WALLET","to":"SIAMSLOT","amount":100}`)
		deadline := time.Now().Add(10 * time.Second)
		for {
			home := must(200, "GET", "/api/wallet", token, "")
			if slot := home["slots"].([]any)[0].(map[string]any); slot["amount"] == json.Number("100.00") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the background reconciler did not settle the transfer")
			}
			time.Sleep(50 * time.Millisecond)
		}
		r, err := l.Verify(context.Background(), time.Now().Add(time.Hour))
		if err != nil || !r.OK() {
			t.Fatalf("check: %+v, %v", r, err)
		}
	})
	t.Run("LaunchLinkSameOrigin", func(t *testing.T) {
		username := must(200, "GET", "/api/wallet/account/SIAMSLOT", token, "")["username"].(string)
		link, _ := must(200, "GET", "/api/autoLogin/SIAMSLOT/"+username, token, "")["link"].(string)
		if !strings.HasPrefix(link, "/sim/play/") {
			t.Fatalf("link %q is not relative", link)
		}
		st, _, hdr := call("GET", link, "", "")
		if st != 200 || !strings.Contains(hdr.Get("Content-Security-Policy"), "script-src 'unsafe-inline'") {
			t.Fatalf("play page: %d, CSP %q", st, hdr.Get("Content-Security-Policy"))
		}
		if _, err := sim.Spin(context.Background(), nil, base+link, money.FromBaht(1)); err != nil {
			t.Fatal(err)
		}
	})
}

func TestLoopbackOrigin(t *testing.T) {
	cases := []struct{ addr, want string }{
		{":8080", "http://127.0.0.1:8080"},
		{"0.0.0.0:9000", "http://127.0.0.1:9000"},
		{"127.0.0.2:8080", "http://127.0.0.2:8080"},
		{"[::]:8080", "http://127.0.0.1:8080"},
		{":0", ""},
		{"nonsense", ""},
	}
	for _, c := range cases {
		t.Run(c.addr, func(t *testing.T) {
			got, err := loopbackOrigin(c.addr)
			if got != c.want || (c.want == "") != (err != nil) {
				t.Fatalf("loopbackOrigin(%q) = %q, %v", c.addr, got, err)
			}
		})
	}
}

func TestSecretKeyFile(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{DataDir: dir}
	logs := &syncBuffer{}
	a, err := newSealer(cfg, NewLogger(cfg, logs))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "secret key created") {
		t.Fatal("creating the key was not logged")
	}
	b, err := newSealer(cfg, NewLogger(cfg, logs))
	if err != nil {
		t.Fatal(err)
	}
	sealed, _ := a.Seal("pw", "owner")
	if plain, err := b.Open(sealed, "owner"); err != nil || plain != "pw" {
		t.Fatalf("the second start has another key: %v", err)
	}
	if _, err := b.Open(sealed, "another owner"); err == nil {
		t.Fatal("a sealed value opened for another owner")
	}
	st, err := statMode(dir + "/secret.key")
	if err != nil || st != 0o600 {
		t.Fatalf("secret.key mode %o, %v", st, err)
	}
}

func statMode(path string) (uint32, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return uint32(fi.Mode().Perm()), nil
}

func TestWalletConfig(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		bad  string // a word the error must name; "" for valid
	}{
		{"OKDefaults", nil, ""},
		{"OKSecretKey", map[string]string{"NGERN_SECRET_KEY": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}, ""},
		{"ErrSecretKeyShort", map[string]string{"NGERN_SECRET_KEY": "AAAA"}, "NGERN_SECRET_KEY"},
		{"ErrProviderWithoutKey", map[string]string{"NGERN_PROVIDER_URL": "http://p:8090"}, "NGERN_PROVIDER_KEY"},
		{"ErrFaults", map[string]string{"NGERN_SIMPROVIDER_FAULTS": "transferIn:melt:1"}, "NGERN_SIMPROVIDER_FAULTS"},
		{"ErrInterval", map[string]string{"NGERN_RECONCILE_INTERVAL": "soon"}, "NGERN_RECONCILE_INTERVAL"},
		{"ErrProviderTimeout", map[string]string{"NGERN_PROVIDER_TIMEOUT": "2m"}, "NGERN_PROVIDER_TIMEOUT"},
		{"ErrShortOperatorToken", map[string]string{"NGERN_OPERATOR_TOKEN": "short"}, "NGERN_OPERATOR_TOKEN"},
		{"ErrHomeCacheTTL", map[string]string{"NGERN_HOME_CACHE_TTL": "soon"}, "NGERN_HOME_CACHE_TTL"},
		{"ErrHomeCacheTTLLong", map[string]string{"NGERN_HOME_CACHE_TTL": "2m"}, "NGERN_HOME_CACHE_TTL"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string { return c.env[k] })
			if c.bad == "" {
				if err != nil || cfg.ReconcileInterval != 5*time.Second || cfg.Sim.Addr != ":8090" || cfg.HomeCacheTTL != 5*time.Second {
					t.Fatalf("config %+v, %v", cfg, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.bad) {
				t.Fatalf("err = %v, want one naming %s", err, c.bad)
			}
		})
	}
	t.Run("HomeCacheTTL", func(t *testing.T) {
		for v, want := range map[string]time.Duration{"0": 0, "1s": time.Second, "1m": time.Minute} {
			cfg, err := LoadConfig(func(k string) string {
				if k == "NGERN_HOME_CACHE_TTL" {
					return v
				}
				return ""
			})
			if err != nil || cfg.HomeCacheTTL != want {
				t.Fatalf("NGERN_HOME_CACHE_TTL=%s: %v, %v; want %v", v, cfg.HomeCacheTTL, err, want)
			}
		}
	})
}
