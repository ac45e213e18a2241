package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/sqlstore"
)

// Version is the app version shown to members (spec part 9).
const Version = "1.1.14"

const usage = `ngern — member wallet and gaming-credit server

Usage:
  ngern serve      run the API, the web app and background jobs
  ngern migrate    apply database migrations and seed default settings, then exit
  ngern version    print the version

Configuration comes from NGERN_* environment variables (docs/configuration.md).
`

// Main runs a command and returns the process exit code.
func Main(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cfg, err := LoadConfig(getenv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	switch args[0] {
	case "serve":
		return run(stderr, fx.New(fx.NopLogger, Core(cfg, stderr), Serve()))
	case "migrate":
		var db *sqlstore.DB
		app := fx.New(fx.NopLogger, Core(cfg, stderr), fx.Populate(&db))
		if err := startStop(app); err != nil {
			fmt.Fprintln(stderr, "migrate:", err)
			return 1
		}
		fmt.Fprintln(stdout, "migrations applied")
		return 0
	case "version":
		fmt.Fprintln(stdout, Version)
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "unknown command %q\n\n%s", args[0], usage)
	return 2
}

// run starts app, waits for SIGINT or SIGTERM, and stops it gracefully.
func run(stderr io.Writer, app *fx.App) int {
	if err := app.Err(); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	startCtx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := app.Start(startCtx); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	stopCtx, cancel2 := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel2()
	if err := app.Stop(stopCtx); err != nil {
		fmt.Fprintln(stderr, "stop:", err)
		return 1
	}
	return 0
}

// startStop runs a one-shot command app: start (which does the work in
// constructors and hooks), then stop.
func startStop(app *fx.App) error {
	if err := app.Err(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := app.Start(ctx); err != nil {
		return err
	}
	return app.Stop(ctx)
}
