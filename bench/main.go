// Command bench measures Ngern against PostgreSQL and prints the figures
// that docs/performance.md records: wallet→game transfers and the home
// screen (GET /api/wallet) through the HTTP API, each as a ratio of pgbench
// on the same server in the same run (quality bars: quote ratios, not bare
// times). Run it with `go run ./bench` or `make bench`.
//
// It starts the server in-process with the in-process simulated provider,
// on a schema of its own in the database NGERN_BENCH_DATABASE_URL names
// (default: the local "test" database), and runs pgbench in a scratch
// schema of the same database. The schemas are dropped at the end.
//
// -schema runs the phases on a schema that exists instead (one that
// `ngern seed-volume` filled, for the figures at a year's volume): the
// bench's members are added to it, and it is kept.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/gameprovider/generic"
	"ngern/bench/internal/apiclient"
	pgb "ngern/bench/internal/pgbench"
	"ngern/bench/internal/scratch"
	"ngern/bench/internal/server"
	"ngern/core/seamless"
)

type options struct {
	url         string
	duration    time.Duration
	concurrency int
	members     int
	phases      map[string]bool
	pgbench     bool
	rounds      int
	// homeCacheTTL is the server's NGERN_HOME_CACHE_TTL ("" its default).
	homeCacheTTL string
	// schema is an existing schema to run on ("": a scratch one).
	schema string
}

// phaseNames are the measured phases, in the order they run.
var phaseNames = []string{"transfer", "onegame", "paced", "home", "seamless"}

