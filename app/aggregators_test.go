package app

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"ngern/adapters/gameprovider/generic"
	"ngern/adapters/httpapi"
	"ngern/core/seamless"
)

const testAggregatorSecret = "acme-secret-acme-secret-acme-secret!"

// secretFile writes content to a file and returns its path.
func secretFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAggregatorsConfig(t *testing.T) {
	good := secretFile(t, testAggregatorSecret+"\n")
	short := secretFile(t, "short")
	tests := []struct {
		name string
		env  map[string]string
		want string // a part of the error; "" for none
	}{
		{"OK", map[string]string{"NGERN_AGGREGATORS": "acme=https://api.acme.example/ngern, big-co=http://10.0.0.5:9000",
			"NGERN_AGGREGATOR_ACME_SECRET_FILE": good, "NGERN_AGGREGATOR_BIG_CO_SECRET_FILE": good,
			"NGERN_AGGREGATOR_ACME_ALLOW": "203.0.113.0/24, 198.51.100.7"}, ""},
		{"OKDemoSimSecret", map[string]string{"NGERN_MODE": "demo", "NGERN_SIM_AGGREGATOR_SECRET": testAggregatorSecret}, ""},
		{"ErrNoSecretFile", map[string]string{"NGERN_AGGREGATORS": "acme=https://a.example"}, `entry "acme": NGERN_AGGREGATOR_ACME_SECRET_FILE is not set`},
		{"ErrSecretFileMissing", map[string]string{"NGERN_AGGREGATORS": "acme=https://a.example",
			"NGERN_AGGREGATOR_ACME_SECRET_FILE": "/nonexistent/secret"}, `entry "acme": NGERN_AGGREGATOR_ACME_SECRET_FILE`},
		{"ErrShortSecret", map[string]string{"NGERN_AGGREGATORS": "acme=https://a.example",
			"NGERN_AGGREGATOR_ACME_SECRET_FILE": short}, "must be at least 32 bytes"},
		{"ErrCode", map[string]string{"NGERN_AGGREGATORS": "Acme=https://a.example"}, `entry "Acme": the code must be`},
		{"ErrNoURL", map[string]string{"NGERN_AGGREGATORS": "acme"}, `entry "acme": write code=url`},
		{"ErrURL", map[string]string{"NGERN_AGGREGATORS": "acme=ftp://a.example", "NGERN_AGGREGATOR_ACME_SECRET_FILE": good},
			"not an http(s) URL"},
		{"ErrSimInProduction", map[string]string{"NGERN_AGGREGATORS": "sim=https://a.example", "NGERN_AGGREGATOR_SIM_SECRET_FILE": good},
			`entry "sim": the code is the simulated aggregator's`},
		{"ErrSimInDemo", map[string]string{"NGERN_MODE": "demo", "NGERN_AGGREGATORS": "sim=https://a.example",
			"NGERN_AGGREGATOR_SIM_SECRET_FILE": good}, `entry "sim"`},
		{"ErrHub88", map[string]string{"NGERN_AGGREGATORS": "hub88=https://a.example"}, `entry "hub88": the code is Hub88's`},
		{"ErrTwice", map[string]string{"NGERN_AGGREGATORS": "acme=https://a.example,acme=https://b.example",
			"NGERN_AGGREGATOR_ACME_SECRET_FILE": good}, "listed twice"},
		{"ErrAllow", map[string]string{"NGERN_AGGREGATORS": "acme=https://a.example", "NGERN_AGGREGATOR_ACME_SECRET_FILE": good,
			"NGERN_AGGREGATOR_ACME_ALLOW": "10.0.0.0/33"}, "NGERN_AGGREGATOR_ACME_ALLOW"},
		{"ErrShortSimSecret", map[string]string{"NGERN_MODE": "demo", "NGERN_SIM_AGGREGATOR_SECRET": "short"},
			"NGERN_SIM_AGGREGATOR_SECRET must be at least 32 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadConfig(func(k string) string { return tt.env[k] })
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			if strings.Contains(err.Error(), testAggregatorSecret) || strings.Contains(err.Error(), "short\"") {
				t.Fatalf("the error repeats a secret: %v", err)
			}
		})
	}
	t.Run("OKParsed", func(t *testing.T) {
		cfg, err := LoadConfig(func(k string) string { return tests[0].env[k] })
		if err != nil {
			t.Fatal(err)
		}
		acme := cfg.Aggregators.Generic["acme"]
		if acme.URL != "https://api.acme.example/ngern" || string(acme.Secret) != testAggregatorSecret || len(acme.Allow) != 2 ||
			acme.Allow[1].String() != "198.51.100.7/32" || len(cfg.Aggregators.Generic) != 2 {
			t.Fatalf("parsed %+v", cfg.Aggregators.Generic)
		}
	})
	t.Run("ErrSimSecretInProduction", func(t *testing.T) {
		cfg, err := LoadConfig(func(k string) string {
			return map[string]string{"NGERN_SIM_AGGREGATOR_SECRET": testAggregatorSecret}[k]
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.Unsafe(); err == nil || !strings.Contains(err.Error(), "NGERN_SIM_AGGREGATOR_SECRET") {
			t.Fatalf("Unsafe = %v", err)
		}
	})
}

// recordingWallet answers every callback OK and records the providers
// called.
type recordingWallet struct{ providers []string }

func (w *recordingWallet) ok(provider string) (seamless.Answer, error) {
	w.providers = append(w.providers, provider)
	return seamless.Answer{Currency: "THB", Balance: 100}, nil
}

func (w *recordingWallet) Player(_ context.Context, provider, _, _ string) (seamless.Player, error) {
	a, err := w.ok(provider)
	return seamless.Player{Currency: a.Currency, Balance: a.Balance}, err
}

func (w *recordingWallet) Balance(_ context.Context, provider, _, _ string) (seamless.Answer, error) {
	return w.ok(provider)
}

func (w *recordingWallet) Bet(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return w.ok(c.Provider)
}
func (w *recordingWallet) Win(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return w.ok(c.Provider)
}
func (w *recordingWallet) Rollback(_ context.Context, c seamless.Callback) (seamless.Answer, error) {
	return w.ok(c.Provider)
}

// noStoredAggregators is a seamless.AggregatorStore with nothing stored:
// the configuration applies.
type noStoredAggregators struct{}

func (noStoredAggregators) AggregatorRows(context.Context) ([]seamless.AggregatorRow, error) {
	return nil, nil
}
func (noStoredAggregators) PutAggregatorRow(context.Context, seamless.AggregatorRow) error {
	return nil
}

func TestAggregatorsWiring(t *testing.T) {
	file := secretFile(t, testAggregatorSecret)
	load := func(t *testing.T, env map[string]string) (Config, *recordingWallet, http.Handler, []seamless.Aggregator, SimAggregatorSecret) {
		t.Helper()
		env["NGERN_AGGREGATORS"] = "acme=https://a.example,open=https://b.example"
		env["NGERN_AGGREGATOR_ACME_SECRET_FILE"], env["NGERN_AGGREGATOR_OPEN_SECRET_FILE"] = file, file
		env["NGERN_AGGREGATOR_ACME_ALLOW"] = "10.0.0.0/8"
		cfg, err := LoadConfig(func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		w := &recordingWallet{}
		var in struct {
			fx.In
			Routes      []httpapi.Route       `group:"routes"`
			Aggregators []seamless.Aggregator `group:"aggregators"`
			Secret      SimAggregatorSecret
		}
		app := fxtest.New(t, fx.NopLogger, fx.Supply(cfg), fx.Provide(
			func() *slog.Logger { return slog.New(slog.DiscardHandler) },
			func() seamless.Wallet { return w },
			func(sim SimAggregatorSecret) *seamless.Aggregators {
				return seamless.NewAggregators(noStoredAggregators{}, nil, configuredAggregators(cfg, sim), time.Now)
			},
		), aggregatorServices(), fx.Populate(&in))
		app.RequireStart().RequireStop()
		mux := http.NewServeMux()
		for _, r := range in.Routes {
			mux.Handle(r.Pattern, r.Handler)
		}
		if len(in.Routes) != len(generic.Ops) {
			t.Fatalf("%d routes", len(in.Routes))
		}
		return cfg, w, mux, in.Aggregators, in.Secret
	}
	post := func(h http.Handler, provider, from string, secret []byte) int {
		body := []byte(`{"token":"tok"}`)
		r := httptest.NewRequest(http.MethodPost, "/api/games/"+provider+"/balance", bytes.NewReader(body))
		r.RemoteAddr = from + ":4000"
		generic.Signer{Secret: secret}.SignHeaders(r.Header, body)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		_, _ = io.Copy(io.Discard, w.Body)
		return w.Code
	}
	t.Run("Demo", func(t *testing.T) {
		_, w, h, aggs, secret := load(t, map[string]string{"NGERN_MODE": "demo"})
		if len(secret) < generic.MinSecretLen {
			t.Fatalf("sim secret of %d bytes", len(secret))
		}
		codes := map[string]bool{}
		for _, a := range aggs {
			codes[a.Code()] = true
		}
		if len(aggs) != 3 || !codes["sim"] || !codes["acme"] || !codes["open"] {
			t.Fatalf("aggregators %v", codes)
		}
		for _, c := range []struct {
			provider, from string
			secret         []byte
			want           int
		}{
			{"sim", "192.0.2.1", secret, http.StatusOK},
			{"sim", "192.0.2.1", []byte(testAggregatorSecret), http.StatusUnauthorized},
			{"acme", "10.1.1.1", []byte(testAggregatorSecret), http.StatusOK},
			{"acme", "192.0.2.1", []byte(testAggregatorSecret), http.StatusUnauthorized},
			{"open", "192.0.2.1", []byte(testAggregatorSecret), http.StatusOK},
			{"nobody", "192.0.2.1", []byte(testAggregatorSecret), http.StatusNotFound},
		} {
			if got := post(h, c.provider, c.from, c.secret); got != c.want {
				t.Errorf("%s from %s: HTTP %d, want %d", c.provider, c.from, got, c.want)
			}
		}
		if strings.Join(w.providers, ",") != "sim,acme,open" {
			t.Fatalf("wallet calls %v", w.providers)
		}
	})
	t.Run("SecretConfigured", func(t *testing.T) {
		_, _, _, _, secret := load(t, map[string]string{"NGERN_MODE": "demo", "NGERN_SIM_AGGREGATOR_SECRET": testAggregatorSecret})
		if string(secret) != testAggregatorSecret {
			t.Fatal("NGERN_SIM_AGGREGATOR_SECRET not used")
		}
	})
	t.Run("ProductionNoSim", func(t *testing.T) {
		_, w, h, aggs, secret := load(t, map[string]string{})
		if len(secret) != 0 || len(aggs) != 2 {
			t.Fatalf("secret %d bytes, %d aggregators", len(secret), len(aggs))
		}
		if got := post(h, "sim", "192.0.2.1", []byte(testAggregatorSecret)); got != http.StatusNotFound || len(w.providers) != 0 {
			t.Fatalf("sim answered HTTP %d", got)
		}
	})
}
