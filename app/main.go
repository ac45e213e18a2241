package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
)

// Version is the app version shown to members (spec part 9).
const Version = "1.1.14"

const usage = `ngern — member wallet and gaming-credit server

Usage:
  ngern serve          run the API, the web app and background jobs (the reconciler)
  ngern migrate        apply database migrations and seed default settings, then exit
  ngern adjust -phone P -amount A -reason R
                       credit a member's wallet (a negative amount debits)
  ngern withdrawals [approve ID | reject ID -reason R]
                       list pending withdrawals, or decide one
  ngern check          verify the ledger's invariants; exit 1 with a report if one fails
  ngern backup FILE    copy the SQLite install (database, objects, secret key) into the
                       new directory FILE while the server runs
  ngern restore [-replace] FILE
                       restore a backup into the empty data dir, migrate and check it
  ngern operator add -username NAME -role owner|finance|support
                       create an operator; prints its password and TOTP secret once
  ngern operator list  list operators
  ngern operator reset -username NAME
                       give an operator a new password and TOTP secret
  ngern demo           seed a demo member, the demo games and a demo operator (NGERN_MODE=demo only)
  ngern chat purge-guests
                       delete the chat guests with no message for the retention (30 days)
  ngern seed-volume -members N -postings M [-seed S] [-force]
                       add N generated members with M postings over the last year
                       (volume measurements; production mode needs -force on a database
                       that holds members)
  ngern simprovider    run the simulated game provider as its own server
  ngern simgateway     run the simulated QR payment gateway as its own server
  ngern simaggregator [-addr A] [-ngern URL] [-secret-file F] [-code C] [-faults JSON]
                       run the simulated seamless aggregator as its own server
  ngern version        print the version

Configuration comes from NGERN_* environment variables (docs/configuration.md);
NGERN_MODE=demo runs every outside party simulated, unset is production.
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
		if err := cfg.Unsafe(); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		return run(stderr, fx.New(fx.NopLogger, Core(cfg, stderr), Provider(), Serve()))
	case "demo":
		if cfg.Mode != ModeDemo {
			// A known member password, a demo operator and demo receiving
			// accounts have no place in a production install.
			fmt.Fprintln(stderr, "demo: seeds a demo install only; set NGERN_MODE=demo")
			return 2
		}
		return runTool(cfg, args[0], args[1:], stdout, stderr)
	case "adjust", "withdrawals", "check", "operator":
		return runTool(cfg, args[0], args[1:], stdout, stderr)
	case "chat":
		return runChatTool(cfg, args[1:], stdout, stderr)
	case "backup":
		return runBackup(cfg, args[1:], stdout, stderr)
	case "restore":
		return runRestore(cfg, args[1:], stdout, stderr)
	case "seed-volume":
		return runSeedVolume(cfg, args[1:], stdout, stderr)
	case "simprovider":
		return runSimProvider(cfg, stderr)
	case "simgateway":
		return runSimGateway(getenv, cfg, stderr)
	case "simaggregator":
		return runSimAggregator(args[1:], getenv, cfg, stderr)
	case "migrate":
		var db *sqlstore.DB
		// The account service gives member codes to members registered
		// before them (migration 0026) when it is built.
		var accounts *account.Service
		app := fx.New(fx.NopLogger, Core(cfg, stderr), fx.Populate(&db, &accounts))
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

// runTool runs an operator command on the configured database.
func runTool(cfg Config, name string, args []string, stdout, stderr io.Writer) int {
	var t tools
	app := fx.New(fx.NopLogger, Core(cfg, stderr), Offline(),
		fx.Populate(&t.wallet, &t.ledger, &t.accounts, &t.operators, &t.auditor, &t.promo, &t.promos, &t.spin, &t.settings, &t.rewards, &t.log, &t.now))
	if err := app.Err(); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := app.Start(ctx); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	defer func() { _ = app.Stop(context.Background()) }() // the command's outcome is already decided
	// The 5 minutes bound the start, not the command: ngern check reads
	// the whole ledger, more than 5 minutes at ten million postings on a
	// busy 2-core machine (docs/performance.md, "Year volume").
	ctx = context.Background()
	t.cfg = cfg
	var err error
	switch name {
	case "adjust":
		err = runAdjust(ctx, t, args, stdout)
	case "withdrawals":
		err = runWithdrawals(ctx, t, args, stdout)
	case "check":
		err = runCheck(ctx, t, stdout)
	case "demo":
		err = runDemo(ctx, t, stdout)
	case "operator":
		err = runOperator(ctx, t, args, stdout)
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errCheckFailed):
		return 1
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}

// runSimProvider serves the simulated game provider on NGERN_SIMPROVIDER_ADDR
// until SIGINT or SIGTERM.
func runSimProvider(cfg Config, stderr io.Writer) int {
	sc := cfg.Sim
	if sc.AgentKey == "" {
		fmt.Fprintln(stderr, "simprovider: set NGERN_SIMPROVIDER_AGENT_KEY (the NGERN_PROVIDER_KEY of the servers that call it)")
		return 2
	}
	if sc.StatePath == "" {
		sc.StatePath = filepath.Join(cfg.DataDir, "simprovider", "state.jsonl")
	}
	log := NewLogger(cfg, stderr)
	srv, err := sim.NewServer(sim.Config{AgentKey: sc.AgentKey, PublicURL: sc.PublicURL, StatePath: sc.StatePath,
		Faults: sc.Faults, Delay: sc.Delay, Games: sc.Games, Logger: log})
	if err != nil {
		fmt.Fprintln(stderr, "simprovider:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := srv.ListenAndServe(ctx, sc.Addr); err != nil {
		fmt.Fprintln(stderr, "simprovider:", err)
		return 1
	}
	return 0
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