func main() {
	var o options
	flag.DurationVar(&o.duration, "duration", 15*time.Second, "length of each measured phase")
	flag.IntVar(&o.concurrency, "c", 8, "concurrent clients (pgbench -c too)")
	flag.IntVar(&o.members, "members", 32, "members the load is spread over")
	phases := flag.String("phases", strings.Join(phaseNames, ","), "phases to run (of "+strings.Join(phaseNames, ",")+")")
	flag.BoolVar(&o.pgbench, "pgbench", true, "measure pgbench before each round of a phase (the ratios need it)")
	flag.IntVar(&o.rounds, "rounds", 3, "rounds each phase and its pgbench baseline alternate in")
	flag.StringVar(&o.homeCacheTTL, "home-cache-ttl", "", "the server's NGERN_HOME_CACHE_TTL (empty: its default; 0: no home cache, every home read goes to the database)")
	flag.StringVar(&o.schema, "schema", "", "run on this existing schema of the bench database (kept; the bench's members are added to it) instead of a scratch one")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run (server and clients) to this file")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	o.phases = map[string]bool{}
	for _, p := range strings.Split(*phases, ",") {
		if !slices.Contains(phaseNames, p) {
			fmt.Fprintf(os.Stderr, "bench: unknown phase %q (of %s)\n", p, strings.Join(phaseNames, ","))
			os.Exit(2)
		}
		o.phases[p] = true
	}
	o.url = scratch.DatabaseURL()
	if err := run(o); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// result is one measured phase.
type result struct {
	name     string
	ops      float64 // per second
	p50, p99 time.Duration
	errors   int64
	// CPU per operation: this process (server and load generator, or
	// pgbench for its baselines) and PostgreSQL (see cpuUse).
	cpuClient, cpuPG time.Duration
}

func run(o options) error {
	ctx := context.Background()
	fmt.Printf("ngern bench: %d clients, %s per phase in %d alternating rounds, %d members\n\n",
		o.concurrency, o.duration, o.rounds, o.members)

	var pg *pgbench
	pgErr := errors.New("not asked for (-pgbench=false)")
	if o.pgbench {
		pg, pgErr = newPgbench(ctx, o)
	}
	if pgErr != nil {
		fmt.Println("pgbench skipped:", pgErr)
	} else {
		defer pg.close()
	}

	schema, drop, err := benchSchema(ctx, o)
	if err != nil {
		return err
	}
	defer drop()
	// The operator API credits the members; the bench server accepts this
	// token from its configuration. The seamless phase signs its callbacks
	// with the simulated aggregator's secret and mints the members' game
	// sessions with the server's own service (the launch endpoint would
	// also call the aggregator's games API).
	opToken := "bench-operator-" + scratch.Hex(16)
	simSecret := scratch.Hex(generic.MinSecretLen)
	var svc *seamless.Service
	base, stop, err := startServer(schema.URL, opToken, o.homeCacheTTL, simSecret, fx.Populate(&svc))
	if err != nil {
		return err
	}
	defer stop()

	api := apiclient.New(base, 256)
	tokens, err := setup(api, o.members, firstPhone(o), opToken)
	if err != nil {
		return err
	}
	fmt.Printf("setup: %d members with 100,000.00 each, a slot game account each in its own game and in %s\n\n", len(tokens), "SIAMSLOT")

	games := []string{"SIAMSLOT", "NAGAGOLD", "ELEPHANT", "MEKONG"}
	lc := newLean(base)
	defer lc.close()
	var sb *seamlessBench
	if o.phases["seamless"] {
		if sb, err = newSeamlessBench(ctx, lc, api, svc, simSecret, tokens); err != nil {
			return err
		}
	}
	var hotChecks []string
	transferTo := func(w int, game string, i int) error {
		body := `{"from":"WALLET","to":"` + game + `","amount":1}`
		return lc.do(w, "POST", "/api/wallet/transfer", tokens[i%len(tokens)], body, 200)
	}
	// Spread: member i transfers into game i%4 (each game's clearing
	// account takes a quarter of the load). One game: every member into
	// the same game, the hot-row case.
	transfer := func(w, i int) error { return transferTo(w, games[i%len(tokens)%len(games)], i) }
	oneGame := func(w, i int) error { return transferTo(w, games[0], i) }
	home := func(w, i int) error { return lc.do(w, "GET", "/api/wallet", tokens[i%len(tokens)], "", 200) }

	// Each phase runs in rounds, right after its pgbench baseline of the
	// same length, so that the ratio of each round compares two figures
	// taken under the same load of the machine; the table quotes the
	// median ratio of the rounds.
	slice := o.duration / time.Duration(o.rounds)
	phases := map[string]*series{}
	add := func(name string, r result, base float64) {
		p := phases[name]
		if p == nil {
			// A measured phase is shown by its result's name (the paced
			// ones carry their rate), a pgbench baseline by its key.
			p = &series{name: cmp.Or(r.name, name)}
			phases[name] = p
		}
		p.add(r, base)
	}
	for round := range o.rounds {
		fmt.Fprintf(os.Stderr, "round %d of %d\n", round+1, o.rounds)
		if o.phases["transfer"] || o.phases["onegame"] || o.phases["seamless"] {
			tpcb := 0.0
			if pg != nil {
				r, err := pg.run(ctx, slice, "TPC-B-like")
				if err != nil {
					return err
				}
				tpcb = r.ops
				add("pgbench TPC-B-like", r, 0)
			}
			var spread float64
			if o.phases["transfer"] {
				r := measure("wallet→game transfer (HTTP)", o.concurrency, slice, 0, transfer)
				spread = r.ops
				add(r.name, r, tpcb)
			}
			if o.phases["onegame"] {
				r := measure("transfer, all members into one game", o.concurrency, slice, 0, oneGame)
				add(r.name, r, spread)
			}
			if o.phases["seamless"] {
				check, err := sb.measureRound(o.concurrency, slice, tpcb, add)
				if err != nil {
					return err
				}
				hotChecks = append(hotChecks, check)
			}
		}
		if o.phases["home"] {
			sel := 0.0
			if pg != nil {
				r, err := pg.run(ctx, slice, "select-only", "-S")
				if err != nil {
					return err
				}
				sel = r.ops
				add("pgbench select-only (-S)", r, 0)
			}
			r := measure("GET /api/wallet (HTTP)", o.concurrency, slice, 0, home)
			add(r.name, r, sel)
		}
	}
	if tp := phases["pgbench TPC-B-like"]; o.phases["paced"] && tp != nil {
		half := tp.meanOps() / 2
		r := measure(fmt.Sprintf("transfer paced at ½ pgbench TPC-B (%.0f/s)", half), o.concurrency*2, o.duration*2/3, half, transfer)
		add("paced", r, 0)
	}

	if tp := phases["pgbench TPC-B-like"]; o.phases["seamless"] && tp != nil {
		add("seamless paced", sb.measurePaced(o.concurrency*2, o.duration*2/3, tp.meanOps()/2), 0)
	}

	printReport(phases, hotChecks)
	return nil
}

// benchSchema is the schema the server runs on: -schema, kept, or a
// scratch one that drop drops.
func benchSchema(ctx context.Context, o options) (schema *scratch.Schema, drop func(), err error) {
	if o.schema != "" {
		return scratch.Existing(o.url, o.schema), func() {}, nil
	}
	if schema, err = scratch.NewSchema(ctx, o.url, "bench_"); err != nil {
		return nil, nil, err
	}
	return schema, func() { _ = schema.Drop() }, nil
}

// firstPhone is where the bench members' phone numbers start: on an
// existing schema at a random thousand, so that a second run does not meet
// the first one's members.
func firstPhone(o options) int {
	if o.schema == "" {
		return 0
	}
	return int(scratch.Uint32()%90000) * 1000
}

// reportOrder is the order of the phases in the report: each baseline before the phases
// compared with it.
var reportOrder = []string{"pgbench TPC-B-like", "wallet→game transfer (HTTP)", "transfer, all members into one game",
	"paced", "seamless callbacks, bet+win (HTTP)", "seamless pairs", "seamless, one member's concurrent rounds", "seamless paced",
	"pgbench select-only (-S)", "GET /api/wallet (HTTP)"}

// printReport prints the phases' figures, their ratios to the baselines,
// their CPU per operation and the seamless hot member's check of each round.
func printReport(phases map[string]*series, hotChecks []string) {
	fmt.Printf("%-40s %9s %9s %9s %7s  %s\n", "phase (mean of rounds)", "ops/s", "p50", "p99", "errors", "ratio: median (each round)")
	for _, name := range reportOrder {
		p := phases[name]
		if p == nil {
			continue
		}
		ratio := ""
		switch name {
		case "wallet→game transfer (HTTP)":
			ratio = p.ratio("TPC-B", 0.8)
		case "transfer, all members into one game":
			ratio = p.ratio("spread", 0.8)
		case "GET /api/wallet (HTTP)":
			ratio = p.ratio("select-only", 0.5)
		case "paced":
			ratio = "p99 target < 50ms"
		case "seamless callbacks, bet+win (HTTP)":
			ratio = p.ratio("TPC-B", 1.0)
		case "seamless pairs":
			ratio = p.ratio("TPC-B", 0)
		case "seamless, one member's concurrent rounds":
			ratio = p.ratio("spread", 0)
		case "seamless paced":
			ratio = "p99 target < 20ms"
		}
		last := p.results[len(p.results)-1]
		fmt.Printf("%-40s %9.1f %9s %9s %7d  %s\n", p.name, p.meanOps(), ms(p.p50()), ms(last.p99), p.errors(), ratio)
	}
	// CPU per operation, median of the rounds: the client side is this
	// process (the server and its load generator) for our phases and the
	// pgbench process for the baselines; PostgreSQL is every postgres
	// process of the machine. Less sensitive to the machine's load than
	// the throughput, so a steadier figure to compare revisions by.
	fmt.Printf("\n%-40s %12s %12s\n", "CPU per operation (median of rounds)", "client/Go", "PostgreSQL")
	for _, name := range reportOrder {
		if p := phases[name]; p != nil {
			c, g := p.cpu()
			fmt.Printf("%-40s %12s %12s\n", p.name, us(c), us(g))
		}
	}
	if len(hotChecks) > 0 {
		fmt.Println()
	}
	for i, c := range hotChecks {
		fmt.Printf("hot member, round %d: %s\n", i+1, c)
	}
}

// cpu is the median CPU per operation of the rounds.
func (s *series) cpu() (client, postgres time.Duration) {
	var cs, ps []time.Duration
	for _, r := range s.results {
		cs, ps = append(cs, r.cpuClient), append(ps, r.cpuPG)
	}
	slices.Sort(cs)
	slices.Sort(ps)
	return cs[len(cs)/2], ps[len(ps)/2]
}

func us(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0fµs", float64(d.Nanoseconds())/1000)
}

// series is a phase measured in rounds, each against its baseline.
type series struct {
	name    string
	results []result
	ratios  []float64
}

func (s *series) add(r result, base float64) {
	s.results = append(s.results, r)
	if base > 0 {
		s.ratios = append(s.ratios, r.ops/base)
	}
}

func (s *series) meanOps() float64 {
	t := 0.0
	for _, r := range s.results {
		t += r.ops
	}
	return t / float64(len(s.results))
}

// p50 is the median of the rounds' medians.
func (s *series) p50() time.Duration {
	var ds []time.Duration
	for _, r := range s.results {
		ds = append(ds, r.p50)
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

func (s *series) errors() (n int64) {
	for _, r := range s.results {
		n += r.errors
	}
	return n
}

// ratio prints the median ratio of the rounds against base and each one.
func (s *series) ratio(base string, target float64) string {
	if len(s.ratios) == 0 {
		return ""
	}
	rs := slices.Clone(s.ratios)
	slices.Sort(rs)
	each := make([]string, len(s.ratios))
	for i, r := range s.ratios {
		each[i] = fmt.Sprintf("%.2f", r)
	}
	if target == 0 {
		return fmt.Sprintf("%.2f× %s (%s)", rs[len(rs)/2], base, strings.Join(each, " "))
	}
	return fmt.Sprintf("%.2f× %s (%s; target ≥ %.1f)", rs[len(rs)/2], base, strings.Join(each, " "), target)
}

func ms(d time.Duration) string {
	if d == 0 {
		return ""
	}
	return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000)
}

// measure runs op from workers for d, paced at rate per second in all when
// rate > 0, and returns the throughput and latency percentiles.
func measure(name string, workers int, d time.Duration, rate float64, op func(worker, i int) error) result {
	var (
		mu    sync.Mutex
		lat   []time.Duration
		fails atomic.Int64
		seq   atomic.Int64
		wg    sync.WaitGroup
	)
	var tick <-chan time.Time
	if rate > 0 {
		t := time.NewTicker(time.Duration(float64(time.Second) / rate))
		defer t.Stop()
		tick = t.C
	}
	cpu0 := cpuNow()
	start := time.Now()
	end := start.Add(d)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(end) {
				if tick != nil {
					select {
					case <-tick:
					case <-time.After(time.Until(end)):
						continue
					}
				}
				t0 := time.Now()
				if err := op(w, int(seq.Add(1))); err != nil {
					if fails.Add(1) == 1 {
						fmt.Fprintln(os.Stderr, name+":", err)
					}
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuNow().since(cpu0)
	slices.Sort(lat)
	r := result{name: name, ops: float64(len(lat)) / elapsed.Seconds(), errors: fails.Load()}
	if len(lat) > 0 {
		r.p50, r.p99 = lat[len(lat)/2], lat[len(lat)*99/100]
		r.cpuClient, r.cpuPG = cpu.self/time.Duration(len(lat)), cpu.postgres/time.Duration(len(lat))
	}
	fmt.Fprintf(os.Stderr, "measured %s: %.1f/s\n", name, r.ops)
	return r
}

// startServer runs `ngern serve` in this process on a free loopback port.
// simSecret is the in-process simulated aggregator's secret; populate
// takes the server's services the bench needs.
func startServer(dbURL, opToken, homeCacheTTL, simSecret string, populate fx.Option) (string, func(), error) {
	return server.Start(map[string]string{
		"NGERN_DATABASE_URL":          dbURL,
		"NGERN_REGISTER_OTP":          "false",
		"NGERN_OPERATOR_TOKEN":        opToken,
		"NGERN_HOME_CACHE_TTL":        homeCacheTTL,
		"NGERN_SIM_AGGREGATOR_SECRET": simSecret,
		// Every simulated client comes from this one address (the setup
		// alone keeps up to 256 connections).
		"NGERN_MAX_CONNS_PER_IP": "0",
	}, populate)
}

// setup registers members, credits them and opens a slot game account each.
func setup(c *apiclient.Client, n, first int, opToken string) ([]string, error) {
	games := []string{"SIAMSLOT", "NAGAGOLD", "ELEPHANT", "MEKONG"}
	tokens := make([]string, n)
	for i := range n {
		phone := fmt.Sprintf("08%08d", first+i+1)
		reg := fmt.Sprintf(`{"name":"Bench %d","username":"%s","password":"bench-pass-1234","bankCode":"KBANK",
			"bankAccountName":"BENCH MEMBER","bankAccountNo":"%010d","currency":"BAHT"}`, i, phone, i+1)
		if err := c.Expect("POST", "/api/account", nil, reg, 201); err != nil {
			return nil, err
		}
		var login struct{ Token string }
		if err := c.Decode("POST", "/api/login", nil, fmt.Sprintf(`{"username":"%s","password":"bench-pass-1234"}`, phone), &login); err != nil {
			return nil, err
		}
		tokens[i] = login.Token
		adj := fmt.Sprintf(`{"phone":"%s","amount":100000,"reason":"bench"}`, phone)
		if err := c.Expect("POST", "/api/operator/adjustments", apiclient.Bearer(opToken), adj, 200); err != nil {
			return nil, err
		}
		// Member i transfers to game i%4 in the spread phase and to the
		// first game in the one-game phase, so it needs those accounts.
		need := []string{games[i%len(games)]}
		if i%len(games) != 0 {
			need = append(need, games[0])
		}
		for _, g := range need {
			if err := c.Expect("GET", "/api/wallet/activate/"+g, apiclient.Bearer(tokens[i]), "", 200); err != nil {
				return nil, err
			}
		}
	}
	return tokens, nil
}

// pgbench is pgbench's baselines, with the machine's CPU use around each
// run.
type pgbench struct{ *pgb.Bench }

func newPgbench(ctx context.Context, o options) (*pgbench, error) {
	b, err := pgb.New(ctx, o.url, o.concurrency)
	if err != nil {
		return nil, err
	}
	return &pgbench{b}, nil
}

// run runs one test for d (whole seconds) and returns its transactions
// per second and CPU use per transaction.
func (p *pgbench) run(ctx context.Context, d time.Duration, name string, extra ...string) (result, error) {
	cpu0 := cpuNow()
	res, err := p.Run(ctx, d, extra...)
	if err != nil {
		return result{}, err
	}
	cpu := cpuNow().since(cpu0)
	fmt.Fprintf(os.Stderr, "measured pgbench %s: %.1f/s\n", name, res.TPS)
	r := result{ops: res.TPS}
	if n := time.Duration(res.TPS * float64(max(1, int(d.Seconds())))); n > 0 {
		r.cpuClient, r.cpuPG = res.CPU/n, cpu.postgres/n
	}
	return r, nil
}

func (p *pgbench) close() { p.Close() }
