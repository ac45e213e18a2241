package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/simaggregator"
	"ngern/adapters/httpapi"
)

// simAggregatorPrefix is where the in-process simulated aggregator is
// mounted in demo mode.
const simAggregatorPrefix = "/sim/aggregator"

type simAggregatorIn struct {
	fx.In
	Cfg Config
	Log *slog.Logger
	// Secret is the protocol secret Ngern's side of the aggregator `sim`
	// holds too; none provided means no generic aggregator to call, so
	// nothing is mounted.
	Secret SimAggregatorSecret `optional:"true"`
}

type simAggregatorOut struct {
	fx.Out
	Routes []httpapi.Route `group:"routes,flatten"`
}

// newSimAggregator mounts, in demo mode, the simulated aggregator under
// /sim/aggregator/. Its callbacks go to this server's own listener over
// loopback HTTP, so that they pass through the real signed handler; its
// game and image links are paths, opened on the origin the member is on.
func newSimAggregator(in simAggregatorIn) (simAggregatorOut, error) {
	if in.Cfg.Mode != ModeDemo || len(in.Secret) == 0 {
		return simAggregatorOut{}, nil
	}
	origin, err := loopbackOrigin(in.Cfg.Addr)
	if err != nil {
		return simAggregatorOut{}, err
	}
	srv, err := simaggregator.NewServer(simaggregator.Config{Code: simaggregator.DefaultCode, Secret: in.Secret, NgernURL: origin,
		PathPrefix: simAggregatorPrefix, Relative: true, Logger: in.Log.With("component", "simaggregator")})
	if err != nil {
		return simAggregatorOut{}, err
	}
	in.Log.Info("simulated aggregator in-process", "at", simAggregatorPrefix+"/", "code", simaggregator.DefaultCode)
	return simAggregatorOut{Routes: []httpapi.Route{{Pattern: simAggregatorPrefix + "/", Handler: srv}}}, nil
}

// simAggregatorFromArgs builds `ngern simaggregator` from its flags, each
// defaulting to an NGERN_SIMAGGREGATOR_* variable.
func simAggregatorFromArgs(args []string, getenv func(string) string, log *slog.Logger, stderr io.Writer) (*simaggregator.Server, string, error) {
	env := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	fs := flag.NewFlagSet("simaggregator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", env("NGERN_SIMAGGREGATOR_ADDR", ":8092"), "listen address")
	ngern := fs.String("ngern", env("NGERN_SIMAGGREGATOR_NGERN_URL", ""), "base URL of the Ngern server the callbacks go to (required)")
	secretFile := fs.String("secret-file", env("NGERN_SIMAGGREGATOR_SECRET_FILE", ""), "file holding the shared secret, at least 32 bytes (required)")
	code := fs.String("code", env("NGERN_SIMAGGREGATOR_CODE", simaggregator.DefaultCode), "the aggregator's code in Ngern")
	publicURL := fs.String("public-url", env("NGERN_SIMAGGREGATOR_PUBLIC_URL", ""), "scheme and host browsers reach this server at (empty: each request's)")
	faults := fs.String("faults", env("NGERN_SIMAGGREGATOR_FAULTS", ""), "global fault rules, the JSON array POST /faults takes")
	seed := fs.String("seed", env("NGERN_SIMAGGREGATOR_SEED", "0"), "random seed of outcomes and faults (0: random)")
	if err := fs.Parse(args); err != nil {
		return nil, "", err
	}
	if *ngern == "" || *secretFile == "" {
		return nil, "", errors.New("set -ngern (NGERN_SIMAGGREGATOR_NGERN_URL) and -secret-file (NGERN_SIMAGGREGATOR_SECRET_FILE)")
	}
	raw, err := os.ReadFile(*secretFile)
	if err != nil {
		return nil, "", fmt.Errorf("secret file: %w", err)
	}
	rules, err := simaggregator.ParseFaults(*faults)
	if err != nil {
		return nil, "", err
	}
	n, err := strconv.ParseUint(*seed, 10, 64)
	if err != nil {
		return nil, "", fmt.Errorf("seed %q: %w", *seed, err)
	}
	srv, err := simaggregator.NewServer(simaggregator.Config{Code: *code, Secret: []byte(strings.TrimSpace(string(raw))), NgernURL: *ngern,
		PublicURL: *publicURL, Faults: rules, Seed: n, Logger: log})
	return srv, *addr, err
}

// runSimAggregator serves the simulated aggregator until SIGINT or SIGTERM.
func runSimAggregator(args []string, getenv func(string) string, cfg Config, stderr io.Writer) int {
	log := NewLogger(cfg, stderr)
	srv, addr, err := simAggregatorFromArgs(args, getenv, log, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "simaggregator:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := srv.ListenAndServe(ctx, addr); err != nil {
		fmt.Fprintln(stderr, "simaggregator:", err)
		return 1
	}
	return 0
}
