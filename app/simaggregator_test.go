package app

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSimAggregatorCommand(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	secretFile := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secretFile, []byte(strings.Repeat("s", 32)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	tests := []struct {
		name string
		args []string
		env  map[string]string
		ok   bool
	}{
		{"Flags", []string{"-ngern", "http://127.0.0.1:8080", "-secret-file", secretFile, "-addr", ":0"}, nil, true},
		{"Env", nil, map[string]string{"NGERN_SIMAGGREGATOR_NGERN_URL": "http://x", "NGERN_SIMAGGREGATOR_SECRET_FILE": secretFile,
			"NGERN_SIMAGGREGATOR_FAULTS": `[{"kind":"duplicate","on":"bet"}]`, "NGERN_SIMAGGREGATOR_SEED": "7"}, true},
		{"ErrNoNgern", []string{"-secret-file", secretFile}, nil, false},
		{"ErrNoSecret", []string{"-ngern", "http://x"}, nil, false},
		{"ErrShortSecret", []string{"-ngern", "http://x", "-secret-file", os.DevNull}, nil, false},
		{"ErrFaults", []string{"-ngern", "http://x", "-secret-file", secretFile, "-faults", `[{"kind":"boom"}]`}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _, err := simAggregatorFromArgs(tt.args, env(tt.env), log, io.Discard)
			if (err == nil) != tt.ok || (srv != nil) != tt.ok {
				t.Fatalf("err %v", err)
			}
		})
	}
}

func TestSimAggregatorInProcess(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	secret := SimAggregatorSecret(strings.Repeat("k", 32))
	t.Run("OK", func(t *testing.T) {
		out, err := newSimAggregator(simAggregatorIn{Cfg: Config{Mode: ModeDemo, Addr: ":8080"}, Log: log, Secret: secret})
		if err != nil || len(out.Routes) != 1 || out.Routes[0].Pattern != "/sim/aggregator/" {
			t.Fatalf("%+v %v", out, err)
		}
		rec := httptest.NewRecorder()
		out.Routes[0].Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/sim/aggregator/img/quick-lotto.svg", nil))
		if rec.Code != http.StatusOK {
			t.Errorf("thumbnail: HTTP %d", rec.Code)
		}
	})
	for name, in := range map[string]simAggregatorIn{
		"Production": {Cfg: Config{Mode: ModeProduction, Addr: ":8080"}, Log: log, Secret: secret},
		"NoSecret":   {Cfg: Config{Mode: ModeDemo, Addr: ":8080"}, Log: log},
	} {
		t.Run(name, func(t *testing.T) {
			if out, err := newSimAggregator(in); err != nil || len(out.Routes) != 0 {
				t.Errorf("%+v %v", out, err)
			}
		})
	}
}
