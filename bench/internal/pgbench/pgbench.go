// Package pgbench runs PostgreSQL's pgbench in a scratch schema of the
// bench database: the baseline the benches quote their figures against,
// measured on the same server at the same moment.
package pgbench

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"ngern/bench/internal/scratch"
)

// Bench is pgbench's tables (scale 1) in a scratch schema.
type Bench struct {
	bin, db string
	schema  *scratch.Schema
	args    []string
	env     []string
	clients int
}

// New initialises pgbench's tables in a scratch schema of the database at
// dbURL; its runs use clients connections. Close drops the schema.
func New(ctx context.Context, dbURL string, clients int) (*Bench, error) {
	bin, err := Find()
	if err != nil {
		return nil, err
	}
	u, err := url.Parse(dbURL)
	if err != nil {
		return nil, err
	}
	schema, err := scratch.NewSchema(ctx, dbURL, "bench_pg_")
	if err != nil {
		return nil, err
	}
	p := &Bench{bin: bin, schema: schema, db: strings.TrimPrefix(u.Path, "/"), clients: clients}
	p.args = []string{"-h", u.Hostname(), "-p", or(u.Port(), "5432"), "-U", or(u.User.Username(), "postgres")}
	p.env = append(os.Environ(), "PGOPTIONS=-c search_path="+p.schema.Name)
	if pw, ok := u.User.Password(); ok {
		p.env = append(p.env, "PGPASSWORD="+pw)
	}
	if _, _, err := p.exec(ctx, "-i", "-q", "-s", "1"); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// exec runs pgbench and tells the CPU time pgbench itself used.
func (p *Bench) exec(ctx context.Context, extra ...string) (string, time.Duration, error) {
	cmd := exec.CommandContext(ctx, p.bin, append(append(slices.Clone(p.args), extra...), p.db)...)
	cmd.Env = p.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", 0, fmt.Errorf("pgbench %s: %v: %s", strings.Join(extra, " "), err, out)
	}
	return string(out), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// Result is one pgbench run.
type Result struct {
	TPS     float64       // transactions a second
	Latency time.Duration // the mean latency of a transaction
	CPU     time.Duration // pgbench's own CPU time
}

// Run runs one test for d (whole seconds, at least one) with extra
// arguments ("-S" for select-only; none for TPC-B-like).
func (p *Bench) Run(ctx context.Context, d time.Duration, extra ...string) (Result, error) {
	secs := strconv.Itoa(max(1, int(d.Seconds())))
	out, own, err := p.exec(ctx, append([]string{"-n", "-T", secs, "-c", strconv.Itoa(p.clients), "-j", strconv.Itoa(min(2, p.clients))}, extra...)...)
	if err != nil {
		return Result{}, err
	}
	return parse(out, own)
}

var (
	tpsLine     = regexp.MustCompile(`tps = ([0-9.]+)`)
	latencyLine = regexp.MustCompile(`latency average = ([0-9.]+) ms`)
)

// parse reads the figures of pgbench's report.
func parse(out string, own time.Duration) (Result, error) {
	m := tpsLine.FindStringSubmatch(out)
	if m == nil {
		return Result{}, fmt.Errorf("no tps in pgbench output: %s", out)
	}
	r := Result{CPU: own}
	var err error
	if r.TPS, err = strconv.ParseFloat(m[1], 64); err != nil {
		return Result{}, err
	}
	if m := latencyLine.FindStringSubmatch(out); m != nil {
		ms, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			return Result{}, err
		}
		r.Latency = time.Duration(ms * float64(time.Millisecond))
	}
	return r, nil
}

// Close drops pgbench's schema.
func (p *Bench) Close() { _ = p.schema.Drop() }

// Find looks for pgbench on PATH, then in the PostgreSQL bin folders.
func Find() (string, error) {
	if p, err := exec.LookPath("pgbench"); err == nil {
		return p, nil
	}
	if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pgbench"); len(m) > 0 {
		return m[len(m)-1], nil
	}
	return "", errors.New("pgbench not found (Debian: apt-get install postgresql-contrib, or postgresql-client-15's bin folder)")
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
