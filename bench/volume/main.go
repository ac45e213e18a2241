// Command volume times every member and console call of Ngern, one call
// at a time, on a database that holds a year of data (made by `ngern
// seed-volume`) and, beside it, on a fresh one, with pgbench's figures of
// the same moment. docs/performance.md ("Year volume") records its
// figures. Run it with
//
//	go run ./bench/volume -schema yr -fresh
//
// -schema names a schema of the bench database (NGERN_BENCH_DATABASE_URL,
// default the local "test" database) that `ngern migrate` and `ngern
// seed-volume` filled; -fresh also measures a scratch schema of the same
// database made the same way at 1,000 members (dropped at the end).
//
// For each database it times `ngern migrate` (a no-op there) and `ngern
// check` in this process, starts the server in this process (start-up
// time), picks the member with the most journals and the median one, gives
// both a known password (written in the schema with the product's own
// argon2id hasher: the generator's password is one nobody is told) and
// 100,000.00 of credit through the operator API, signs them in and times
// each call -n times in a row. The cashback and invite period closes run
// before the server starts, through the rewards service (a close of a year
// of bets can take longer than the HTTP request limit, and the server
// would otherwise run the scheduled one in the background at start): the
// scheduled close counts every bet the generator wrote, an operator's close
// after it the few since.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/sqlstore"
	"ngern/app"
	"ngern/bench/internal/apiclient"
	"ngern/bench/internal/pgbench"
	"ngern/bench/internal/scratch"
	"ngern/bench/internal/server"
	"ngern/core/account"
	"ngern/core/rewards"
	"ngern/core/settings"
	"ngern/core/spin"
)

type options struct {
	db       string // the bench database
	schema   string
	fresh    bool
	calls    int
	pgbench  time.Duration
	password string
}

func main() {
	var o options
	flag.StringVar(&o.schema, "schema", "", "the schema holding the year of data (empty: measure only -fresh)")
	flag.BoolVar(&o.fresh, "fresh", false, "also measure a fresh schema: migrate and seed-volume -members 1000 -postings 50000")
	flag.IntVar(&o.calls, "n", 20, "calls timed for each figure")
	flag.DurationVar(&o.pgbench, "pgbench", 10*time.Second, "length of each pgbench baseline (0: none)")
	flag.Parse()
	o.db = scratch.DatabaseURL()
	o.password = "volume-" + scratch.Hex(8)
	if o.schema == "" && !o.fresh {
		fmt.Fprintln(os.Stderr, "volume: give -schema, -fresh or both")
		os.Exit(2)
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "volume:", err)
		os.Exit(1)
	}
}

// target is a database measured.
type target struct {
	name string // "fresh" or the schema's name
	url  string // the database with the schema as search_path
}

func run(o options) error {
	ctx := context.Background()
	// An interrupted run drops its scratch schemas as it stops; one that
	// was killed leaves them to the next run, which drops them here.
	scratch.DropOnSignal()
	for _, prefix := range []string{"volume_fresh_", "bench_pg_"} {
		gone, err := scratch.DropAbandoned(ctx, o.db, prefix)
		if err != nil {
			return err
		}
		for _, name := range gone {
			fmt.Fprintln(os.Stderr, "dropped", name+", the scratch schema of a run that was killed")
		}
	}
	var targets []target
	if o.fresh {
		s, err := scratch.NewSchema(ctx, o.db, "volume_fresh_")
		if err != nil {
			return err
		}
		defer func() { _ = s.Drop() }()
		fmt.Fprintln(os.Stderr, "fresh schema", s.Name+": migrate, seed-volume -members 1000 -postings 50000 (which vacuums and analyses what it wrote)")
		for _, args := range [][]string{{"migrate"}, {"seed-volume", "-members", "1000", "-postings", "50000", "-seed", "7"}} {
			if _, err := command(s.URL, args...); err != nil {
				return err
			}
		}
		targets = append(targets, target{name: "fresh", url: s.URL})
	}
	if o.schema != "" {
		targets = append(targets, target{name: o.schema, url: scratch.WithSearchPath(o.db, o.schema)})
	}
	base := map[string]*baseline{}
	results := map[string]map[string]figure{}
	var order []string
	for _, t := range targets {
		fmt.Fprintln(os.Stderr, "measuring", t.name, "load average", loadAverage())
		if o.pgbench > 0 {
			b, err := measureBaseline(ctx, o)
			if err != nil {
				fmt.Println("pgbench skipped:", err)
			} else {
				base[t.name] = b
			}
		}
		figs, err := measureTarget(ctx, o, t)
		for _, f := range figs {
			if results[f.call] == nil {
				results[f.call] = map[string]figure{}
				order = append(order, f.call)
			}
			results[f.call][t.name] = f
		}
		if err != nil {
			printTable(os.Stdout, targets, order, results, base)
			return fmt.Errorf("%s: %w", t.name, err)
		}
	}
	printTable(os.Stdout, targets, order, results, base)
	return nil
}

