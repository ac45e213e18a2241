// Package server runs `ngern serve` inside a bench's process, on a free
// loopback port, for the bench to call over HTTP.
package server

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"time"

	"go.uber.org/fx"

	"ngern/app"
	"ngern/bench/internal/scratch"
)

// Start starts the server with the configuration env (NGERN_* variables;
// NGERN_ADDR, NGERN_DATA_DIR and NGERN_WEB_DIR are set here) in demo mode
// (the in-process simulated game provider). populate takes the server's
// services the bench needs. It returns the server's base URL and a stop
// function.
func Start(env map[string]string, populate fx.Option) (string, func(), error) {
	addr, err := scratch.Addr()
	if err != nil {
		return "", nil, err
	}
	dataDir, err := os.MkdirTemp("", "ngern-bench-")
	if err != nil {
		return "", nil, err
	}
	all := map[string]string{
		"NGERN_MODE":     "demo",
		"NGERN_ADDR":     addr,
		"NGERN_DATA_DIR": dataDir,
		"NGERN_WEB_DIR":  filepath.Join(dataDir, "no-web"),
	}
	for k, v := range env {
		all[k] = v
	}
	cfg, err := app.LoadConfig(func(k string) string { return all[k] })
	if err != nil {
		os.RemoveAll(dataDir)
		return "", nil, err
	}
	a := fx.New(fx.NopLogger, app.Core(cfg, io.Discard), app.Provider(), app.Serve(), populate)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := a.Start(ctx); err != nil {
		os.RemoveAll(dataDir)
		return "", nil, err
	}
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = a.Stop(ctx)
		os.RemoveAll(dataDir)
	}
	return "http://" + addr, stop, nil
}