// command runs an ngern command in this process on the database at dbURL
// and returns its standard output.
func command(dbURL string, args ...string) (string, error) {
	env := map[string]string{"NGERN_DATABASE_URL": dbURL, "NGERN_MODE": "demo", "NGERN_LOG_LEVEL": "error"}
	dir, err := os.MkdirTemp("", "ngern-volume-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	env["NGERN_DATA_DIR"] = dir
	var out, errOut strings.Builder
	if rc := app.Main(args, func(k string) string { return env[k] }, &out, &errOut); rc != 0 {
		return out.String(), fmt.Errorf("ngern %s: exit %d: %s%s", strings.Join(args, " "), rc, out.String(), errOut.String())
	}
	return out.String(), nil
}

// baseline is pgbench at the moment of the run: one client, so that its
// latency compares with calls made one at a time.
type baseline struct{ tpcb, selectOnly pgbench.Result }

func measureBaseline(ctx context.Context, o options) (*baseline, error) {
	b, err := pgbench.New(ctx, o.db, 1)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	var out baseline
	if out.tpcb, err = b.Run(ctx, o.pgbench); err != nil {
		return nil, err
	}
	if out.selectOnly, err = b.Run(ctx, o.pgbench, "-S"); err != nil {
		return nil, err
	}
	return &out, nil
}

// figure is one call's timings on one database.
type figure struct {
	call     string
	status   string // the answers' HTTP statuses, or "ok"/"failed" for a command
	n        int
	p50, p99 time.Duration
	note     string
}

// member is a generated member the calls are made as.
type member struct {
	label, id, phone string
	other            string   // a game the member has no account at yet
	pending          []string // its withdrawals waiting
	journals         int
	token            string
}

// session is one database's measurement: the figures so far and the
// clients of its server.
type session struct {
	figs []figure
	api  *apiclient.Client
	op   apiclient.Header // the operator's token
	n    int              // calls per figure
}

// request is the i-th call of a figure.
type request func(i int) (method, path string, h apiclient.Header, body string)

func get(path string, h apiclient.Header) request {
	return func(int) (string, string, apiclient.Header, string) { return "GET", path, h, "" }
}

func post(path string, h apiclient.Header, body string) request {
	return func(int) (string, string, apiclient.Header, string) { return "POST", path, h, body }
}

// once times f, run once; its note goes with the figure.
func (s *session) once(call string, f func() (string, error)) error {
	t0 := time.Now()
	note, err := f()
	d := time.Since(t0)
	st := "ok"
	if err != nil {
		st, note = "failed", err.Error()
	}
	s.figs = append(s.figs, figure{call: call, status: st, n: 1, p50: d, p99: d, note: note})
	return err
}

// timed makes n calls one after the other and records their timings and
// statuses; answer sees each answer's body.
func (s *session) timed(call string, n int, req request, answer ...func([]byte)) {
	var lat []time.Duration
	statuses := map[int]int{}
	var note string
	for i := range n {
		method, path, h, body := req(i)
		t0 := time.Now()
		st, raw, err := s.api.Do(method, path, h, body)
		lat = append(lat, time.Since(t0))
		if err != nil {
			note = err.Error()
			st = 0
		} else if st/100 != 2 && note == "" {
			note = strings.TrimSpace(string(raw))
		}
		for _, a := range answer {
			a(raw)
		}
		statuses[st]++
	}
	s.add(call, lat, statuses, note)
}

func (s *session) add(call string, lat []time.Duration, statuses map[int]int, note string) {
	slices.Sort(lat)
	i50, i99 := percentiles(len(lat))
	f := figure{call: call, n: len(lat), p50: lat[i50], p99: lat[i99], status: statusText(statuses), note: shorten(note)}
	s.figs = append(s.figs, f)
	fmt.Fprintf(os.Stderr, "  %-44s p50 %s\n", call, ms(f.p50))
}

func measureTarget(ctx context.Context, o options, t target) ([]figure, error) {
	s := &session{n: o.calls}
	// The first migrate after seed-volume gives the generated members
	// their member codes (the account service does it as it starts); the
	// second is the no-op of a node's start.
	for _, call := range []string{"ngern migrate (first after the load)", "ngern migrate (no-op)"} {
		if err := s.once(call, func() (string, error) { _, err := command(t.url, "migrate"); return "", err }); err != nil {
			return s.figs, err
		}
	}
	_ = s.once("ngern check", func() (string, error) {
		out, err := command(t.url, "check")
		return lastLine(out), err
	})
	if err := s.closes(ctx, t.url); err != nil {
		return s.figs, err
	}

	db, err := sqlstore.Open(ctx, t.url, "")
	if err != nil {
		return s.figs, err
	}
	defer db.Close()
	members, err := pickMembers(ctx, db)
	if err != nil {
		return s.figs, err
	}
	if err := setPassword(ctx, db, members, o.password); err != nil {
		return s.figs, err
	}
	name, err := memberName(ctx, db, members[0].id)
	if err != nil {
		return s.figs, err
	}

	opToken := "volume-operator-" + scratch.Hex(16)
	var sp *spin.Service
	var base string
	var stop func()
	if err := s.once("server start-up", func() (string, error) {
		var err error
		base, stop, err = server.Start(map[string]string{
			"NGERN_DATABASE_URL":     t.url,
			"NGERN_REGISTER_OTP":     "false",
			"NGERN_OPERATOR_TOKEN":   opToken,
			"NGERN_MAX_CONNS_PER_IP": "0",
		}, fx.Populate(&sp))
		return "", err
	}); err != nil {
		return s.figs, err
	}
	defer stop()
	s.api, s.op = apiclient.New(base, 4), apiclient.Bearer(opToken)

	// The spin wheel of a demo install, so that a spin is a spin.
	wheel := spin.DemoWheel(false)
	if _, err := sp.SaveWheel(ctx, wheel, "volume-bench"); err != nil {
		return s.figs, err
	}
	qrProvider, err := readyQRProvider(s.api, s.op)
	if err != nil {
		return s.figs, err
	}
	for _, m := range members {
		if err := s.prepare(ctx, sp, m, o.password, int64(wheel.Cost)*int64(o.calls)); err != nil {
			return s.figs, err
		}
	}
	for _, m := range members {
		s.figs = append(s.figs, figure{call: "member [" + m.label + "]", status: "-", note: fmt.Sprintf("%d journals", m.journals)})
		if err := s.memberCalls(m, qrProvider, wheel.DailyLimit); err != nil {
			return s.figs, err
		}
	}
	if err := s.consoleCalls(members[0], name); err != nil {
		return s.figs, err
	}
	s.reports()
	return s.figs, nil
}

// closes times the cashback and invite period closes before the server
// starts (the server closes the due periods as it starts, in the
// background, and that must not run under the calls measured): the
// scheduled close of the period that ended last, which on generated data
// counts every bet, then an operator's close of each program, which counts
// the bets since. Both programs are switched on first.
func (s *session) closes(ctx context.Context, dbURL string) error {
	dir, err := os.MkdirTemp("", "ngern-volume-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	env := map[string]string{"NGERN_DATABASE_URL": dbURL, "NGERN_MODE": "demo", "NGERN_DATA_DIR": dir}
	cfg, err := app.LoadConfig(func(k string) string { return env[k] })
	if err != nil {
		return err
	}
	var rw *rewards.Service
	a := fx.New(fx.NopLogger, app.Core(cfg, io.Discard), app.Offline(), fx.Populate(&rw))
	if err := a.Start(ctx); err != nil {
		return err
	}
	defer func() { _ = a.Stop(context.Background()) }()
	// Both programs on, with their default rates: a close then sums each
	// member's bets and writes the refunds and commissions.
	for _, p := range []rewards.Program{rewards.Refund, rewards.Invite} {
		st := rewards.DefaultSettings(p)
		st.Active = true
		if _, err := rw.SaveSettings(ctx, p, st, "volume-bench"); err != nil {
			return err
		}
	}
	_ = s.once("period close, scheduled (both programs)", func() (string, error) {
		runs, err := rw.AccrueDue(ctx)
		var notes []string
		for _, r := range runs {
			notes = append(notes, fmt.Sprintf("%s %s: %d bets, %d members", r.Program, r.Period, r.Bets, r.Members))
		}
		return strings.Join(notes, "; "), err
	})
	for _, p := range []rewards.Program{rewards.Refund, rewards.Invite} {
		_ = s.once(fmt.Sprintf("period close now, %s", p), func() (string, error) {
			r, err := rw.ClosePeriod(ctx, p, "volume-bench")
			return fmt.Sprintf("%d bets, %d members", r.Bets, r.Members), err
		})
	}
	return nil
}

// prepare signs the member in, gives it coins and 100,000.00, a game
// account the simulated provider knows, and no withdrawal waiting.
func (s *session) prepare(ctx context.Context, sp *spin.Service, m *member, password string, coins int64) error {
	var login struct{ Token string }
	if err := s.api.Decode("POST", "/api/login", nil, fmt.Sprintf(`{"username":%q,"password":%q}`, m.phone, password), &login); err != nil {
		return err
	}
	m.token = login.Token
	if _, _, err := sp.GrantCoinsByPhone(ctx, m.phone, coins, "volume bench", "volume-bench"); err != nil {
		return err
	}
	// The generated game account is unknown to this run's simulated
	// provider: the member opens one at another game, as a member does,
	// and the transfers go there.
	if err := s.api.Expect("GET", "/api/wallet/activate/"+m.other, apiclient.Bearer(m.token), "", 200); err != nil {
		return err
	}
	adj := fmt.Sprintf(`{"phone":%q,"amount":100000,"reason":"volume bench"}`, m.phone)
	if err := s.api.Expect("POST", "/api/operator/adjustments", s.op, adj, 200); err != nil {
		return err
	}
	// A generated member's last withdrawal may still wait; a member has
	// one waiting at a time.
	for _, id := range m.pending {
		if err := s.api.Expect("POST", "/api/operator/withdrawals/"+id+"/reject", s.op, `{"reason":"volume bench"}`, 200); err != nil {
			return err
		}
	}
	return nil
}

// memberCalls times the member's calls.
func (s *session) memberCalls(m *member, qrProvider string, spins int) error {
	n, me, op := s.n, apiclient.Bearer(m.token), s.op
	who := " [" + m.label + "]"
	s.timed("home GET /api/wallet"+who, n, get("/api/wallet", me))
	var total struct{ Total int }
	if err := s.api.Decode("POST", "/api/statement", me, `{"page":1,"limit":20}`, &total); err != nil {
		return err
	}
	s.timed("statement, page 1 of 20"+who, n, post("/api/statement", me, `{"page":1,"limit":20}`))
	last := max(1, (total.Total+19)/20)
	s.timed("statement, last page"+who, n, post("/api/statement", me, fmt.Sprintf(`{"page":%d,"limit":20}`, last)))
	s.figs[len(s.figs)-1].note = fmt.Sprintf("page %d, %d rows", last, total.Total)
	s.timed("slip list, page 1"+who, n, post("/api/statement/slip", me, `{"page":1,"limit":20}`))
	s.timed("withdrawals list"+who, n, get("/api/wallet/withdrawals", me))
	s.timed("transfer wallet→game 1.00"+who, n, post("/api/wallet/transfer", me, fmt.Sprintf(`{"from":"WALLET","to":%q,"amount":1}`, m.other)))
	// One withdrawal waits at a time: the operator rejects each (untimed)
	// before the next.
	var wd struct {
		Withdrawal struct {
			ID string `json:"_id"`
		}
	}
	reject := func() {
		if wd.Withdrawal.ID != "" {
			_ = s.api.Expect("POST", "/api/operator/withdrawals/"+wd.Withdrawal.ID+"/reject", op, `{"reason":"volume bench"}`, 200)
			wd.Withdrawal.ID = ""
		}
	}
	s.timed("withdraw 100.00"+who, n, func(int) (string, string, apiclient.Header, string) {
		reject()
		return "POST", "/api/wallet/withdraw", me, `{"amount":100}`
	}, func(raw []byte) { _ = json.Unmarshal(raw, &wd) })
	reject()
	if qrProvider != "" {
		// One open code at a time: the member cancels each (untimed)
		// before asking for the next; the last one stays open for the
		// current code's read.
		var qr struct {
			ID string `json:"qrcodeId"`
		}
		s.timed("QR deposit, a new code of 100.00 ("+qrProvider+")"+who, n, func(int) (string, string, apiclient.Header, string) {
			if qr.ID != "" {
				_ = s.api.Expect("DELETE", "/api/qrcode/"+qr.ID, me, "", 200)
				qr.ID = ""
			}
			return "POST", "/api/qrcode/" + qrProvider, me, `{"amount":100}`
		}, func(raw []byte) { _ = json.Unmarshal(raw, &qr) })
		s.timed("QR deposit, the current code"+who, n, get("/api/qrcode/"+qrProvider, me))
	}
	s.timed("spin wheel, the active wheel"+who, n, get("/api/spinwheel/active", me))
	s.timed("spin"+who, min(n, spins), post("/api/spinwheel/spin", me, `{}`))
	s.timed("bonus list"+who, n, get("/api/bonus", me))
	return nil
}

// consoleCalls times the console's lists and searches; busiest is the
// member searched for, name its name.
func (s *session) consoleCalls(busiest *member, name string) error {
	n, op := s.n, s.op
	s.timed("console members, page 1", n, get("/api/operator/members?page=1&limit=20", op))
	s.timed("console members search, a whole phone", n, get("/api/operator/members?q="+busiest.phone, op))
	s.timed("console members search, 5 digits of a phone", n, get("/api/operator/members?q="+busiest.phone[len(busiest.phone)-5:], op))
	s.timed("console members search, a whole name", n, get("/api/operator/members?q="+url.QueryEscape(name), op))
	s.timed("console member's statement, page 1", n, get("/api/operator/members/"+busiest.id+"/statement", op))
	s.timed("console withdrawals queue (PENDING)", n, get("/api/operator/withdrawals?status=PENDING", op))
	s.timed("console withdrawals history (APPROVED)", n, get("/api/operator/withdrawals?status=APPROVED", op))
	s.timed("console deposits, page 1", n, get("/api/operator/deposits?page=1", op))
	s.timed("console deposits, page 100", n, get("/api/operator/deposits?page=100", op))
	var audit struct{ Total int }
	if err := s.api.Decode("GET", "/api/operator/audit?page=1&limit=50", op, "", &audit); err != nil {
		return err
	}
	s.timed("console audit, page 1", n, get("/api/operator/audit?page=1&limit=50", op))
	deep := max(1, (audit.Total+49)/50)
	s.timed("console audit, last page", n, get(fmt.Sprintf("/api/operator/audit?page=%d&limit=50", deep), op))
	s.figs[len(s.figs)-1].note = fmt.Sprintf("page %d, %d entries", deep, audit.Total)
	s.timed("console open transfers (reconciliation)", n, get("/api/operator/transfers", op))
	s.timed("console bet collection status", n, get("/api/operator/collection", op))
	s.timed("console dashboard", n, get("/api/operator/dashboard", op))
	return nil
}

// reports times the daily report over 30, 92 and 365 days, as JSON and
// CSV.
func (s *session) reports() {
	n, op := s.n, s.op
	today := time.Now().In(time.FixedZone("UTC+7", 7*3600))
	day := func(back int) string { return today.AddDate(0, 0, -back).Format(time.DateOnly) }
	report := fmt.Sprintf("/api/operator/reports/daily?from=%s&to=%s", day(29), day(0))
	s.timed("console report, 30 days", n, get(report, op))
	s.timed("console report, 30 days, CSV", n, get(report+"&format=csv", op))
	s.timed("console report, 92 days (the longest one request takes)", max(3, n/4),
		get(fmt.Sprintf("/api/operator/reports/daily?from=%s&to=%s", day(91), day(0)), op))
	// A year is four requests of at most 92 days (operator.MaxReportDays).
	for _, format := range []string{"", "&format=csv"} {
		var lat []time.Duration
		statuses := map[int]int{}
		for range max(3, n/4) {
			t0 := time.Now()
			for q := range 4 {
				to, from := 92*q, min(92*q+91, 364)
				st, _, err := s.api.Do("GET", fmt.Sprintf("/api/operator/reports/daily?from=%s&to=%s%s", day(from), day(to), format), op, "")
				if err != nil {
					st = 0
				}
				statuses[st]++
			}
			lat = append(lat, time.Since(t0))
		}
		call := "console report, 365 days (4 requests)"
		if format != "" {
			call += ", CSV"
		}
		s.add(call, lat, statuses, "")
	}
}

// pickMembers returns the member with the most journals and the median
// one, each with a game it has no account at.
func pickMembers(ctx context.Context, db *sqlstore.DB) ([]*member, error) {
	rows, err := db.SQL().QueryContext(ctx, `SELECT j.member_id, COUNT(*) FROM journals j
		WHERE j.member_id IN (SELECT id FROM members) GROUP BY j.member_id ORDER BY COUNT(*) DESC, j.member_id`)
	if err != nil {
		return nil, err
	}
	type count struct {
		id string
		n  int
	}
	var all []count
	for rows.Next() {
		var c count
		if err := rows.Scan(&c.id, &c.n); err != nil {
			rows.Close()
			return nil, err
		}
		all = append(all, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(all) < 2 {
		return nil, fmt.Errorf("%d generated members with journals: run ngern seed-volume first", len(all))
	}
	picked := []*member{{label: "busiest", id: all[0].id, journals: all[0].n}, {label: "median", id: all[len(all)/2].id, journals: all[len(all)/2].n}}
	for _, m := range picked {
		if err := db.SQL().QueryRowContext(ctx, `SELECT phone FROM members WHERE id = $1`, m.id).Scan(&m.phone); err != nil {
			return nil, err
		}
		if err := db.SQL().QueryRowContext(ctx, `SELECT code FROM games WHERE active AND category = 'slot'
			AND code NOT IN (SELECT game_code FROM game_accounts WHERE member_id = $1) ORDER BY sort, code LIMIT 1`, m.id).Scan(&m.other); err != nil {
			return nil, fmt.Errorf("a game member %s has no account at: %w", m.id, err)
		}
		rows, err := db.SQL().QueryContext(ctx, `SELECT id FROM withdrawals WHERE member_id = $1 AND status = 'PENDING'`, m.id)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			m.pending = append(m.pending, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return picked, nil
}

// setPassword gives the members a password the bench knows, hashed as the
// product hashes one.
func setPassword(ctx context.Context, db *sqlstore.DB, members []*member, password string) error {
	hash, err := account.NewHasher(1).Hash(password)
	if err != nil {
		return err
	}
	for _, m := range members {
		if _, err := db.SQL().ExecContext(ctx, `UPDATE members SET password_hash = $1 WHERE id = $2`, hash, m.id); err != nil {
			return err
		}
	}
	return nil
}

// readyQRProvider is the code of a QR provider members can use, or ""
// when there is none.
func readyQRProvider(api *apiclient.Client, op apiclient.Header) (string, error) {
	var list struct{ Providers []settings.QRProviderView }
	if err := api.Decode("GET", "/api/operator/qr/providers", op, "", &list); err != nil {
		return "", err
	}
	for _, p := range list.Providers {
		if p.Enabled && p.Ready {
			return p.Code, nil
		}
	}
	return "", nil
}

func memberName(ctx context.Context, db *sqlstore.DB, id string) (string, error) {
	var name string
	err := db.SQL().QueryRowContext(ctx, `SELECT name FROM members WHERE id = $1`, id).Scan(&name)
	return name, err
}

// statusText is the answers' statuses, the commonest first: "200" or
// "200×19 500×1".
func statusText(statuses map[int]int) string {
	keys := make([]int, 0, len(statuses))
	for k := range statuses {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b int) int {
		if statuses[a] != statuses[b] {
			return statuses[b] - statuses[a]
		}
		return a - b
	})
	if len(keys) == 1 {
		return fmt.Sprint(keys[0])
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d×%d", k, statuses[k])
	}
	return strings.Join(parts, " ")
}

// percentiles are the indexes of the median and of the 99th percentile
// (nearest rank) of n sorted timings.
func percentiles(n int) (p50, p99 int) {
	return n / 2, (99*n+99)/100 - 1
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func shorten(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

func ms(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d >= 100*time.Millisecond:
		return fmt.Sprintf("%.0fms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000)
}

// printTable prints each call's figures on each database side by side,
// with the year's p50 as a multiple of the fresh one, then pgbench's
// one-client latencies of the same run.
func printTable(w io.Writer, targets []target, order []string, results map[string]map[string]figure, base map[string]*baseline) {
	fmt.Fprintf(w, "%-66s", "call")
	for _, t := range targets {
		fmt.Fprintf(w, " | %-24s", t.name+": p50 / p99 (n, status)")
	}
	if len(targets) == 2 {
		fmt.Fprintf(w, " | %s", "p50 ratio")
	}
	fmt.Fprintln(w)
	var notes []string
	for _, call := range order {
		fmt.Fprintf(w, "%-66s", call)
		for _, t := range targets {
			f, ok := results[call][t.name]
			if !ok {
				fmt.Fprintf(w, " | %-24s", "-")
				continue
			}
			cell := "" // a heading: the member the calls below are made as
			if f.n > 0 {
				cell = fmt.Sprintf("%s / %s (%d, %s)", ms(f.p50), ms(f.p99), f.n, f.status)
			}
			fmt.Fprintf(w, " | %-24s", cell)
			if f.note != "" {
				notes = append(notes, fmt.Sprintf("%s, %s: %s", call, t.name, f.note))
			}
		}
		if len(targets) == 2 {
			a, okA := results[call][targets[0].name]
			b, okB := results[call][targets[1].name]
			if okA && okB && a.p50 > 0 {
				fmt.Fprintf(w, " | %.1f×", float64(b.p50)/float64(a.p50))
			}
		}
		fmt.Fprintln(w)
	}
	for _, n := range notes {
		fmt.Fprintln(w, "  note:", n)
	}
	for _, t := range targets {
		if b := base[t.name]; b != nil {
			fmt.Fprintf(w, "\npgbench before %s, 1 client: TPC-B-like %.0f tps (latency %s), select-only %.0f tps (latency %s)",
				t.name, b.tpcb.TPS, ms(b.tpcb.Latency), b.selectOnly.TPS, ms(b.selectOnly.Latency))
		}
	}
	fmt.Fprintf(w, "\nload average at the end: %s\n", strings.Join(loadAverage(), " "))
}

// loadAverage is the machine's 1-, 5- and 15-minute load averages (none
// where /proc/loadavg cannot be read).
func loadAverage() []string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return nil
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return nil
	}
	return f[:3]
}
